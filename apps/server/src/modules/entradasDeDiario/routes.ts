import { entradasDeDiario } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import {
  actualizarEntradaDeDiario,
  anularEntradaDeDiario,
  crearEntradaDeDiario,
  eliminarEntradaDeDiario,
  listarEntradasDeDiario,
  obtenerEntradaDeDiario,
} from './service.ts';

/** Registers the manual journal entry routes (spec 002 §7 "Accounting"; privilege `entradaDeDiario`). */
export function entradasDeDiarioRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const ver = { modulo: 'entradaDeDiario', accion: 'ver' } as const;
  ruta(app, db, entradasDeDiario.crear, { modulo: 'entradaDeDiario', accion: 'crear' }, (ctx, { body }) =>
    crearEntradaDeDiario(ctx, body),
  );
  ruta(app, db, entradasDeDiario.todas, ver, (ctx, { body }) => listarEntradasDeDiario(ctx, body));
  // Any user who can see journal entries may ask for a cancellation; the kit's flow decides direct or
  // request, and refuses a delete to a user who may not cancel directly (docs/documents.md «Eliminar»).
  ruta(app, db, entradasDeDiario.anular, ver, (ctx, { body }) => anularEntradaDeDiario(ctx, body));
  ruta(app, db, entradasDeDiario.una, ver, (ctx, { params }) => obtenerEntradaDeDiario(ctx, params.id));
  ruta(
    app,
    db,
    entradasDeDiario.actualizar,
    { modulo: 'entradaDeDiario', accion: 'modificar' },
    (ctx, { params, body }) => actualizarEntradaDeDiario(ctx, params.id, body),
  );
  ruta(app, db, entradasDeDiario.eliminar, ver, (ctx, { params }) => eliminarEntradaDeDiario(ctx, params.id));
}
