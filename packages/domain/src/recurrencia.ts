/** How often a recurring invoice repeats (spec 001 §3 "Recurring invoice": frecuencia × frecuenciaTipo). */
export type TipoDeFrecuencia = 'day' | 'week' | 'month' | 'year';

export type Recurrencia = {
  /** First invoice date, YYYY-MM-DD. */
  readonly fechaDeInicio: string;
  /** Last date an invoice may carry (inclusive), or null: until it is cancelled. */
  readonly fechaVigencia: string | null;
  readonly frecuencia: number;
  readonly frecuenciaTipo: TipoDeFrecuencia;
};

const DIA_MS = 86_400_000;

function aUtc(fecha: string): Date {
  return new Date(`${fecha}T00:00:00Z`);
}

function aTexto(fecha: Date): string {
  return fecha.toISOString().slice(0, 10);
}

function diasDelMes(anio: number, mes: number): number {
  return new Date(Date.UTC(anio, mes + 1, 0)).getUTCDate();
}

/**
 * The date of period `n` (0 = the start). Months and years count from the start date, not from the
 * previous period, and a day the month lacks becomes its last day: 31 Jan → 28/29 Feb → 31 Mar, and
 * 29 Feb → 28 Feb in the years without it.
 */
export function fechaDelPeriodo(recurrencia: Recurrencia, n: number): string {
  const inicio = aUtc(recurrencia.fechaDeInicio);
  const paso = recurrencia.frecuencia * n;
  if (recurrencia.frecuenciaTipo === 'day' || recurrencia.frecuenciaTipo === 'week') {
    const dias = recurrencia.frecuenciaTipo === 'day' ? paso : paso * 7;
    return aTexto(new Date(inicio.getTime() + dias * DIA_MS));
  }
  const meses = recurrencia.frecuenciaTipo === 'month' ? paso : paso * 12;
  const totalMeses = inicio.getUTCMonth() + meses;
  const anio = inicio.getUTCFullYear() + Math.floor(totalMeses / 12);
  const mes = totalMeses % 12;
  const dia = Math.min(inicio.getUTCDate(), diasDelMes(anio, mes));
  return aTexto(new Date(Date.UTC(anio, mes, dia)));
}

/**
 * The periods due by `hoy` (YYYY-MM-DD, in Santo Domingo) from period `desde` on, at most `maximo`
 * (a long-idle recurring invoice catches up in bounded steps): each `{ periodo, fecha }` with a date
 * not after today nor after fechaVigencia.
 */
export function periodosVencidos(
  recurrencia: Recurrencia,
  desde: number,
  hoy: string,
  maximo: number,
): { periodo: number; fecha: string }[] {
  const vencidos: { periodo: number; fecha: string }[] = [];
  for (let periodo = desde; vencidos.length < maximo; periodo += 1) {
    const fecha = fechaDelPeriodo(recurrencia, periodo);
    if (fecha > hoy || (recurrencia.fechaVigencia !== null && fecha > recurrencia.fechaVigencia)) {
      break;
    }
    vencidos.push({ periodo, fecha });
  }
  return vencidos;
}

/** The next invoice date from period `periodo`, or null when the recurrence has ended (fechaVigencia). */
export function proximaFecha(recurrencia: Recurrencia, periodo: number): string | null {
  const fecha = fechaDelPeriodo(recurrencia, periodo);
  return recurrencia.fechaVigencia !== null && fecha > recurrencia.fechaVigencia ? null : fecha;
}
