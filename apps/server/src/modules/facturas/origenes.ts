import {
  type DocumentoDeOrigen,
  type FacturaEntrada,
  type LineaConduce,
  type LineaFacturaEntrada,
  MENSAJE_ARTICULO_DE_CONDUCE,
  MENSAJE_CONDUCE_REPETIDO,
} from '@pos/contract';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { conducesParaFacturar, facturarConduces, liberarConduces } from '../conduces/service.ts';
import {
  cotizacionesParaFacturar,
  facturarCotizaciones,
  liberarCotizaciones,
} from '../cotizaciones/service.ts';

// Spec 001 §2, §4, §5: an invoice made from one quotation, several quotations or pre-invoice delivery
// notes. Each source is billed once: it is read locked and refused when cancelled or already billed;
// after the invoice is written it records the invoice (its own module writes it), and a cancelled,
// deleted or changed invoice frees it. The invoice keeps the list of its sources.

/** What an invoice is made from, checked: the sources and the conduce lines it bills. */
export type Origenes = {
  documentos: DocumentoDeOrigen[];
  /** The conduce lines, by id: an invoice line from one takes its price and discount, and moves no stock. */
  lineasDeConduce: Map<string, LineaConduce>;
};

export const SIN_ORIGENES: Origenes = { documentos: [], lineasDeConduce: new Map() };

const mismaCantidad = (a: number, b: number) => Math.round(a * 10_000) === Math.round(b * 10_000);

/**
 * Reads and checks the sources of an invoice: the quotations of `idCotizacion`/`idCotizaciones` and the
 * linked conduces, whose lines must all be on the invoice exactly as they are on the conduce (spec 001
 * §1: a conduce line leaves only with its conduce, 'ARTICULO DE CONDUCE'), and no invoice line may
 * claim a conduce that is not linked.
 */
export async function leerOrigenes(
  ctx: Ctx,
  factura: Pick<FacturaEntrada, 'idCotizacion' | 'idCotizaciones'>,
  idsConduces: readonly string[],
  lineas: readonly LineaFacturaEntrada[],
): Promise<Origenes> {
  const idsCotizaciones = [
    ...new Set([...(factura.idCotizacion ? [factura.idCotizacion] : []), ...(factura.idCotizaciones ?? [])]),
  ];
  if (idsCotizaciones.length === 0 && idsConduces.length === 0 && !lineas.some((l) => l.idLineaConduce)) {
    return SIN_ORIGENES;
  }
  if (new Set(idsConduces).size !== idsConduces.length) {
    throw new AppError('solicitud_invalida', MENSAJE_CONDUCE_REPETIDO);
  }
  const cotizaciones = await cotizacionesParaFacturar(ctx, idsCotizaciones);
  const conduces = await conducesParaFacturar(ctx, idsConduces);
  const lineasDeConduce = new Map<string, LineaConduce>();
  const conduceDeLinea = new Map<string, string>();
  for (const { conduceDb, lineasConduce } of conduces) {
    for (const linea of lineasConduce) {
      lineasDeConduce.set(linea._id, linea);
      conduceDeLinea.set(linea._id, conduceDb.comprobante);
    }
  }
  const facturadas = new Set<string>();
  lineas.forEach((linea, indice) => {
    if (!linea.idLineaConduce) {
      return;
    }
    const deConduce = lineasDeConduce.get(linea.idLineaConduce);
    if (!deConduce || facturadas.has(linea.idLineaConduce)) {
      throw new AppError(
        'solicitud_invalida',
        `La línea ${indice + 1} dice venir de un conduce que no está vinculado a la factura.`,
        { errores: [{ campo: `lineas.${indice}.idLineaConduce`, mensaje: 'El conduce no está vinculado.' }] },
      );
    }
    if (
      deConduce.idProducto !== linea.idProducto ||
      deConduce.paquete !== linea.paquete ||
      !mismaCantidad(deConduce.cantidad, linea.cantidad)
    ) {
      throw new AppError(
        'conflicto',
        `${MENSAJE_ARTICULO_DE_CONDUCE}: «${deConduce.descripcion}» del conduce ${conduceDeLinea.get(deConduce._id)} se factura tal como salió (${deConduce.cantidad}).`,
      );
    }
    facturadas.add(linea.idLineaConduce);
  });
  for (const [id, linea] of lineasDeConduce) {
    if (!facturadas.has(id)) {
      throw new AppError(
        'conflicto',
        `${MENSAJE_ARTICULO_DE_CONDUCE}: «${linea.descripcion}» del conduce ${conduceDeLinea.get(id)} falta en la factura; para quitarlo, quita el conduce.`,
      );
    }
  }
  return {
    documentos: [
      ...cotizaciones.map(({ cotizacionDb }) => ({
        tipo: 'cotizacion' as const,
        id: cotizacionDb._id,
        comprobante: cotizacionDb.comprobante,
      })),
      ...conduces.map(({ conduceDb }) => ({
        tipo: 'conduce' as const,
        id: conduceDb._id,
        comprobante: conduceDb.comprobante,
      })),
    ],
    lineasDeConduce,
  };
}

/** The invoice just written records itself on its sources (each module writes its own table). */
export async function vincularOrigenes(ctx: Ctx, origenes: Origenes, idFactura: string): Promise<void> {
  const ids = (tipo: DocumentoDeOrigen['tipo']) =>
    origenes.documentos.filter((d) => d.tipo === tipo).map((d) => d.id);
  await facturarCotizaciones(ctx, ids('cotizacion'), idFactura);
  await facturarConduces(ctx, ids('conduce'), idFactura);
}

/** The invoice is cancelled, deleted or about to be rewritten: its sources can be billed again. */
export async function liberarOrigenes(ctx: Ctx, origenes: readonly DocumentoDeOrigen[], idFactura: string) {
  if (origenes.some((d) => d.tipo === 'cotizacion')) {
    await liberarCotizaciones(ctx, idFactura);
  }
  if (origenes.some((d) => d.tipo === 'conduce')) {
    await liberarConduces(ctx, idFactura);
  }
}
