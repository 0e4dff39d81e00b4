-- A document's number is unique within its numbering, not across the company (each kit
-- family numbers from the numbering the user chose, gapless, tomarNumero): two numberings of the same kind
-- may both start at 1 (e.g. two B11 purchase numberings, or a new internal prefix), and their documents
-- must not collide. 0017, 0018, 0025, 0026 and 0027 made the kit families' comprobante unique per company;
-- here each becomes (tenant_id, id_numeracion, numero), as invoices (0008), receipts in (0013), payments
-- out (0028) and minor expenses (0029) already are.
DROP INDEX compras_comprobante;
CREATE UNIQUE INDEX compras_numero ON compras (tenant_id, id_numeracion, numero);

DROP INDEX cotizaciones_comprobante;
CREATE UNIQUE INDEX cotizaciones_numero ON cotizaciones (tenant_id, id_numeracion, numero);

DROP INDEX conduces_comprobante;
CREATE UNIQUE INDEX conduces_numero ON conduces (tenant_id, id_numeracion, numero);

DROP INDEX ordenes_de_compra_comprobante;
CREATE UNIQUE INDEX ordenes_de_compra_numero ON ordenes_de_compra (tenant_id, id_numeracion, numero);

DROP INDEX notas_de_debito_comprobante;
CREATE UNIQUE INDEX notas_de_debito_numero ON notas_de_debito (tenant_id, id_numeracion, numero);
