import { type Monto, redondear } from './dinero.ts';
import { dividir, type Exacto, escaladoATexto, escalar, exacto, multiplicar, sumar } from './exacto.ts';
import { type Impuesto, tasaTotal } from './impuestos.ts';

const UNO: Exacto = { n: 1n, d: 1n };

// Spec 000 §5: price with tax is rounded to 2 decimals.
/** The unit price with tax, rounded to 2 decimals: ("84.745762711865", ITBIS 18%) → 100. */
export function precioConImpuesto(precio: Monto, impuestos: readonly Impuesto[]): number {
  return redondear(multiplicar(exacto(precio), sumar(UNO, tasaTotal(impuestos))));
}

// Architecture invariant 3 (precioSinImpuestoSinRedondeo): see textoDePrecio for why the last
// decimal is rounded away from zero.
/** The unit price before tax of a shelf price with tax: 100 at ITBIS 18% → "84.745762711865". */
export function precioSinImpuesto(precioConImpuesto: Monto, impuestos: readonly Impuesto[]): string {
  return textoDePrecio(dividir(exacto(precioConImpuesto), sumar(UNO, tasaTotal(impuestos))));
}

// Spec 000 §4, 002 §3: a variant adds its valor to the line price (the price before tax).
/** The unit price plus the valor of each chosen variant. */
export function precioConVariantes(precio: Monto, variantes: readonly { readonly valor: number }[]): string {
  return textoDePrecio(
    variantes.reduce((suma, variante) => sumar(suma, exacto(variante.valor)), exacto(precio)),
  );
}

/** A unit price scaled by a factor, e.g. 0.9 for a 10% list discount or 1.05 for a 5% increase. */
export function escalarPrecio(precio: Monto, factor: Exacto): string {
  return textoDePrecio(multiplicar(exacto(precio), factor));
}

// A unit price is kept as text with up to 12 decimals, the last one rounded away from zero:
// quantity × price × (1 + rate) is then never below the shelf price P × quantity and, being
// less than a billionth of a cent above it, always rounds back to it (docs/domain.md).
/** An exact unit price as decimal text with at most 12 decimals (trailing zeros dropped). */
export function textoDePrecio(precio: Exacto): string {
  const texto = escaladoATexto(escalar(precio, 12, 'alejando'), 12);
  return texto.replace(/\.?0+$/, '');
}
