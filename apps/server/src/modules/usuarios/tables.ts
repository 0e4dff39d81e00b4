import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Everything editable of a user except username and password (spec 002 §3 "User"), validated by the contract. */
export type DatosUsuarioGuardados = Record<string, unknown>;

export const usuarios = pgTable(
  'usuarios',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    datos: jsonb('datos').$type<DatosUsuarioGuardados>().notNull(),
    activo: boolean('activo').notNull().default(true),
    eliminado: boolean('eliminado').notNull().default(false),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
