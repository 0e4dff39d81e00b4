import { despachosApi } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import {
  anularConduceDespacho,
  conducesDeLaFactura,
  crearConduceDespacho,
  eliminarConduceDespacho,
  listarConducesDespacho,
  listarConducesDespachoAnulados,
  obtenerConduceDespacho,
  unConduceDespacho,
} from './service.ts';

// Spec 001 §7 "Dispatch notes"; the permission module is the delivery notes' one ('conduces').
export function despachosRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const api = despachosApi;
  const permiso = (accion: 'ver' | 'crear' | 'modificar') => ({ modulo: 'conduces', accion }) as const;
  ruta(app, db, api.crear, permiso('crear'), (ctx, { body }) => crearConduceDespacho(ctx, body));
  ruta(app, db, api.todos, permiso('ver'), (ctx, { body }) => listarConducesDespacho(ctx, body));
  ruta(app, db, api.anulados, permiso('ver'), (ctx, { body }) => listarConducesDespachoAnulados(ctx, body));
  ruta(app, db, api.deLaFactura, permiso('ver'), (ctx, { params }) =>
    conducesDeLaFactura(ctx, params.idFactura),
  );
  ruta(app, db, api.unConduce, permiso('ver'), (ctx, { params }) => unConduceDespacho(ctx, params.id));
  // Any user who sees dispatch notes may ask for a cancellation; the flow decides direct or request.
  ruta(app, db, api.anular, permiso('ver'), (ctx, { params, body }) =>
    anularConduceDespacho(ctx, params.id, body),
  );
  ruta(app, db, api.eliminar, permiso('modificar'), (ctx, { params }) =>
    eliminarConduceDespacho(ctx, params.id),
  );
  ruta(app, db, api.uno, permiso('ver'), (ctx, { params }) => obtenerConduceDespacho(ctx, params.id));
}
