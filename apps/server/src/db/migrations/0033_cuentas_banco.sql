-- Bank accounts and transfers between them (spec 002 §2 "Banks", §3 "Bank account", §7 "Banks and
-- reconciliation"; docs/accounting.md «Cuentas de banco y transferencias»). A bank account is a detail
-- account of the chart's banks group: its balance (saldoTotal) is that account's balance in the
-- journal, never a stored total. The opening balance is a journal entry (tipo_documento
-- 'cuentaDeBanco'); monto_inicial and fecha_inicial keep what it posted.
CREATE TABLE cuentas_banco (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  nombre text NOT NULL CHECK (btrim(nombre) <> ''),
  numero_de_cuenta text NOT NULL DEFAULT '',
  monto_inicial numeric(14, 2) NOT NULL DEFAULT 0,
  fecha_inicial date NOT NULL,
  id_cuenta_contable uuid NOT NULL,
  activo boolean NOT NULL DEFAULT true,
  id_usuario_creador uuid,
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_contable) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX cuentas_banco_identificador_unico ON cuentas_banco (tenant_id, identificador_unico);
-- One bank per ledger account: two banks on one account would share (and double) one balance.
CREATE UNIQUE INDEX cuentas_banco_cuenta_contable ON cuentas_banco (tenant_id, id_cuenta_contable);

-- A transfer between two of the company's bank accounts: one balanced journal entry through the
-- bridge account ('transferenciasBancarias'; tipo_documento 'transferenciaBancaria').
CREATE TABLE transferencias_bancarias (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  id_cuenta_origen uuid NOT NULL,
  id_cuenta_destino uuid NOT NULL,
  monto numeric(14, 2) NOT NULL CHECK (monto > 0),
  fecha date NOT NULL,
  nota text NOT NULL DEFAULT '',
  id_usuario_creador uuid,
  creado_por text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (id_cuenta_origen <> id_cuenta_destino),
  FOREIGN KEY (tenant_id, id_cuenta_origen) REFERENCES cuentas_banco (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_destino) REFERENCES cuentas_banco (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX transferencias_bancarias_identificador_unico
  ON transferencias_bancarias (tenant_id, identificador_unico);
CREATE INDEX transferencias_bancarias_origen ON transferencias_bancarias (tenant_id, id_cuenta_origen, fecha DESC);
CREATE INDEX transferencias_bancarias_destino ON transferencias_bancarias (tenant_id, id_cuenta_destino, fecha DESC);

-- The bridge account of transfers for the companies that already exist: 1.1.01.07 «Traspasos entre
-- cuentas bancarias» under their cash group 1.1.01, and its assignment. A company whose chart has no
-- 1.1.01 or already uses that code gets neither: the transfer then refuses with the assignment's
-- message until the user assigns an account (Configuración › Asignación de cuentas contables). The
-- migrating role owns these tables; with forced row-level security it would see no company's rows,
-- so the forcing is lifted for the insert (migrate.ts forces it again after every run, and so does
-- the end of this script).
ALTER TABLE cuentas_contables NO FORCE ROW LEVEL SECURITY;
ALTER TABLE asignacion_cuentas_contables NO FORCE ROW LEVEL SECURITY;

INSERT INTO cuentas_contables (tenant_id, id, id_padre, codigo_de_cuenta, nombre, tipo, naturaleza, categoria, orden)
SELECT p.tenant_id, gen_random_uuid(), p.id, '1.1.01.07', 'Traspasos entre cuentas bancarias',
       p.tipo, p.naturaleza, p.categoria,
       (SELECT count(*) FROM cuentas_contables h WHERE h.tenant_id = p.tenant_id AND h.id_padre = p.id AND h.activo)
FROM cuentas_contables p
WHERE p.codigo_de_cuenta = '1.1.01' AND p.activo
  AND NOT EXISTS (SELECT 1 FROM cuentas_contables o
                  WHERE o.tenant_id = p.tenant_id AND o.codigo_de_cuenta = '1.1.01.07' AND o.activo);

INSERT INTO asignacion_cuentas_contables (tenant_id, clave, id_cuenta)
SELECT c.tenant_id, 'transferenciasBancarias', c.id
FROM cuentas_contables c
WHERE c.codigo_de_cuenta = '1.1.01.07' AND c.nombre = 'Traspasos entre cuentas bancarias' AND c.activo
ON CONFLICT (tenant_id, clave) DO NOTHING;

ALTER TABLE cuentas_contables FORCE ROW LEVEL SECURITY;
ALTER TABLE asignacion_cuentas_contables FORCE ROW LEVEL SECURITY;
