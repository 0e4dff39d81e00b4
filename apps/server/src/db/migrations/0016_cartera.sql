-- The receivables and payables ledger (cartera; docs/payments.md, spec 001 §3 "Receipt in", §4, §7).
-- What a document owes is its own amount less what was paid with it and what later documents applied
-- to it: a receipt in to an invoice today, later credit notes, credits in favour and payments out to
-- purchases. Each application is a row here, written only by modules/cartera (aplicar, revertir); the
-- owed document's module adds them when it reads its balance, so no module writes another's table.
-- Targets and sources are named by type and id (no foreign keys: they are of several tables); cartera
-- locks the target row before it applies, so the target exists and is never over-applied.
-- A cancelled source does not delete its applications: they are marked revertida_en, so the ledger
-- keeps what was applied and when it was taken back (a statement at a past date needs both), like the
-- journal's reversing entries and the stock ledger's reversing movements.
CREATE TABLE aplicaciones_de_cartera (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  lado text NOT NULL CHECK (lado IN ('cobrar', 'pagar')),
  tipo_destino text NOT NULL,
  id_destino uuid NOT NULL,
  tipo_origen text NOT NULL,
  id_origen uuid NOT NULL,
  monto numeric(14, 2) NOT NULL CHECK (monto > 0),
  -- The source document's date (what a statement at a date reads).
  fecha date NOT NULL,
  -- How the money came, when the source moved money (a receipt's formaDePago); the invoice lists it.
  metodo text CHECK (metodo IN ('Efectivo', 'Tarjeta', 'Tarjeta-Debito', 'Transferencia', 'Cheque')),
  referencia text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  revertida_en timestamptz,
  PRIMARY KEY (tenant_id, id)
);
-- A target's balance sums its applications in force (every invoice read, list and credit check).
CREATE INDEX aplicaciones_de_cartera_destino ON aplicaciones_de_cartera (tenant_id, tipo_destino, id_destino)
  INCLUDE (monto) WHERE revertida_en IS NULL;
-- A source's applications, to revert them.
CREATE INDEX aplicaciones_de_cartera_origen ON aplicaciones_de_cartera (tenant_id, tipo_origen, id_origen);

-- Existing data: the payments receipts recorded on invoices (pagos_factura with id_ingreso, migration
-- 0013) become applications with the same id, and leave facturas.cobrado, which from now on holds
-- only what was paid at the sale. A receipt cancelled before this migration left no payment behind,
-- so it has nothing to move. The migrating role owns these tables: with forced row-level security it
-- would see no company's rows, so the forcing is lifted for the move (migrate.ts forces it again
-- after every run, and so does the end of this script).
ALTER TABLE facturas NO FORCE ROW LEVEL SECURITY;
ALTER TABLE pagos_factura NO FORCE ROW LEVEL SECURITY;
ALTER TABLE ingresos_recibidos NO FORCE ROW LEVEL SECURITY;

INSERT INTO aplicaciones_de_cartera (tenant_id, id, lado, tipo_destino, id_destino, tipo_origen, id_origen,
                                     monto, fecha, metodo, referencia, creado_en)
SELECT p.tenant_id, p.id, 'cobrar', 'factura', p.id_factura, 'ingreso', p.id_ingreso,
       p.monto, i.fecha_de_emision, p.metodo, p.numero_de_aprobacion, p.fecha
FROM pagos_factura p
JOIN ingresos_recibidos i ON i.tenant_id = p.tenant_id AND i.id = p.id_ingreso
WHERE p.id_ingreso IS NOT NULL;

UPDATE facturas f SET cobrado = f.cobrado - s.monto
FROM (SELECT tenant_id, id_factura, sum(monto) AS monto FROM pagos_factura
      WHERE id_ingreso IS NOT NULL GROUP BY tenant_id, id_factura) s
WHERE f.tenant_id = s.tenant_id AND f.id = s.id_factura;

DELETE FROM pagos_factura WHERE id_ingreso IS NOT NULL;
-- pagos_factura is the invoice's own again (what was paid at the sale); its key to receipts goes.
ALTER TABLE pagos_factura DROP COLUMN id_ingreso;

ALTER TABLE facturas FORCE ROW LEVEL SECURITY;
ALTER TABLE pagos_factura FORCE ROW LEVEL SECURITY;
ALTER TABLE ingresos_recibidos FORCE ROW LEVEL SECURITY;
