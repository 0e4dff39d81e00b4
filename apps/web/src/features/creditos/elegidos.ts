import type { TransaccionCreditoAFavor } from '@pos/contract';
import { aCentavos, aPesos, type Centavos, sumarCentavos } from '@pos/domain';

// Spec 001 §3 IdsCreditoAfavor: the credits a document uses and how much of each (in pesos), as the
// credit-in-favour modal leaves them.
export type CreditoElegido = { _id: string; idCliente: string; numeroCredito: number; monto: number };

/** What the chosen credits pay, in cents. */
export function totalDeCreditos(elegidos: readonly CreditoElegido[] | undefined): Centavos {
  return sumarCentavos((elegidos ?? []).map((c) => aCentavos(c.monto)));
}

/** The invoice body's field (contract FacturaEntrada.IdsCreditoAfavor), absent when none. */
export function idsCreditoAfavor(elegidos: readonly CreditoElegido[] | undefined) {
  return elegidos && elegidos.length > 0
    ? { IdsCreditoAfavor: elegidos.map((c) => ({ _id: c._id, monto: c.monto })) }
    : {};
}

/** The credits an invoice already uses (its detail's listaDeCredtosAfavor), so an edit keeps them. */
export function creditosDeLaFactura(
  detalle: { FacturaDb: { idCliente: string | null }; listaDeCredtosAfavor: unknown[] } | undefined,
): CreditoElegido[] {
  const idCliente = detalle?.FacturaDb.idCliente;
  if (!detalle || !idCliente) {
    return [];
  }
  // One entry per credit: two transactions of one credit on the invoice add up.
  const porCredito = new Map<string, CreditoElegido>();
  for (const t of detalle.listaDeCredtosAfavor as TransaccionCreditoAFavor[]) {
    const previo = porCredito.get(t.idCreditoAFavor);
    const monto = aPesos((aCentavos(previo?.monto ?? 0) + aCentavos(t.monto)) as Centavos);
    porCredito.set(t.idCreditoAFavor, {
      _id: t.idCreditoAFavor,
      idCliente,
      numeroCredito: t.numeroCredito,
      monto,
    });
  }
  return [...porCredito.values()];
}
