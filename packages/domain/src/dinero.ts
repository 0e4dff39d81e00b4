import { type Exacto, escaladoATexto, escalar, exacto } from './exacto.ts';

/** An amount of Dominican pesos in whole cents (an integer). */
export type Centavos = number & { readonly __brand: 'Centavos' };

/** A money input as it arrives: a number, a decimal text, or an exact value. */
export type Monto = number | string | Exacto;

const formatoDop = new Intl.NumberFormat('es-DO', {
  style: 'currency',
  currency: 'DOP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

// Spec 000 §5, 002 §9: rounding to 2 decimals. The only rounding rule (half away from zero),
// worked on the decimal text so that 1.005 becomes 1.01, never 1.00.
/** Converts pesos to whole cents, rounding half away from zero on the exact decimal value. */
export function aCentavos(valor: Monto): Centavos {
  return Number(escalar(exacto(valor), 2)) as Centavos;
}

/** Rounds a peso amount to 2 decimals, half away from zero (1.005 → 1.01, −2.675 → −2.68). */
export function redondear(valor: Monto): number {
  return aPesos(aCentavos(valor));
}

/** Converts cents back to a peso number (12345 → 123.45). */
export function aPesos(centavos: Centavos): number {
  return centavos / 100;
}

/** Writes cents as decimal text with 2 decimals, for `numeric` columns (12345 → "123.45"). */
export function aTextoDecimal(centavos: Centavos): string {
  return escaladoATexto(BigInt(centavos), 2);
}

/** Cents as an exact value, to multiply by rates without leaving exact arithmetic. */
export function centavosAExacto(centavos: Centavos): Exacto {
  return { n: BigInt(centavos), d: 100n };
}

/** Adds amounts in cents. */
export function sumarCentavos(montos: readonly Centavos[]): Centavos {
  let total = 0;
  for (const monto of montos) {
    total += monto;
  }
  return total as Centavos;
}

// Spec 000 §5, 002 §1: money is shown with 2 fixed decimals, locale es-DO, currency DOP.
/** Formats cents as Dominican pesos: 123456 → "RD$1,234.56". */
export function formatearDinero(centavos: Centavos): string {
  return formatoDop.format(aPesos(centavos));
}

const formatoImporte = new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Formats cents without the currency sign, for cells under a heading that names it: 123456 → "1,234.56". */
export function formatearImporte(centavos: Centavos): string {
  return formatoImporte.format(aPesos(centavos));
}
