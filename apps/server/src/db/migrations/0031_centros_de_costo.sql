-- Cost centres and journal-entry options (spec 002 §3 "Accounting": cost centre nombre, descripcion;
-- journal option nombre, codigo, nota; §7 /centro-de-costo/, /opciones-entrada-de-diario/). Row-level
-- security is enabled and forced on every table with tenant_id by the migration runner (db/migrate.ts).
CREATE TABLE centros_de_costo (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  nombre text NOT NULL,
  descripcion text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX centros_de_costo_identificador_unico ON centros_de_costo (tenant_id, identificador_unico);

CREATE TABLE opciones_entrada_de_diario (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  nombre text NOT NULL,
  codigo text NOT NULL DEFAULT '',
  nota text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX opciones_entrada_de_diario_identificador_unico
  ON opciones_entrada_de_diario (tenant_id, identificador_unico);

-- The posting dimensions of a journal line (spec 002 §3 "Journal entry" lines: contacto, idCentroDeCosto).
-- A document's centre goes on all its lines, so every entry balances per centre. The keys stop deleting a
-- centre or contact the journal uses (db/maestros.ts tieneVinculos reads them from the catalog); the
-- partial indexes keep that check, and the filters by centre, off a scan of the whole journal.
ALTER TABLE lineas_asiento
  ADD COLUMN id_centro_de_costo uuid,
  ADD COLUMN id_contacto uuid,
  ADD FOREIGN KEY (tenant_id, id_centro_de_costo) REFERENCES centros_de_costo (tenant_id, id),
  ADD FOREIGN KEY (tenant_id, id_contacto) REFERENCES contactos (tenant_id, id);
CREATE INDEX lineas_asiento_centro_de_costo ON lineas_asiento (tenant_id, id_centro_de_costo)
  WHERE id_centro_de_costo IS NOT NULL;
CREATE INDEX lineas_asiento_contacto ON lineas_asiento (tenant_id, id_contacto) WHERE id_contacto IS NOT NULL;

-- The invoice header's cost centre (spec 001 §3 "Invoice": idCentroDeCosto, centroDeCosto), as purchases,
-- receipts in and payments out already have it.
ALTER TABLE facturas
  ADD COLUMN id_centro_de_costo uuid,
  ADD COLUMN centro_de_costo text NOT NULL DEFAULT '',
  ADD FOREIGN KEY (tenant_id, id_centro_de_costo) REFERENCES centros_de_costo (tenant_id, id);

-- Migration 0009's function, now storing each line's centre and contact (absent = null).
CREATE OR REPLACE FUNCTION contabilidad_registrar_asiento(p_tenant integer, p_id_usuario uuid, p_asiento jsonb)
RETURNS TABLE (id uuid, numero bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_numero bigint;
  v_id uuid;
BEGIN
  INSERT INTO contadores AS c (tenant_id, clave, valor) VALUES (p_tenant, 'asientos', 1)
  ON CONFLICT (tenant_id, clave) DO UPDATE SET valor = c.valor + 1
  RETURNING c.valor INTO v_numero;
  INSERT INTO asientos_contables AS a (tenant_id, numero, fecha, descripcion, tipo_documento, id_documento,
    comprobante, id_asiento_revertido, total_debito, total_credito, id_usuario_creador)
  VALUES (p_tenant, v_numero, (p_asiento->>'fecha')::date, p_asiento->>'descripcion', p_asiento->>'tipoDocumento',
    (p_asiento->>'idDocumento')::uuid, coalesce(p_asiento->>'comprobante', ''),
    (p_asiento->>'idAsientoRevertido')::uuid, (p_asiento->>'total')::numeric, (p_asiento->>'total')::numeric,
    p_id_usuario)
  RETURNING a.id INTO v_id;
  INSERT INTO lineas_asiento (tenant_id, id_asiento, orden, id_cuenta, debito, credito, nota, id_centro_de_costo,
    id_contacto)
  SELECT p_tenant, v_id, l.orden, l.id_cuenta, l.debito, l.credito, l.nota, l.id_centro_de_costo, l.id_contacto
  FROM jsonb_to_recordset(p_asiento->'lineas') AS l (orden integer, id_cuenta uuid, debito numeric, credito numeric,
    nota text, id_centro_de_costo uuid, id_contacto uuid);
  RETURN QUERY SELECT v_id, v_numero;
END $$;
