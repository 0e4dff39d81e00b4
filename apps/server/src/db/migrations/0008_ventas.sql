-- Selling (issue 7): cash shifts, invoices with their lines and payments, the journal, and the
-- shared cancellation requests. Tenant tables: tenant_id first in every key (invariant 1); the
-- migrator adds policies and grants.

-- Spec 002 §3 "Shift (turno)". One open shift per user: the partial unique index decides, so two
-- openings that race cannot both succeed (spec 002 §5 "Shift open rules").
CREATE TABLE turnos (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_terminal uuid NOT NULL,
  id_usuario uuid NOT NULL,
  estado_del_turno boolean NOT NULL DEFAULT true,
  fecha_de_inicio timestamptz NOT NULL DEFAULT now(),
  fecha_de_cierre timestamptz,
  monto_de_inicio numeric(14, 2) NOT NULL DEFAULT 0,
  monto_de_cierre numeric(14, 2),
  desglose_de_efectivo_apertura jsonb NOT NULL DEFAULT '[]',
  desglose_de_efectivo jsonb NOT NULL DEFAULT '[]',
  descripcion text NOT NULL DEFAULT '',
  detalles_de_cierre text NOT NULL DEFAULT '',
  -- The totals frozen at closing (per payment method, expected and counted cash, difference).
  resumen_de_cierre jsonb,
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_terminal) REFERENCES terminales (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX turnos_abierto_por_usuario ON turnos (tenant_id, id_usuario) WHERE estado_del_turno;
CREATE INDEX turnos_terminal ON turnos (tenant_id, id_terminal, fecha_de_inicio DESC);
CREATE INDEX turnos_usuario ON turnos (tenant_id, id_usuario, fecha_de_inicio DESC);

-- Spec 001 §3 "Invoice". The customer's data is a snapshot taken when the invoice is issued (the
-- printed invoice must not change when the contact does). numero_factura / comprobante are taken
-- from the numbering inside the creating transaction (invariant 5).
CREATE TABLE facturas (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  id_numeracion uuid,
  numeracion_nombre text NOT NULL DEFAULT '',
  numero_factura bigint,
  comprobante text,
  tipo_ncf text,
  vencimiento_ncf date,
  fecha_emision date NOT NULL,
  hora text NOT NULL,
  vencimiento timestamptz NOT NULL,
  plazo_pagos integer NOT NULL DEFAULT 0,
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
  id_terminal uuid,
  id_turno uuid,
  desde_pos boolean NOT NULL DEFAULT false,
  metodo_de_pago text NOT NULL DEFAULT 'Efectivo',
  numero_de_aprobacion_tarjeta text NOT NULL DEFAULT '',
  importe numeric(14, 2) NOT NULL DEFAULT 0,
  descuento numeric(14, 2) NOT NULL DEFAULT 0,
  subtotal numeric(14, 2) NOT NULL DEFAULT 0,
  impuestos numeric(14, 2) NOT NULL DEFAULT 0,
  itbis numeric(14, 2) NOT NULL DEFAULT 0,
  desglose_de_impuestos jsonb NOT NULL DEFAULT '[]',
  total numeric(14, 2) NOT NULL DEFAULT 0,
  total_retenciones numeric(14, 2) NOT NULL DEFAULT 0,
  monto_a_pagar numeric(14, 2) NOT NULL DEFAULT 0,
  -- What the customer handed over, what was applied to the invoice, and the change given back.
  efectivo_recibido numeric(14, 2) NOT NULL DEFAULT 0,
  cobrado numeric(14, 2) NOT NULL DEFAULT 0,
  cambio_de_dinero numeric(14, 2) NOT NULL DEFAULT 0,
  costo_total numeric(18, 4) NOT NULL DEFAULT 0,
  retenciones jsonb NOT NULL DEFAULT '[]',
  nota_pie_de_pagina text NOT NULL DEFAULT '',
  nota_informacion_interna text NOT NULL DEFAULT '',
  numero_borrador_pos integer,
  location jsonb,
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Por-Anular', 'Anulado')),
  autorizacion text CHECK (autorizacion IN ('Pendiente', 'Aprobada', 'Rechazada')),
  activo boolean NOT NULL DEFAULT true,
  nota_anular text NOT NULL DEFAULT '',
  tipo_de_anulacion text NOT NULL DEFAULT '',
  nota_autorizacion text NOT NULL DEFAULT '',
  creada_por text NOT NULL DEFAULT '',
  id_usuario_creador uuid,
  id_usuario_modificador uuid,
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cliente) REFERENCES contactos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_numeracion) REFERENCES numeraciones (tenant_id, id),
  FOREIGN KEY (tenant_id, id_lista_de_precio) REFERENCES listas_de_precio (tenant_id, id),
  FOREIGN KEY (tenant_id, id_almacen) REFERENCES almacenes (tenant_id, id),
  FOREIGN KEY (tenant_id, id_terminal) REFERENCES terminales (tenant_id, id),
  FOREIGN KEY (tenant_id, id_turno) REFERENCES turnos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX facturas_identificador_unico ON facturas (tenant_id, identificador_unico);
