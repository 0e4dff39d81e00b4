import { uuid } from 'drizzle-orm/pg-core';
import { tablasDeVenta } from '../../documentos/columnas.ts';

// Spec 001 §3 "Quotation"; migrations 0017 and 0020. The kit's sales-document tables plus the invoice
// that billed it (spec 001 §2 conversions).
export const { cabecera: cotizaciones, lineas: lineasCotizacion } = tablasDeVenta(
  'cotizaciones',
  'lineas_cotizacion',
  { idFactura: uuid('id_factura') },
);

export type FilaCotizacion = typeof cotizaciones.$inferSelect;
