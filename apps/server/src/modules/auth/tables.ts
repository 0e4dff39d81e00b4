import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const sesiones = pgTable(
  'sesiones',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    usuarioId: uuid('usuario_id').notNull(),
    secretoHash: text('secreto_hash').notNull(),
    creadaEn: timestamp('creada_en', { withTimezone: true }).notNull().defaultNow(),
    expiraEn: timestamp('expira_en', { withTimezone: true }).notNull(),
    revocadaEn: timestamp('revocada_en', { withTimezone: true }),
    direccionIp: text('direccion_ip').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const intentosDeAcceso = pgTable(
  'intentos_de_acceso',
  {
    tenantId: integer('tenant_id').notNull(),
    clave: text('clave').notNull(),
    fallos: integer('fallos').notNull().default(0),
    primerFalloEn: timestamp('primer_fallo_en', { withTimezone: true }).notNull().defaultNow(),
    bloqueadoHasta: timestamp('bloqueado_hasta', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.clave] })],
);

/** Failed sign-ins of one username from one address (docs/api.md «Fuerza bruta»). */
export const fallosDeAcceso = pgTable(
  'fallos_de_acceso',
  {
    tenantId: integer('tenant_id').notNull(),
    /** The username as typed, lower-cased: it need not exist (no hint that it does). */
    usuario: text('usuario').notNull(),
    ip: text('ip').notNull(),
    fallos: integer('fallos').notNull().default(0),
    ultimoFalloEn: timestamp('ultimo_fallo_en', { withTimezone: true }),
    esperaHasta: timestamp('espera_hasta', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.usuario, t.ip] })],
);
