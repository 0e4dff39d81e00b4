import type { Factura, MetodoDePagoFactura } from '@pos/contract';

/** How a collection status shows in lists and views (spec 001 §4 "Sales collection status"). */
export const ESTADOS_DE_COBRO: Record<Factura['estadoDelCobro'], { texto: string; color: string }> = {
  Cobrada: { texto: 'Cobrada', color: 'green' },
  'Por Cobrar': { texto: 'Por Cobrar', color: 'orange' },
  'Por-Anular': { texto: 'Por anular', color: 'yellow' },
  Anulado: { texto: 'Anulada', color: 'red' },
  '': { texto: 'Sin cobro', color: 'gray' },
};

/** The badge of an invoice: its cancellation state first, then how much of it is collected. */
export function estadoDeFactura(factura: Pick<Factura, 'estado' | 'estadoDelCobro'>): {
  texto: string;
  color: string;
} {
  if (factura.estado === 'Anulado' || factura.estado === 'Por-Anular') {
    return ESTADOS_DE_COBRO[factura.estado];
  }
  return ESTADOS_DE_COBRO[factura.estadoDelCobro];
}

export const NOMBRES_DE_METODO: Record<MetodoDePagoFactura, string> = {
  Efectivo: 'Efectivo',
  Tarjeta: 'Tarjeta de crédito',
  'Tarjeta-Debito': 'Tarjeta de débito',
  Transferencia: 'Transferencia',
  Cheque: 'Cheque',
  Mixto: 'Mixto',
};

/** A payment method's name, or the stored text when it is not one of the spec's. */
export function nombreDeMetodo(metodo: string): string {
  return (NOMBRES_DE_METODO as Record<string, string>)[metodo] ?? metodo;
}

/** The number an invoice is known by: its NCF, else its internal number. */
export function numeroDeFactura(factura: Pick<Factura, 'comprobante' | 'numeroFactura'>): string {
  return (
    factura.comprobante ?? (factura.numeroFactura === null ? 'Sin número' : `No. ${factura.numeroFactura}`)
  );
}
