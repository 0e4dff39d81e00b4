import type { FiltroDePeriodo } from '@pos/contract';
import { DESFASE_SANTO_DOMINGO, fechaYHoraEnSantoDomingo, rangoDeReporte } from '@pos/domain';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from './errors.ts';

/** The days a list or report covers (AAAA-MM-DD, Santo Domingo, both inclusive); absent = open. */
export type Dias = { desde?: string; hasta?: string };

/** Reads `periodo` / `fechaInicial` / `fechaFinal` (contract FiltroDePeriodo) as days. */
export function diasDelFiltro(filtro: FiltroDePeriodo, ahora = new Date()): Dias {
  if (filtro.fechaInicial || filtro.fechaFinal) {
    if (filtro.fechaInicial && filtro.fechaFinal && filtro.fechaInicial > filtro.fechaFinal) {
      throw new AppError('solicitud_invalida', 'La fecha inicial no puede ser posterior a la final', {
        errores: [{ campo: 'fechaFinal', mensaje: 'La fecha inicial no puede ser posterior a la final' }],
      });
    }
    return {
      ...(filtro.fechaInicial ? { desde: filtro.fechaInicial } : {}),
      ...(filtro.fechaFinal ? { hasta: filtro.fechaFinal } : {}),
    };
  }
  if (filtro.periodo === null || filtro.periodo === undefined) {
    return {};
  }
  const rango = rangoDeReporte(filtro.periodo as Parameters<typeof rangoDeReporte>[0], ahora);
  return { desde: rango.fechaInicial.slice(0, 10), hasta: rango.fechaFinal.slice(0, 10) };
}

/** A list's condition keeping a date column within `dias`; null when they are open on both sides. */
export function entreDias(columna: SQL, dias: Dias): SQL | null {
  if (dias.desde && dias.hasta) {
    return sql`${columna} between ${dias.desde}::date and ${dias.hasta}::date`;
  }
  if (dias.desde) {
    return sql`${columna} >= ${dias.desde}::date`;
  }
  return dias.hasta ? sql`${columna} <= ${dias.hasta}::date` : null;
}

/** The instants that bound `dias` in Santo Domingo (for timestamptz columns). */
export function instantesDeDias(dias: Dias): { desde?: string; hasta?: string } {
  return {
    ...(dias.desde ? { desde: `${dias.desde}T00:00:00.000${DESFASE_SANTO_DOMINGO}` } : {}),
    ...(dias.hasta ? { hasta: `${dias.hasta}T23:59:59.999${DESFASE_SANTO_DOMINGO}` } : {}),
  };
}

/** The lines a report prints under its title for the days it covers. */
export function textoDeDias(dias: Dias): string {
  const f = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;
  if (dias.desde && dias.hasta) {
    return `Desde ${f(dias.desde)} hasta ${f(dias.hasta)}`;
  }
  if (dias.desde) {
    return `Desde ${f(dias.desde)}`;
  }
  if (dias.hasta) {
    return `Hasta ${f(dias.hasta)}`;
  }
  return 'Todas las fechas';
}

/** Today's date and time in Santo Domingo. */
export function ahoraEnSantoDomingo(): { fecha: string; hora: string } {
  return fechaYHoraEnSantoDomingo(new Date());
}
