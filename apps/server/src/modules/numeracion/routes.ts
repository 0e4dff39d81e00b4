import { numeracion } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import {
  actualizarNumeracion,
  buscarNumeracionPredeterminada,
  crearNumeracion,
  listarNumeraciones,
  numeracionesParaDashboard,
  obtenerNumeracion,
  perfilesDeNumeracion,
} from './service.ts';

export function numeracionRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const ver = { modulo: 'numeraciones', accion: 'ver' } as const;
  ruta(app, db, numeracion.listar, ver, (ctx) => listarNumeraciones(ctx));
  ruta(app, db, numeracion.perfiles, { sesion: true }, async () => perfilesDeNumeracion());
  // Every document screen asks for its default numbering, so a session is enough to read it.
  ruta(app, db, numeracion.predeterminada, { sesion: true }, (ctx, { params }) =>
    buscarNumeracionPredeterminada(ctx, params.documentType),
  );
  ruta(app, db, numeracion.obtener, ver, (ctx, { params }) => obtenerNumeracion(ctx, params.id));
  ruta(app, db, numeracion.crear, { modulo: 'numeraciones', accion: 'crear' }, (ctx, { body }) =>
    crearNumeracion(ctx, body),
  );
  ruta(
    app,
    db,
    numeracion.actualizar,
    { modulo: 'numeraciones', accion: 'modificar' },
    (ctx, { params, body }) => actualizarNumeracion(ctx, params.id, body),
  );
  // The dashboard (/inicio) warns anyone who signs in.
  ruta(app, db, numeracion.dashboard, { sesion: true }, (ctx, { body }) =>
    numeracionesParaDashboard(ctx, body),
  );
}
