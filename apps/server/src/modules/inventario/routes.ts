import { almacenes, areasDeProduccion, categorias, lugaresDeAsignacion, secciones } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { rutasDeMaestro } from '../../http/rutasDeMaestro.ts';
import {
  actualizarAlmacen,
  actualizarAreaDeProduccion,
  actualizarCategoria,
  actualizarLugarDeAsignacion,
  actualizarSeccion,
  crearAlmacen,
  crearAreaDeProduccion,
  crearCategoria,
  crearLugarDeAsignacion,
  crearSeccion,
  eliminarAlmacen,
  eliminarAreaDeProduccion,
  eliminarCategoria,
  eliminarLugarDeAsignacion,
  eliminarSeccion,
  listaCategorias,
  listarAlmacenes,
  listarAreasDeProduccion,
  listarCategorias,
  listarLugaresDeAsignacion,
  listarSecciones,
  listarTodosLosLugaresDeAsignacion,
  obtenerAlmacen,
  obtenerAlmacenPrincipal,
  obtenerAreaDeProduccion,
  obtenerCategoria,
  obtenerLugarDeAsignacion,
  obtenerSeccion,
  validarEliminarAlmacen,
  validarEliminarLugar,
} from './service.ts';

export function inventarioRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  rutasDeMaestro(app, db, almacenes, 'almacenes', {
    listar: listarAlmacenes,
    obtener: obtenerAlmacen,
    crear: crearAlmacen,
    actualizar: actualizarAlmacen,
    eliminar: eliminarAlmacen,
  });
  ruta(app, db, almacenes.principal, { sesion: true }, (ctx) => obtenerAlmacenPrincipal(ctx));
  ruta(app, db, almacenes.validarEliminar, { sesion: true }, (ctx, { params }) =>
    validarEliminarAlmacen(ctx, params.id),
  );

  rutasDeMaestro(app, db, lugaresDeAsignacion, 'lugarDeAsignacion', {
    listar: listarLugaresDeAsignacion,
    obtener: obtenerLugarDeAsignacion,
    crear: crearLugarDeAsignacion,
    actualizar: actualizarLugarDeAsignacion,
    eliminar: eliminarLugarDeAsignacion,
  });
  ruta(app, db, lugaresDeAsignacion.todos, { sesion: true }, (ctx) => listarTodosLosLugaresDeAsignacion(ctx));
  ruta(app, db, lugaresDeAsignacion.validarEliminar, { sesion: true }, (ctx, { params }) =>
    validarEliminarLugar(ctx, params.id),
  );

  rutasDeMaestro(app, db, categorias, 'categorias', {
    listar: listarCategorias,
    obtener: obtenerCategoria,
    crear: crearCategoria,
    actualizar: actualizarCategoria,
    eliminar: eliminarCategoria,
  });
  ruta(app, db, categorias.listaCategorias, { sesion: true }, (ctx, { body }) => listaCategorias(ctx, body));

  rutasDeMaestro(app, db, secciones, 'secciones', {
    listar: listarSecciones,
    obtener: obtenerSeccion,
    crear: crearSeccion,
    actualizar: actualizarSeccion,
    eliminar: eliminarSeccion,
  });

  rutasDeMaestro(app, db, areasDeProduccion, 'areasDeProduccion', {
    listar: listarAreasDeProduccion,
    obtener: obtenerAreaDeProduccion,
    crear: crearAreaDeProduccion,
    actualizar: actualizarAreaDeProduccion,
    eliminar: eliminarAreaDeProduccion,
  });
}
