import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Spec 000 §4, 001 §3 "Cancellation request item"; migration 0008.
export const solicitudesAnulacion = pgTable(
  'solicitudes_anulacion',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    tipoDocumento: text('tipo_documento').notNull(),
    idDocumento: uuid('id_documento').notNull(),
    numeracioDocumento: text('numeracio_documento').notNull().default(''),
    estado: text('estado').$type<'Activo' | 'Por-Anular' | 'Anulado'>().notNull(),
    autorizacion: text('autorizacion').$type<'Pendiente' | 'Aprobada' | 'Rechazada'>().notNull(),
    tipoDeAnulacion: text('tipo_de_anulacion').notNull().default(''),
    notaAnular: text('nota_anular').notNull().default(''),
    notaAutorizacion: text('nota_autorizacion').notNull().default(''),
    idUsuario: uuid('id_usuario'),
    idSupervisor: uuid('id_supervisor'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    resueltaEn: timestamp('resuelta_en', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
