import {
  aCentavos,
  formatearCantidad,
  formatearDinero,
  formatearFecha,
  formatearFechaHora,
  formatearImporte,
  formatearNumero,
  formatearPorcentaje,
  type Monto,
  ZONA_HORARIA,
} from '@pos/domain';

// The one place the screens format numbers and dates (es-DO, DOP, America/Santo_Domingo), on top of the
// domain's rules.
/** Money as RD$1,234.56 from any amount. */
export function dinero(valor: Monto): string {
  return formatearDinero(aCentavos(valor));
}

const formatoCorto = new Intl.NumberFormat('es-DO', { notation: 'compact', maximumFractionDigits: 1 });

/** Money in few characters, for a chart's axis: RD$950 · RD$12.5 k · RD$1.2 M (never for a total). */
export function dineroCorto(valor: number): string {
  return `RD$${formatoCorto.format(valor)}`;
}

/** An amount with its 2 decimals and no currency sign (1,234.50), rounded by the domain's rule. */
export function importe(valor: Monto): string {
  return formatearImporte(aCentavos(valor));
}

/** A number as es-DO writes it, with up to `decimales` decimals (none by default): 12,345 · 2.5. */
export function numero(valor: number, decimales = 0): string {
  return formatearNumero(valor, 0, decimales);
}

/** A number with exactly `decimales` decimals: 0.25 · 1.250. */
export function numeroConDecimales(valor: number, decimales: number): string {
  return formatearNumero(valor, decimales, decimales);
}

/** A quantity as es-DO writes it, up to 4 decimals: 1,250.5 · 0.125 · 12. */
export function cantidad(valor: number): string {
  return formatearCantidad(valor);
}

/** «1 unidad», «2.5 unidades». */
export function unidades(valor: number): string {
  return `${cantidad(valor)} ${valor === 1 ? 'unidad' : 'unidades'}`;
}

/** A percent given as a fraction, as stored (discounts, tax rates): 0.075 → «7.5%». */
export function porcentajeDeFraccion(fraccion: number): string {
  return formatearPorcentaje(fraccion);
}

/** A percent given as such (limiteDescuento, descuentoParaSocios): 7.5 → «7.5%». */
export function porcentaje(valor: number): string {
  return formatearPorcentaje(valor / 100);
}

/** A date as the Dominican locale shows it, in Santo Domingo time. */
export function fecha(valor: Date | string): string {
  return formatearFecha(valor);
}

/** A date and time as the Dominican locale shows it, in Santo Domingo time. */
export function fechaHora(valor: Date | string): string {
  return formatearFechaHora(valor);
}

const formatoEnLetras = new Intl.DateTimeFormat('es-DO', { dateStyle: 'full', timeZone: ZONA_HORARIA });

/** A date in words, in Santo Domingo: «domingo, 22 de noviembre de 2026». */
export function fechaEnLetras(valor: Date): string {
  return formatoEnLetras.format(valor);
}
