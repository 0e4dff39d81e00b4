import type { TipoDeDocumento } from '@pos/contract';
import {
  bigint,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Spec 002 §3 "Numbering"; fiscal-do.md §1. `seq` is the next number to issue.
export const numeraciones = pgTable(
  'numeraciones',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    nombre: text('nombre').notNull(),
    nombreModel: text('nombre_model').notNull().default(''),
    tipoDeDocumento: text('tipo_de_documento').$type<TipoDeDocumento>().notNull(),
    perfilesDeTipos: text('perfiles_de_tipos').notNull(),
    prefijo: text('prefijo').notNull().default('D'),
    prefijoNumerico: text('prefijo_numerico').notNull().default(''),
    digitos: integer('digitos').notNull(),
    fiscal: boolean('fiscal').notNull(),
    fechaVencimiento: date('fecha_vencimiento', { mode: 'string' }),
    desde: bigint('desde', { mode: 'number' }).notNull(),
    hasta: bigint('hasta', { mode: 'number' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    predeterminado: boolean('predeterminado').notNull().default(false),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
