import { conciliaciones } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { rutasDeArchivos } from '../../http/exportar.ts';
import { ruta } from '../../http/handle.ts';
import { exportarConciliacion } from './exportar.ts';
import { importarEstadoDeCuenta } from './importar.ts';
import {
  abrirConciliacion,
  actualizarConciliacion,
  buscarConciliacion,
  cerrarConciliacion,
  empezarConciliacion,
  obtenerConciliacion,
  verificarEgreso,
  verificarIngreso,
  verificarMovimiento,
} from './operaciones.ts';
import { conciliacionesDeLaCuenta } from './service.ts';

/**
 * Registers the reconciliation routes (spec 002 §7 "Banks and reconciliation"; privilege `bancos`):
 * reading with `ver`, opening with `crear`, and ticking, updating and closing with `modificar`.
 */
export async function conciliacionesRoutes(app: FastifyInstance, db: BaseDeDatos): Promise<void> {
  const ver = { modulo: 'bancos', accion: 'ver' } as const;
  const modificar = { modulo: 'bancos', accion: 'modificar' } as const;
  ruta(app, db, conciliaciones.empezar, ver, (ctx, { params }) => empezarConciliacion(ctx, params.id));
  ruta(app, db, conciliaciones.abrir, { modulo: 'bancos', accion: 'crear' }, (ctx, { body }) =>
    abrirConciliacion(ctx, body),
  );
  ruta(app, db, conciliaciones.buscar, ver, (ctx, { body }) => buscarConciliacion(ctx, body));
  ruta(app, db, conciliaciones.transacciones, ver, async (ctx, { body }) => {
    const { data, totalRows } = await buscarConciliacion(ctx, body);
    return { data, totalRows };
  });
  ruta(app, db, conciliaciones.deLaCuenta, ver, (ctx, { body }) =>
    conciliacionesDeLaCuenta(ctx, body.idCuentaDeBanco, body),
  );
  ruta(app, db, conciliaciones.cerrar, modificar, (ctx, { body }) => cerrarConciliacion(ctx, body));
  ruta(app, db, conciliaciones.verificarMovimiento, modificar, (ctx, { params, body }) =>
    verificarMovimiento(ctx, params.id, body),
  );
  ruta(app, db, conciliaciones.verificarIngreso, modificar, (ctx, { params, body }) =>
    verificarIngreso(ctx, params.id, body),
  );
  ruta(app, db, conciliaciones.verificarEgreso, modificar, (ctx, { params, body }) =>
    verificarEgreso(ctx, params.id, body),
  );
  ruta(app, db, conciliaciones.importarEstado, modificar, (ctx, { params, body }) =>
    importarEstadoDeCuenta(ctx, params.id, body),
  );
  await rutasDeArchivos(app, (archivos) => {
    ruta(archivos, db, conciliaciones.exportar, ver, (ctx, { body }) => exportarConciliacion(ctx, body));
  });
  ruta(app, db, conciliaciones.una, ver, (ctx, { params }) => obtenerConciliacion(ctx, params.id));
  ruta(app, db, conciliaciones.actualizar, modificar, (ctx, { params, body }) =>
    actualizarConciliacion(ctx, params.id, body),
  );
}
