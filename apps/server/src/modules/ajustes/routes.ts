import { ajustesInventario, reportesDeProductos } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { ajustesDelProducto, documentosDelProducto, TIPOS_DE_COMPRA, TIPOS_DE_VENTA } from './reportes.ts';
import {
  actualizarAjuste,
  crearAjuste,
  eliminarAjuste,
  listarAjustes,
  obtenerAjuste,
  productoACero,
} from './service.ts';

// The adjustments report (/reportes/r-ajustes-inventario) and the inventory value and stock reports are
// report declarations: modules/reportes registers their calls and exports.
export async function ajustesRoutes(app: FastifyInstance, db: BaseDeDatos): Promise<void> {
  const ver = { modulo: 'ajusteInventario', accion: 'ver' } as const;
  const crear = { modulo: 'ajusteInventario', accion: 'crear' } as const;
  const modificar = { modulo: 'ajusteInventario', accion: 'modificar' } as const;
  ruta(app, db, ajustesInventario.todos, ver, (ctx, { body }) => listarAjustes(ctx, body));
  ruta(app, db, ajustesInventario.uno, ver, (ctx, { body }) => obtenerAjuste(ctx, body._id));
  ruta(app, db, ajustesInventario.crear, crear, (ctx, { body }) => crearAjuste(ctx, body));
  ruta(app, db, ajustesInventario.actualizar, modificar, (ctx, { params, body }) =>
    actualizarAjuste(ctx, params.id, body),
  );
  ruta(app, db, ajustesInventario.eliminar, modificar, (ctx, { params }) => eliminarAjuste(ctx, params.id));
  ruta(app, db, ajustesInventario.productoACero, modificar, (ctx, { body }) => productoACero(ctx, body));

  // The product reports of spec 002 §7 "Products" live under /registro-productos/ (the productos
  // module registers the other paths of that prefix): a product's documents, for the product screens.
  const productos = { modulo: 'productos', accion: 'ver' } as const;
  ruta(app, db, reportesDeProductos.facturas, productos, (ctx, { body }) =>
    documentosDelProducto(ctx, body, TIPOS_DE_VENTA),
  );
  ruta(app, db, reportesDeProductos.compras, productos, (ctx, { body }) =>
    documentosDelProducto(ctx, body, TIPOS_DE_COMPRA),
  );
  ruta(app, db, reportesDeProductos.ajustes, productos, (ctx, { body }) => ajustesDelProducto(ctx, body));
}
