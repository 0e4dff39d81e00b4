/**
 * The side of a document: 'venta' (sold to a customer, at a price) or 'compra' (bought from a supplier,
 * at cost: purchases, purchase orders, debit notes — spec 001 §3). A family declares it once and the
 * kit's list, view, print and line editor read their words from here (the server's PDF has its own,
 * apps/server/src/documentos/pdf.ts `TEXTOS_DEL_LADO`).
 */
export type Lado = 'venta' | 'compra';

export const TEXTOS_DEL_LADO = {
  venta: {
    contacto: 'Cliente',
    unitario: 'Precio',
    sinContacto: 'Consumidor final',
    buscar: 'Buscar por número, cliente o RNC',
  },
  compra: {
    contacto: 'Proveedor',
    unitario: 'Costo',
    sinContacto: '—',
    buscar: 'Buscar por número, proveedor o RNC',
  },
} as const satisfies Record<
  Lado,
  { contacto: string; unitario: 'Precio' | 'Costo'; sinContacto: string; buscar: string }
>;
