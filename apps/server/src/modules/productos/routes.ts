import { productos } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import {
  actualizarVentaSinDisponibilidad,
  asignarAlmacenATodos,
  corregirPrecioSinImpuesto,
} from './accionesMasivas.ts';
import { nuevoIdDeVariante } from './campos.ts';
import { codigoOcupado } from './codigos.ts';
import { agregarProductoACompra } from './compra.ts';
import { actualizarProducto, anularProducto, crearProducto, eliminarProducto } from './escritura.ts';
import { obtenerProducto } from './lectura.ts';
import {
  listarFavoritosPorAlmacen,
  listarOfertas,
  listarProductosPorAlmacen,
  listarTodosLosProductos,
  productosParaOffline,
} from './listados.ts';
import { agregarProductoAVenta, convertirLineas } from './venta.ts';

// Spec 002 §7 "Products"; spec 000 §7. Lookups used by sales and purchase documents, the POS and the
// catalogue need only a session (a cashier adds products without the products module); the product
// registry itself needs the `productos` permissions.
export function productosRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const sesion = { sesion: true } as const;
  const ver = { modulo: 'productos', accion: 'ver' } as const;
  const crear = { modulo: 'productos', accion: 'crear' } as const;
  const modificar = { modulo: 'productos', accion: 'modificar' } as const;

  ruta(app, db, productos.crear, crear, (ctx, { body }) => crearProducto(ctx, body));
  ruta(app, db, productos.actualizar, modificar, (ctx, { params, body }) =>
    actualizarProducto(ctx, params.id, body),
  );
  ruta(app, db, productos.codigoOcupado, sesion, (ctx, { params, query }) =>
    codigoOcupado(ctx, params.code, query.idProducto),
  );
  ruta(app, db, productos.obtener, sesion, (ctx, { params }) => obtenerProducto(ctx, params.id));
  ruta(app, db, productos.eliminar, modificar, (ctx, { params }) => eliminarProducto(ctx, params.id));
  ruta(app, db, productos.anular, modificar, (ctx, { params, body }) => anularProducto(ctx, params.id, body));
  ruta(app, db, productos.todos, ver, (ctx, { body }) => listarTodosLosProductos(ctx, body));
  ruta(app, db, productos.porAlmacen, sesion, (ctx, { body }) => listarProductosPorAlmacen(ctx, body));
  ruta(app, db, productos.favoritosPorAlmacen, sesion, (ctx, { body }) =>
    listarFavoritosPorAlmacen(ctx, body),
  );
  ruta(app, db, productos.ofertas, sesion, (ctx, { body }) => listarOfertas(ctx, body));
  // productos.serviciosReservables is public: the reservations module serves it with the booking page's
  // calls (modules/reservaciones/routes.ts).
  ruta(app, db, productos.todosParaOffline, sesion, (ctx) => productosParaOffline(ctx));
  ruta(app, db, productos.agregarProducto, sesion, (ctx, { body }) => agregarProductoAVenta(ctx, body));
  ruta(app, db, productos.agregarProductoCompras, sesion, (ctx, { body }) =>
    agregarProductoACompra(ctx, body),
  );
  ruta(app, db, productos.convertir, sesion, (ctx, { body }) => convertirLineas(ctx, body));
  ruta(app, db, productos.actualizarVentaSinDisponibilidad, modificar, (ctx, { body }) =>
    actualizarVentaSinDisponibilidad(ctx, body.accion),
  );
  ruta(app, db, productos.asignarAlmacenATodos, modificar, (ctx, { body }) =>
    asignarAlmacenATodos(ctx, body?.idAlmacen),
  );
  ruta(app, db, productos.corregirPrecioSinImpuesto, modificar, (ctx) => corregirPrecioSinImpuesto(ctx));
  ruta(app, db, productos.nuevoIdDeVariante, sesion, async () => nuevoIdDeVariante());
}
