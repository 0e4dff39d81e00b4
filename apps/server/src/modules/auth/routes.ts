import { auth } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { cerrarSesion, iniciarSesion } from './service.ts';

export function authRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  ruta(app, db, auth.login, { publico: true }, (ctx, { body }) => iniciarSesion(ctx, body));
  ruta(app, db, auth.logout, { sesion: true }, (ctx) => cerrarSesion(ctx));
  ruta(app, db, auth.validarToken, { sesion: true }, async () => ({ valido: true as const }));
}
