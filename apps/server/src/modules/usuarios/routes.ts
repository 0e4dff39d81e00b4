import { usuarios } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import {
  actualizarUsuario,
  crearUsuario,
  desbloquearUsuario,
  eliminarUsuario,
  listarUsuarios,
  obtenerPerfil,
  obtenerUsuario,
} from './service.ts';

export function usuariosRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  ruta(app, db, usuarios.perfil, { sesion: true }, (ctx) => obtenerPerfil(ctx));
  ruta(app, db, usuarios.listar, { modulo: 'usuarios', accion: 'ver' }, (ctx) => listarUsuarios(ctx));
  ruta(app, db, usuarios.crear, { modulo: 'usuarios', accion: 'crear' }, (ctx, { body }) =>
    crearUsuario(ctx, body),
  );
  ruta(app, db, usuarios.obtener, { modulo: 'usuarios', accion: 'ver' }, (ctx, { params }) =>
    obtenerUsuario(ctx, params.id),
  );
  ruta(app, db, usuarios.actualizar, { modulo: 'usuarios', accion: 'modificar' }, (ctx, { params, body }) =>
    actualizarUsuario(ctx, params.id, body),
  );
  ruta(app, db, usuarios.eliminar, { modulo: 'usuarios', accion: 'modificar' }, (ctx, { params }) =>
    eliminarUsuario(ctx, params.id),
  );
  ruta(app, db, usuarios.desbloquear, { modulo: 'usuarios', accion: 'modificar' }, (ctx, { params }) =>
    desbloquearUsuario(ctx, params.id),
  );
}
