import type { LineaDeEfectivo } from '@pos/contract';
import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** The totals frozen when a shift closes. */
export type ResumenDeCierre = {
  efectivo: number;
  tarjetaCredito: number;
  tarjetaDebito: number;
  transferencia: number;
  cheque: number;
  credito: number;
  ingresoDeEfectivo: number;
  retiroDeEfectivo: number;
  devolucionesDeEfectvo: number;
  totalGral: number;
  totalEnCaja: number;
  diferencia: number;
  cantidadDeFacturas: number;
};

// Spec 002 §3 "Shift (turno)"; migration 0008.
export const turnos = pgTable(
  'turnos',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idTerminal: uuid('id_terminal').notNull(),
    idUsuario: uuid('id_usuario').notNull(),
    estadoDelTurno: boolean('estado_del_turno').notNull().default(true),
    fechaDeInicio: timestamp('fecha_de_inicio', { withTimezone: true }).notNull().defaultNow(),
    fechaDeCierre: timestamp('fecha_de_cierre', { withTimezone: true }),
    montoDeInicio: numeric('monto_de_inicio', { precision: 14, scale: 2 }).notNull().default('0'),
    montoDeCierre: numeric('monto_de_cierre', { precision: 14, scale: 2 }),
    desgloseDeEfectivoApertura: jsonb('desglose_de_efectivo_apertura')
      .$type<LineaDeEfectivo[]>()
      .notNull()
      .default([]),
    desgloseDeEfectivo: jsonb('desglose_de_efectivo').$type<LineaDeEfectivo[]>().notNull().default([]),
    descripcion: text('descripcion').notNull().default(''),
    detallesDeCierre: text('detalles_de_cierre').notNull().default(''),
    resumenDeCierre: jsonb('resumen_de_cierre').$type<ResumenDeCierre>(),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
