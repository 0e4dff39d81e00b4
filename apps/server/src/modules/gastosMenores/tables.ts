import type { FormaDePagoGastoMenor } from '@pos/contract';
import {
  bigint,
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

// Spec 001 §3 "Minor expense"; migration 0029.
export const gastosMenores = pgTable(
  'gastos_menores',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    idNumeracion: uuid('id_numeracion').notNull(),
    numeracionNombre: text('numeracion_nombre').notNull().default(''),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    comprobante: text('comprobante').notNull(),
    ncf: text('ncf').notNull().default(''),
    fechaDeEmision: date('fecha_de_emision', { mode: 'string' }).notNull(),
    formaDePago: text('forma_de_pago').$type<FormaDePagoGastoMenor>().notNull(),
    afectarCuenta: boolean('afectar_cuenta').notNull().default(true),
    descripcion: text('descripcion').notNull().default(''),
    idCuentaCredito: uuid('id_cuenta_credito').notNull(),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull(),
    impuestos: numeric('impuestos', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    estado: text('estado').$type<'Activo' | 'Por-Anular' | 'Anulado'>().notNull().default('Activo'),
    autorizacion: text('autorizacion').$type<'Pendiente' | 'Aprobada' | 'Rechazada'>(),
    notaAnular: text('nota_anular').notNull().default(''),
    notaAutorizacion: text('nota_autorizacion').notNull().default(''),
    idUsuarioCreador: uuid('id_usuario_creador').notNull(),
    creadoPor: text('creado_por').notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const lineasGastoMenor = pgTable(
  'lineas_gasto_menor',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idGastoMenor: uuid('id_gasto_menor').notNull(),
    orden: integer('orden').notNull(),
    fechaDeEmision: date('fecha_de_emision', { mode: 'string' }).notNull(),
    idCuenta: uuid('id_cuenta').notNull(),
    importe: numeric('importe', { precision: 14, scale: 2 }).notNull(),
    impuestos: numeric('impuestos', { precision: 14, scale: 2 }).notNull().default('0'),
    nota: text('nota').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
