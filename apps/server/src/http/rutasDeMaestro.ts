import type { Endpoint, Modulo } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { BaseDeDatos } from '../db/client.ts';
import { type Acceso, type CtxConSesion, ruta } from './handle.ts';

type EndpointsDeMaestro = {
  listar: Endpoint;
  obtener: Endpoint;
  crear: Endpoint;
  cambiar: Endpoint;
  eliminar: Endpoint;
};

type Respuesta<E extends Endpoint> = Promise<z.input<E['respuesta']>>;

export type ServicioDeMaestro<E extends EndpointsDeMaestro> = {
  listar(ctx: CtxConSesion, consulta: z.output<NonNullable<E['listar']['query']>>): Respuesta<E['listar']>;
  obtener(ctx: CtxConSesion, id: string): Respuesta<E['obtener']>;
  crear(ctx: CtxConSesion, entrada: z.output<E['crear']['body']>): Respuesta<E['crear']>;
  actualizar(ctx: CtxConSesion, id: string, entrada: z.output<E['cambiar']['body']>): Respuesta<E['cambiar']>;
  eliminar(ctx: CtxConSesion, id: string): Respuesta<E['eliminar']>;
};

/**
 * Registers the five calls of a master-data family. Writing needs the module's flag (crear / modificar;
 * deleting counts as modificar, as for users). Reading needs only a session unless `lectura` says otherwise:
 * every document offers these items in its selectors, so a cashier without the taxes module still invoices
 * with ITBIS.
 */
export function rutasDeMaestro<E extends EndpointsDeMaestro>(
  app: FastifyInstance,
  db: BaseDeDatos,
  endpoints: E,
  modulo: Modulo,
  servicio: ServicioDeMaestro<E>,
  lectura: Acceso = { sesion: true },
): void {
  const leer = lectura as { sesion: true };
  const params = (entrada: { params: unknown }) => (entrada.params as { id: string }).id;
  ruta(app, db, endpoints.listar, leer, (ctx, { query }) => servicio.listar(ctx, query as never));
  ruta(app, db, endpoints.obtener, leer, (ctx, entrada) => servicio.obtener(ctx, params(entrada)));
  ruta(app, db, endpoints.crear, { modulo, accion: 'crear' }, (ctx, { body }) =>
    servicio.crear(ctx, body as never),
  );
  ruta(app, db, endpoints.cambiar, { modulo, accion: 'modificar' }, (ctx, entrada) =>
    servicio.actualizar(ctx, params(entrada), entrada.body as never),
  );
  ruta(app, db, endpoints.eliminar, { modulo, accion: 'modificar' }, (ctx, entrada) =>
    servicio.eliminar(ctx, params(entrada)),
  );
}
