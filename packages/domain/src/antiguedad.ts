// Aging of what a document still owes (cuentas por cobrar y por pagar, docs/reports.md «Cuentas por
// cobrar y por pagar»; the statements of docs/payments.md «Estados de cuenta»). One rule for the
// receivables and payables reports and both statements: days past due, counted on Santo Domingo
// calendar days from the due date to a cut-off, placed in four buckets.

/** The aging buckets, by days past due (a document not yet due is in the first with 0 days). */
export const TRAMOS_DE_ANTIGUEDAD = ['0-30', '31-60', '61-90', '90+'] as const;
export type TramoDeAntiguedad = (typeof TRAMOS_DE_ANTIGUEDAD)[number];

const DIA_MS = 86_400_000;

/** Whole days from `desde` to `hasta` (both AAAA-MM-DD calendar days; negative when `hasta` is earlier). */
export function diasEntre(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / DIA_MS);
}

/** Days past due at `corte` of a document due on `vencimiento` (AAAA-MM-DD); 0 while not yet due. */
export function diasDeAtraso(vencimiento: string, corte: string): number {
  return Math.max(0, diasEntre(vencimiento, corte));
}

/** The bucket of a document `dias` past due: 0–30, 31–60, 61–90, more than 90. */
export function tramoDeAntiguedad(dias: number): TramoDeAntiguedad {
  if (dias <= 30) {
    return '0-30';
  }
  if (dias <= 60) {
    return '31-60';
  }
  if (dias <= 90) {
    return '61-90';
  }
  return '90+';
}

/**
 * The day a report ages to: the end of its period, but never after `hoy` (a period that ends in the
 * future, such as this month, ages to today); no end: today.
 */
export function corteDeAntiguedad(hasta: string | null | undefined, hoy: string): string {
  return hasta && hasta < hoy ? hasta : hoy;
}
