import { z } from 'zod';
import { SinParams } from '../comun.ts';
import { endpoint } from '../endpoint.ts';
import { type CualquierReporte, FiltroDeReporte, reporte } from './kit.ts';

// Spec 000 §2 "Reports": /reportes/global, the general summary of a period. As the summaries of Alegra
// («Resumen general») and Odoo (the dashboard's sales / purchases / cash cards) it reads the period's
// documents once: sales net of credit notes with their discounts and taxes, what came in and went out
// of the money accounts, and the cash result. Every amount excludes cancelled documents ('Anulado').

const monto = z.number();

/** One line of the summary: a concept and its amount, in the section it belongs to. */
export const LineaDelResumen = z.object({
  clave: z.string(),
  seccion: z.enum(['Ventas', 'Compras y gastos', 'Dinero']),
  concepto: z.string(),
  monto,
});
export type LineaDelResumen = z.infer<typeof LineaDelResumen>;

export const ResumenGeneral = z.object({
  lineas: z.array(LineaDelResumen),
  cantidadDeFacturas: z.number().int(),
  /** Invoices' subtotal (after discounts, before taxes). */
  ventasBrutas: monto,
  /** Credit notes' subtotal (returns and discounts granted after the sale). */
  notasDeCredito: monto,
  /** ventasBrutas − notasDeCredito. */
  ventasNetas: monto,
  /** Discounts given on the invoices. */
  descuentos: monto,
  /** ITBIS of the invoices less that of the credit notes. */
  itbis: monto,
  /** Invoices' total less credit notes' total (what the customers were billed, taxes included). */
  totalFacturado: monto,
  /** Purchases' total (taxes included). */
  compras: monto,
  gastosMenores: monto,
  /** Paid at the sale (cash, card, transfer) plus receipts in. */
  cobradoEnFacturas: monto,
  ingresosRecibidos: monto,
  /** Paid at the purchase plus receipts out plus minor expenses plus money refunded on credit notes. */
  pagadoEnCompras: monto,
  egresos: monto,
  devolucionesDeDinero: monto,
  entradasDeDinero: monto,
  salidasDeDinero: monto,
  /** entradasDeDinero − salidasDeDinero. */
  resultadoDeCaja: monto,
});
export type ResumenGeneral = z.infer<typeof ResumenGeneral>;

export const resumenGeneral = reporte({
  id: 'global',
  titulo: 'Resumen general',
  descripcion:
    'Ventas netas, impuestos, compras, gastos, cobros y pagos del periodo, y el resultado de caja.',
  grupo: 'contabilidad',
  permiso: { modulo: 'reportes', accion: 'ver' },
  consulta: endpoint({
    method: 'POST',
    path: '/reportes/global',
    efecto: 'lee',
    body: FiltroDeReporte,
    params: SinParams,
    respuesta: ResumenGeneral,
  }),
  filtros: ['periodo'],
  filas: 'lineas',
  clave: 'clave',
  columnas: [
    { clave: 'seccion', titulo: 'Sección', ancho: 1 },
    { clave: 'concepto', titulo: 'Concepto', ancho: 2.5 },
    { clave: 'monto', titulo: 'Monto', formato: 'dinero', ancho: 1 },
  ],
  cifras: [
    {
      clave: 'ventasNetas',
      titulo: 'Ventas netas',
      formato: 'dinero',
      detalle: 'Sin impuestos, menos notas de crédito',
    },
    { clave: 'itbis', titulo: 'ITBIS', formato: 'dinero' },
    { clave: 'compras', titulo: 'Compras', formato: 'dinero' },
    {
      clave: 'resultadoDeCaja',
      titulo: 'Resultado de caja',
      formato: 'dinero',
      detalle: 'Entradas − salidas de dinero',
    },
  ],
  orientacion: 'portrait',
});

export const REPORTES_GLOBALES: CualquierReporte[] = [resumenGeneral];
