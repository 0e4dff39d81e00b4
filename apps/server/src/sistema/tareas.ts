import { type Endpoint, type ResultadoDeTarea, tareasProgramadas } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { rutaPorLotes } from '../http/handle.ts';
import { crearFacturasRecurrentes } from '../modules/facturasRecurrentes/generacion.ts';
import { tareaEstadoDeCuentaDelTenant } from '../modules/registro/tarea.ts';
import { TENANT_OPERADOR } from './empresasIniciales.ts';

/**
 * A task of the whole installation (spec 002 §7 "Configuration": `cron-tareas/…`): run by the server's
 * own clock and on demand by the operator. `ejecutar` must be safe to run twice at once or again after a
 * crash (each task makes its writes idempotent); the lock only spares the repeated work.
 */
export type TareaProgramada = {
  endpoint: Endpoint;
  ejecutar(db: BaseDeDatos, ahora: Date): Promise<Record<string, number>>;
};

/** Every scheduled task, in the order the clock runs them. */
export const TAREAS: TareaProgramada[] = [
  { endpoint: tareasProgramadas.crearFacturasRecurrentes, ejecutar: crearFacturasRecurrentes },
  // After the invoices: a subscription invoice billed today counts in its company's balance.
  tareaEstadoDeCuentaDelTenant,
];

/** Runs one task unless another run (this server or another of the same database) holds it. */
export async function ejecutarTarea(
  db: BaseDeDatos,
  tarea: TareaProgramada,
  ahora: Date = new Date(),
): Promise<ResultadoDeTarea> {
  const nombre = tarea.endpoint.path;
  const corrida = await db.conBloqueo(`tarea:${nombre}`, () => tarea.ejecutar(db, ahora));
  return { tarea: nombre, ejecutada: corrida.obtenido, resumen: corrida.obtenido ? corrida.valor : {} };
}

/**
 * `GET /cron-tareas/…`: only an operator user who may register companies (tenant 2,
 * crearInstanciaDelSistema) may start a task by hand; the task then works on every company.
 */
export function tareasRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  for (const tarea of TAREAS) {
    rutaPorLotes(app, db, tarea.endpoint, { sesion: true }, async (sesion) => {
      if (sesion.tenantId !== TENANT_OPERADOR || !sesion.usuario.crearInstanciaDelSistema) {
        throw new AppError(
          'prohibido',
          'Solo el operador de la plataforma puede ejecutar las tareas programadas.',
        );
      }
      return ejecutarTarea(db, tarea);
    });
  }
}

/**
 * The server's clock: every task at start and then every `cadaMinutos` (TAREAS_CADA_MINUTOS, 60 by
 * default; 0 turns it off, for a deployment where an outside scheduler calls the routes). A failure is
 * logged and the next tick tries again. Returns the function that stops it.
 */
export function iniciarTareasProgramadas(
  db: BaseDeDatos,
  cadaMinutos: number,
  registrar: (mensaje: string) => void = console.error,
): () => void {
  if (cadaMinutos <= 0) {
    return () => undefined;
  }
  const correr = async () => {
    for (const tarea of TAREAS) {
      try {
        await ejecutarTarea(db, tarea);
      } catch (error) {
        registrar(`La tarea ${tarea.endpoint.path} falló: ${(error as Error).message}`);
      }
    }
  };
  const primera = setTimeout(() => void correr(), 5_000);
  const reloj = setInterval(() => void correr(), cadaMinutos * 60_000);
  primera.unref();
  reloj.unref();
  return () => {
    clearTimeout(primera);
    clearInterval(reloj);
  };
}
