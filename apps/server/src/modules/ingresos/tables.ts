import type { FormaDePagoIngreso } from '@pos/contract';
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

// Spec 001 §3 "Receipt in"; migration 0013.
export const ingresosRecibidos = pgTable(
  'ingresos_recibidos',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    idNumeracion: uuid('id_numeracion').notNull(),
    numeracionNombre: text('numeracion_nombre').notNull().default(''),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    comprobante: text('comprobante').notNull(),
    tipoDeIngreso: boolean('tipo_de_ingreso').notNull().default(true),
    idCliente: uuid('id_cliente'),
    nombreCliente: text('nombre_cliente').notNull().default(''),
    fechaDeEmision: date('fecha_de_emision', { mode: 'string' }).notNull(),
    formaDePago: text('forma_de_pago').$type<FormaDePagoIngreso>().notNull(),
    idCuentaDebito: uuid('id_cuenta_debito').notNull(),
    idCuentaPorCobrar: uuid('id_cuenta_por_cobrar'),
    idCentroDeCosto: text('id_centro_de_costo'),
    centroDeCosto: text('centro_de_costo').notNull().default(''),
    desdePos: boolean('desde_pos').notNull().default(false),
    idTerminal: uuid('id_terminal'),
    idTurno: uuid('id_turno'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    detalles: text('detalles').notNull().default(''),
    /** Migration 0023: the switch that lets a line's excess, or an advance line, become credit. */
    generarCreditoAFavor: boolean('generar_credito_a_favor').notNull().default(false),
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

export const lineasIngreso = pgTable(
  'lineas_ingreso',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idIngreso: uuid('id_ingreso').notNull(),
    orden: integer('orden').notNull(),
    idFactura: uuid('id_factura'),
    comprobanteFactura: text('comprobante_factura').notNull().default(''),
    numeroFactura: bigint('numero_factura', { mode: 'number' }),
    totalFactura: numeric('total_factura', { precision: 14, scale: 2 }).notNull().default('0'),
    balancePendiente: numeric('balance_pendiente', { precision: 14, scale: 2 }).notNull().default('0'),
    idCuentaCredito: uuid('id_cuenta_credito'),
    importe: numeric('importe', { precision: 14, scale: 2 }).notNull(),
    nota: text('nota').notNull().default(''),
    // Migration 0023: what the form showed of the invoice, and what of the line became credit.
    cobrado: numeric('cobrado', { precision: 14, scale: 2 }).notNull().default('0'),
    montoNotaDeCreditoRef: numeric('monto_nota_de_credito_ref', { precision: 14, scale: 2 })
      .notNull()
      .default('0'),
    rncCliente: text('rnc_cliente').notNull().default(''),
    creditoAFavor: numeric('credito_a_favor', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