-- A numbering never issues the same number twice (invariant 5), whatever the code does.
CREATE UNIQUE INDEX facturas_numero ON facturas (tenant_id, id_numeracion, numero_factura);
CREATE INDEX facturas_fecha ON facturas (tenant_id, fecha_emision DESC, numero_factura DESC);
CREATE INDEX facturas_turno ON facturas (tenant_id, id_turno);
CREATE INDEX facturas_cliente ON facturas (tenant_id, id_cliente);

-- Spec 001 §3 "Invoice line". precio is the unit price before tax at full precision
-- (invariant 3); the computed amounts are the domain's, in 2 decimals.
CREATE TABLE lineas_factura (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_factura uuid NOT NULL,
  orden integer NOT NULL DEFAULT 0,
  id_producto uuid NOT NULL,
  id_codigo_de_barra text NOT NULL DEFAULT '',
  descripcion text NOT NULL,
  nota text NOT NULL DEFAULT '',
  cantidad numeric(18, 4) NOT NULL CHECK (cantidad > 0),
  -- Stock units the line takes (cantidad × units per package in package mode).
  unidades numeric(18, 4) NOT NULL,
  precio numeric(26, 12) NOT NULL CHECK (precio >= 0),
  precio_de_venta numeric(14, 2) NOT NULL DEFAULT 0,
  descuento numeric(9, 6) NOT NULL DEFAULT 0 CHECK (descuento >= 0 AND descuento <= 1),
  descuento_para_socios numeric(5, 2) NOT NULL DEFAULT 0,
  impuestos jsonb NOT NULL DEFAULT '[]',
  importe numeric(14, 2) NOT NULL,
  monto_descuento numeric(14, 2) NOT NULL,
  subtotal numeric(14, 2) NOT NULL,
  total_impuestos numeric(14, 2) NOT NULL,
  total numeric(14, 2) NOT NULL,
  costo_unitario numeric(26, 12) NOT NULL DEFAULT 0,
  paquete boolean NOT NULL DEFAULT false,
  item_personalizado boolean NOT NULL DEFAULT false,
  variantes jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_factura) REFERENCES facturas (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_producto) REFERENCES productos (tenant_id, id)
);
CREATE INDEX lineas_factura_factura ON lineas_factura (tenant_id, id_factura, orden);
CREATE INDEX lineas_factura_producto ON lineas_factura (tenant_id, id_producto);

-- What was paid on an invoice, one row per method (Mixto is split into its methods). origen
-- 'factura' is the payment taken when the invoice was issued; later receipts will add 'ingreso'.
CREATE TABLE pagos_factura (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_factura uuid NOT NULL,
  origen text NOT NULL DEFAULT 'factura',
  metodo text NOT NULL CHECK (metodo IN ('Efectivo', 'Tarjeta', 'Tarjeta-Debito', 'Transferencia', 'Cheque')),
  monto numeric(14, 2) NOT NULL CHECK (monto > 0),
  numero_de_aprobacion text NOT NULL DEFAULT '',
  id_cuenta uuid NOT NULL,
  fecha timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_factura) REFERENCES facturas (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_cuenta) REFERENCES cuentas_contables (tenant_id, id)
);
CREATE INDEX pagos_factura_factura ON pagos_factura (tenant_id, id_factura);

