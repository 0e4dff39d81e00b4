// Spec 002 §4 "Inventory adjustment": adding the same product again adds 1 to its quantity. Quantities
// of stock have at most 4 decimals (the ledger's scale), so they are added as integers of 1/10000.

const ESCALA_DE_CANTIDAD = 10_000;

/** Adds stock quantities exactly (up to 4 decimals): 0.1 + 0.2 = 0.3. */
export function sumarCantidades(a: number, b: number): number {
  return (Math.round(a * ESCALA_DE_CANTIDAD) + Math.round(b * ESCALA_DE_CANTIDAD)) / ESCALA_DE_CANTIDAD;
}

/** What identifies a line of an adjustment: the product and the direction (entrada / salida). */
export type LineaDeAjusteMinima = {
  idProducto: string;
  cantidad: number;
  tipoDeAjuste?: boolean | undefined;
};

function mismaLinea(a: LineaDeAjusteMinima, b: LineaDeAjusteMinima): boolean {
  return a.idProducto === b.idProducto && (a.tipoDeAjuste ?? true) === (b.tipoDeAjuste ?? true);
}

/** Adds a product to an adjustment's lines: a product already there (same direction) gets 1 more. */
export function agregarProductoAlAjuste<L extends LineaDeAjusteMinima>(lineas: readonly L[], nueva: L): L[] {
  const indice = lineas.findIndex((linea) => mismaLinea(linea, nueva));
  if (indice === -1) {
    return [...lineas, nueva];
  }
  return lineas.map((linea, i) =>
    i === indice ? { ...linea, cantidad: sumarCantidades(linea.cantidad, 1) } : linea,
  );
}

/** Merges lines of the same product and direction into the first one, adding their quantities. */
export function fusionarLineasDeAjuste<L extends LineaDeAjusteMinima>(lineas: readonly L[]): L[] {
  const fusionadas: L[] = [];
  for (const linea of lineas) {
    const indice = fusionadas.findIndex((otra) => mismaLinea(otra, linea));
    const previa = fusionadas[indice];
    if (previa === undefined) {
      fusionadas.push({ ...linea });
    } else {
      fusionadas[indice] = { ...previa, cantidad: sumarCantidades(previa.cantidad, linea.cantidad) };
    }
  }
  return fusionadas;
}
