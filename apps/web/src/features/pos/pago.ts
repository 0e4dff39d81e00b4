import type { FacturaEntrada, MetodoDePagoFactura, MetodoSimple } from '@pos/contract';
import { aCentavos, aPesos, type Centavos, calcularCobro } from '@pos/domain';
import { type CreditoElegido, idsCreditoAfavor, totalDeCreditos } from '../creditos/elegidos.ts';

// Spec 001 §3 "Invoice" (metodoDePago, efectivoRecibido, formaDePagoTotalEn…, numeroDeAprobacionTarjeta),
// §9 "Payment methods": how the charge modal turns what the cashier typed into amounts and into the
// payment fields of POST /factura/crear.

/** The single methods a Mixto payment splits into, in the order the modal shows them. */
export const PARTES_DE_MIXTO: readonly MetodoSimple[] = [
  'Efectivo',
  'Tarjeta',
  'Tarjeta-Debito',
  'Transferencia',
  'Cheque',
];

/** Amounts typed per method, in pesos; an absent cash amount means «exact» (what the sale costs). */
export type MontosDePago = Partial<Record<MetodoSimple, number>>;

/** The payment of a draft (kept with the draft, so it survives a reload). */
export type PagoDelBorrador = {
  metodo: MetodoDePagoFactura;
  montos: MontosDePago;
  numeroDeAprobacion: string;
  /** Credits in favour of the customer that pay part or all of the sale (spec 001 §3 IdsCreditoAfavor). */
  creditos?: CreditoElegido[];
};

/** What money pays of a total: the total less the credits in favour chosen. */
export function porPagarConDinero(pago: PagoDelBorrador, total: Centavos): Centavos {
  return Math.max(0, total - totalDeCreditos(pago.creditos)) as Centavos;
}

/** Spec 000 §9, 001 §9: the default payment method is Efectivo. */
export function pagoInicial(): PagoDelBorrador {
  return { metodo: 'Efectivo', montos: {}, numeroDeAprobacion: '' };
}

/** What the payment covers of a total: received, still owed, change to hand back. */
export type ResumenDePago = {
  total: Centavos;
  recibido: Centavos;
  /** What is left unpaid (a sale on credit when above 0). */
  restante: Centavos;
  cambio: Centavos;
  /** A payment that cannot be taken as typed (change from a card, negative amounts). */
  error: string | null;
};

function centavos(monto: number | undefined): Centavos {
  return aCentavos(monto === undefined || !Number.isFinite(monto) ? 0 : monto);
}

/** Whether the payment involves a card, which carries an approval number. */
export function usaTarjeta(pago: PagoDelBorrador): boolean {
  if (pago.metodo === 'Tarjeta' || pago.metodo === 'Tarjeta-Debito') {
    return true;
  }
  return (
    pago.metodo === 'Mixto' &&
    (centavos(pago.montos.Tarjeta) > 0 || centavos(pago.montos['Tarjeta-Debito']) > 0)
  );
}

/** What was handed over with a single method: cash as typed (empty = exact), any other method exactly. */
function recibidoConUnMetodo(pago: PagoDelBorrador, total: Centavos): Centavos {
  return pago.metodo === 'Efectivo' && pago.montos.Efectivo !== undefined
    ? centavos(pago.montos.Efectivo)
    : total;
}

// The split is the domain's calcularCobro, the same the server runs: only cash gives change, card, transfer
// and cheque are charged exactly, and what is not paid stays owed (a sale on credit).
/** Sums up a payment against the document's total. */
export function resumirPago(pago: PagoDelBorrador, total: Centavos): ResumenDePago {
  const cobro = calcularCobro({
    metodoDePago: pago.metodo,
    montoAPagar: total,
    efectivoRecibido: pago.metodo === 'Mixto' ? 0 : aPesos(recibidoConUnMetodo(pago, total)),
    mixto: Object.fromEntries(
      PARTES_DE_MIXTO.map((metodo) => [metodo, aPesos(centavos(pago.montos[metodo]))]),
    ),
  });
  if (!cobro.ok) {
    return { total, recibido: 0 as Centavos, restante: total, cambio: 0 as Centavos, error: cobro.mensaje };
  }
  return {
    total,
    recibido: cobro.valor.recibido,
    restante: Math.max(0, cobro.valor.pendiente) as Centavos,
    cambio: cobro.valor.cambio,
    error: null,
  };
}

// The bills a customer usually hands over: the exact amount, then the next round amounts of 100, 200,
// 500, 1000 and 2000 pesos above it (the larger Dominican bills, spec 002 §9 denominations).
/** Quick cash amounts for a total, in pesos: exact first, then up to four round amounts above it. */
export function montosRapidos(total: Centavos): number[] {
  const exacto = aPesos(total);
  const redondos = [100, 200, 500, 1000, 2000]
    .map((billete) => Math.ceil(exacto / billete) * billete)
    .filter((monto) => monto > exacto);
  return [exacto, ...[...new Set(redondos)].sort((a, b) => a - b).slice(0, 4)];
}

type CamposDePago = Pick<
  FacturaEntrada,
  | 'metodoDePago'
  | 'efectivoRecibido'
  | 'formaDePagoTotalEnEfectivo'
  | 'formaDePagoTotalEnTarjeta'
  | 'formaDePagoTotalEnTarjetaDebito'
  | 'formaDePagoTotalEnTransferencia'
  | 'formaDePagoTotalEnCheque'
  | 'numeroDeAprobacionTarjeta'
  | 'IdsCreditoAfavor'
>;

// The contract (packages/contract/src/facturas.ts): a single method sends what was handed over in
// efectivoRecibido (cash above the total is change); Mixto sends each method's amount.
/** The payment fields of the invoice for POST /factura/crear. */
export function camposDePago(pago: PagoDelBorrador, total: Centavos): CamposDePago {
  const resumen = resumirPago(pago, porPagarConDinero(pago, total));
  const pesos = (metodo: MetodoSimple) =>
    pago.metodo === 'Mixto' ? aPesos(centavos(pago.montos[metodo])) : 0;
  return {
    metodoDePago: pago.metodo,
    efectivoRecibido: pago.metodo === 'Mixto' ? 0 : aPesos(resumen.recibido),
    formaDePagoTotalEnEfectivo: pesos('Efectivo'),
    formaDePagoTotalEnTarjeta: pesos('Tarjeta'),
    formaDePagoTotalEnTarjetaDebito: pesos('Tarjeta-Debito'),
    formaDePagoTotalEnTransferencia: pesos('Transferencia'),
    formaDePagoTotalEnCheque: pesos('Cheque'),
    numeroDeAprobacionTarjeta: usaTarjeta(pago) ? pago.numeroDeAprobacion.trim() : '',
    ...idsCreditoAfavor(pago.creditos),
  };
}
