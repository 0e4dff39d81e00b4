-- Dispatch notes (spec 001 §2, §3 "Dispatch note", §4, §5, §7 "Dispatch notes"). A dispatch note records
-- goods physically handed over against an active invoice: per invoice line, the quantity dispatched. It
-- has no prices, moves no stock (the invoice already did) and posts nothing. Its number comes from the
-- company counter 'conducesDeDespacho' (contadores, migration 0008). The invoice's number, its customer
-- and the driver's name are kept as they were when it was dispatched, for lists and the printout.
CREATE TABLE conduces_de_despacho (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  numero bigint NOT NULL,
  id_factura uuid NOT NULL,
  comprobante_factura text NOT NULL DEFAULT '',
  nombre_cliente text NOT NULL DEFAULT '',
  id_chofer uuid,
  nombre_chofer text NOT NULL DEFAULT '',
  fecha date NOT NULL,
  nota text NOT NULL DEFAULT '',
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
  FOREIGN KEY (tenant_id, id_factura) REFERENCES facturas (tenant_id, id),
  FOREIGN KEY (tenant_id, id_chofer) REFERENCES contactos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX conduces_de_despacho_identificador_unico ON conduces_de_despacho (tenant_id, identificador_unico);
CREATE UNIQUE INDEX conduces_de_despacho_numero ON conduces_de_despacho (tenant_id, numero);
CREATE INDEX conduces_de_despacho_lista ON conduces_de_despacho (tenant_id, estado, fecha DESC, numero DESC);
CREATE INDEX conduces_de_despacho_factura ON conduces_de_despacho (tenant_id, id_factura);
CREATE INDEX conduces_de_despacho_chofer ON conduces_de_despacho (tenant_id, id_chofer) WHERE id_chofer IS NOT NULL;

-- One row per invoice line handed over. No foreign key to the invoice's lines: they are the invoice
-- module's, which may rewrite them when an invoice is edited.
CREATE TABLE lineas_conduce_de_despacho (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_conduce_despacho uuid NOT NULL,
  orden integer NOT NULL,
  id_linea_factura uuid NOT NULL,
  id_producto uuid NOT NULL,
  descripcion text NOT NULL,
  cantidad_despachada numeric(18, 4) NOT NULL CHECK (cantidad_despachada > 0),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_conduce_despacho) REFERENCES conduces_de_despacho (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_producto) REFERENCES productos (tenant_id, id)
);
CREATE INDEX lineas_conduce_de_despacho_documento ON lineas_conduce_de_despacho (tenant_id, id_conduce_despacho, orden);
