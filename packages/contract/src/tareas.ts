import { z } from 'zod';
import { SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';

/**
 * What a run of a scheduled task did (spec 002 §7 "Configuration" names the calls, not their answers):
 * `ejecutada` false when another run held the task; `resumen` counts what it did (facturasCreadas…).
 */
export const ResultadoDeTarea = z.object({
  tarea: z.string(),
  ejecutada: z.boolean(),
  resumen: z.record(z.string(), z.number()),
});
export type ResultadoDeTarea = z.infer<typeof ResultadoDeTarea>;

const tarea = (path: string) =>
  endpoint({
    method: 'GET',
    path,
    body: Vacio,
    params: SinParams,
    respuesta: ResultadoDeTarea,
    // A GET that writes (invoices, plan states): refused in read mode like any write.
    efecto: 'escribe',
  });

// Spec 002 §7 "Configuration": `GET cron-tareas/crear-facturas-recurrentes` and the other `cron-tareas/…`.
export const tareasProgramadas = {
  crearFacturasRecurrentes: tarea('/cron-tareas/crear-facturas-recurrentes'),
  estadoDeCuentaDelTenant: tarea('/cron-tareas/estado-de-cuenta-del-tenant'),
};
