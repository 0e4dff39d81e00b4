// Spec 000 §5 "stock blocking", 002 (general configuration, bloqueoPorNoExistencia): with the setting
// on, a stocked product (productoInventariable) without ventaSinDisponibilidad cannot leave the
// warehouse beyond what it holds. Every document that takes goods out (an invoice, a pre-invoice
// conduce) asks this one rule; the server reads the balances it compares with.

/** One line's demand on the stock, with the product flags the rule reads. */
export type PedidoDeExistencia = {
  readonly idProducto: string;
  readonly descripcion: string;
  /** Stock units (a package counts cantidadPorPaquete units). */
  readonly unidades: number;
  readonly productoInventariable: boolean;
  readonly ventaSinDisponibilidad: boolean;
};

/** A product that lacks stock: what the document takes and what there is (spec 001 §8 productoBajoStock). */
export type FaltanteDeExistencia = {
  idProducto: string;
  descripcion: string;
  cantidad: number;
  disponibilidad: number;
};

// The stock columns keep four decimals: compare in ten-thousandths so 0.1 + 0.2 takes 0.3, not more.
const diezmilesimas = (cantidad: number) => Math.round(cantidad * 10_000);

/**
 * The products whose lines together take more than `disponibilidad(idProducto)` (in the document's
 * warehouse), each once with its lines summed, in the order they first appear. Products that are not
 * stocked, or may be sold without stock, never lack it.
 */
export function faltantesDeExistencia(
  pedidos: readonly PedidoDeExistencia[],
  disponibilidad: (idProducto: string) => number,
): FaltanteDeExistencia[] {
  const porProducto = new Map<string, { pedido: PedidoDeExistencia; unidades: number }>();
  for (const pedido of pedidos) {
    if (!pedido.productoInventariable || pedido.ventaSinDisponibilidad) {
      continue;
    }
    const actual = porProducto.get(pedido.idProducto);
    porProducto.set(pedido.idProducto, {
      pedido: actual?.pedido ?? pedido,
      unidades: (actual?.unidades ?? 0) + diezmilesimas(pedido.unidades),
    });
  }
  const faltan: FaltanteDeExistencia[] = [];
  for (const { pedido, unidades } of porProducto.values()) {
    const hay = disponibilidad(pedido.idProducto);
    if (unidades > diezmilesimas(hay)) {
      faltan.push({
        idProducto: pedido.idProducto,
        descripcion: pedido.descripcion,
        cantidad: unidades / 10_000,
        disponibilidad: hay,
      });
    }
  }
  return faltan;
}

/** What the refusal says after its title (MENSAJE_BAJO_STOCK): every product and what there is. */
export function detalleDeFaltantes(faltan: readonly FaltanteDeExistencia[]): string {
  return `no hay existencia suficiente de ${faltan.map((p) => `«${p.descripcion}» (hay ${p.disponibilidad})`).join(', ')}.`;
}
