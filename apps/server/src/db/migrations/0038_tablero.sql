-- The dashboard (/inicio, docs/reports.md «Tablero»): receivables and payables are the few documents
-- still owed. These partial indexes hold only the invoices and purchases not paid in full when they were
-- made, so the dashboard's balances read those instead of every sale of the company (most POS sales are
-- paid at the counter). What receipts applied later is read per row from the ledger
-- (aplicaciones_de_cartera_destino).
CREATE INDEX facturas_por_cobrar ON facturas (tenant_id, vencimiento)
  WHERE estado = 'Activo' AND cobrado < monto_a_pagar;
CREATE INDEX compras_por_pagar ON compras (tenant_id, vencimiento)
  WHERE estado = 'Activo' AND pagado < monto_a_pagar;
