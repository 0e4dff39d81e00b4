import type { FormaDePagoEgreso } from '@pos/contract';
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

// Spec 001 §3 "Payment out"; migration 0028.
export const recibosEgresos = pgTable(
  'recibos_egresos',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    idNumeracion: uuid('id_numeracion').notNull(),
    numeracionNombre: text('numeracion_nombre').notNull().default(''),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    comprobante: text('comprobante').notNull(),
    tipoDeEgreso: boolean('tipo_de_egreso').notNull().default(true),
    idCliente: uuid('id_cliente'),
    nombreProveedor: text('nombre_proveedor').notNull().default(''),
    fechaDeEmision: date('fecha_de_emision', { mode: 'string' }).notNull(),
    formaDePago: text('forma_de_pago').$type<FormaDePagoEgreso>().notNull(),
    idCuentaCredito: uuid('id_cuenta_credito').notNull(),
    idCuentaPorPagar: uuid('id_cuenta_por_pagar'),
    idCentroDeCosto: text('id_centro_de_costo'),
    centroDeCosto: text('centro_de_costo').notNull().default(''),
    desdePos: boolean('desde_pos').notNull().default(false),
    idTerminal: uuid('id_terminal'),
    idTurno: uuid('id_turno'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    detalles: text('detalles').notNull().default(''),
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

export const lineasEgreso = pgTable(
  'lineas_egreso',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idEgreso: uuid('id_egreso').notNull(),
    orden: integer('orden').notNull(),
    idCompra: uuid('id_compra'),
    comprobanteCompra: text('comprobante_compra').notNull().default(''),
    ncfCompra: text('ncf_compra').notNull().default(''),
    numeroCompra: bigint('numero_compra', { mode: 'number' }),
    totalCompra: numeric('total_compra', { precision: 14, scale: 2 }).notNull().default('0'),
    balancePendiente: numeric('balance_pendiente', { precision: 14, scale: 2 }).notNull().default('0'),
    cobrado: numeric('cobrado', { precision: 14, scale: 2 }).notNull().default('0'),
    montoNotaDeDebitoRef: numeric('monto_nota_de_debito_ref', { precision: 14, scale: 2 })
      .notNull()
      .default('0'),
    idCuentaDebito: uuid('id_cuenta_debito').notNull(),
    importe: numeric('importe', { precision: 14, scale: 2 }).notNull(),
    nota: text('nota').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
