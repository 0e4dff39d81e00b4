import { tablero } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { cifrasDelTablero, productosDestacados } from './service.ts';

// The dashboard (/inicio): anyone signed in may open it, and each figure follows its module's right
// (the service leaves out what the user may not see). The best sellers are a sales figure.
export function tableroRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  ruta(app, db, tablero.cifras, { sesion: true }, (ctx, { body }) => cifrasDelTablero(ctx, body));
  ruta(
    app,
    db,
    tablero.productosDestacados,
    {
      alguno: [
        { modulo: 'facturas', accion: 'ver' },
        { modulo: 'reportes', accion: 'ver' },
      ],
    },
    (ctx, { body }) => productosDestacados(ctx, body),
  );
}
