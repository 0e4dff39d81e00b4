import { aCentavos } from './dinero.ts';

/** Status of a cancellable document (spec 000 §4). */
export type EstadoDocumento = 'Activo' | 'Por-Anular' | 'Anulado';

/** Authorization of a cancellation (spec 000 §4). */
export type Autorizacion = 'Pendiente' | 'Aprobada' | 'Rechazada';

/** Payment status of a purchase (spec 000 §4, 001 §4). */
export type EstadoDePagoCompra = 'Por-Anular' | 'Anulado' | 'Pagado' | 'Por Pagar' | '';

/** Collection status of a sale (spec 000 §4, 001 §4). */
export type EstadoDeCobroVenta = 'Por-Anular' | 'Anulado' | 'Cobrada' | 'Por Cobrar' | '';

/** The amounts a payment status is derived from, in pesos as stored. */
export type MontosDeCobro = { readonly estado: string; readonly pagado: number; readonly pendiente: number };

// Spec 000 §4, 001 §4: Por-Anular and Anulado are kept; paid > 0 and pending <= 0 is paid;
// paid > 0 and pending > 0 is pending; otherwise empty.
/** The payment status of a purchase: Pagado, Por Pagar, the cancellation status, or ''. */
export function estadoDePagoCompra({ estado, pagado, pendiente }: MontosDeCobro): EstadoDePagoCompra {
  return estadoDeSaldo(estado, pagado, pendiente, 'Pagado', 'Por Pagar');
}

// Spec 000 §4, 001 §4: the same rule on amounts rounded to 2 decimals first.
/** The collection status of a sale: Cobrada, Por Cobrar, the cancellation status, or ''. */
export function estadoDeCobroVenta({ estado, pagado, pendiente }: MontosDeCobro): EstadoDeCobroVenta {
  return estadoDeSaldo(estado, aCentavos(pagado), aCentavos(pendiente), 'Cobrada', 'Por Cobrar');
}

function estadoDeSaldo<P extends string, N extends string>(
  estado: string,
  pagado: number,
  pendiente: number,
  saldado: P,
  porSaldar: N,
): 'Por-Anular' | 'Anulado' | P | N | '' {
  if (estado === 'Por-Anular' || estado === 'Anulado') {
    return estado;
  }
  if (pagado > 0) {
    return pendiente > 0 ? porSaldar : saldado;
  }
  return '';
}
