import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Migration 0040: each registered company, kept in the operator company (tenant_id = 2, docs/empresas.md).
export const empresasRegistradas = pgTable(
  'empresas_registradas',
  {
    tenantId: integer('tenant_id').notNull(),
    /** The registered company's number (its tenantId). */
    idEmpresa: integer('id_empresa').notNull(),
    /** Its customer in the operator company: the subscription invoices are made out to it. */
    idCliente: uuid('id_cliente').notNull(),
    idPlan: uuid('id_plan'),
    nombreCompania: text('nombre_compania').notNull(),
    nombreContacto: text('nombre_contacto').notNull(),
    correo: text('correo').notNull(),
    origen: text('origen', { enum: ['operador', 'autoregistro'] }).notNull(),
    idUsuarioRegistrador: uuid('id_usuario_registrador'),
    pruebaInicio: date('prueba_inicio', { mode: 'string' }),
    diasDePrueba: integer('dias_de_prueba').notNull().default(0),
    creadaEn: timestamp('creada_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.idEmpresa] })],
);
