import type { MetodoSimple } from '@pos/contract';
import { date, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The receivables and payables ledger (docs/payments.md); migration 0016. Written only by ./service.ts.
export const aplicacionesDeCartera = pgTable(
  'aplicaciones_de_cartera',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    lado: text('lado').$type<'cobrar' | 'pagar'>().notNull(),
    tipoDestino: text('tipo_destino').notNull(),
    idDestino: uuid('id_destino').notNull(),
    tipoOrigen: text('tipo_origen').notNull(),
    idOrigen: uuid('id_origen').notNull(),
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    metodo: text('metodo').$type<MetodoSimple>(),
    referencia: text('referencia').notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    revertidaEn: timestamp('revertida_en', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
