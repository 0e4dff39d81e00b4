import type { Monto } from './dinero.ts';
import { dividir, exacto, restar } from './exacto.ts';
import { escalarPrecio, precioConVariantes, textoDePrecio } from './precios.ts';

/** A price list as used when pricing (spec 000 §3): `tipo` true means a percent discount. */
export type ListaDePrecio = {
  readonly _id: string;
  readonly predeterminado: boolean;
  readonly tipo: boolean;
  readonly porcentaje: number;
};

/** A product's own price on a list (spec 000 §3 listaDePrecioAsignada). */
export type PrecioAsignado = { readonly idLista: string; readonly precio: number };

/** The confirmation shown before re-pricing the lines (spec 000 §8). */
export const CONFIRMACION_ACTUALIZAR_PRECIOS = {
  titulo: 'Actualizar los precios',
  texto: 'Se actualizaran los precios de todos los productos agregados al',
  boton: 'Si, Actualizar!',
} as const;

// Spec 000 §3-§4, 002 §3. Order (the spec is silent on it, docs/domain.md): no list or the
// default list → the product's price; a price assigned to this list → that price; a percent
// list (tipo true) → price × (1 − porcentaje / 100); otherwise the product's price.
/** The unit price (before tax) of a product on a price list. */
export function precioSegunLista(
  precio: Monto,
  lista: ListaDePrecio | undefined,
  asignados: readonly PrecioAsignado[] = [],
): string {
  if (lista === undefined || lista.predeterminado) {
    return textoDePrecio(exacto(precio));
  }
  const asignado = asignados.find((item) => item.idLista === lista._id);
  if (asignado !== undefined) {
    return textoDePrecio(exacto(asignado.precio));
  }
  if (lista.tipo) {
    return escalarPrecio(precio, restar({ n: 1n, d: 1n }, dividir(exacto(lista.porcentaje), exacto(100))));
  }
  return textoDePrecio(exacto(precio));
}

// Spec 000 §4, 001 §4 re-price the lines (after the confirmation above) when the list changes to one
// other than the default. Going back to the default re-prices too (docs/domain.md): otherwise the lines
// would keep the wholesale prices of the list just left.
/** True when changing to this list must re-price the existing lines. */
export function debeActualizarPrecios(lista: ListaDePrecio | undefined, cantidadDeLineas: number): boolean {
  return lista !== undefined && cantidadDeLineas > 0;
}

/** Re-prices lines on a list from each line's default price, assigned list prices and variants. */
export function actualizarPreciosDeLineas<
  T extends {
    readonly precio: Monto;
    readonly precioPredeterminado: Monto;
    readonly listaDePrecioAsignada?: readonly PrecioAsignado[];
    readonly variantes?: readonly { readonly valor: number }[];
  },
>(lineas: readonly T[], lista: ListaDePrecio | undefined): T[] {
  return lineas.map((linea) => ({
    ...linea,
    precio: precioConVariantes(
      precioSegunLista(linea.precioPredeterminado, lista, linea.listaDePrecioAsignada),
      linea.variantes ?? [],
    ),
  }));
}
