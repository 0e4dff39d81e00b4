-- Receipts in completed (spec 001 §3 "Receipt in", §7 "Receipts in").
-- A line keeps what the form showed of its invoice when the receipt was written (or last edited), as it
-- keeps balancePendiente: what the invoice had collected (`cobrado`: at the sale, by receipts and by
-- credits in favour), what credit notes had applied to it (`monto_nota_de_credito_ref`) and the
-- customer's RNC on the invoice (`rnc_cliente`). `credito_a_favor` is what of the line became a credit
-- in favour (the part above the invoice's pending, or the whole of an advance line); the receipt's
-- `generar_credito_a_favor` is the switch that allows it.
ALTER TABLE lineas_ingreso ADD COLUMN cobrado numeric(14, 2) NOT NULL DEFAULT 0;
ALTER TABLE lineas_ingreso ADD COLUMN monto_nota_de_credito_ref numeric(14, 2) NOT NULL DEFAULT 0;
ALTER TABLE lineas_ingreso ADD COLUMN rnc_cliente text NOT NULL DEFAULT '';
ALTER TABLE lineas_ingreso ADD COLUMN credito_a_favor numeric(14, 2) NOT NULL DEFAULT 0
  CHECK (credito_a_favor >= 0 AND credito_a_favor <= importe);
ALTER TABLE ingresos_recibidos ADD COLUMN generar_credito_a_favor boolean NOT NULL DEFAULT false;
