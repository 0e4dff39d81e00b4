import { boolean, date, integer, jsonb, numeric, text, uuid } from 'drizzle-orm/pg-core';
import { tablasDeVenta } from '../../documentos/columnas.ts';

/** A withholding applied to the purchase (as an invoice keeps its own): its type, rate, amount, account. */
export type RetencionDeCompra = {
  idRetencionSeleccionada: string;
  nombre: string;
  nombreDetallado: string;
  monto: number;
  porcentaje: number;
  tipoRetencion: string;
  idCuenta: string | null;
};

const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 }).notNull().default('0');

// Spec 001 §3 "Purchase"; migration 0025. The kit's document tables (id_cliente is the supplier;
// comprobante the number of the chosen 'compras' numbering, internal or our own B11) plus the fiscal
// data the 606 reports (fiscal-do.md §3.1) and what is owed. Other modules read these tables and never
// write them (their service functions do).
export const { cabecera: compras, lineas: lineasCompra } = tablasDeVenta('compras', 'lineas_compra', {
  /** The NCF the 606 reports: the supplier's, typed by the user, or = comprobante when ours (B11). */
  ncf: text('ncf').notNull().default(''),
  tipoCompra: text('tipo_compra').notNull().default(''),
  /** DGII's 11 kinds of goods and services bought ('01'–'11'). */
  tiposBienesServicios: text('tipos_bienes_servicios').notNull().default('09'),
  itbisSujetoProporcionalidad: boolean('itbis_sujeto_proporcionalidad').notNull().default(false),
  /** The ITBIS paid is part of the cost (not creditable): it goes into the stock cost or the expense. */
  itbisAlCosto: boolean('itbis_al_costo').notNull().default(false),
  plazoPagos: integer('plazo_pagos').notNull().default(0),
  metodoDePago: text('metodo_de_pago').notNull().default('Efectivo'),
  /** Paid at the purchase itself (efectivoRecibido). */
  pagado: dinero('pagado'),
  totalRetenciones: dinero('total_retenciones'),
  /** total_gral − total_retenciones: what the supplier is owed in all. */
  montoAPagar: dinero('monto_a_pagar'),
  retenciones: jsonb('retenciones').$type<RetencionDeCompra[]>().notNull().default([]),
  idCentroDeCosto: uuid('id_centro_de_costo'),
  centroDeCosto: text('centro_de_costo').notNull().default(''),
  fechaPago: date('fecha_pago', { mode: 'string' }),
  /** The money account credited for what was paid at the purchase. */
  idCuentaPago: uuid('id_cuenta_pago'),
});

export type FilaCompra = typeof compras.$inferSelect;
export type FilaLineaCompra = typeof lineasCompra.$inferSelect;
