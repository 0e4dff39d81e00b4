import type { CambioDeReservacion, EstadoDeReservacion } from '@pos/contract';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Spec 002 §3 "Reservation", §7 "Reservations"; migration 0042 (with the exclusion constraints that keep
// two active reservations of one service or provider from sharing a minute).
export const reservaciones = pgTable(
  'reservaciones',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    idServicio: uuid('id_servicio').notNull(),
    nombreServicio: text('nombre_servicio').notNull(),
    idUsuarioProveedor: uuid('id_usuario_proveedor'),
    inicio: timestamp('inicio', { withTimezone: true }).notNull(),
    fin: timestamp('fin', { withTimezone: true }).notNull(),
    duracionReserva: integer('duracion_reserva').notNull(),
    nombreCliente: text('nombre_cliente').notNull(),
    telefonoCliente: text('telefono_cliente').notNull(),
    idCliente: uuid('id_cliente'),
    nota: text('nota').notNull().default(''),
    estado: text('estado').$type<EstadoDeReservacion>().notNull().default('Pendiente'),
    historial: jsonb('historial').$type<CambioDeReservacion[]>().notNull().default([]),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
