/** The business time zone (spec 000 §9). */
export const ZONA_HORARIA = 'America/Santo_Domingo';

// The Dominican Republic keeps UTC−4 all year (no daylight saving time), so the calendar date is
// read with Intl in the zone and the offset is written as a constant.
/** The UTC offset of Santo Domingo, written into every range end. */
export const DESFASE_SANTO_DOMINGO = '-04:00';

/** Report date presets (spec 000 §9): 0 yesterday … 7 previous year. */
export type PresetDeReporte = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A date range as ISO instants with Santo Domingo's offset. */
export type RangoDeFechas = { readonly fechaInicial: string; readonly fechaFinal: string };

const partesEnZona = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONA_HORARIA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const formatoFecha = new Intl.DateTimeFormat('es-DO', {
  timeZone: ZONA_HORARIA,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const formatoFechaHora = new Intl.DateTimeFormat('es-DO', {
  timeZone: ZONA_HORARIA,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});
const SOLO_FECHA = /^\d{4}-\d{2}-\d{2}$/;
const DIA_MS = 86_400_000;

// Spec 000 §9: the current-time helper works in America/Santo_Domingo, whatever the machine's zone.
/** The date ('YYYY-MM-DD') and time ('HH:mm:ss') of an instant in Santo Domingo. */
export function fechaYHoraEnSantoDomingo(instante: Date): { readonly fecha: string; readonly hora: string } {
  const partes = Object.fromEntries(
    partesEnZona.formatToParts(instante).map((parte) => [parte.type, parte.value]),
  );
  return {
    fecha: `${partes.year}-${partes.month}-${partes.day}`,
    hora: `${partes.hour}:${partes.minute}:${partes.second}`,
  };
}

/** Today's date (YYYY-MM-DD) in Santo Domingo, at `instante` (now by default). */
export function hoyEnSantoDomingo(instante: Date = new Date()): string {
  return fechaYHoraEnSantoDomingo(instante).fecha;
}

// Spec 000 §9: presets by code, weeks Monday to Sunday, ranges 00:00:00 to 23:59:59 (the end
// carries .999 so that the whole last second is inside the range).
/** The range of a report preset (0 yesterday, 1 today, 2-3 this/last week, 4-5 month, 6-7 year). */
export function rangoDeReporte(preset: PresetDeReporte, ahora: Date): RangoDeFechas {
  const hoy = Date.parse(`${fechaYHoraEnSantoDomingo(ahora).fecha}T00:00:00Z`);
  const dia = new Date(hoy);
  const anio = dia.getUTCFullYear();
  const mes = dia.getUTCMonth();
  const lunes = hoy - ((dia.getUTCDay() + 6) % 7) * DIA_MS;
  const rangos: Record<PresetDeReporte, [number, number]> = {
    0: [hoy - DIA_MS, hoy - DIA_MS],
    1: [hoy, hoy],
    2: [lunes, lunes + 6 * DIA_MS],
    3: [lunes - 7 * DIA_MS, lunes - DIA_MS],
    4: [Date.UTC(anio, mes, 1), Date.UTC(anio, mes + 1, 0)],
    5: [Date.UTC(anio, mes - 1, 1), Date.UTC(anio, mes, 0)],
    6: [Date.UTC(anio, 0, 1), Date.UTC(anio, 11, 31)],
    7: [Date.UTC(anio - 1, 0, 1), Date.UTC(anio - 1, 11, 31)],
  };
  const [inicio, fin] = rangos[preset];
  return rangoDeFechas(textoDeDia(inicio), textoDeDia(fin));
}

// Spec 000 §5, 002 §9: date-range ends are set to 23:59:59.
/** The range from the start of one day to the end of another, in Santo Domingo. */
export function rangoDeFechas(desde: string, hasta: string): RangoDeFechas {
  return {
    fechaInicial: `${desde}T00:00:00.000${DESFASE_SANTO_DOMINGO}`,
    fechaFinal: `${hasta}T23:59:59.999${DESFASE_SANTO_DOMINGO}`,
  };
}

// Spec 000 §5, 001 §1: a due date holding only a date gets T12:00:00 appended, so that no
// time zone moves it to another day.
/** Appends 'T12:00:00' to a date-only value; other values are returned unchanged. */
export function agregarMediodia(fecha: string): string {
  return SOLO_FECHA.test(fecha) ? `${fecha}T12:00:00` : fecha;
}

// Spec 000 §9, 002 §1: dates are shown in the Dominican locale.
/** Formats a date as es-DO shows it ('15/03/2024'); a date-only text is that calendar day. */
export function formatearFecha(fecha: Date | string): string {
  return formatoFecha.format(instante(fecha));
}

/** Formats a date and time as es-DO shows it, in Santo Domingo ('15/03/2024, 02:30 p. m.'). */
export function formatearFechaHora(fecha: Date | string): string {
  return formatoFechaHora.format(instante(fecha));
}

function instante(fecha: Date | string): Date {
  return typeof fecha === 'string' && SOLO_FECHA.test(fecha)
    ? new Date(`${agregarMediodia(fecha)}${DESFASE_SANTO_DOMINGO}`)
    : new Date(fecha);
}

function textoDeDia(milisegundos: number): string {
  return new Date(milisegundos).toISOString().slice(0, 10);
}
