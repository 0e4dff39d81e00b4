-- Credits in favour (spec 001 §3 "Credit in favour", §4, §5, §7 "Credits in favour"; docs/payments.md).
-- A credit is what the company owes a customer: an advance, what a receipt in paid over an invoice's
-- balance, or the rest of a credit note. Its number comes from the company counter 'creditosAFavor'
-- (contadores, migration 0008). `disponible` is what is left to apply; only modules/creditos writes it,
-- under a lock on the credit's row, and the CHECK keeps it between 0 and the amount whatever happens.
CREATE TABLE creditos_a_favor (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- The client's key for an advance; '<origen>:<id>' for one a document made (one per document).
  identificador_unico text NOT NULL,
  numero bigint NOT NULL,
  id_cliente uuid NOT NULL,
  nombre_cliente text NOT NULL DEFAULT '',
  monto numeric(14, 2) NOT NULL CHECK (monto > 0),
  disponible numeric(14, 2) NOT NULL CHECK (disponible >= 0 AND disponible <= monto),
  descripcion text NOT NULL DEFAULT '',
  fecha date NOT NULL,
  tipo_origen text NOT NULL CHECK (tipo_origen IN ('ingreso', 'notaDeCredito', 'anticipo')),
  id_origen uuid,
  -- The customer-advances account its entry credited; applying it debits the same account.
  id_cuenta_anticipos uuid NOT NULL,
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
  FOREIGN KEY (tenant_id, id_cliente) REFERENCES contactos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_anticipos) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX creditos_a_favor_identificador_unico ON creditos_a_favor (tenant_id, identificador_unico);
CREATE UNIQUE INDEX creditos_a_favor_numero ON creditos_a_favor (tenant_id, numero);
CREATE INDEX creditos_a_favor_cliente ON creditos_a_favor (tenant_id, id_cliente, fecha DESC, numero DESC);
CREATE INDEX creditos_a_favor_lista ON creditos_a_favor (tenant_id, fecha DESC, numero DESC);
CREATE INDEX creditos_a_favor_origen ON creditos_a_favor (tenant_id, tipo_origen, id_origen) WHERE id_origen IS NOT NULL;

-- One application of a credit to an invoice (its cartera application has id_origen = this id). Its
-- number comes from the counter 'transaccionesCreditoAFavor'. No foreign key to the invoice: an
-- internal-numbered invoice may be deleted after its transactions are cancelled (the rows stay, like
-- the receivables ledger's).
CREATE TABLE transacciones_credito_a_favor (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  numero bigint NOT NULL,
  id_credito uuid NOT NULL,
  id_factura uuid NOT NULL,
  comprobante_factura text NOT NULL DEFAULT '',
  monto numeric(14, 2) NOT NULL CHECK (monto > 0),
  fecha date NOT NULL,
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
  FOREIGN KEY (tenant_id, id_credito) REFERENCES creditos_a_favor (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX transacciones_credito_a_favor_identificador_unico ON transacciones_credito_a_favor (tenant_id, identificador_unico);
CREATE UNIQUE INDEX transacciones_credito_a_favor_numero ON transacciones_credito_a_favor (tenant_id, numero);
CREATE INDEX transacciones_credito_a_favor_credito ON transacciones_credito_a_favor (tenant_id, id_credito, numero);
CREATE INDEX transacciones_credito_a_favor_factura ON transacciones_credito_a_favor (tenant_id, id_factura);
