import type { CategoriaDeCuenta, Naturaleza, TipoDeCuenta } from '@pos/contract';
import {
  bigint,
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Spec 000 §3, 002 §3 "Accounting": the chart of accounts as a tree (id_padre).
export const cuentasContables = pgTable(
  'cuentas_contables',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico'),
    idPadre: uuid('id_padre'),
    codigoDeCuenta: text('codigo_de_cuenta').notNull(),
    nombre: text('nombre').notNull(),
    tipo: text('tipo').$type<TipoDeCuenta>().notNull(),
    naturaleza: text('naturaleza').$type<Naturaleza>().notNull(),
    categoria: text('categoria').$type<CategoriaDeCuenta>().notNull(),
    orden: integer('orden').notNull().default(0),
    activo: boolean('activo').notNull().default(true),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const asignacionCuentasContables = pgTable(
  'asignacion_cuentas_contables',
  {
    tenantId: integer('tenant_id').notNull(),
    clave: text('clave').notNull(),
    idCuenta: uuid('id_cuenta').notNull(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.clave] })],
);

// The journal (invariant 6; migration 0008). Posted entries are never edited: a reversal is a new
// entry pointing at the one it reverses.
export const asientosContables = pgTable(
  'asientos_contables',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    descripcion: text('descripcion').notNull().default(''),
    tipoDocumento: text('tipo_documento').notNull(),
    idDocumento: uuid('id_documento').notNull(),
    comprobante: text('comprobante').notNull().default(''),
    idAsientoRevertido: uuid('id_asiento_revertido'),
    totalDebito: numeric('total_debito', { precision: 14, scale: 2 }).notNull(),
    totalCredito: numeric('total_credito', { precision: 14, scale: 2 }).notNull(),
    idUsuarioCreador: uuid('id_usuario_creador'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const lineasAsiento = pgTable(
  'lineas_asiento',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idAsiento: uuid('id_asiento').notNull(),
    orden: integer('orden').notNull().default(0),
    idCuenta: uuid('id_cuenta').notNull(),
    debito: numeric('debito', { precision: 14, scale: 2 }).notNull().default('0'),
    credito: numeric('credito', { precision: 14, scale: 2 }).notNull().default('0'),
    nota: text('nota').notNull().default(''),
    /** The line's dimensions (migration 0031): a document's cost centre and, on manual entries, a contact. */
    idCentroDeCosto: uuid('id_centro_de_costo'),
    idContacto: uuid('id_contacto'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
