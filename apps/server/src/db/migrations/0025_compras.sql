-- Purchases from suppliers (spec 001 §3 "Purchase", §4, §5, §7 "Purchases", §9), a family of the document
-- kit priced at cost (documentos/compra.ts). id_cliente is the supplier; comprobante the number of the
-- chosen 'compras' numbering (internal, or our own B11 for an informal supplier). A purchase brings goods
-- in at their cost (the product's weighted average moves) and posts inventory or expense, ITBIS paid in
-- advance, withholdings payable, the payable to the supplier and what was paid at once. The 606's data
-- (fiscal-do.md §3.1): the supplier's NCF (ncf), the DGII kind of goods and services, ITBIS to cost or
-- subject to proportionality, withholdings, payment date. What is owed is monto_a_pagar − pagado less the
-- ledger's applications (aplicaciones_de_cartera, tipo_destino 'compra').
CREATE TABLE compras (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  id_numeracion uuid,
  numeracion_nombre text NOT NULL DEFAULT '',
  numero bigint NOT NULL,
  comprobante text NOT NULL,
  id_cliente uuid,
  nombre text NOT NULL DEFAULT '',
  nombre_opcional text NOT NULL DEFAULT '',
  rnc text NOT NULL DEFAULT '',
  tipo_de_identificacion text NOT NULL DEFAULT '',
  cedula text NOT NULL DEFAULT '',
  telefono text NOT NULL DEFAULT '',
  movil text NOT NULL DEFAULT '',
  correo text NOT NULL DEFAULT '',
  direccion text NOT NULL DEFAULT '',
  socio boolean NOT NULL DEFAULT false,
  id_lista_de_precio uuid,
  id_almacen uuid NOT NULL,
  fecha_emision date NOT NULL,
  hora text NOT NULL,
  vencimiento date,
  importe numeric(14, 2) NOT NULL DEFAULT 0,
  descuento numeric(14, 2) NOT NULL DEFAULT 0,
  subtotal numeric(14, 2) NOT NULL DEFAULT 0,
  impuestos numeric(14, 2) NOT NULL DEFAULT 0,
  total_gral numeric(14, 2) NOT NULL DEFAULT 0,
  nota_pie_de_pagina text NOT NULL DEFAULT '',
  nota_informacion_interna text NOT NULL DEFAULT '',
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Por-Anular', 'Anulado')),
  autorizacion text CHECK (autorizacion IN ('Pendiente', 'Aprobada', 'Rechazada')),
  tipo_de_anulacion text NOT NULL DEFAULT '',
  nota_anular text NOT NULL DEFAULT '',
  nota_autorizacion text NOT NULL DEFAULT '',
  id_usuario_creador uuid NOT NULL,
  creada_por text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  ncf text NOT NULL DEFAULT '',
  tipo_compra text NOT NULL DEFAULT '',
  tipos_bienes_servicios text NOT NULL DEFAULT '09' CHECK (tipos_bienes_servicios ~ '^(0[1-9]|1[01])$'),
  itbis_sujeto_proporcionalidad boolean NOT NULL DEFAULT false,
  itbis_al_costo boolean NOT NULL DEFAULT false,
  plazo_pagos integer NOT NULL DEFAULT 0 CHECK (plazo_pagos >= 0),
  metodo_de_pago text NOT NULL DEFAULT 'Efectivo',
  pagado numeric(14, 2) NOT NULL DEFAULT 0 CHECK (pagado >= 0),
  total_retenciones numeric(14, 2) NOT NULL DEFAULT 0 CHECK (total_retenciones >= 0),
  monto_a_pagar numeric(14, 2) NOT NULL DEFAULT 0,
  retenciones jsonb NOT NULL DEFAULT '[]',
  id_centro_de_costo uuid,
  centro_de_costo text NOT NULL DEFAULT '',
  fecha_pago date,
  id_cuenta_pago uuid,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_numeracion) REFERENCES numeraciones (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cliente) REFERENCES contactos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_lista_de_precio) REFERENCES listas_de_precio (tenant_id, id),
  FOREIGN KEY (tenant_id, id_almacen) REFERENCES almacenes (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_pago) REFERENCES cuentas_contables (tenant_id, id)
);
CREATE UNIQUE INDEX compras_identificador_unico ON compras (tenant_id, identificador_unico);
CREATE UNIQUE INDEX compras_comprobante ON compras (tenant_id, comprobante);
CREATE INDEX compras_lista ON compras (tenant_id, estado, fecha_emision DESC, numero DESC);
CREATE INDEX compras_cliente ON compras (tenant_id, id_cliente, estado) WHERE id_cliente IS NOT NULL;
-- A supplier's NCF is reported once (fiscal-do.md §3.1): unique per supplier among purchases in force.
CREATE UNIQUE INDEX compras_ncf_vigente ON compras (tenant_id, id_cliente, ncf)
  WHERE estado <> 'Anulado' AND ncf <> '' AND id_cliente IS NOT NULL;

CREATE TABLE lineas_compra (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_documento uuid NOT NULL,
  orden integer NOT NULL,
  id_producto uuid NOT NULL,
  id_codigo_de_barra text NOT NULL DEFAULT '',
  descripcion text NOT NULL,
  nota text NOT NULL DEFAULT '',
  cantidad numeric(18, 4) NOT NULL CHECK (cantidad > 0),
  precio numeric(26, 12) NOT NULL CHECK (precio >= 0),
  descuento numeric(9, 6) NOT NULL DEFAULT 0 CHECK (descuento >= 0 AND descuento <= 1),
  descuento_para_socios numeric(5, 2) NOT NULL DEFAULT 0,
  impuestos jsonb NOT NULL DEFAULT '[]',
  paquete boolean NOT NULL DEFAULT false,
  variantes jsonb NOT NULL DEFAULT '[]',
  importe numeric(14, 2) NOT NULL DEFAULT 0,
  monto_descuento numeric(14, 2) NOT NULL DEFAULT 0,
  subtotal numeric(14, 2) NOT NULL DEFAULT 0,
  total_impuestos numeric(14, 2) NOT NULL DEFAULT 0,
  total numeric(14, 2) NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_documento) REFERENCES compras (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_producto) REFERENCES productos (tenant_id, id)
);
CREATE INDEX lineas_compra_documento ON lineas_compra (tenant_id, id_documento, orden);
CREATE INDEX lineas_compra_producto ON lineas_compra (tenant_id, id_producto);
