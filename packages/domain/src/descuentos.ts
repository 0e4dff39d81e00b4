import type { Monto } from './dinero.ts';
import { exacto, sumar } from './exacto.ts';
import { escalarPrecio } from './precios.ts';
import { aceptar, type Resultado, rechazar } from './resultado.ts';

/** The user's maximum discount percent when none is set (spec 000 §6, 002 §9). */
export const LIMITE_DESCUENTO_POR_DEFECTO = 100;

/** The discount choices offered next to the free value (spec 002 §9). */
export const OPCIONES_DE_DESCUENTO = [5, 10, 15] as const;

/** The spec's message for an invalid global discount or increase (spec 000 §5, 001 §1, 002 §5). */
export function mensajeDescuentoInvalido(limite: number): string {
  return `El descuento no puede ser mayor al ${limite}% ni menor a 0%, ni estar vacio, ni contener letras`;
}

// Spec 000 §5 and §6, 001 §1: a user gives a line at most their limiteDescuento percent, but a
// partner (socio) customer's own descuentoParaSocios is always allowed, also above that limit (choosing
// the customer applies it by itself). Server and browser check a line with this, once.
/** The largest discount fraction a line may carry: limit 10 %, partner 15 % → 0.15; not a partner → 0.1. */
export function descuentoPermitido({
  limiteDescuento,
  socio,
  descuentoParaSocios,
}: {
  readonly limiteDescuento: number;
  readonly socio: boolean;
  readonly descuentoParaSocios: number;
}): number {
  return porcentajeAFraccion(Math.max(limiteDescuento, socio ? descuentoParaSocios : 0));
}

// A client may reach the same fraction by other arithmetic (0.1 * 3 is 0.30000000000000004, 30 / 100 is
// 0.3): an excess that small is a binary artefact, not a larger discount. It is far below the stored
// precision (numeric(9,6)), so no real excess passes.
const TOLERANCIA_DE_DESCUENTO = 1e-9;

/** Whether a line's discount fraction is outside 0..permitido (the fraction from descuentoPermitido). */
export function descuentoFueraDeLimite(descuento: number, permitido: number): boolean {
  return !(descuento >= 0) || descuento > permitido + TOLERANCIA_DE_DESCUENTO;
}

// Spec 000 §5, 001 §1, 002 §5: a whole number from 0 to limiteDescuento, step 1; anything
// else (empty, letters, decimals, negative, over the limit) gets the spec's message.
/** Validates a global discount (or increase) percent and returns it as a fraction (10 → 0.1). */
export function validarDescuentoGlobal(
  valor: string | number,
  limiteDescuento: number = LIMITE_DESCUENTO_POR_DEFECTO,
): Resultado<number> {
  const texto = String(valor).trim();
  const porcentaje = Number(texto);
  if (!/^\d+$/.test(texto) || porcentaje > limiteDescuento) {
    return rechazar(mensajeDescuentoInvalido(limiteDescuento));
  }
  return aceptar(porcentajeAFraccion(porcentaje));
}

// Spec 000 §9, 002 §9: discounts are stored as fractions; a percent is divided by 100.
/** Converts a percent to the stored fraction: 15 → 0.15. */
export function porcentajeAFraccion(porcentaje: number): number {
  return porcentaje / 100;
}

// Spec 000 §5, 001 §1: the value is applied as a fraction to every line; 0 removes it.
/** Sets the same discount fraction on every line. */
export function aplicarDescuentoGlobal<T extends { readonly descuento?: number }>(
  lineas: readonly T[],
  fraccion: number,
): T[] {
  return lineas.map((linea) => ({ ...linea, descuento: fraccion }));
}

// Spec 001 §1: the global price increase uses the same maximum. The spec does not say on what
// it applies; it is taken on the line's default price, so applying it twice does not compound
// and 0 restores the default price (docs/domain.md).
/** Raises every line's price by a fraction of its default price (0.05 → 5% over precioPredeterminado). */
export function aplicarAumentoGlobal<
  T extends { readonly precio: Monto; readonly precioPredeterminado: Monto },
>(lineas: readonly T[], fraccion: number): T[] {
  const factor = sumar({ n: 1n, d: 1n }, exacto(fraccion));
  return lineas.map((linea) => ({ ...linea, precio: escalarPrecio(linea.precioPredeterminado, factor) }));
}

// Spec 000 §5, 001 §1: choosing a partner (socio) customer gives each line with a partner
// discount that discount (a percent); a non-partner has those discounts reset to 0.
/** Applies or removes partner discounts on the lines that have one. */
export function aplicarDescuentoDeSocio<
  T extends { readonly descuento?: number; readonly descuentoParaSocios?: number },
>(lineas: readonly T[], socio: boolean): T[] {
  return lineas.map((linea) => {
    const porcentaje = linea.descuentoParaSocios ?? 0;
    if (porcentaje <= 0) {
      return linea;
    }
    return { ...linea, descuento: socio ? porcentajeAFraccion(porcentaje) : 0 };
  });
}
