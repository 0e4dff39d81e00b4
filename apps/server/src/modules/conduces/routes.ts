import { conducesApi } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import {
  actualizarConduce,
  anularConduce,
  conduceParaFactura,
  conducesDelCliente,
  crearConduce,
  eliminarConduce,
  lineasDeConduces,
  listarConduces,
  obtenerConduce,
} from './service.ts';

export function conducesRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const api = conducesApi;
  const permiso = (accion: 'ver' | 'crear' | 'modificar') => ({ modulo: 'conduces', accion }) as const;
  ruta(app, db, api.crear, permiso('crear'), (ctx, { body }) => crearConduce(ctx, body));
  ruta(app, db, api.actualizar, permiso('modificar'), (ctx, { params, body }) =>
    actualizarConduce(ctx, params.id, body),
  );
  ruta(app, db, api.todos, permiso('ver'), (ctx, { body }) => listarConduces(ctx, body));
  // Any user who sees conduces may ask for a cancellation; the kit decides direct or request.
  ruta(app, db, api.anular, permiso('ver'), (ctx, { params, body }) => anularConduce(ctx, params.id, body));
  ruta(app, db, api.eliminar, permiso('modificar'), (ctx, { params }) => eliminarConduce(ctx, params.id));
  // Bringing conduces into an invoice reads them with the invoice's rights too (spec 001 §2, §7).
  const verParaFacturar = {
    alguno: [
      { modulo: 'conduces', accion: 'ver' },
      { modulo: 'facturas', accion: 'crear' },
    ],
  } as const;
  ruta(app, db, api.delCliente, verParaFacturar, (ctx, { params }) => conducesDelCliente(ctx, params.id));
  ruta(app, db, api.paraFactura, verParaFacturar, (ctx, { params }) => conduceParaFactura(ctx, params.id));
  ruta(app, db, api.lineas, verParaFacturar, (ctx, { body }) => lineasDeConduces(ctx, body));
  ruta(app, db, api.uno, permiso('ver'), (ctx, { params }) => obtenerConduce(ctx, params.id));
}
