-- Receipts in (ingresos recibidos; spec 001 §3 "Receipt in", §7 "Receipts in"; issue 8 needs them
-- offline). A receipt collects money: against invoices (tipo_de_ingreso true: each line applies an
-- amount to one invoice's balance) or to accounting accounts (false: each line credits an account).
-- The money goes to cuenta_debito (the cash box or bank of its payment method). Numbered from the
-- company's 'recibos' numbering inside the creating transaction (invariant 5).
CREATE TABLE ingresos_recibidos (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  id_numeracion uuid NOT NULL,
  numeracion_nombre text NOT NULL DEFAULT '',
  numero bigint NOT NULL,
  comprobante text NOT NULL,
  tipo_de_ingreso boolean NOT NULL DEFAULT true,
  id_cliente uuid,
  nombre_cliente text NOT NULL DEFAULT '',
  fecha_de_emision date NOT NULL,
  forma_de_pago text NOT NULL
    CHECK (forma_de_pago IN ('Efectivo', 'Tarjeta', 'Tarjeta-Debito', 'Transferencia', 'Cheque')),
  id_cuenta_debito uuid NOT NULL,
  id_cuenta_por_cobrar uuid,
  id_centro_de_costo text,
  centro_de_costo text NOT NULL DEFAULT '',
  desde_pos boolean NOT NULL DEFAULT false,
  id_terminal uuid,
  id_turno uuid,
  total numeric(14, 2) NOT NULL CHECK (total > 0),
  detalles text NOT NULL DEFAULT '',
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Por-Anular', 'Anulado')),
  autorizacion text CHECK (autorizacion IN ('Pendiente', 'Aprobada', 'Rechazada')),
  nota_anular text NOT NULL DEFAULT '',
  nota_autorizacion text NOT NULL DEFAULT '',
  id_usuario_creador uuid NOT NULL,
  creado_por text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_numeracion) REFERENCES numeraciones (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cliente) REFERENCES contactos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_debito) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_por_cobrar) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_terminal) REFERENCES terminales (tenant_id, id),
  FOREIGN KEY (tenant_id, id_turno) REFERENCES turnos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX ingresos_recibidos_identificador_unico ON ingresos_recibidos (tenant_id, identificador_unico);
CREATE UNIQUE INDEX ingresos_recibidos_numero ON ingresos_recibidos (tenant_id, id_numeracion, numero);
CREATE INDEX ingresos_recibidos_fecha ON ingresos_recibidos (tenant_id, fecha_de_emision DESC, numero DESC);
CREATE INDEX ingresos_recibidos_cliente ON ingresos_recibidos (tenant_id, id_cliente);
CREATE INDEX ingresos_recibidos_turno ON ingresos_recibidos (tenant_id, id_turno);

-- One line per invoice paid (id_factura, with what it owed before) or per account credited.
CREATE TABLE lineas_ingreso (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_ingreso uuid NOT NULL,
  orden integer NOT NULL,
  id_factura uuid,
  comprobante_factura text NOT NULL DEFAULT '',
  numero_factura bigint,
  total_factura numeric(14, 2) NOT NULL DEFAULT 0,
  balance_pendiente numeric(14, 2) NOT NULL DEFAULT 0,
  id_cuenta_credito uuid,
  importe numeric(14, 2) NOT NULL CHECK (importe > 0),
  nota text NOT NULL DEFAULT '',
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_ingreso) REFERENCES ingresos_recibidos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_factura) REFERENCES facturas (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_credito) REFERENCES cuentas_contables (tenant_id, id),
  CHECK ((id_factura IS NULL) <> (id_cuenta_credito IS NULL))
);
CREATE INDEX lineas_ingreso_ingreso ON lineas_ingreso (tenant_id, id_ingreso, orden);
CREATE INDEX lineas_ingreso_factura ON lineas_ingreso (tenant_id, id_factura);

-- The payment an invoice line records on the invoice (origen 'ingreso'), so the invoice lists it and
-- the receipt's cancellation removes exactly its own.
ALTER TABLE pagos_factura ADD COLUMN id_ingreso uuid;
ALTER TABLE pagos_factura ADD FOREIGN KEY (tenant_id, id_ingreso) REFERENCES ingresos_recibidos (tenant_id, id);
CREATE INDEX pagos_factura_ingreso ON pagos_factura (tenant_id, id_ingreso) WHERE id_ingreso IS NOT NULL;
