import { notasDeCreditoApi } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { actualizarNotaDeCredito, anularNotaDeCredito, eliminarNotaDeCredito } from './cambios.ts';
import { crearNotaDeCredito } from './crear.ts';
import {
  devueltoDeLaFactura,
  disponibleDelCliente,
  listarNotasDeCredito,
  obtenerNotaDeCredito,
} from './lectura.ts';

// Spec 001 §7 "Credit notes"; permissions of the module 'notasDeCredito' (spec 002 §3 privileges).
export function notasDeCreditoRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const api = notasDeCreditoApi;
  const permiso = (accion: 'ver' | 'crear' | 'modificar') => ({ modulo: 'notasDeCredito', accion }) as const;
  ruta(app, db, api.crear, permiso('crear'), (ctx, { body }) => crearNotaDeCredito(ctx, body));
  ruta(app, db, api.todas, permiso('ver'), (ctx, { body }) => listarNotasDeCredito(ctx, body));
  ruta(app, db, api.disponibleDelCliente, permiso('ver'), (ctx, { body }) =>
    disponibleDelCliente(ctx, body.idCliente),
  );
  ruta(app, db, api.devuelto, permiso('ver'), (ctx, { params, query }) =>
    devueltoDeLaFactura(ctx, params.idFactura, query.excepto ?? null),
  );
  ruta(app, db, api.una, permiso('ver'), (ctx, { params }) => obtenerNotaDeCredito(ctx, params.id));
  ruta(app, db, api.actualizar, permiso('modificar'), (ctx, { params, body }) =>
    actualizarNotaDeCredito(ctx, params.id, body),
  );
  // Any user who sees credit notes may ask for a cancellation; the flow decides direct or request.
  ruta(app, db, api.anular, permiso('ver'), (ctx, { params, body }) =>
    anularNotaDeCredito(ctx, params.id, body),
  );
  ruta(app, db, api.eliminar, permiso('modificar'), (ctx, { params }) =>
    eliminarNotaDeCredito(ctx, params.id),
  );
}
