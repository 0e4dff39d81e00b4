import { type DetalleFactura, TransaccionCreditoAFavor } from '@pos/contract';
import { aCentavos, aPesos, type Centavos, sumarCentavos } from '@pos/domain';

/**
 * What took an invoice's amount to pay down to its pending, for the invoice views (spec 001 §3 "Invoice
 * detail response"; docs/payments.md): money (at the sale and by receipts), the credit notes applied
 * (`montoNotaDeCreditoRef`) and the credit-in-favour transactions (`listaDeCredtosAfavor`). The money is
 * what is left once the other two are taken out, so the four always add up to the amount to pay
 * whatever the server counts in `cobrado`.
 */
export function cobrosDeLaFactura(detalle: DetalleFactura): {
  dinero: number;
  notasDeCredito: number;
  creditosAFavor: number;
  transacciones: TransaccionCreditoAFavor[];
  pendiente: number;
} {
  // The contract leaves the list untyped (creditos.ts reads facturas.ts); the server sends transactions.
  const leidas = TransaccionCreditoAFavor.array().safeParse(detalle.listaDeCredtosAfavor);
  const transacciones = (leidas.success ? leidas.data : []).filter((t) => t.estado !== 'Anulado');
  const creditos = sumarCentavos(transacciones.map((t) => aCentavos(t.monto)));
  const notas = aCentavos(detalle.montoNotaDeCreditoRef);
  const pendiente = aCentavos(detalle.pendiente);
  const dinero = (aCentavos(detalle.FacturaDb.montoAPagar) - pendiente - notas - creditos) as Centavos;
  return {
    dinero: aPesos(dinero),
    notasDeCredito: aPesos(notas),
    creditosAFavor: aPesos(creditos),
    transacciones,
    pendiente: detalle.pendiente,
  };
}
