import { bancos } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { detallesBanco } from './detalles.ts';
import {
  actualizarCuentaDeBanco,
  crearCuentaDeBanco,
  eliminarCuentaDeBanco,
  listarCuentasDeBanco,
  obtenerCuentaDeBanco,
} from './service.ts';
import { crearTransferencia } from './transferencias.ts';

/** Registers the bank routes (spec 002 §7 "Banks and reconciliation"; privilege `bancos`). */
export function bancosRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const ver = { modulo: 'bancos', accion: 'ver' } as const;
  ruta(app, db, bancos.lista, ver, (ctx) => listarCuentasDeBanco(ctx));
  ruta(app, db, bancos.detalles, ver, (ctx, { params, query }) => detallesBanco(ctx, params.id, query));
  ruta(app, db, bancos.una, ver, (ctx, { params }) => obtenerCuentaDeBanco(ctx, params.id));
  ruta(app, db, bancos.crear, { modulo: 'bancos', accion: 'crear' }, (ctx, { body }) =>
    crearCuentaDeBanco(ctx, body),
  );
  ruta(app, db, bancos.actualizar, { modulo: 'bancos', accion: 'modificar' }, (ctx, { params, body }) =>
    actualizarCuentaDeBanco(ctx, params.id, body),
  );
  ruta(app, db, bancos.eliminar, { modulo: 'bancos', accion: 'modificar' }, (ctx, { params }) =>
    eliminarCuentaDeBanco(ctx, params.id),
  );
  // A transfer moves money between two banks: a bank operation, as creating one.
  ruta(app, db, bancos.transferir, { modulo: 'bancos', accion: 'crear' }, (ctx, { body }) =>
    crearTransferencia(ctx, body),
  );
}
