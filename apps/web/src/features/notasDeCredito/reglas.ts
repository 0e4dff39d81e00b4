import {
  type DetalleFactura,
  type LineaCreditoFacturaEntrada,
  type LineaDevolucionEntrada,
  type LineaNotaDeCreditoEntrada,
  reglaDeVinculos,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, precioConImpuesto, sumarCentavos } from '@pos/domain';
import type { z } from 'zod';
import type { LineaDelFormulario } from '../../ui/documento/lineas.ts';
import { cantidad, dinero } from '../../ui/formato.ts';

// The rules of the credit-note and POS-return forms (spec 001 §3 "Credit note", §4, §5): which invoice
// lines can still come back and how many, and where the note's total goes. The server checks the same
// on save; the form says it first, with the same messages.

/** What the note does with its total (spec 001 §4: a linked invoice XOR money refunds). */
export type Destino = 'factura' | 'reembolso' | 'credito';

/** A money refund as the form holds it: the account the money leaves from (null: the cash box). */
export type Reembolso = {
  clave: string;
  _id?: string;
  idCuenta: string | null;
  importe: number | null;
  nota: string;
};

/** Per invoice line: sold, already returned by other notes in force, and what is left to return. */
export type Devolvible = { vendida: number; devuelta: number; devolvible: number };

// Quantities carry up to 4 decimals (a weighed product): sums must not drift.
function redondearCantidad(valor: number): number {
  return Math.round(valor * 10_000) / 10_000;
}

/** What each line of the invoice can still return. */
export function devolviblesDeLaFactura(
  factura: Pick<DetalleFactura, 'linea_facturasRef'>,
  devueltas: ReadonlyMap<string, number>,
): Map<string, Devolvible> {
  return new Map(
    factura.linea_facturasRef.map((l) => {
      const devuelta = devueltas.get(l._id) ?? 0;
      return [
        l._id,
        { vendida: l.cantidad, devuelta, devolvible: Math.max(0, redondearCantidad(l.cantidad - devuelta)) },
      ];
    }),
  );
}

/**
 * An invoice line as a line of the note: its price, discount and taxes as sold (never re-priced), and
 * the quantity still returnable. The key is the invoice line's id: a note returns each line once.
 */
export function lineaDevuelta(
  linea: DetalleFactura['linea_facturasRef'][number],
  cantidadPropuesta: number,
  idGuardada?: string,
): LineaDelFormulario {
  const impuestos = linea.impuestos.map((i) => ({
    name: i.name ?? '',
    tipoDeImpuesto: i.tipoDeImpuesto ?? '',
    tasa: i.tasa,
  }));
  return {
    clave: linea._id,
    ...(idGuardada ? { _id: idGuardada } : {}),
    idProducto: linea.idProducto,
    idCodigoDeBarra: linea.idCodigoDeBarra,
    descripcion: linea.descripcion,
    nota: '',
    cantidad: cantidadPropuesta,
    precio: linea.precio,
    precioDeVenta: precioConImpuesto(linea.precio, impuestos),
    descuento: linea.descuento,
    descuentoParaSocios: 0,
    impuestos,
    paquete: linea.paquete,
    itemPersonalizado: linea.itemPersonalizado,
    // The invoice's price already carries its variants.
    variantes: [],
    precioPredeterminado: null,
    listaDePrecioAsignada: null,
  };
}

/** Spec 001 §2 «Buscar facturas para crédito»: the invoice's lines that can still come back, all of what is left. */
export function lineasPropuestas(
  factura: Pick<DetalleFactura, 'linea_facturasRef'>,
  devolvibles: ReadonlyMap<string, Devolvible>,
): LineaDelFormulario[] {
  return factura.linea_facturasRef
    .filter((l) => (devolvibles.get(l._id)?.devolvible ?? 0) > 0)
    .map((l) => lineaDevuelta(l, devolvibles.get(l._id)?.devolvible ?? 0));
}

