import { aCentavos, type Centavos, centavosAExacto } from './dinero.ts';
import { dividir, exacto, multiplicar } from './exacto.ts';
import { aceptar, type Resultado, rechazar } from './resultado.ts';

/** A withholding type as configured (spec 002 §3 "Withholding type"): `isr` or an ITBIS kind. */
export type TipoDeRetencion = { readonly tipoRetencion: string; readonly porcentaje: number };

/** The document amounts a withholding is taken from. */
export type BaseDeRetencion = { readonly subtotal: Centavos; readonly itbis: Centavos };

/** Message shown when an ITBIS withholding is applied to a document without ITBIS (spec 001 §5). */
export const MENSAJE_SIN_ITBIS = 'No hay itbis para aplicar retencion';

// Spec 001 §5, 002 §5: ISR = subtotal × percentage / 100; other types = ITBIS total ×
// percentage / 100; with no ITBIS the other types are refused.
/** The amount withheld, in cents, or the refusal when an ITBIS withholding finds no ITBIS. */
export function calcularRetencion(tipo: TipoDeRetencion, base: BaseDeRetencion): Resultado<Centavos> {
  const esIsr = tipo.tipoRetencion.trim().toLowerCase() === 'isr';
  if (!esIsr && base.itbis === 0) {
    return rechazar(MENSAJE_SIN_ITBIS);
  }
  const monto = centavosAExacto(esIsr ? base.subtotal : base.itbis);
  return aceptar(aCentavos(multiplicar(monto, dividir(exacto(tipo.porcentaje), exacto(100)))));
}
