import { cotizacionesApi } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import {
  actualizarCotizacion,
  anularCotizacion,
  cotizacionesDelCliente,
  crearCotizacion,
  eliminarCotizacion,
  lineasDeCotizaciones,
  listarCotizaciones,
  obtenerCotizacion,
} from './service.ts';

export function cotizacionesRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const api = cotizacionesApi;
  const permiso = (accion: 'ver' | 'crear' | 'modificar') => ({ modulo: 'cotizaciones', accion }) as const;
  ruta(app, db, api.crear, permiso('crear'), (ctx, { body }) => crearCotizacion(ctx, body));
  ruta(app, db, api.actualizar, permiso('modificar'), (ctx, { params, body }) =>
    actualizarCotizacion(ctx, params.id, body),
  );
  ruta(app, db, api.todas, permiso('ver'), (ctx, { body }) => listarCotizaciones(ctx, body));
  ruta(app, db, api.una, permiso('ver'), (ctx, { params }) => obtenerCotizacion(ctx, params.id));
  // Any user who sees quotations may ask for a cancellation; the kit decides direct or request.
  ruta(app, db, api.anular, permiso('ver'), (ctx, { params, body }) =>
    anularCotizacion(ctx, params.id, body),
  );
  ruta(app, db, api.eliminar, permiso('modificar'), (ctx, { params }) => eliminarCotizacion(ctx, params.id));
  // Converting quotations into an invoice reads them with the invoice's rights too (spec 001 §2).
  const verParaFacturar = {
    alguno: [
      { modulo: 'cotizaciones', accion: 'ver' },
      { modulo: 'facturas', accion: 'crear' },
    ],
  } as const;
  ruta(app, db, api.delCliente, verParaFacturar, (ctx, { body }) => cotizacionesDelCliente(ctx, body));
  ruta(app, db, api.lineas, verParaFacturar, (ctx, { body }) => lineasDeCotizaciones(ctx, body));
}
