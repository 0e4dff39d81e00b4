import { aCentavos, type Centavos, type Monto } from './dinero.ts';
import { comparar, type Exacto, exacto, multiplicar, restar, sumar } from './exacto.ts';
import { type Impuesto, type ImpuestoCalculado, tasaExacta, tasaTotal } from './impuestos.ts';

/** What the totals need of a document line (spec 000 §3 "Document line"). */
export type LineaDocumento = {
  readonly cantidad: number | string;
  /** Unit price before tax, at full precision (precioSinImpuestoSinRedondeo). */
  readonly precio: Monto;
  /** Discount as a fraction (percent / 100); clamped to 0..1. */
  readonly descuento?: number;
  readonly impuestos?: readonly Impuesto[];
};

/** The amounts of one line, each rounded once to cents. */
export type LineaCalculada = {
  /** cantidad × precio, before the discount. */
  readonly importe: Centavos;
  readonly descuento: Centavos;
  /** importe − descuento: the line's share of the document subtotal. */
  readonly subtotal: Centavos;
  readonly impuestos: readonly ImpuestoCalculado[];
  readonly totalImpuestos: Centavos;
  /** subtotal + taxes = round(net × (1 + rates)): a shelf price with tax is paid exactly. */
  readonly total: Centavos;
};

const CERO: Exacto = { n: 0n, d: 1n };
const UNO: Exacto = { n: 1n, d: 1n };

// Spec 000 §5, 001 §1: line amount = quantity × price − discount, the discount a fraction.
// The line total is rounded from the exact net amount with tax, and the taxes are the total
// minus the subtotal: so a product whose price with tax is P totals exactly P × quantity
// (the customer pays the shelf price), and subtotal + taxes = total on every line.
/** Computes a line: amount, discount, subtotal, each tax, and total, in cents. */
export function calcularLinea(linea: LineaDocumento): LineaCalculada {
  const bruto = multiplicar(exacto(linea.cantidad), exacto(linea.precio));
  const neto = multiplicar(bruto, restar(UNO, fraccionDeDescuento(linea.descuento)));
  const impuestos = linea.impuestos ?? [];
  const importe = aCentavos(bruto);
  const subtotal = aCentavos(neto);
  const total = aCentavos(multiplicar(neto, sumar(UNO, tasaTotal(impuestos))));
  const totalImpuestos = (total - subtotal) as Centavos;
  return {
    importe,
    descuento: (importe - subtotal) as Centavos,
    subtotal,
    impuestos: repartirImpuestos(neto, impuestos, totalImpuestos),
    totalImpuestos,
    total,
  };
}

function fraccionDeDescuento(descuento: number | undefined): Exacto {
  const fraccion = exacto(descuento ?? 0);
  return fraccion.n < 0n ? CERO : fraccion.n > fraccion.d ? UNO : fraccion;
}

// Each tax is rounded on its own; the cent left over by rounding goes to the highest rate, so
// the taxes add up to total − subtotal and a 0% tax never shows a stray cent.
function repartirImpuestos(
  neto: Exacto,
  impuestos: readonly Impuesto[],
  totalImpuestos: Centavos,
): ImpuestoCalculado[] {
  const calculados = impuestos.map((impuesto) => {
    const tasa = tasaExacta(impuesto.tasa);
    return { impuesto, tasa, total: aCentavos(multiplicar(neto, tasa)) };
  });
  const sobrante = totalImpuestos - calculados.reduce((suma, calculado) => suma + calculado.total, 0);
  let mayor: (typeof calculados)[number] | undefined;
  for (const calculado of calculados) {
    if (mayor === undefined || comparar(calculado.tasa, mayor.tasa) > 0) {
      mayor = calculado;
    }
  }
  return calculados.map((calculado) => ({
    ...calculado.impuesto,
    total: (calculado === mayor ? calculado.total + sobrante : calculado.total) as Centavos,
  }));
}
