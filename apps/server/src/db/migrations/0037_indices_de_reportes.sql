-- Reports for a month (docs/reports.md «Rendimiento de los reportes», measured by bench/reportes.bench.ts):
-- the DGII 606 and the payables by period read a company's purchases of some days. compras_lista leads
-- with estado, so a query for every state but Anulado (fiscal-do.md §3: the 606 lists what is in force)
-- read every purchase of the company; this index reads only the month's.
CREATE INDEX compras_fecha ON compras (tenant_id, fecha_emision);