-- The journal (invariant 6). An entry is never edited once posted: cancelling a document posts a
-- reversing entry (id_asiento_revertido). The header carries its totals and refuses to be unbalanced.
CREATE TABLE asientos_contables (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  numero bigint NOT NULL,
  fecha date NOT NULL,
  descripcion text NOT NULL DEFAULT '',
  tipo_documento text NOT NULL,
  id_documento uuid NOT NULL,
  comprobante text NOT NULL DEFAULT '',
  id_asiento_revertido uuid,
  total_debito numeric(14, 2) NOT NULL,
  total_credito numeric(14, 2) NOT NULL,
  id_usuario_creador uuid,
  creado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, numero),
  CHECK (total_debito = total_credito),
  FOREIGN KEY (tenant_id, id_asiento_revertido) REFERENCES asientos_contables (tenant_id, id)
);
CREATE INDEX asientos_contables_documento ON asientos_contables (tenant_id, tipo_documento, id_documento);
CREATE INDEX asientos_contables_fecha ON asientos_contables (tenant_id, fecha DESC, numero DESC);

CREATE TABLE lineas_asiento (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_asiento uuid NOT NULL,
  orden integer NOT NULL DEFAULT 0,
  id_cuenta uuid NOT NULL,
  debito numeric(14, 2) NOT NULL DEFAULT 0 CHECK (debito >= 0),
  credito numeric(14, 2) NOT NULL DEFAULT 0 CHECK (credito >= 0),
  nota text NOT NULL DEFAULT '',
  PRIMARY KEY (tenant_id, id),
  CHECK (debito = 0 OR credito = 0),
  FOREIGN KEY (tenant_id, id_asiento) REFERENCES asientos_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta) REFERENCES cuentas_contables (tenant_id, id)
);
CREATE INDEX lineas_asiento_asiento ON lineas_asiento (tenant_id, id_asiento, orden);
CREATE INDEX lineas_asiento_cuenta ON lineas_asiento (tenant_id, id_cuenta);

-- Per-company counters that are not fiscal numberings (journal entry numbers). Taken with
-- UPDATE … RETURNING inside the posting transaction, so they are gapless like the numberings.
CREATE TABLE contadores (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  clave text NOT NULL,
  valor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, clave)
);

-- Spec 000 §4, 001 §3 "Cancellation request item": one row per request of any cancellable
-- document, read by the audit screen (POST /users/solicitud-Anulacion/).
CREATE TABLE solicitudes_anulacion (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  tipo_documento text NOT NULL,
  id_documento uuid NOT NULL,
  numeracio_documento text NOT NULL DEFAULT '',
  estado text NOT NULL CHECK (estado IN ('Activo', 'Por-Anular', 'Anulado')),
  autorizacion text NOT NULL CHECK (autorizacion IN ('Pendiente', 'Aprobada', 'Rechazada')),
  tipo_de_anulacion text NOT NULL DEFAULT '',
  nota_anular text NOT NULL DEFAULT '',
  nota_autorizacion text NOT NULL DEFAULT '',
  id_usuario uuid,
  id_supervisor uuid,
  creado_en timestamptz NOT NULL DEFAULT now(),
  resuelta_en timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario) REFERENCES usuarios (tenant_id, id),
  FOREIGN KEY (tenant_id, id_supervisor) REFERENCES usuarios (tenant_id, id)
);
CREATE INDEX solicitudes_anulacion_estado ON solicitudes_anulacion (tenant_id, autorizacion, creado_en DESC);
CREATE INDEX solicitudes_anulacion_documento ON solicitudes_anulacion (tenant_id, tipo_documento, id_documento);

-- Company settings the sale needs: refuse selling what is not in stock (spec 000 §5 "Blocking when
-- out of stock applies only if … the blocking setting is on"), the authorization code that lets a
-- cashier go over a customer's credit limit (spec 001 §5), and the SMTP account invoices are
-- e-mailed from (spec 001 §1; the password never leaves the server).
ALTER TABLE configuracion_general
  ADD COLUMN bloqueo_por_no_existencia boolean NOT NULL DEFAULT false,
  ADD COLUMN codigo_de_autorizacion text NOT NULL DEFAULT '',
  ADD COLUMN smtp jsonb;
