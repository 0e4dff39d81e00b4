import { turnos } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import {
  abrirTurno,
  cerrarTurno,
  documentosDelTurno,
  listarTurnos,
  obtenerTurno,
  productosVendidosDelTurno,
  turnoActual,
  turnosDelUsuario,
} from './service.ts';

// Spec 002 §7 "Shifts". Shifts are part of the point of sale: reading needs puntoDeVentas.ver, opening
// and closing puntoDeVentas.crear (closing another user's shift is checked in the service).
export function turnosRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  const ver = { modulo: 'puntoDeVentas', accion: 'ver' } as const;
  const crear = { modulo: 'puntoDeVentas', accion: 'crear' } as const;
  ruta(app, db, turnos.abrir, crear, (ctx, { body }) => abrirTurno(ctx, body));
  ruta(app, db, turnos.cerrar, crear, (ctx, { params, body }) => cerrarTurno(ctx, params.userId, body));
  ruta(app, db, turnos.actual, ver, (ctx, { params }) => turnoActual(ctx, params.userId));
  ruta(app, db, turnos.porId, ver, (ctx, { params }) => obtenerTurno(ctx, params.id));
  ruta(app, db, turnos.abiertos, ver, (ctx, { body }) => listarTurnos(ctx, body));
  ruta(app, db, turnos.porTerminal, ver, (ctx, { params, body }) =>
    turnosDelUsuario(ctx, params.userId, body),
  );
  ruta(app, db, turnos.documentos, ver, (ctx, { body }) => documentosDelTurno(ctx, body.idTurnoRef));
  ruta(app, db, turnos.productosVendidos, ver, (ctx, { body }) =>
    productosVendidosDelTurno(ctx, body.idTurnoRef),
  );
}
