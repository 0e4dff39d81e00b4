import { egresos } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { rutasDeArchivos } from '../../http/exportar.ts';
import { ruta } from '../../http/handle.ts';
import { actualizarEgreso, anularEgreso, eliminarEgreso } from './cambios.ts';
import { crearEgreso } from './crear.ts';
import { comprasPendientes, egresoCc, egresosDelTurno, listarEgresos, obtenerEgreso } from './lectura.ts';
import { pdfDeEgreso } from './pdf.ts';

/** Registers the payments-out routes; `carpetaDeArchivos` holds the logos the printed payment shows. */
export async function egresosRoutes(
  app: FastifyInstance,
  db: BaseDeDatos,
  carpetaDeArchivos?: string,
): Promise<void> {
  // Payments out are the egresos module; paying purchases is also the payables module's
  // (cuentaPorPagar, emitirRecibo instead of modificar, spec 002 §3); at the POS a cashier withdraws
  // cash with the POS right. What each may write is checked in crear.exigirPermisoDeEgreso.
  const ver = {
    alguno: [
      { modulo: 'egresos', accion: 'ver' },
      { modulo: 'cuentaPorPagar', accion: 'ver' },
      { modulo: 'puntoDeVentas', accion: 'ver' },
    ],
  } as const;
  const crear = {
    alguno: [
      { modulo: 'egresos', accion: 'crear' },
      { modulo: 'cuentaPorPagar', accion: 'emitirRecibo' },
      { modulo: 'puntoDeVentas', accion: 'crear' },
    ],
  } as const;
  ruta(app, db, egresos.crear, crear, (ctx, { body }) => crearEgreso(ctx, body));
  ruta(app, db, egresos.todos, ver, (ctx, { body }) => listarEgresos(ctx, body));
  ruta(app, db, egresos.pendientes, ver, (ctx, { body }) => comprasPendientes(ctx, body));
  ruta(app, db, egresos.unaPendiente, ver, (ctx, { body }) => comprasPendientes(ctx, body));
  ruta(app, db, egresos.delTurno, ver, (ctx, { body }) => egresosDelTurno(ctx, body.idTurnoRef));
  ruta(app, db, egresos.cuentasContables, ver, (ctx, { params }) => egresoCc(ctx, params.id));
  await rutasDeArchivos(app, (archivos) => {
    ruta(archivos, db, egresos.imprimir, ver, (ctx, { params }) =>
      pdfDeEgreso(ctx, params.id, carpetaDeArchivos),
    );
  });
  ruta(app, db, egresos.uno, ver, (ctx, { params }) => obtenerEgreso(ctx, params.id));
  // Editing a payment is writing it again with its final lines: the same rights as creating one.
  ruta(app, db, egresos.actualizar, crear, (ctx, { body }) => actualizarEgreso(ctx, body));
  // The service refuses a user who may not cancel directly (docs/documents.md «Eliminar»).
  ruta(app, db, egresos.eliminar, ver, (ctx, { params }) => eliminarEgreso(ctx, params.id));
  // Any user who can see payments out may ask for a cancellation; the service decides direct or request.
  ruta(app, db, egresos.anular, ver, (ctx, { body }) => anularEgreso(ctx, body));
}
