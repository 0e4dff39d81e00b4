import { contactos } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta, rutaPorLotes } from '../../http/handle.ts';
import { importacionRncRoutes } from './importacionRnc.routes.ts';
import { consultarRnc } from './rnc.ts';
import {
  actualizarContacto,
  buscarContactosPorFuncion,
  crearContacto,
  eliminarContacto,
  listarContactos,
  obtenerContacto,
  sincronizarContactos,
  todosLosContactos,
  validarExistenciaDeDocumentos,
} from './service.ts';

export function contactosRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const ver = { modulo: 'clientes', accion: 'ver' } as const;
  const crear = { modulo: 'clientes', accion: 'crear' } as const;
  const modificar = { modulo: 'clientes', accion: 'modificar' } as const;
  ruta(app, db, contactos.listar, ver, (ctx, { body }) => listarContactos(ctx, body));
  ruta(app, db, contactos.todos, ver, (ctx) => todosLosContactos(ctx));
  ruta(app, db, contactos.obtener, ver, (ctx, { params }) => obtenerContacto(ctx, params.id));
  ruta(app, db, contactos.crear, crear, (ctx, { body }) => crearContacto(ctx, body));
  ruta(app, db, contactos.actualizar, modificar, (ctx, { params, body }) =>
    actualizarContacto(ctx, params.id, body),
  );
  ruta(app, db, contactos.validarExistencia, ver, (ctx, { params }) =>
    validarExistenciaDeDocumentos(ctx, params.id),
  );
  ruta(app, db, contactos.eliminar, modificar, (ctx, { params }) => eliminarContacto(ctx, params.id));
  // Delivery notes pick their driver from here, so any signed-in user may search by role.
  ruta(app, db, contactos.buscarPorFuncion, { sesion: true }, (ctx, { body }) =>
    buscarContactosPorFuncion(ctx, body.funcion),
  );
  rutaPorLotes(app, db, contactos.sincronizar, crear, (sesion, { body }) =>
    sincronizarContactos(sesion, body),
  );
  // The client form fills the name from the RNC: any signed-in user.
  ruta(app, db, contactos.rncInfo, { sesion: true }, (ctx, { params }) => consultarRnc(ctx, params.rnc));
  importacionRncRoutes(app, db);
}
