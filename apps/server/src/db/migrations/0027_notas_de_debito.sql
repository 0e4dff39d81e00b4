-- Debit notes (spec 001 §2, §3 "Debit note", §4, §5, §7 "Debit notes", §8, §9): the supplier-side mirror
-- of credit notes (0021). A debit note returns goods of one purchase (id_compra: the purchase it modifies;
-- its NCF is kept as ncf_modificado for the 606). Its columns are the kit's document header and lines
-- (documentos/columnas.ts) plus its own. Each product line returns a line of that purchase
-- (id_linea_compra) at the cost, discount and taxes it was bought with; the goods leave stock at the
-- current average (costo_unitario, what the stock ledger recorded) and id_cuenta is the account the line
-- credits (cuentaContableParaInventario). The total lowers what a linked purchase owes
-- (compras_nota_de_debito, at most one) or the supplier pays it back (devoluciones_nota_de_debito), never
-- both; the rest stays owed by the supplier (monto_por_cobrar). Its number comes from the 'notaDeDebito'
-- numbering. Row-level isolation is added to every table by the migration runner (db/migrate.ts).
CREATE TABLE notas_de_debito (
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
  tipo_de_notas_de_debito integer NOT NULL DEFAULT 2,
  tipo_de_notas_de_debito_dgii text NOT NULL DEFAULT '',
  metodo_de_pago text NOT NULL DEFAULT '',
  id_compra uuid NOT NULL,
  ncf_modificado text NOT NULL DEFAULT '',
  fecha_compra_modificada date NOT NULL,
  id_cuenta_devoluciones uuid NOT NULL,
  id_turno uuid,
  monto_aplicado numeric(14, 2) NOT NULL DEFAULT 0 CHECK (monto_aplicado >= 0),
  monto_devuelto numeric(14, 2) NOT NULL DEFAULT 0 CHECK (monto_devuelto >= 0),
  monto_por_cobrar numeric(14, 2) NOT NULL DEFAULT 0 CHECK (monto_por_cobrar >= 0),
  costo_total numeric(18, 4) NOT NULL DEFAULT 0,
  costo_de_salida numeric(18, 4) NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_compra) REFERENCES compras (tenant_id, id),
  FOREIGN KEY (tenant_id, id_numeracion) REFERENCES numeraciones (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cliente) REFERENCES contactos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_lista_de_precio) REFERENCES listas_de_precio (tenant_id, id),
  FOREIGN KEY (tenant_id, id_almacen) REFERENCES almacenes (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_devoluciones) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX notas_de_debito_identificador_unico ON notas_de_debito (tenant_id, identificador_unico);
CREATE UNIQUE INDEX notas_de_debito_comprobante ON notas_de_debito (tenant_id, comprobante);
CREATE INDEX notas_de_debito_lista ON notas_de_debito (tenant_id, estado, fecha_emision DESC, numero DESC);
CREATE INDEX notas_de_debito_proveedor ON notas_de_debito (tenant_id, id_cliente, estado) WHERE id_cliente IS NOT NULL;
CREATE INDEX notas_de_debito_compra ON notas_de_debito (tenant_id, id_compra);

-- No foreign key to the purchase's lines: they are the purchases module's (a purchase with debit notes
-- in force is not changed under them: notasDeDebitoDeLaCompra).
CREATE TABLE lineas_nota_de_debito (
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
  id_linea_compra uuid NOT NULL,
  unidades numeric(18, 4) NOT NULL CHECK (unidades > 0),
  costo_unitario numeric(26, 12) NOT NULL DEFAULT 0 CHECK (costo_unitario >= 0),
  id_cuenta uuid NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_documento) REFERENCES notas_de_debito (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_producto) REFERENCES productos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta) REFERENCES cuentas_contables (tenant_id, id)
);
CREATE INDEX lineas_nota_de_debito_documento ON lineas_nota_de_debito (tenant_id, id_documento, orden);
CREATE INDEX lineas_nota_de_debito_linea_compra ON lineas_nota_de_debito (tenant_id, id_linea_compra);

CREATE TABLE devoluciones_nota_de_debito (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_nota_de_debito uuid NOT NULL,
  orden integer NOT NULL,
  fecha_de_emision date NOT NULL,
  id_cuenta uuid NOT NULL,
  importe numeric(14, 2) NOT NULL CHECK (importe > 0),
  nota text NOT NULL DEFAULT '',
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_nota_de_debito) REFERENCES notas_de_debito (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_cuenta) REFERENCES cuentas_contables (tenant_id, id)
);
CREATE INDEX devoluciones_nota_de_debito_documento ON devoluciones_nota_de_debito (tenant_id, id_nota_de_debito, orden);

CREATE TABLE compras_nota_de_debito (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_nota_de_debito uuid NOT NULL,
  id_compra uuid NOT NULL,
  comprobante text NOT NULL DEFAULT '',
  monto numeric(14, 2) NOT NULL DEFAULT 0 CHECK (monto >= 0),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_nota_de_debito) REFERENCES notas_de_debito (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_compra) REFERENCES compras (tenant_id, id)
);
CREATE INDEX compras_nota_de_debito_documento ON compras_nota_de_debito (tenant_id, id_nota_de_debito);
CREATE INDEX compras_nota_de_debito_compra ON compras_nota_de_debito (tenant_id, id_compra);
