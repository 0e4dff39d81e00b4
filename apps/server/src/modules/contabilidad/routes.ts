import { contabilidad } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import {
  actualizarAsignacion,
  actualizarCatalogo,
  crearCuentaContable,
  cuentasDeGastos,
  obtenerAsignacion,
  obtenerCatalogo,
} from './service.ts';

export function contabilidadRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  // Account selectors appear in taxes, contacts, terminals and every document, so reading needs a session.
  ruta(app, db, contabilidad.catalogo, { sesion: true }, (ctx) => obtenerCatalogo(ctx));
  ruta(app, db, contabilidad.gastos, { sesion: true }, (ctx) => cuentasDeGastos(ctx));
  ruta(
    app,
    db,
    contabilidad.actualizarCatalogo,
    { modulo: 'catalogoDeCuentas', accion: 'modificar' },
    (ctx, { params, body }) => actualizarCatalogo(ctx, params.id, body),
  );
  ruta(app, db, contabilidad.crearCuenta, { modulo: 'catalogoDeCuentas', accion: 'crear' }, (ctx, { body }) =>
    crearCuentaContable(ctx, body),
  );
  ruta(app, db, contabilidad.asignacion, { modulo: 'asignacionCuentasContables', accion: 'ver' }, (ctx) =>
    obtenerAsignacion(ctx),
  );
  ruta(
    app,
    db,
    contabilidad.actualizarAsignacion,
    { modulo: 'asignacionCuentasContables', accion: 'modificar' },
    (ctx, { body }) => actualizarAsignacion(ctx, body),
  );
}
