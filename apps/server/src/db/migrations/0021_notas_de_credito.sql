-- Credit notes (spec 001 §2, §3 "Credit note", §4, §5, §7 "Credit notes", §8, §9). A credit note returns
-- goods of one invoice (id_factura: the invoice it modifies; its NCF is kept as ncf_modificado for the
-- 607/608 and the e-CF reference). Its columns are the kit's sales-document header and lines
-- (documentos/columnas.ts) plus its own. Each product line returns a line of that invoice
-- (id_linea_factura) at the price, discount and taxes it was sold with, and brings the goods back at the
-- unit cost they left with (costo_unitario). The total goes to a linked invoice (facturas_nota_de_credito,
-- at most one) or is refunded (devoluciones_nota_de_credito), never both; the rest is a credit in favour
-- (the creditos module's row, id_credito_a_favor). Its number comes from the 'notaDeCredito' numbering (B04).
CREATE TABLE notas_de_credito (
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
  tipo_de_notas_de_credito integer NOT NULL DEFAULT 1,
  tipo_de_notas_de_credito_dgii text NOT NULL DEFAULT '',
  metodo_de_pago text NOT NULL DEFAULT '',
  id_factura uuid NOT NULL,
  ncf_modificado text NOT NULL DEFAULT '',
  fecha_factura_modificada date NOT NULL,
  id_cuenta_devoluciones uuid NOT NULL,
  desde_pos boolean NOT NULL DEFAULT false,
  id_terminal uuid,
  id_turno uuid,
  monto_aplicado numeric(14, 2) NOT NULL DEFAULT 0 CHECK (monto_aplicado >= 0),
  monto_devuelto numeric(14, 2) NOT NULL DEFAULT 0 CHECK (monto_devuelto >= 0),
  monto_credito numeric(14, 2) NOT NULL DEFAULT 0 CHECK (monto_credito >= 0),
  id_credito_a_favor uuid,
  costo_total numeric(18, 4) NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_factura) REFERENCES facturas (tenant_id, id),
  FOREIGN KEY (tenant_id, id_numeracion) REFERENCES numeraciones (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cliente) REFERENCES contactos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_lista_de_precio) REFERENCES listas_de_precio (tenant_id, id),
  FOREIGN KEY (tenant_id, id_almacen) REFERENCES almacenes (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_devoluciones) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX notas_de_credito_identificador_unico ON notas_de_credito (tenant_id, identificador_unico);
CREATE UNIQUE INDEX notas_de_credito_comprobante ON notas_de_credito (tenant_id, comprobante);
CREATE INDEX notas_de_credito_lista ON notas_de_credito (tenant_id, estado, fecha_emision DESC, numero DESC);
CREATE INDEX notas_de_credito_cliente ON notas_de_credito (tenant_id, id_cliente, estado) WHERE id_cliente IS NOT NULL;
CREATE INDEX notas_de_credito_factura ON notas_de_credito (tenant_id, id_factura);
CREATE INDEX notas_de_credito_turno ON notas_de_credito (tenant_id, id_turno) WHERE id_turno IS NOT NULL;

-- No foreign key to the invoice's lines: they are the invoice module's, which rewrites them on edit.
CREATE TABLE lineas_nota_de_credito (
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
  id_linea_factura uuid NOT NULL,
  unidades numeric(18, 4) NOT NULL CHECK (unidades > 0),
  costo_unitario numeric(26, 12) NOT NULL DEFAULT 0 CHECK (costo_unitario >= 0),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_documento) REFERENCES notas_de_credito (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_producto) REFERENCES productos (tenant_id, id)
);
CREATE INDEX lineas_nota_de_credito_documento ON lineas_nota_de_credito (tenant_id, id_documento, orden);
CREATE INDEX lineas_nota_de_credito_linea_factura ON lineas_nota_de_credito (tenant_id, id_linea_factura);

CREATE TABLE devoluciones_nota_de_credito (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_nota_de_credito uuid NOT NULL,
  orden integer NOT NULL,
  fecha_de_emision date NOT NULL,
  id_cuenta uuid NOT NULL,
  efectivo boolean NOT NULL DEFAULT false,
  importe numeric(14, 2) NOT NULL CHECK (importe > 0),
  nota text NOT NULL DEFAULT '',
  id_turno uuid,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_nota_de_credito) REFERENCES notas_de_credito (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_cuenta) REFERENCES cuentas_contables (tenant_id, id)
);
CREATE INDEX devoluciones_nota_de_credito_documento ON devoluciones_nota_de_credito (tenant_id, id_nota_de_credito, orden);
CREATE INDEX devoluciones_nota_de_credito_turno ON devoluciones_nota_de_credito (tenant_id, id_turno) WHERE id_turno IS NOT NULL;

CREATE TABLE facturas_nota_de_credito (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_nota_de_credito uuid NOT NULL,
  id_factura uuid NOT NULL,
  comprobante text NOT NULL DEFAULT '',
  numero_factura bigint,
  monto numeric(14, 2) NOT NULL DEFAULT 0 CHECK (monto >= 0),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_nota_de_credito) REFERENCES notas_de_credito (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_factura) REFERENCES facturas (tenant_id, id)
);
CREATE INDEX facturas_nota_de_credito_documento ON facturas_nota_de_credito (tenant_id, id_nota_de_credito);
