import {
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Spec 002 §3 "Bank account"; migration 0033.
export const cuentasBanco = pgTable(
  'cuentas_banco',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    nombre: text('nombre').notNull(),
    numeroDeCuenta: text('numero_de_cuenta').notNull().default(''),
    montoInicial: numeric('monto_inicial', { precision: 14, scale: 2 }).notNull().default('0'),
    fechaInicial: date('fecha_inicial', { mode: 'string' }).notNull(),
    idCuentaContable: uuid('id_cuenta_contable').notNull(),
    activo: boolean('activo').notNull().default(true),
    idUsuarioCreador: uuid('id_usuario_creador'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

// Transfers between two bank accounts of the company; migration 0033.
export const transferenciasBancarias = pgTable(
  'transferencias_bancarias',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    idCuentaOrigen: uuid('id_cuenta_origen').notNull(),
    idCuentaDestino: uuid('id_cuenta_destino').notNull(),
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    nota: text('nota').notNull().default(''),
    idUsuarioCreador: uuid('id_usuario_creador'),
    creadoPor: text('creado_por').notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
