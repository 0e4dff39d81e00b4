import { ajustesInventario, reportesDeProductos } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { rutasDeArchivos } from '../../http/exportar.ts';
import { ruta } from '../../http/handle.ts';
import {
  ajustesDelProducto,
  documentosDelProducto,
  exportarExistenciaInventario,
  exportarValorInventario,
  reporteExistenciaInventario,
  reporteValorInventario,
  TIPOS_DE_COMPRA,
  TIPOS_DE_VENTA,
} from './reportes.ts';
import {
  actualizarAjuste,
  crearAjuste,
  eliminarAjuste,
  exportarReporteAjustes,
  listarAjustes,
  obtenerAjuste,
  productoACero,
  reporteAjustes,
} from './service.ts';

export async function ajustesRoutes(app: FastifyInstance, db: BaseDeDatos): Promise<void> {
  const ver = { modulo: 'ajusteInventario', accion: 'ver' } as const;
  const crear = { modulo: 'ajusteInventario', accion: 'crear' } as const;
  const modificar = { modulo: 'ajusteInventario', accion: 'modificar' } as const;
  // /reportes/r-ajustes-inventario (spec 002 §2) is a report screen: the reportes module.
  const reportes = { modulo: 'reportes', accion: 'ver' } as const;
  ruta(app, db, ajustesInventario.todos, ver, (ctx, { body }) => listarAjustes(ctx, body));
  ruta(app, db, ajustesInventario.uno, ver, (ctx, { body }) => obtenerAjuste(ctx, body._id));
  ruta(app, db, ajustesInventario.crear, crear, (ctx, { body }) => crearAjuste(ctx, body));
  ruta(app, db, ajustesInventario.actualizar, modificar, (ctx, { params, body }) =>
    actualizarAjuste(ctx, params.id, body),
  );
  ruta(app, db, ajustesInventario.eliminar, modificar, (ctx, { params }) => eliminarAjuste(ctx, params.id));
  ruta(app, db, ajustesInventario.productoACero, modificar, (ctx, { body }) => productoACero(ctx, body));
  ruta(app, db, ajustesInventario.reporte, reportes, (ctx, { body }) => reporteAjustes(ctx, body));

  // The product reports of spec 002 §7 "Products" live under /registro-productos/ (the productos
  // module registers the other paths of that prefix). A product's documents: the product screens;
  // inventory value and stock: report screens.
  const productos = { modulo: 'productos', accion: 'ver' } as const;
  ruta(app, db, reportesDeProductos.facturas, productos, (ctx, { body }) =>
    documentosDelProducto(ctx, body, TIPOS_DE_VENTA),
  );
  ruta(app, db, reportesDeProductos.compras, productos, (ctx, { body }) =>
    documentosDelProducto(ctx, body, TIPOS_DE_COMPRA),
  );
  ruta(app, db, reportesDeProductos.ajustes, productos, (ctx, { body }) => ajustesDelProducto(ctx, body));
  ruta(app, db, reportesDeProductos.valorInventario, reportes, (ctx, { body }) =>
    reporteValorInventario(ctx, body),
  );
  ruta(app, db, reportesDeProductos.existenciaInventario, reportes, (ctx, { body }) =>
    reporteExistenciaInventario(ctx, body),
  );

  await rutasDeArchivos(app, (archivos) => {
    ruta(archivos, db, ajustesInventario.exportar, reportes, (ctx, { body }) =>
      exportarReporteAjustes(ctx, body),
    );
    ruta(archivos, db, reportesDeProductos.exportarValorInventario, reportes, (ctx, { body }) =>
      exportarValorInventario(ctx, body),
    );
    ruta(archivos, db, reportesDeProductos.exportarExistenciaInventario, reportes, (ctx, { body }) =>
      exportarExistenciaInventario(ctx, body),
    );
  });
}
