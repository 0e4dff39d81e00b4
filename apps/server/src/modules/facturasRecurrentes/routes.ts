import { facturasRecurrentesApi } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta, rutaPorLotes } from '../../http/handle.ts';
import { crearCompaniaNueva } from './companiaNueva.ts';
import { generarFacturasDeLaPlantilla } from './generacion.ts';
import {
  actualizarFacturaRecurrente,
  anularFacturaRecurrente,
  crearFacturaRecurrente,
  eliminarFacturaRecurrente,
  listarFacturasRecurrentes,
  obtenerFacturaRecurrente,
} from './service.ts';

// Spec 001 §6: recurring invoices are invoices: the facturas module's rights.
export function facturasRecurrentesRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const api = facturasRecurrentesApi;
  const permiso = (accion: 'ver' | 'crear' | 'modificar') => ({ modulo: 'facturas', accion }) as const;
  ruta(app, db, api.todas, permiso('ver'), (ctx, { body }) => listarFacturasRecurrentes(ctx, body));
  ruta(app, db, api.una, permiso('ver'), (ctx, { params }) => obtenerFacturaRecurrente(ctx, params.id));
  ruta(app, db, api.crear, permiso('crear'), (ctx, { body }) => crearFacturaRecurrente(ctx, body));
  ruta(app, db, api.actualizar, permiso('modificar'), (ctx, { params, body }) =>
    actualizarFacturaRecurrente(ctx, params.id, body),
  );
  // Any user who sees them may ask for a cancellation; the kit decides direct or request.
  ruta(app, db, api.anular, permiso('ver'), (ctx, { params, body }) =>
    anularFacturaRecurrente(ctx, params.id, body),
  );
  ruta(app, db, api.eliminar, permiso('modificar'), (ctx, { params }) =>
    eliminarFacturaRecurrente(ctx, params.id),
  );
  // Each period in a transaction of its own, as the scheduled task bills it: no route transaction held.
  rutaPorLotes(app, db, api.generar, permiso('crear'), (sesion, { params }) =>
    generarFacturasDeLaPlantilla(db, sesion.tenantId, params.id),
  );
  // The registration opens its own transaction (one for company and invoice), so no route one is held.
  rutaPorLotes(app, db, api.crearCompaniaNueva, permiso('crear'), (sesion, { body }) =>
    crearCompaniaNueva(db, sesion, body),
  );
}
