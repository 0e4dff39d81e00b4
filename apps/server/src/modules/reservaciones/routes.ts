import { productos, RESERVACIONES_POR_MINUTO, reservaciones } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { ruta } from '../../http/handle.ts';
import { rutasPublicas } from '../../http/publico.ts';
import { agregarServicioReservacion, listarServiciosReservables } from '../productos/reservables.ts';
import {
  cambiarEstadoDeReservacion,
  consultarDisponibilidad,
  crearReservacion,
  listarReservaciones,
  obtenerRangosOcupados,
  reprogramarReservacion,
} from './service.ts';

// Lookups of the booking page a visitor may make per minute from one address: a day's slots per
// service chosen and per day looked at.
const CONSULTAS_POR_MINUTO = 120;

/**
 * Reservations (spec 002 §7 "Reservations" and the reservable-product calls; docs/reservaciones.md).
 * The public booking page (/reservaciones/reservar?lista=) needs no session: it lists the services,
 * reads a day's slots and books one; bookings have their own stricter per-address limit. Changing a
 * reservation's state and the full list (names and phones) need a session with puntoDeVentas.ver
 * (spec 000 §6: it allows reservations) or the reservaciones module's right.
 */
export async function reservacionesRoutes(app: FastifyInstance, db: BaseDeDatos): Promise<void> {
  const publico = { publico: true } as const;
  await rutasPublicas(app, { porMinuto: RESERVACIONES_POR_MINUTO }, (publicas) => {
    ruta(publicas, db, reservaciones.crear, publico, (ctx, { body }) => crearReservacion(ctx, body));
  });
  await rutasPublicas(app, { porMinuto: CONSULTAS_POR_MINUTO }, (publicas) => {
    ruta(publicas, db, reservaciones.disponibilidad, publico, (ctx, { body }) =>
      consultarDisponibilidad(ctx, body),
    );
    ruta(publicas, db, reservaciones.rangosOcupados, publico, (ctx, { body }) =>
      obtenerRangosOcupados(ctx, body),
    );
    ruta(publicas, db, productos.serviciosReservables, publico, (ctx, { body }) =>
      listarServiciosReservables(ctx, body),
    );
  });

  const ver = {
    alguno: [
      { modulo: 'puntoDeVentas', accion: 'ver' },
      { modulo: 'reservaciones', accion: 'ver' },
    ],
  } as const;
  const cambiar = {
    alguno: [
      { modulo: 'puntoDeVentas', accion: 'ver' },
      { modulo: 'reservaciones', accion: 'modificar' },
    ],
  } as const;
  ruta(app, db, reservaciones.lista, ver, (ctx, { body }) => listarReservaciones(ctx, body));
  ruta(app, db, reservaciones.cambiarEstado, cambiar, (ctx, { params, body }) =>
    cambiarEstadoDeReservacion(ctx, params.id, body),
  );
  ruta(app, db, reservaciones.reprogramar, cambiar, (ctx, { params, body }) =>
    reprogramarReservacion(ctx, params.id, body),
  );
  ruta(
    app,
    db,
    reservaciones.agregarServicio,
    { modulo: 'productos', accion: 'modificar' },
    (ctx, { body }) => agregarServicioReservacion(ctx, body),
  );
}
