import { type Centavos, sumarCentavos } from './dinero.ts';
import { esItbis, type ResumenDeImpuesto, resumirImpuestos } from './impuestos.ts';
import { calcularLinea, type LineaCalculada, type LineaDocumento } from './lineas.ts';
import { calcularRetencion, type TipoDeRetencion } from './retenciones.ts';

/** A document's totals, in cents; every figure is a sum of the lines' rounded figures. */
export type TotalesDocumento = {
  readonly lineas: readonly LineaCalculada[];
  /** Sum of quantity × price, before discounts. */
  readonly importe: Centavos;
  readonly descuento: Centavos;
  readonly subtotal: Centavos;
  readonly impuestos: Centavos;
  /** ITBIS only (18% and 16%): the base of non-ISR withholdings. */
  readonly itbis: Centavos;
  readonly desgloseDeImpuestos: readonly ResumenDeImpuesto[];
  readonly total: Centavos;
  /** Each withholding's amount, in the order given; 0 for an ITBIS withholding without ITBIS. */
  readonly retenciones: readonly Centavos[];
  readonly totalRetenciones: Centavos;
  /** total − withholdings. */
  readonly montoAPagar: Centavos;
};

// Spec 000 §5, 001 §1, 002 §9: subtotal = Σ (quantity × price − discount); total = subtotal +
// taxes; amount to pay = total − withholdings; all in cents, each line rounded once.
/** Computes a document's totals from its lines and withholdings. */
export function calcularTotales(
  lineas: readonly LineaDocumento[],
  retenciones: readonly TipoDeRetencion[] = [],
): TotalesDocumento {
  const calculadas = lineas.map(calcularLinea);
  const impuestosDeLineas = calculadas.flatMap((linea) => linea.impuestos);
  const subtotal = sumarCentavos(calculadas.map((linea) => linea.subtotal));
  const itbis = sumarCentavos(impuestosDeLineas.filter(esItbis).map((impuesto) => impuesto.total));
  const total = sumarCentavos(calculadas.map((linea) => linea.total));
  const montosRetenidos = retenciones.map((retencion) => {
    const resultado = calcularRetencion(retencion, { subtotal, itbis });
    return resultado.ok ? resultado.valor : (0 as Centavos);
  });
  const totalRetenciones = sumarCentavos(montosRetenidos);
  return {
    lineas: calculadas,
    importe: sumarCentavos(calculadas.map((linea) => linea.importe)),
    descuento: sumarCentavos(calculadas.map((linea) => linea.descuento)),
    subtotal,
    impuestos: sumarCentavos(calculadas.map((linea) => linea.totalImpuestos)),
    itbis,
    desgloseDeImpuestos: resumirImpuestos(impuestosDeLineas),
    total,
    retenciones: montosRetenidos,
    totalRetenciones,
    montoAPagar: (total - totalRetenciones) as Centavos,
  };
}
