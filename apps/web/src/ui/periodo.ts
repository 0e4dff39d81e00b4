import type { FiltroDePeriodo } from '@pos/contract';
import { type PresetDeReporte, rangoDeReporte } from '@pos/domain';
import { fecha } from './formato.ts';

/** The date filter of a list or report: everything, a preset of spec 002 §7, or chosen days. */
export type Periodo =
  | { tipo: 'todo' }
  | { tipo: 'preset'; preset: PresetDeReporte }
  | { tipo: 'rango'; desde: string | null; hasta: string | null };

// Spec 002 §7 "Reports": date presets by code, 0 yesterday … 7 previous year.
export const PRESETS: Array<{ preset: PresetDeReporte; titulo: string }> = [
  { preset: 1, titulo: 'Hoy' },
  { preset: 0, titulo: 'Ayer' },
  { preset: 2, titulo: 'Esta semana' },
  { preset: 3, titulo: 'Semana pasada' },
  { preset: 4, titulo: 'Este mes' },
  { preset: 5, titulo: 'Mes pasado' },
  { preset: 6, titulo: 'Este año' },
  { preset: 7, titulo: 'Año pasado' },
];

/** The select's value of a period ('todo', '0'…'7', 'rango'). */
export function claveDePeriodo(periodo: Periodo): string {
  return periodo.tipo === 'preset' ? String(periodo.preset) : periodo.tipo;
}

/** The period a select value stands for (a new range starts empty). */
export function periodoDeClave(clave: string): Periodo {
  if (clave === 'todo') {
    return { tipo: 'todo' };
  }
  if (clave === 'rango') {
    return { tipo: 'rango', desde: null, hasta: null };
  }
  return { tipo: 'preset', preset: Number(clave) as PresetDeReporte };
}

/** The body fields the server reads (`periodo`, or `fechaInicial`..`fechaFinal`; contract FiltroDePeriodo). */
export function filtroDePeriodo(periodo: Periodo): FiltroDePeriodo {
  switch (periodo.tipo) {
    case 'todo':
      return {};
    case 'preset':
      return { periodo: periodo.preset };
    case 'rango':
      return {
        ...(periodo.desde ? { fechaInicial: periodo.desde } : {}),
        ...(periodo.hasta ? { fechaFinal: periodo.hasta } : {}),
      };
  }
}

/** The days a period covers, as the screen shows them («01/11/2026 al 30/11/2026»); '' for everything. */
export function textoDelPeriodo(periodo: Periodo, ahora: Date = new Date()): string {
  if (periodo.tipo === 'todo') {
    return '';
  }
  if (periodo.tipo === 'rango') {
    if (periodo.desde && periodo.hasta) {
      return `${fecha(periodo.desde)} al ${fecha(periodo.hasta)}`;
    }
    return periodo.desde
      ? `Desde el ${fecha(periodo.desde)}`
      : periodo.hasta
        ? `Hasta el ${fecha(periodo.hasta)}`
        : '';
  }
  const { fechaInicial, fechaFinal } = rangoDeReporte(periodo.preset, ahora);
  const desde = fechaInicial.slice(0, 10);
  const hasta = fechaFinal.slice(0, 10);
  return desde === hasta ? fecha(desde) : `${fecha(desde)} al ${fecha(hasta)}`;
}
