import type { FrecuenciaTipo } from '@pos/contract';
import { boolean, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tablasDeVenta } from '../../documentos/columnas.ts';

// Spec 001 §3 "Recurring invoice"; migration 0039. The kit's sales-document tables plus the recurrence
// and where it stands (the next period and its date, the last failure).
export const { cabecera: facturasRecurrentes, lineas: lineasFacturaRecurrente } = tablasDeVenta(
  'facturas_recurrentes',
  'lineas_factura_recurrente',
  {
    idNumeracionFacturas: uuid('id_numeracion_facturas'),
    plazoPagos: integer('plazo_pagos').notNull().default(30),
    fechaDeInicio: date('fecha_de_inicio', { mode: 'string' }).notNull(),
    fechaVigencia: date('fecha_vigencia', { mode: 'string' }),
    frecuencia: integer('frecuencia').notNull().default(1),
    frecuenciaTipo: text('frecuencia_tipo').$type<FrecuenciaTipo>().notNull().default('month'),
    enviarPorCorreo: boolean('enviar_por_correo').notNull().default(false),
    siguientePeriodo: integer('siguiente_periodo').notNull().default(0),
    proximaFecha: date('proxima_fecha', { mode: 'string' }),
    ultimoError: text('ultimo_error').notNull().default(''),
  },
);

export type FilaFacturaRecurrente = typeof facturasRecurrentes.$inferSelect;

/** Each invoice a template generated, by period (written in the sale's own transaction). */
export const facturasRecurrentesGeneradas = pgTable(
  'facturas_recurrentes_generadas',
  {
    tenantId: integer('tenant_id').notNull(),
    idFacturaRecurrente: uuid('id_factura_recurrente').notNull(),
    periodo: integer('periodo').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    idFactura: uuid('id_factura').notNull(),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.idFacturaRecurrente, t.periodo] })],
);
