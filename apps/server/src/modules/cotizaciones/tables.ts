import { tablasDeVenta } from '../../documentos/columnas.ts';

// Spec 001 §3 "Quotation"; migration 0017. The kit's sales-document tables.
export const { cabecera: cotizaciones, lineas: lineasCotizacion } = tablasDeVenta(
  'cotizaciones',
  'lineas_cotizacion',
);
