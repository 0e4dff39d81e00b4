import { boolean, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Outgoing mail server of a company (spec 001 §1: documents sent by e-mail); the password never leaves the server. */
export type SmtpGuardado = {
  host: string;
  port: number;
  secure: boolean;
  usuario: string;
  password: string;
  remitente: string;
};

// Spec 002 §3 "Plan and plan status": one row per company (tenant).
export const empresas = pgTable('empresas', {
  tenantId: integer('tenant_id').primaryKey(),
  nombre: text('nombre').notNull(),
  estadoDelPlan: text('estado_del_plan', { enum: ['Activo', 'Suspendido'] })
    .notNull()
    .default('Activo'),
  balancePendienteDelPlan: numeric('balance_pendiente_del_plan', { precision: 14, scale: 2 })
    .notNull()
    .default('0'),
  limiteCantidadDeUsuarios: integer('limite_cantidad_de_usuarios').notNull().default(0),
  diasDePruebaDisponibles: integer('dias_de_prueba_disponibles').notNull().default(0),
  vigenciaDelPlan: integer('vigencia_del_plan').notNull().default(0),
  creadaEn: timestamp('creada_en', { withTimezone: true }).notNull().defaultNow(),
});

// Spec 002 §3 "Company settings": the general record 1001 of each company.
export const configuracionGeneral = pgTable('configuracion_general', {
  tenantId: integer('tenant_id').primaryKey(),
  nombre: text('nombre').notNull(),
  rnc: text('rnc').notNull().default(''),
  direccion: text('direccion').notNull().default(''),
  telefono: text('telefono').notNull().default(''),
  correo: text('correo').notNull().default(''),
  avatar: text('avatar'),
  imagenDePortada: text('imagen_de_portada'),
  bannerPublicitario: text('banner_publicitario'),
  usoCodigoDeBalanza: boolean('uso_codigo_de_balanza').notNull().default(false),
  colorLinkCatalogo: text('color_link_catalogo').notNull().default('#1c7ed6'),
  habilitarSecciones: boolean('habilitar_secciones').notNull().default(false),
  // Migration 0008: sale rules and the outgoing mail server.
  bloqueoPorNoExistencia: boolean('bloqueo_por_no_existencia').notNull().default(false),
  codigoDeAutorizacion: text('codigo_de_autorizacion').notNull().default(''),
  smtp: jsonb('smtp').$type<SmtpGuardado | null>(),
  actualizadaEn: timestamp('actualizada_en', { withTimezone: true }).notNull().defaultNow(),
});
