-- Case files (expedientes; spec 002 §2 "Case files", §3 "Case file (expediente)", §4 line estado, §7
-- "POST /expediente/"; docs/expedientes.md). A case file belongs to one client (a contact) and is numbered
-- from the company's internal 'expediente' numbering inside the creating transaction (invariant 5). Its
-- lines are processes; each keeps its tasks, written documents, attached files and timeline as JSON
-- arrays (they are read and written with their process, never on their own). A case file moves no stock
-- and posts nothing; it is cancelled through the shared cancellation flow (spec 000 §4).

-- The numbering type, added to whatever list the CHECK holds by now (migration 0003's, widened since),
-- so that another type added by a migration of its own is kept.
DO $$
DECLARE definicion text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definicion FROM pg_constraint
   WHERE conname = 'numeraciones_tipo_de_documento_check' AND conrelid = 'numeraciones'::regclass;
  IF definicion IS NOT NULL AND position('''expediente''' IN definicion) = 0 THEN
    ALTER TABLE numeraciones DROP CONSTRAINT numeraciones_tipo_de_documento_check;
    EXECUTE 'ALTER TABLE numeraciones ADD CONSTRAINT numeraciones_tipo_de_documento_check '
      || replace(definicion, ']))', ', ''expediente''::text]))');
  END IF;
END $$;

-- Every existing company gets its default internal numbering EX00000001… (new companies get it when
-- they are created: numeracion.sembrarNumeracionesIniciales), unless it already has a default one.
INSERT INTO numeraciones (tenant_id, identificador_unico, nombre, tipo_de_documento, perfiles_de_tipos,
  prefijo, prefijo_numerico, digitos, fiscal, desde, seq, predeterminado)
SELECT e.tenant_id, 'inicial-expediente', 'Expedientes', 'expediente', 'interna',
  'EX', '', 8, false, 1, 1, true
FROM empresas e
WHERE NOT EXISTS (SELECT 1 FROM numeraciones n
                  WHERE n.tenant_id = e.tenant_id AND n.tipo_de_documento = 'expediente' AND n.predeterminado);

CREATE TABLE expedientes (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  id_numeracion uuid NOT NULL,
  numeracion_nombre text NOT NULL DEFAULT '',
  numero bigint NOT NULL,
  comprobante text NOT NULL,
  -- The client as the case file keeps it (taken from the contact, editable).
  id_cliente uuid NOT NULL,
  nombre text NOT NULL,
  numero_de_identificacion text NOT NULL DEFAULT '',
  correo text NOT NULL DEFAULT '',
  telefono text NOT NULL DEFAULT '',
  movil text NOT NULL DEFAULT '',
  direccion text NOT NULL DEFAULT '',
  nota text NOT NULL DEFAULT '',
  fecha_emision date NOT NULL,
  hora text NOT NULL,
  vencimiento date CHECK (vencimiento IS NULL OR vencimiento >= fecha_emision),
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Por-Anular', 'Anulado')),
  autorizacion text CHECK (autorizacion IN ('Pendiente', 'Aprobada', 'Rechazada')),
  tipo_de_anulacion text NOT NULL DEFAULT '',
  nota_anular text NOT NULL DEFAULT '',
  nota_autorizacion text NOT NULL DEFAULT '',
  id_usuario_creador uuid NOT NULL,
  creada_por text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_numeracion) REFERENCES numeraciones (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cliente) REFERENCES contactos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX expedientes_identificador_unico ON expedientes (tenant_id, identificador_unico);
CREATE UNIQUE INDEX expedientes_numero ON expedientes (tenant_id, id_numeracion, numero);
CREATE INDEX expedientes_fecha ON expedientes (tenant_id, fecha_emision DESC, numero DESC);
CREATE INDEX expedientes_cliente ON expedientes (tenant_id, id_cliente);

-- One row per process (spec 002 §3 "Lines"): tareas [{_id, nombre, nota, estado}], documentos (the
-- spec's documentContent [{_id, nombre, nota, contenido, file}]), adjuntos (archivosAdjunto [{_id, nombre,
-- nota, contenido, tipo}]: contenido is the stored file's name) and eventos [{_id, fecha, descripcion,
-- usuario, automatico}].
CREATE TABLE lineas_expediente (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_expediente uuid NOT NULL,
  numero integer NOT NULL CHECK (numero > 0),
  nombre text NOT NULL,
  descripcion text NOT NULL DEFAULT '',
  contenido text NOT NULL DEFAULT '',
  estado text NOT NULL DEFAULT 'Pendiente' CHECK (estado IN ('Pendiente', 'EnProceso', 'Finalizado')),
  tareas jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(tareas) = 'array'),
  documentos jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(documentos) = 'array'),
  adjuntos jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(adjuntos) = 'array'),
  eventos jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(eventos) = 'array'),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_expediente) REFERENCES expedientes (tenant_id, id)
);
CREATE INDEX lineas_expediente_expediente ON lineas_expediente (tenant_id, id_expediente, numero);
