import { gastosMenores } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { actualizarGastoMenor, anularGastoMenor, eliminarGastoMenor } from './cambios.ts';
import { crearGastoMenor } from './crear.ts';
import { listarGastosMenores, obtenerGastoMenor } from './lectura.ts';

/** Registers the minor-expense routes (spec 001 §7 "Minor expenses"; privilege `gastoMenor`). */
export function gastosMenoresRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const ver = { modulo: 'gastoMenor', accion: 'ver' } as const;
  ruta(app, db, gastosMenores.todos, ver, (ctx, { body }) => listarGastosMenores(ctx, body));
  ruta(app, db, gastosMenores.uno, ver, (ctx, { params }) => obtenerGastoMenor(ctx, params.id));
  ruta(app, db, gastosMenores.crear, { modulo: 'gastoMenor', accion: 'crear' }, (ctx, { body }) =>
    crearGastoMenor(ctx, body),
  );
  ruta(app, db, gastosMenores.actualizar, { modulo: 'gastoMenor', accion: 'modificar' }, (ctx, e) =>
    actualizarGastoMenor(ctx, e.params.id, e.body),
  );
  // Any user who can see minor expenses may ask for a cancellation; the service decides direct or
  // request, and refuses a delete to a user who may not cancel directly (docs/documents.md «Eliminar»).
  ruta(app, db, gastosMenores.anular, ver, (ctx, { params, body }) => anularGastoMenor(ctx, params.id, body));
  ruta(app, db, gastosMenores.eliminar, ver, (ctx, { params }) => eliminarGastoMenor(ctx, params.id));
}