/** The first line that returns more than is left of it (or nothing), as the message the form shows. */
export function excesoDeDevolucion(
  lineas: readonly LineaDelFormulario[],
  devolvibles: ReadonlyMap<string, Devolvible>,
): string | null {
  for (const l of lineas) {
    const d = devolvibles.get(l.clave);
    if (d && (l.cantidad ?? 0) > d.devolvible) {
      return d.devolvible === 0
        ? `«${l.descripcion}» ya fue devuelto completo (${cantidad(d.vendida)} vendidos).`
        : `De «${l.descripcion}» solo quedan ${cantidad(d.devolvible)} por devolver (vendidos ${cantidad(d.vendida)}, devueltos ${cantidad(d.devuelta)}).`;
    }
  }
  return null;
}

/** How the note's total is split: applied to the invoice, refunded, and the rest as a credit in favour. */
export type Reparto = { aplicado: number; devuelto: number; credito: number };

/**
 * Spec 001 §3-§4 and the shared design: applied to the linked invoice at most what it owes; refunds are
 * what the user typed; whatever neither takes becomes a credit in favour of the customer.
 */
export function repartoDelTotal({
  total,
  destino,
  pendienteDeLaFactura,
  reembolsos,
}: {
  total: Centavos;
  destino: Destino;
  pendienteDeLaFactura: number;
  reembolsos: readonly Reembolso[];
}): Reparto {
  const aplicado =
    destino === 'factura'
      ? (Math.max(0, Math.min(total, aCentavos(pendienteDeLaFactura))) as Centavos)
      : (0 as Centavos);
  const devuelto =
    destino === 'reembolso'
      ? sumarCentavos(reembolsos.map((r) => aCentavos(r.importe ?? 0)))
      : (0 as Centavos);
  return {
    aplicado: aPesos(aplicado),
    devuelto: aPesos(devuelto),
    credito: aPesos(Math.max(0, total - aplicado - devuelto) as Centavos),
  };
}

/** Refunds beyond the note's total are refused: money back is never more than the goods returned. */
export function excesoDeReembolso(total: Centavos, reembolsos: readonly Reembolso[]): string | null {
  const devuelto = sumarCentavos(reembolsos.map((r) => aCentavos(r.importe ?? 0)));
  return devuelto > total
    ? `Las devoluciones de dinero (${dinero(aPesos(devuelto))}) pasan del total de la nota (${dinero(aPesos(total))}).`
    : null;
}

/**
 * Spec 001 §5: choosing to apply to the invoice while refunds are typed is refused with the spec's
 * message ('TIENES DEVOLUCIONES ACTIVA'); the user removes the refunds first. Null: the change is allowed.
 */
export function cambioDeDestino(nuevo: Destino, reembolsos: readonly Reembolso[]): string | null {
  if (nuevo !== 'factura') {
    return null;
  }
  const conImporte = reembolsos.filter((r) => (r.importe ?? 0) > 0);
  return reglaDeVinculos([{ idFactura: 'vinculada' }], conImporte);
}

/** The links the body sends: the invoice (destino 'factura') or the refunds with an amount, never both. */
export function vinculos(
  destino: Destino,
  idFactura: string,
  reembolsos: readonly Reembolso[],
  fechaDeEmision: string,
): {
  lineasCreditoFacturas: z.input<typeof LineaCreditoFacturaEntrada>[];
  lineasDevoluciones: z.input<typeof LineaDevolucionEntrada>[];
} {
  return {
    lineasCreditoFacturas: destino === 'factura' ? [{ idFactura }] : [],
    lineasDevoluciones:
      destino === 'reembolso'
        ? reembolsos
            .filter((r) => (r.importe ?? 0) > 0)
            .map((r) => ({
              ...(r._id ? { _id: r._id } : {}),
              fechaDeEmision,
              afectarCuenta: r.idCuenta ? { idCuenta: r.idCuenta } : null,
              importe: r.importe ?? 0,
              nota: r.nota.trim(),
            }))
        : [],
  };
}

/** A form line as the note's line: which invoice line comes back and how much of it. */
export function aLineaDeNota(linea: LineaDelFormulario): z.input<typeof LineaNotaDeCreditoEntrada> {
  return {
    ...(linea._id ? { _id: linea._id } : {}),
    idLineaFactura: linea.clave,
    cantidad: linea.cantidad ?? 0,
    nota: linea.nota,
  };
}
