import type { ActualizarEgreso, CompraPendiente, DetalleEgreso, LineaEgresoEntrada } from '@pos/contract';
import { aCentavos, aPesos, type Centavos } from '@pos/domain';
import type { z } from 'zod';

// Spec 001 §3 "Payment out", §7 "PUT /recibos-egresos/update/": what the payment form shows per purchase
// and what it sends, for a new payment and for one being edited (the mirror of ingresos/edicion.ts).

/** A purchase row of the form: what it owes that this payment may pay (`pendiente`). */
export type FilaDePago = {
  idCompra: string;
  etiqueta: string;
  /** The supplier's NCF (what the 606 reports), when it differs from our number. */
  ncf: string;
  fechaEmision: string | null;
  total: number;
  /** What the purchase owes that this payment may pay: on an edit, plus what the payment applies now. */
  pendiente: number;
  /** The payment's line that pays it (an edit). */
  idLinea: string | null;
};

function etiquetaDe(c: Pick<CompraPendiente, 'comprobante' | 'numeroCompra'>): string {
  return c.comprobante || (c.numeroCompra === null ? '—' : `No. ${c.numeroCompra}`);
}

/** The rows of a new payment: the supplier's purchases that owe. */
export function filasDeCompras(compras: readonly CompraPendiente[]): FilaDePago[] {
  return compras.map((c) => ({
    idCompra: c._id,
    etiqueta: etiquetaDe(c),
    ncf: c.ncf !== c.comprobante ? c.ncf : '',
    fechaEmision: c.fechaEmision,
    total: c.montoAPagar,
    pendiente: c.pendiente,
    idLinea: null,
  }));
}

/**
 * The rows of a payment being edited: its own purchases first (each may take again what the payment
 * applies to it now, as the edit takes it back before applying the final lines), then the supplier's
 * other purchases that owe.
 */
export function filasDeEdicion(detalle: DetalleEgreso, pendientes: readonly CompraPendiente[]): FilaDePago[] {
  const porId = new Map(pendientes.map((c) => [c._id, c]));
  const propias = detalle.res.flatMap((l): FilaDePago[] => {
    if (!l.idCompra) {
      return [];
    }
    const debeAhora = aCentavos(porId.get(l.idCompra)?.pendiente ?? 0);
    return [
      {
        idCompra: l.idCompra,
        etiqueta: l.comprobanteCompra || etiquetaDe({ comprobante: '', numeroCompra: l.numeroCompra }),
        ncf: l.ncfCompra !== l.comprobanteCompra ? l.ncfCompra : '',
        fechaEmision: porId.get(l.idCompra)?.fechaEmision ?? null,
        total: l.total,
        pendiente: aPesos((debeAhora + aCentavos(l.importe)) as Centavos),
        idLinea: l._id,
      },
    ];
  });
  const ya = new Set(propias.map((f) => f.idCompra));
  return [...propias, ...filasDeCompras(pendientes.filter((c) => !ya.has(c._id)))];
}

/** The amounts of an edited payment as the form starts: its lines' amounts per purchase. */
export function montosDe(detalle: DetalleEgreso): Record<string, number> {
  return Object.fromEntries(detalle.res.flatMap((l) => (l.idCompra ? [[l.idCompra, l.importe]] : [])));
}

type Linea = z.input<typeof LineaEgresoEntrada>;

/**
 * The lines of a PUT /recibos-egresos/update/ for a payment of purchases: a purchase of the payment with
 * an amount is changed in its place (`_id`), one left at 0 is removed (`eliminar`), a new one is added.
 */
export function lineasDeEdicion(
  detalle: DetalleEgreso,
  filas: readonly FilaDePago[],
  montos: Record<string, number | null>,
): Pick<z.input<typeof ActualizarEgreso>, 'update' | 'eliminar'> {
  const update: Linea[] = [];
  const eliminar: string[] = [];
  const notas = new Map(detalle.res.map((l) => [l._id, l.nota]));
  for (const f of filas) {
    const importe = montos[f.idCompra] ?? 0;
    if (importe > 0) {
      update.push({
        ...(f.idLinea ? { _id: f.idLinea, nota: notas.get(f.idLinea) ?? '' } : {}),
        idCompra: f.idCompra,
        importe,
      });
    } else if (f.idLinea) {
      eliminar.push(f.idLinea);
    }
  }
  return { update, eliminar };
}
