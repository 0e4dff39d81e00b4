import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Spec 002 §3 "Accounting": cost centre (nombre, descripcion); migration 0031.
export const centrosDeCosto = pgTable(
  'centros_de_costo',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

// Spec 002 §3 "Accounting": journal option (nombre, codigo, nota); migration 0031.
export const opcionesEntradaDeDiario = pgTable(
  'opciones_entrada_de_diario',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    nombre: text('nombre').notNull(),
    codigo: text('codigo').notNull().default(''),
    nota: text('nota').notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
