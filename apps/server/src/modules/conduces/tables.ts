import type { TipoDeConduce } from '@pos/contract';
import { numeric, text, uuid } from 'drizzle-orm/pg-core';
import { tablasDeVenta } from '../../documentos/columnas.ts';

// Spec 001 §3 "Delivery note (conduce)"; migration 0018. The kit's sales-document tables plus the
// conduce's own header columns: its kind (spec 001 §2), the invoice a post-invoice one delivers, and
// what invoices took of its lines (totalGraltemRetirados, spec 001 §3-§4).
export const { cabecera: conduces, lineas: lineasConduce } = tablasDeVenta('conduces', 'lineas_conduce', {
  tipo: text('tipo').$type<TipoDeConduce>().notNull().default('preFactura'),
  idFactura: uuid('id_factura'),
  totalGraltemRetirados: numeric('total_graltem_retirados', { precision: 14, scale: 2 })
    .notNull()
    .default('0'),
});

export type FilaConduce = typeof conduces.$inferSelect;
