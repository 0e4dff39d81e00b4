import type { ActualizarIngreso, DetalleIngreso, Factura, LineaIngresoEntrada } from '@pos/contract';
import { aCentavos, aPesos, type Centavos, sumarCentavos } from '@pos/domain';
import type { z } from 'zod';

// Spec 001 §3 "Receipt in", §7 "PUT /ingresos-recibidos/update/": what the receipt form shows per
// invoice and what it sends, for a new receipt and for one being edited.

/** An invoice row of the form: what it owes that this receipt may apply (`pendiente`). */
export type FilaDeCobro = {
  idFactura: string;
  etiqueta: string;
  fechaEmision: string | null;
  total: number;
  /** What the invoice owes that this receipt may pay: on an edit, plus what the receipt applies now. */
  pendiente: number;
  /** The receipt's line that pays it (an edit). */
  idLinea: string | null;
};

/** The rows of a new receipt: the customer's invoices that owe. */
export function filasDeFacturas(facturas: readonly Factura[]): FilaDeCobro[] {
  return facturas.map((f) => ({
    idFactura: f._id,
    etiqueta: f.comprobante ?? String(f.numeroFactura ?? ''),
    fechaEmision: f.fechaEmision,
    total: f.total,
    pendiente: f.pendiente,
    idLinea: null,
  }));
}

/**
 * The rows of a receipt being edited: its own invoices first (each may take again what the receipt
 * applies to it now, as the edit takes it back before applying the final lines), then the customer's
 * other invoices that owe.
 */
export function filasDeEdicion(detalle: DetalleIngreso, pendientes: readonly Factura[]): FilaDeCobro[] {
  const porId = new Map(pendientes.map((f) => [f._id, f]));
  const propias = detalle.res.flatMap((l): FilaDeCobro[] => {
    if (!l.idFactura) {
      return [];
    }
    const aplicado = aCentavos(l.importe) - aCentavos(l.creditoAFavor);
    const debeAhora = aCentavos(porId.get(l.idFactura)?.pendiente ?? 0);
    return [
      {
        idFactura: l.idFactura,
        etiqueta: l.comprobanteFactura,
        fechaEmision: porId.get(l.idFactura)?.fechaEmision ?? null,
        total: l.total,
        pendiente: aPesos((debeAhora + aplicado) as Centavos),
        idLinea: l._id,
      },
    ];
  });
  const ya = new Set(propias.map((f) => f.idFactura));
  return [...propias, ...filasDeFacturas(pendientes.filter((f) => !ya.has(f._id)))];
}

/** What each typed amount leaves above its invoice's pending (credit in favour with the switch on). */
export function excedenteDe(filas: readonly FilaDeCobro[], montos: Record<string, number | null>): number {
  return aPesos(
    sumarCentavos(
      filas.map((f) => Math.max(0, aCentavos(montos[f.idFactura] ?? 0) - aCentavos(f.pendiente)) as Centavos),
    ),
  );
}

/** The amounts of an edited receipt as the form starts: its lines' amounts per invoice, and its advance. */
export function montosDe(detalle: DetalleIngreso): {
  montos: Record<string, number>;
  anticipo: number | null;
} {
  const montos: Record<string, number> = {};
  let anticipo: number | null = null;
  for (const l of detalle.res) {
    if (l.idFactura) {
      montos[l.idFactura] = l.importe;
    } else if (detalle.ingresoReferenciadoGral.tipoDeIngreso) {
      anticipo = aPesos((aCentavos(anticipo ?? 0) + aCentavos(l.importe)) as Centavos);
    }
  }
  return { montos, anticipo };
}

type Linea = z.input<typeof LineaIngresoEntrada>;

/**
 * The lines of a PUT /ingresos-recibidos/update/ for a payment receipt: an invoice of the receipt with
 * an amount is changed in its place (`_id`), one left at 0 is removed (`eliminar`), a new invoice is
 * added; the advance line likewise.
 */
export function lineasDeEdicion(
  detalle: DetalleIngreso,
  filas: readonly FilaDeCobro[],
  montos: Record<string, number | null>,
  anticipo: number | null,
): Pick<z.input<typeof ActualizarIngreso>, 'update' | 'eliminar'> {
  const update: Linea[] = [];
  const eliminar: string[] = [];
  const notas = new Map(detalle.res.map((l) => [l._id, l.nota]));
  for (const f of filas) {
    const importe = montos[f.idFactura] ?? 0;
    if (importe > 0) {
      update.push({
        ...(f.idLinea ? { _id: f.idLinea, nota: notas.get(f.idLinea) ?? '' } : {}),
        idFactura: f.idFactura,
        importe,
      });
    } else if (f.idLinea) {
      eliminar.push(f.idLinea);
    }
  }
  const anticipos = detalle.res.filter((l) => !l.idFactura);
  const [primero, ...demas] = anticipos;
  eliminar.push(...demas.map((l) => l._id));
  if (anticipo && anticipo > 0) {
    update.push({ ...(primero ? { _id: primero._id } : {}), importe: anticipo, nota: 'Anticipo' });
  } else if (primero) {
    eliminar.push(primero._id);
  }
  return { update, eliminar };
}
