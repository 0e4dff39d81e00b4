import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

type Estado = 'Activo' | 'Por-Anular' | 'Anulado';
type Autorizacion = 'Pendiente' | 'Aprobada' | 'Rechazada';

// Spec 001 §3 "Credit in favour"; migration 0022. Written only by this module (crear.ts, aplicar.ts, anular.ts, lectura.ts).
export const creditosAFavor = pgTable(
  'creditos_a_favor',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    idCliente: uuid('id_cliente').notNull(),
    nombreCliente: text('nombre_cliente').notNull().default(''),
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull(),
    disponible: numeric('disponible', { precision: 14, scale: 2 }).notNull(),
    descripcion: text('descripcion').notNull().default(''),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    tipoOrigen: text('tipo_origen').$type<'ingreso' | 'notaDeCredito' | 'anticipo'>().notNull(),
    idOrigen: uuid('id_origen'),
    idCuentaAnticipos: uuid('id_cuenta_anticipos').notNull(),
    estado: text('estado').$type<Estado>().notNull().default('Activo'),
    autorizacion: text('autorizacion').$type<Autorizacion>(),
    tipoDeAnulacion: text('tipo_de_anulacion').notNull().default(''),
    notaAnular: text('nota_anular').notNull().default(''),
    notaAutorizacion: text('nota_autorizacion').notNull().default(''),
    idUsuarioCreador: uuid('id_usuario_creador').notNull(),
    creadaPor: text('creada_por').notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Migration 0024: one credit in force per document; a cancelled one leaves room for the next.
    uniqueIndex('creditos_a_favor_origen_vigente')
      .on(t.tenantId, t.tipoOrigen, t.idOrigen)
      .where(sql`id_origen is not null and estado <> 'Anulado'`),
  ],
);

export const transaccionesCreditoAFavor = pgTable(
  'transacciones_credito_a_favor',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    idCredito: uuid('id_credito').notNull(),
    idFactura: uuid('id_factura').notNull(),
    comprobanteFactura: text('comprobante_factura').notNull().default(''),
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    estado: text('estado').$type<Estado>().notNull().default('Activo'),
    autorizacion: text('autorizacion').$type<Autorizacion>(),
    tipoDeAnulacion: text('tipo_de_anulacion').notNull().default(''),
    notaAnular: text('nota_anular').notNull().default(''),
    notaAutorizacion: text('nota_autorizacion').notNull().default(''),
    idUsuarioCreador: uuid('id_usuario_creador').notNull(),
    creadaPor: text('creada_por').notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
