import type { Contacto, Factura, ProductoOffline } from '@pos/contract';
import Dexie, { type Table } from 'dexie';
import type { TipoPendiente } from './tiposPendientes.ts';

// Spec 000 §3 "Offline counters and local storage", 001 §9: one browser database per company,
// version 1, with the spec's stores. Pending documents are keyed by their identificadorUnico, the key
// the server creates them by exactly once (spec 000 §7).

export { TIPOS_PENDIENTES, type TipoPendiente } from './tiposPendientes.ts';

/**
 * A document created offline, waiting for the server. `Activo` is sent on the next sync;
 * `Por-Anular` was voided offline and is never sent (001 §4); `Apartado` was refused by the server,
 * with its reason, until the cashier fixes or discards it: it never blocks the rest of the queue.
 */
export type DocumentoPendiente = {
  identificadorUnico: string;
  /** The body the POS would have sent online. */
  cuerpo: unknown;
  /** ISO date and time it was created: the queue's order. */
  creadoEn: string;
  estado: 'Activo' | 'Por-Anular' | 'Apartado';
  motivo?: string;
};

/** A product as stored for offline lookup: the server's row and its name as searches compare it. */
export type ProductoLocal = ProductoOffline & { busqueda: string };

export class BaseLocal extends Dexie {
  contactos!: Table<Contacto, string>;
  productos!: Table<ProductoLocal, string>;
  contactosPendientes!: Table<DocumentoPendiente, string>;
  facturasPendientes!: Table<DocumentoPendiente, string>;
  pedidosPendientes!: Table<DocumentoPendiente, string>;
  cuentasPorCobrar!: Table<Factura, string>;
  /** Payments of invoices (incomes) received offline. */
  pagosDeFacturas!: Table<DocumentoPendiente, string>;

  constructor(tenantId: number) {
    super(`pos-empresa-${tenantId}`);
    this.version(1).stores({
      contactos: '_id, identificadorUnico',
      // Looked up in memory once loaded (productosLocales.ts); stored for the next page load.
      productos: '_id, idCodigoDeBarra',
      contactosPendientes: 'identificadorUnico, creadoEn',
      facturasPendientes: 'identificadorUnico, creadoEn',
      pedidosPendientes: 'identificadorUnico, creadoEn',
      cuentasPorCobrar: '_id, idCliente',
      pagosDeFacturas: 'identificadorUnico, creadoEn',
    });
  }

  /** The store of one kind of pending document. */
  pendientes(tipo: TipoPendiente): Table<DocumentoPendiente, string> {
    switch (tipo) {
      case 'pedidos':
        return this.pedidosPendientes;
      case 'facturas':
        return this.facturasPendientes;
      case 'contactos':
        return this.contactosPendientes;
      case 'ingresos':
        return this.pagosDeFacturas;
    }
  }
}
