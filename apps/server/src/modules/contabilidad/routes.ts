import { contabilidad, libroContable } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { rutasDeArchivos } from '../../http/exportar.ts';
import { ruta } from '../../http/handle.ts';
import {
  balanzaDeComprobacion,
  estadoDeResultados,
  exportarBalanza,
  exportarEstadoDeResultados,
  exportarMayor,
  exportarSituacionFinanciera,
  libroMayor,
  situacionFinanciera,
} from './estados.service.ts';
import { exportarAsientos, listarAsientos } from './libro.service.ts';
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

/** The journal, the statements, the trial balance and the ledger (spec 002 §7 "Accounting"); all read only. */
export async function libroContableRoutes(app: FastifyInstance, db: BaseDeDatos): Promise<void> {
  const libro = { modulo: 'asientosContables', accion: 'ver' } as const;
  // The statements are also reports (/reportes/r-estado-de-resultado, r-situacion-financiera: spec 002 §2).
  const estados = { alguno: [libro, { modulo: 'reportes', accion: 'ver' }] } as const;
  ruta(app, db, libroContable.listar, libro, (ctx, { body }) => listarAsientos(ctx, body));
  ruta(app, db, libroContable.estadoDeResultados, estados, (ctx, { body }) => estadoDeResultados(ctx, body));
  ruta(app, db, libroContable.situacionFinanciera, estados, (ctx, { body }) =>
    situacionFinanciera(ctx, body),
  );
  ruta(app, db, libroContable.balanza, libro, (ctx, { body }) => balanzaDeComprobacion(ctx, body));
  ruta(app, db, libroContable.mayor, libro, (ctx, { body }) => libroMayor(ctx, body));
  await rutasDeArchivos(app, (archivos) => {
    ruta(archivos, db, libroContable.exportarListado, libro, (ctx, { body }) => exportarAsientos(ctx, body));
    ruta(archivos, db, libroContable.exportarEstadoDeResultados, estados, (ctx, { body }) =>
      exportarEstadoDeResultados(ctx, body),
    );
    ruta(archivos, db, libroContable.exportarSituacionFinanciera, estados, (ctx, { body }) =>
      exportarSituacionFinanciera(ctx, body),
    );
    ruta(archivos, db, libroContable.exportarBalanza, libro, (ctx, { body }) => exportarBalanza(ctx, body));
    ruta(archivos, db, libroContable.exportarMayor, libro, (ctx, { body }) => exportarMayor(ctx, body));
  });
}
