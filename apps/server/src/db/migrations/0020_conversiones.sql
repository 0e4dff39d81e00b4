-- Conversions to an invoice (spec 001 §2, §4, §5): a quotation, several quotations or pre-invoice
-- delivery notes become a new invoice, which records where it came from; each source records the
-- invoice that billed it, so it is billed once and is free again when that invoice is cancelled.
-- Each module writes only its own table: the invoice its `documentos_de_origen` (a snapshot of
-- [{tipo, id, comprobante}], kept after a cancellation for the audit trail) and the lines that came from
-- a conduce (`id_linea_conduce`: those move no stock, the conduce already did); the quotation and the
-- conduce their `id_factura` (for a pre-invoice conduce: the invoice that billed it; for a post-invoice
-- one, as before, the invoice it delivers).
ALTER TABLE facturas ADD COLUMN documentos_de_origen jsonb NOT NULL DEFAULT '[]';
ALTER TABLE lineas_factura ADD COLUMN id_linea_conduce uuid;

ALTER TABLE cotizaciones ADD COLUMN id_factura uuid;
ALTER TABLE cotizaciones ADD FOREIGN KEY (tenant_id, id_factura) REFERENCES facturas (tenant_id, id);
CREATE INDEX cotizaciones_factura ON cotizaciones (tenant_id, id_factura) WHERE id_factura IS NOT NULL;
