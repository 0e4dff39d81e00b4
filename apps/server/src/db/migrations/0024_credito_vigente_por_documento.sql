-- Credits in favour (spec 001 §3 "Credit in favour", §7; docs/payments.md «Créditos a favor»): a document
-- (a receipt in, a credit note) has at most one credit in force, not one ever. Once its credit is
-- cancelled (the document edited or cancelled, modules/creditos anularCreditosDe) it may make another,
-- keyed '<origen>:<id>:<n>' from the second on (identificador_unico stays unique: it is also an advance's
-- replay key). This index keeps two credits in force of one document impossible whatever happens.
CREATE UNIQUE INDEX creditos_a_favor_origen_vigente ON creditos_a_favor (tenant_id, tipo_origen, id_origen)
  WHERE id_origen IS NOT NULL AND estado <> 'Anulado';
