import {
  aCentavos,
  formatearDinero,
  formatearFecha,
  formatearFechaHora,
  type Monto,
  ZONA_HORARIA,
} from '@pos/domain';

// The one place the screens format numbers and dates (es-DO, DOP, America/Santo_Domingo), on top of the
// domain's rules.
/** Money as RD$1,234.56 from any amount. */
export function dinero(valor: Monto): string {
  return formatearDinero(aCentavos(valor));
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
