import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The columns every created record has: company first, id, the create's identificadorUnico, timestamps. */
export function columnasDeRegistro() {
  return {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  };
}

// Spec 002 §4: the deactivation lifecycle of master items.
/** estado (Activo / Desactivado), autorizacion and the note of a deactivatable item. */
export function columnasDeDesactivacion() {
  return {
    estado: text('estado', { enum: ['Activo', 'Desactivado'] })
      .notNull()
      .default('Activo'),
    autorizacion: text('autorizacion'),
    notaAnular: text('nota_anular').notNull().default(''),
  };
}
