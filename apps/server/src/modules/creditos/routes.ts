import { creditosApi } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { anularCredito, anularTransaccion } from './anular.ts';
import { crearTransaccion } from './aplicar.ts';
import { crearAnticipo } from './crear.ts';
import { actualizarCredito, listarDelCliente, listarGeneral, obtenerCredito } from './lectura.ts';

// Spec 001 §7 "Credits in favour". Credits are receivables: read from receivables, receipts, the POS
// and the invoice form (its credit-in-favour modal); an advance takes money like a receipt
// (ingresos.crear); applying one is collecting an invoice (a receipt, the POS or a new invoice).
export function creditosRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const api = creditosApi;
  const ver = {
    alguno: [
      { modulo: 'cuentaPorCobrar', accion: 'ver' },
      { modulo: 'ingresos', accion: 'ver' },
      { modulo: 'puntoDeVentas', accion: 'ver' },
      { modulo: 'facturas', accion: 'crear' },
    ],
  } as const;
  const aplicar = {
    alguno: [
      { modulo: 'ingresos', accion: 'crear' },
      { modulo: 'puntoDeVentas', accion: 'crear' },
      { modulo: 'facturas', accion: 'crear' },
    ],
  } as const;
  ruta(app, db, api.crear, { modulo: 'ingresos', accion: 'crear' }, (ctx, { body }) =>
    crearAnticipo(ctx, body),
  );
  ruta(app, db, api.delCliente, ver, (ctx, { body }) => listarDelCliente(ctx, body));
  ruta(app, db, api.general, ver, (ctx, { body }) => listarGeneral(ctx, body));
  ruta(app, db, api.aplicar, aplicar, (ctx, { body }) => crearTransaccion(ctx, body));
  // Any user who sees credits may ask for a cancellation; the shared flow decides direct or request.
  ruta(app, db, api.anular, ver, (ctx, { body }) => anularCredito(ctx, body));
  ruta(app, db, api.anularTransaccion, ver, (ctx, { body }) => anularTransaccion(ctx, body));
  ruta(app, db, api.uno, ver, (ctx, { params }) => obtenerCredito(ctx, params.id));
  ruta(app, db, api.actualizar, ver, (ctx, { params, body }) => actualizarCredito(ctx, params.id, body));
}
