import { Badge } from '@mantine/core';
import type { Compra } from '@pos/contract';
import { type EstadoDePagoCompra, estadoDePagoCompra } from '@pos/domain';

/** How a purchase's payment status shows (spec 001 §4 "Purchase payment status"). */
const ESTADOS_DE_PAGO: Record<EstadoDePagoCompra, { texto: string; color: string }> = {
  Pagado: { texto: 'Pagado', color: 'green' },
  'Por Pagar': { texto: 'Por Pagar', color: 'orange' },
  'Por-Anular': { texto: 'Por anular', color: 'yellow' },
  Anulado: { texto: 'Anulada', color: 'red' },
  '': { texto: 'Sin pagos', color: 'gray' },
};

/**
 * A purchase's payment status: the domain's estadoDePagoCompra (the one rule, also the server's) over
 * what was paid (at the purchase, by payments out and debit notes) and what is pending.
 */
export function estadoDeCompra(c: Pick<Compra, 'estado' | 'cobrado' | 'pendiente'>): EstadoDePagoCompra {
  return estadoDePagoCompra({ estado: c.estado, pagado: c.cobrado, pendiente: c.pendiente });
}

/** The payment status of a purchase as a badge. */
export function EstadoDeCompra({ compra }: { compra: Pick<Compra, 'estado' | 'cobrado' | 'pendiente'> }) {
  const { texto, color } = ESTADOS_DE_PAGO[estadoDeCompra(compra)];
  return (
    <Badge color={color} variant="light" size="sm">
      {texto}
    </Badge>
  );
}
