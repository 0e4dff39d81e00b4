-- Minor expenses (gastos menores; spec 001 §3 "Minor expense", §4, §7 "Minor expenses"; fiscal-do.md
-- §1.2: B13 is issued by the buyer). A minor expense pays small expenses out of the petty cash: each
-- line debits an expense account (its ITBIS included: it goes to the expense, docs/payments.md) and
-- the total credits id_cuenta_credito (the 'cajaChica' assignment unless another is chosen). Numbered
-- from the company's 'gastoMenores' numbering inside the creating transaction (invariant 5): internal
-- GM… or a fiscal B13, whose NCF is kept in `ncf` for the 606 (fiscal-do.md §3.1).
CREATE TABLE gastos_menores (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  id_numeracion uuid NOT NULL,
  numeracion_nombre text NOT NULL DEFAULT '',
  numero bigint NOT NULL,
  comprobante text NOT NULL,
  ncf text NOT NULL DEFAULT '',
  fecha_de_emision date NOT NULL,
  forma_de_pago text NOT NULL
    CHECK (forma_de_pago IN ('Efectivo', 'Tarjeta', 'Tarjeta-Debito', 'Transferencia', 'Cheque')),
  afectar_cuenta boolean NOT NULL DEFAULT true,
  descripcion text NOT NULL DEFAULT '',
  id_cuenta_credito uuid NOT NULL,
  subtotal numeric(14, 2) NOT NULL CHECK (subtotal > 0),
  impuestos numeric(14, 2) NOT NULL DEFAULT 0 CHECK (impuestos >= 0),
  total numeric(14, 2) NOT NULL CHECK (total = subtotal + impuestos),
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
  FOREIGN KEY (tenant_id, id_cuenta_credito) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX gastos_menores_identificador_unico ON gastos_menores (tenant_id, identificador_unico);
CREATE UNIQUE INDEX gastos_menores_numero ON gastos_menores (tenant_id, id_numeracion, numero);
CREATE INDEX gastos_menores_fecha ON gastos_menores (tenant_id, fecha_de_emision DESC, numero DESC);

-- One line per expense paid: its date, the expense account it debits, the amount before taxes and the
-- ITBIS paid.
CREATE TABLE lineas_gasto_menor (
  tenant_id integer NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_gasto_menor uuid NOT NULL,
  orden integer NOT NULL,
  fecha_de_emision date NOT NULL,
  id_cuenta uuid NOT NULL,
  importe numeric(14, 2) NOT NULL CHECK (importe > 0),
  impuestos numeric(14, 2) NOT NULL DEFAULT 0 CHECK (impuestos >= 0),
  nota text NOT NULL DEFAULT '',
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_gasto_menor) REFERENCES gastos_menores (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta) REFERENCES cuentas_contables (tenant_id, id)
);
CREATE INDEX lineas_gasto_menor_gasto ON lineas_gasto_menor (tenant_id, id_gasto_menor, orden);
CREATE INDEX lineas_gasto_menor_cuenta ON lineas_gasto_menor (tenant_id, id_cuenta);
