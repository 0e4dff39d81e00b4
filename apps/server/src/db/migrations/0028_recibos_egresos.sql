-- Payments out (recibos de egreso; spec 001 §3 "Payment out", §4, §7 "Payments out"; 000 §2 POS
-- «Retiro de Efectivo»). The mirror of receipts in (0013, 0023) on the supplier side: a payment out pays
-- money against purchases (tipo_de_egreso true: each line applies an amount to one purchase's balance in
-- the payables ledger, aplicaciones_de_cartera tipo_destino 'compra', tipo_origen 'egreso') or to
-- accounting accounts (false: each line debits an account). The money leaves cuenta_credito (the chosen
-- cash box or bank; from the POS, the terminal's cash box). A POS cash withdrawal is a payment out to
-- accounts, in cash, from the POS, in the user's open shift (id_turno): the shift's retiroDeEfectivo.
-- Numbered from the company's 'egresos' numbering inside the creating transaction (invariant 5).
-- Row-level security is forced on both tables by migrate.ts (every table with tenant_id).
CREATE TABLE recibos_egresos (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  id_numeracion uuid NOT NULL,
  numeracion_nombre text NOT NULL DEFAULT '',
  numero bigint NOT NULL,
  comprobante text NOT NULL,
  tipo_de_egreso boolean NOT NULL DEFAULT true,
  id_cliente uuid,
  nombre_proveedor text NOT NULL DEFAULT '',
  fecha_de_emision date NOT NULL,
  forma_de_pago text NOT NULL
    CHECK (forma_de_pago IN ('Efectivo', 'Tarjeta', 'Tarjeta-Debito', 'Transferencia', 'Cheque')),
  id_cuenta_credito uuid NOT NULL,
  id_cuenta_por_pagar uuid,
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
  FOREIGN KEY (tenant_id, id_cuenta_credito) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_por_pagar) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_terminal) REFERENCES terminales (tenant_id, id),
  FOREIGN KEY (tenant_id, id_turno) REFERENCES turnos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id),
  -- A withdrawal belongs to a shift only when made at the POS.
  CHECK (id_turno IS NULL OR desde_pos)
);
CREATE UNIQUE INDEX recibos_egresos_identificador_unico ON recibos_egresos (tenant_id, identificador_unico);
CREATE UNIQUE INDEX recibos_egresos_numero ON recibos_egresos (tenant_id, id_numeracion, numero);
CREATE INDEX recibos_egresos_fecha ON recibos_egresos (tenant_id, fecha_de_emision DESC, numero DESC);
CREATE INDEX recibos_egresos_cliente ON recibos_egresos (tenant_id, id_cliente);
CREATE INDEX recibos_egresos_turno ON recibos_egresos (tenant_id, id_turno) WHERE id_turno IS NOT NULL;

-- One line per purchase paid (id_compra, with what the form showed of it when written) or per account
-- debited. id_cuenta_debito is the account the line debits: the supplier payable for a purchase line,
-- the line's own account otherwise.
CREATE TABLE lineas_egreso (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_egreso uuid NOT NULL,
  orden integer NOT NULL,
  id_compra uuid,
  comprobante_compra text NOT NULL DEFAULT '',
  ncf_compra text NOT NULL DEFAULT '',
  numero_compra bigint,
  total_compra numeric(14, 2) NOT NULL DEFAULT 0,
  balance_pendiente numeric(14, 2) NOT NULL DEFAULT 0,
  cobrado numeric(14, 2) NOT NULL DEFAULT 0,
  monto_nota_de_debito_ref numeric(14, 2) NOT NULL DEFAULT 0,
  id_cuenta_debito uuid NOT NULL,
  importe numeric(14, 2) NOT NULL CHECK (importe > 0),
  nota text NOT NULL DEFAULT '',
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_egreso) REFERENCES recibos_egresos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_compra) REFERENCES compras (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_debito) REFERENCES cuentas_contables (tenant_id, id)
);
CREATE INDEX lineas_egreso_egreso ON lineas_egreso (tenant_id, id_egreso, orden);
CREATE INDEX lineas_egreso_compra ON lineas_egreso (tenant_id, id_compra) WHERE id_compra IS NOT NULL;
