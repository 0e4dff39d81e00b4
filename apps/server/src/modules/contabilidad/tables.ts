import type { CategoriaDeCuenta, Naturaleza, TipoDeCuenta } from '@pos/contract';
import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
