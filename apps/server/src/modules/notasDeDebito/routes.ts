import { notasDeDebitoApi } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { actualizarNotaDeDebito, anularNotaDeDebito, eliminarNotaDeDebito } from './cambios.ts';
import { crearNotaDeDebito } from './crear.ts';
import { devueltoDeLaCompra, listarNotasDeDebito, obtenerNotaDeDebito } from './lectura.ts';

// Spec 001 §7 "Debit notes"; permissions of the module 'notasDeDebito' (spec 002 §3 privileges).
export function notasDeDebitoRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const api = notasDeDebitoApi;
  const permiso = (accion: 'ver' | 'crear' | 'modificar') => ({ modulo: 'notasDeDebito', accion }) as const;
  ruta(app, db, api.crear, permiso('crear'), (ctx, { body }) => crearNotaDeDebito(ctx, body));
  ruta(app, db, api.todas, permiso('ver'), (ctx, { body }) => listarNotasDeDebito(ctx, body));
  ruta(app, db, api.devuelto, permiso('ver'), (ctx, { params, query }) =>
    devueltoDeLaCompra(ctx, params.idCompra, query.excepto ?? null),
  );
  ruta(app, db, api.una, permiso('ver'), (ctx, { params }) => obtenerNotaDeDebito(ctx, params.id));
  ruta(app, db, api.actualizar, permiso('modificar'), (ctx, { params, body }) =>
    actualizarNotaDeDebito(ctx, params.id, body),
  );
  // Any user who sees debit notes may ask for a cancellation; the flow decides direct or request.
  ruta(app, db, api.anular, permiso('ver'), (ctx, { params, body }) =>
    anularNotaDeDebito(ctx, params.id, body),
  );
  ruta(app, db, api.eliminar, permiso('modificar'), (ctx, { params }) =>
    eliminarNotaDeDebito(ctx, params.id),
  );
}
