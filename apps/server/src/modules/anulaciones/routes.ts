import { anulaciones } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { listarSolicitudes } from './service.ts';

export function anulacionesRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  // Spec 000 §2: the audit screen (/auditorias/auditorias) is the auditorias module.
  ruta(app, db, anulaciones.solicitudes, { modulo: 'auditorias', accion: 'ver' }, (ctx, { body }) =>
    listarSolicitudes(ctx, body),
  );
}
