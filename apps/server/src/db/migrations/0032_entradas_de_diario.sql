-- Manual journal entries (entradas de diario; spec 002 §3 "Accounting": journal entry header and lines,
-- §4 "Journal entries follow the same cancellation lifecycle", §7 /entrada-de-diario/…). An entry is a
-- document of type 'entradaDeDiario' (docs/accounting.md «Entradas de diario»): numbered from the company's
-- internal 'entradaDeDiario' numbering inside the creating transaction (invariant 5) and posted to the
-- journal (asientos_contables) with each line as given, in the same transaction (invariant 6). Editing
-- reverses the posting and posts the entry again under the same number; cancelling or deleting reverses it.

-- The numbering type (migration 0003's CHECK lists every document type).
ALTER TABLE numeraciones DROP CONSTRAINT numeraciones_tipo_de_documento_check;
ALTER TABLE numeraciones ADD CONSTRAINT numeraciones_tipo_de_documento_check CHECK (tipo_de_documento IN
  ('ventas', 'compras', 'ordenDeCompra', 'notaDeCredito', 'notaDeDebito', 'cotizacion', 'conduce', 'recibos',
   'gastoMenores', 'egresos', 'entradaDeDiario'));

-- Every existing company gets its default internal numbering ED00000001… (new companies get it when
-- they are created: numeracion.sembrarNumeracionesIniciales), unless it already has a default one.
INSERT INTO numeraciones (tenant_id, identificador_unico, nombre, tipo_de_documento, perfiles_de_tipos,
  prefijo, prefijo_numerico, digitos, fiscal, desde, seq, predeterminado)
SELECT e.tenant_id, 'inicial-entradaDeDiario', 'Entradas de diario', 'entradaDeDiario', 'interna',
  'ED', '', 8, false, 1, 1, true
FROM empresas e
WHERE NOT EXISTS (SELECT 1 FROM numeraciones n
                  WHERE n.tenant_id = e.tenant_id AND n.tipo_de_documento = 'entradaDeDiario' AND n.predeterminado);

CREATE TABLE entradas_de_diario (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  id_numeracion uuid NOT NULL,
  numeracion_nombre text NOT NULL DEFAULT '',
  numero bigint NOT NULL,
  comprobante text NOT NULL,
  fecha date NOT NULL,
  descripcion_general text NOT NULL DEFAULT '',
  -- Another entry this one refers to (a correction of it).
  id_entrada_de_diario_ref uuid,
  total_debito numeric(14, 2) NOT NULL CHECK (total_debito > 0),
  total_credito numeric(14, 2) NOT NULL CHECK (total_credito = total_debito),
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Por-Anular', 'Anulado')),
  autorizacion text CHECK (autorizacion IN ('Pendiente', 'Aprobada', 'Rechazada')),
  tipo_de_anulacion text NOT NULL DEFAULT '',
  nota_anular text NOT NULL DEFAULT '',
  nota_autorizacion text NOT NULL DEFAULT '',
  id_usuario_creador uuid NOT NULL,
  creado_por text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_numeracion) REFERENCES numeraciones (tenant_id, id),
  FOREIGN KEY (tenant_id, id_entrada_de_diario_ref) REFERENCES entradas_de_diario (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX entradas_de_diario_identificador_unico ON entradas_de_diario (tenant_id, identificador_unico);
CREATE UNIQUE INDEX entradas_de_diario_numero ON entradas_de_diario (tenant_id, id_numeracion, numero);
CREATE INDEX entradas_de_diario_fecha ON entradas_de_diario (tenant_id, fecha DESC, numero DESC);

-- One line per account moved: a debit or a credit (never both, never neither), with its cost centre,
-- contact and note, which the journal line keeps too.
CREATE TABLE lineas_entrada_de_diario (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_entrada_de_diario uuid NOT NULL,
  orden integer NOT NULL,
  id_cuenta uuid NOT NULL,
  debito numeric(14, 2) NOT NULL DEFAULT 0 CHECK (debito >= 0),
  credito numeric(14, 2) NOT NULL DEFAULT 0 CHECK (credito >= 0),
  id_centro_de_costo uuid,
  id_contacto uuid,
  nota text NOT NULL DEFAULT '',
  PRIMARY KEY (tenant_id, id),
  CHECK ((debito > 0) <> (credito > 0)),
  FOREIGN KEY (tenant_id, id_entrada_de_diario) REFERENCES entradas_de_diario (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_centro_de_costo) REFERENCES centros_de_costo (tenant_id, id),
  FOREIGN KEY (tenant_id, id_contacto) REFERENCES contactos (tenant_id, id)
);
CREATE INDEX lineas_entrada_de_diario_entrada ON lineas_entrada_de_diario (tenant_id, id_entrada_de_diario, orden);
CREATE INDEX lineas_entrada_de_diario_cuenta ON lineas_entrada_de_diario (tenant_id, id_cuenta);
CREATE INDEX lineas_entrada_de_diario_centro ON lineas_entrada_de_diario (tenant_id, id_centro_de_costo)
  WHERE id_centro_de_costo IS NOT NULL;
CREATE INDEX lineas_entrada_de_diario_contacto ON lineas_entrada_de_diario (tenant_id, id_contacto)
  WHERE id_contacto IS NOT NULL;
