import { empresa } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { actualizarConfiguracionGeneral, estadoDelPlan, obtenerConfiguracionGeneral } from './service.ts';

export function empresasRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  ruta(app, db, empresa.apiTest, { publico: true }, (ctx) => estadoDelPlan(ctx));
  // Every screen needs the company's phone, logo and scale-barcode setting, so reading needs only a session.
  ruta(app, db, empresa.obtenerGeneral, { sesion: true }, (ctx) => obtenerConfiguracionGeneral(ctx));
  ruta(
    app,
    db,
    empresa.actualizarGeneral,
    { modulo: 'configuracionGeneral', accion: 'modificar' },
    (ctx, { body }) => actualizarConfiguracionGeneral(ctx, body),
  );
}
