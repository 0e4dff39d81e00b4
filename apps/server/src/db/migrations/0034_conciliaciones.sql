-- Bank reconciliations (spec 002 §2 "Banks", §3 "Reconciliation", §4, §5, §7 "Banks and
-- reconciliation"; docs/accounting.md «Conciliación bancaria»). A reconciliation compares one bank
-- account's movements — the journal lines on its ledger account — with the bank's statement for a
-- period. saldo_inicial is the previous closed reconciliation's statement balance (the account's
-- opening balance for the first); the totals of the verified movements are kept when it closes.
-- Row-level security is forced on both tables by migrate.ts, like every tenant table.
CREATE TABLE conciliaciones (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_cuenta_banco uuid NOT NULL,
  fecha_inicio date NOT NULL,
  fecha_fin date NOT NULL,
  saldo_inicial numeric(14, 2) NOT NULL,
  saldo_final_del_estado numeric(14, 2) NOT NULL,
  ingresos_bancarios numeric(14, 2) NOT NULL DEFAULT 0 CHECK (ingresos_bancarios >= 0),
  gastos_bancarios numeric(14, 2) NOT NULL DEFAULT 0 CHECK (gastos_bancarios >= 0),
  total_ingresos_verificados numeric(14, 2) NOT NULL DEFAULT 0,
  total_egresos_verificados numeric(14, 2) NOT NULL DEFAULT 0,
  estado text NOT NULL DEFAULT 'Abierta' CHECK (estado IN ('Abierta', 'Cerrada')),
  cerrada_en timestamptz,
  id_usuario_creador uuid,
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (fecha_fin >= fecha_inicio),
  CHECK ((estado = 'Cerrada') = (cerrada_en IS NOT NULL)),
  FOREIGN KEY (tenant_id, id_cuenta_banco) REFERENCES cuentas_banco (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
-- One open reconciliation per account at a time (two concurrent openings: the loser gets the
-- message of http/errors.ts INDICES_UNICOS).
CREATE UNIQUE INDEX conciliaciones_una_abierta ON conciliaciones (tenant_id, id_cuenta_banco)
  WHERE estado = 'Abierta';
CREATE INDEX conciliaciones_cuenta ON conciliaciones (tenant_id, id_cuenta_banco, fecha_fin DESC);

-- The verified movements: one row per journal line ticked in a reconciliation. A line is in at most
-- one reconciliation (the unique index), so it belongs to at most one closed reconciliation and a
-- closed one keeps exactly the lines it was closed with.
CREATE TABLE movimientos_conciliados (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id_conciliacion uuid NOT NULL,
  id_linea uuid NOT NULL,
  verificado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id_conciliacion, id_linea),
  FOREIGN KEY (tenant_id, id_conciliacion) REFERENCES conciliaciones (tenant_id, id),
  FOREIGN KEY (tenant_id, id_linea) REFERENCES lineas_asiento (tenant_id, id)
);
CREATE UNIQUE INDEX movimientos_conciliados_linea ON movimientos_conciliados (tenant_id, id_linea);
