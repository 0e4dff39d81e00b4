import type { Centavos } from './dinero.ts';

// Spec 001 §5, 002 §5: with limiteCredito above 0, the invoice total plus the pending
// receivable is compared with the limit; above it, credit permission is requested.
/** True when this invoice takes the customer over their credit limit (0 means no limit). */
export function excedeLimiteDeCredito(cliente: {
  readonly limiteCredito: Centavos;
  readonly pendientePorCobrar: Centavos;
  readonly totalFactura: Centavos;
}): boolean {
  return (
    cliente.limiteCredito > 0 && cliente.totalFactura + cliente.pendientePorCobrar > cliente.limiteCredito
  );
}
