import {
  aPesos,
  calcularLinea,
  type Impuesto,
  type ListaDePrecio,
  type Monto,
  precioConImpuesto,
  precioConVariantes,
  precioSegunLista,
  precioSinImpuesto,
  redondear,
} from '@pos/domain';

// The product form's live prices. Every figure comes from @pos/domain (the same functions the server
// stores with); this file only picks which one answers each question of the form.

export type PrecioDesglosado = {
  /** The exact unit price before tax (precioSinImpuestoSinRedondeo), as decimal text. */
  exacto: string;
  /** The same, to 2 decimals (precioSinImpuesto / precioTotal). */
  sinImpuesto: number;
  /** The tax of one unit: shelf price − base, as a document line of 1 unit computes it. */
  impuesto: number;
  /** The shelf price (with tax), 2 decimals. */
  conImpuesto: number;
};

/** From the shelf price with tax: its base before tax and the tax of one unit (spec 002 §3, §5). */
export function desglosarPrecio(precioDeVenta: Monto, impuestos: readonly Impuesto[]): PrecioDesglosado {
  const conImpuesto = redondear(precioDeVenta);
  const exacto = precioSinImpuesto(conImpuesto, impuestos);
  const linea = calcularLinea({ cantidad: 1, precio: exacto, impuestos });
  return { exacto, sinImpuesto: redondear(exacto), impuesto: aPesos(linea.totalImpuestos), conImpuesto };
}

/** The shelf price (with tax, 2 decimals) of a price typed before tax. */
export function precioDesdeBase(base: Monto, impuestos: readonly Impuesto[]): number {
  return precioConImpuesto(base, impuestos);
}

/** The shelf price of a product with one variant chosen (a variant adds its valor before tax). */
export function precioConVariante(
  base: Monto,
  variante: { readonly valor: number },
  impuestos: readonly Impuesto[],
): number {
  return precioConImpuesto(precioConVariantes(base, [variante]), impuestos);
}

/** What a price list charges for the product, before and with tax (spec 000 §3–§4). */
export function precioEnLista(
  base: Monto,
  lista: ListaDePrecio,
  asignado: number | null,
  impuestos: readonly Impuesto[],
): { sinImpuesto: number; conImpuesto: number } {
  const unitario = precioSegunLista(
    base,
    lista,
    asignado === null ? [] : [{ idLista: lista._id, precio: asignado }],
  );
  return { sinImpuesto: redondear(unitario), conImpuesto: precioConImpuesto(unitario, impuestos) };
}
