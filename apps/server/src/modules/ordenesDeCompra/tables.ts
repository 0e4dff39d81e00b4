import { uuid } from 'drizzle-orm/pg-core';
import { tablasDeVenta } from '../../documentos/columnas.ts';

// Spec 001 §3 "Purchase order"; migration 0026. The kit's document tables (id_cliente is the supplier,
// precio the unit cost) plus the purchase that took the order (spec 001 §4: one purchase only).
export const { cabecera: ordenesDeCompra, lineas: lineasOrdenDeCompra } = tablasDeVenta(
  'ordenes_de_compra',
  'lineas_orden_de_compra',
  { idCompra: uuid('id_compra') },
);

export type FilaOrdenDeCompra = typeof ordenesDeCompra.$inferSelect;
