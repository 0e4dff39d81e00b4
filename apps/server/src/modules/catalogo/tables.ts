import { boolean, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

// Migration 0041: the public catalogue's setting, one row per company (absent: the defaults).
export const catalogoAjustes = pgTable('catalogo_ajustes', {
  tenantId: integer('tenant_id').primaryKey(),
  registrarPedidos: boolean('registrar_pedidos').notNull().default(false),
  idUsuarioResponsable: uuid('id_usuario_responsable'),
  actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
});
