import { ordenesDeCompraApi } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import {
  actualizarOrdenDeCompra,
  anularOrdenDeCompra,
  crearOrdenDeCompra,
  eliminarOrdenDeCompra,
  listarOrdenesDeCompra,
  obtenerOrdenDeCompra,
  ordenesDelProveedor,
  ordenParaVincular,
} from './service.ts';

export function ordenesDeCompraRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const api = ordenesDeCompraApi;
  const permiso = (accion: 'ver' | 'crear' | 'modificar') => ({ modulo: 'ordenesDeCompra', accion }) as const;
  ruta(app, db, api.crear, permiso('crear'), (ctx, { body }) => crearOrdenDeCompra(ctx, body));
  ruta(app, db, api.actualizar, permiso('modificar'), (ctx, { params, body }) =>
    actualizarOrdenDeCompra(ctx, params.id, body),
  );
  ruta(app, db, api.todas, permiso('ver'), (ctx, { body }) => listarOrdenesDeCompra(ctx, body));
  ruta(app, db, api.una, permiso('ver'), (ctx, { params }) => obtenerOrdenDeCompra(ctx, params.id));
  // Any user who sees orders may ask for a cancellation; the kit decides direct or request.
  ruta(app, db, api.anular, permiso('ver'), (ctx, { params, body }) =>
    anularOrdenDeCompra(ctx, params.id, body),
  );
  ruta(app, db, api.eliminar, permiso('modificar'), (ctx, { params }) =>
    eliminarOrdenDeCompra(ctx, params.id),
  );
  // A purchase's form reads the supplier's orders with the purchase's rights too (spec 001 §7 "Purchases").
  const verParaComprar = {
    alguno: [
      { modulo: 'ordenesDeCompra', accion: 'ver' },
      { modulo: 'compras', accion: 'crear' },
    ],
  } as const;
  ruta(app, db, api.delProveedor, verParaComprar, (ctx, { params }) => ordenesDelProveedor(ctx, params.id));
  ruta(app, db, api.paraVincular, verParaComprar, (ctx, { params }) => ordenParaVincular(ctx, params.id));
}
