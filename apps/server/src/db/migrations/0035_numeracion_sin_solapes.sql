-- Credit notes numbered like the other documents: the number is unique within its numbering, not the
-- printed comprobante across the company (0021 made notas_de_credito_comprobante unique per company; 0030
-- moved quotations, conduces, purchases, purchase orders and debit notes to (tenant_id, id_numeracion,
-- numero), as invoices, receipts in, payments out and minor expenses already were). Two internal credit
-- note numberings with the same prefix may both start at 1.
--
-- Fiscal ranges that cross (two B04 numberings sharing numbers) are refused by the numbering module on
-- create and edit, under a per-company and NCF-type advisory lock (modules/numeracion/service.ts,
-- exigirRangoLibre), not by a constraint here: a company's ranges that already cross must not make this
-- migration fail, and the check only guards new writes.
DROP INDEX notas_de_credito_comprobante;
CREATE UNIQUE INDEX notas_de_credito_numero ON notas_de_credito (tenant_id, id_numeracion, numero);
