import type { LineaAjuste, LineaDeAjusteGuardada, ProductoParaDocumento } from '@pos/contract';
import {
  agregarProductoAlAjuste,
  aPesos,
  type Centavos,
  calcularLinea,
  fusionarLineasDeAjuste,
  sumarCantidades,
  sumarCentavos,
} from '@pos/domain';

/** A line of the adjustment form: what is sent, plus what the screen shows about the product. */
export type LineaDelFormulario = {
  /** A stable key for React (a saved line's _id, or a local one). */
  clave: string;
  /** The saved line's id when editing (PUT replaces it). */
  _id?: string | undefined;
  idProducto: string;
  nombre: string;
  idCodigoDeBarra: string;
  cantidad: number;
  /** true: entrada (adds stock); false: salida. */
  tipoDeAjuste: boolean;
  /** Cost of an entry; null: the product's average cost (exits always leave at average cost). */
  costoUnitario: number | null;
  costoPromedio: number;
  /** Availability in the warehouse before this adjustment. */
  disponibilidad: number;
};

let secuencia = 0;
function claveNueva(): string {
  secuencia += 1;
  return `nueva-${secuencia}`;
}

// An entry defaults to the product's average cost (sent as null, so the server values it at that cost and
// the average does not move); a product never bought has no average, so its catalogue cost is proposed.
/** The line a product found by agregarproducto becomes, with the direction chosen on the screen. */
export function lineaDesdeProducto(
  producto: ProductoParaDocumento,
  tipoDeAjuste: boolean,
): LineaDelFormulario {
  return {
    clave: claveNueva(),
    idProducto: producto._id,
    nombre: producto.nombre,
    idCodigoDeBarra: producto.idCodigoDeBarra,
    cantidad: producto.cantidad > 0 ? producto.cantidad : 1,
    tipoDeAjuste,
    costoUnitario: tipoDeAjuste && producto.costoPromedio <= 0 && producto.costo > 0 ? producto.costo : null,
    costoPromedio: producto.costoPromedio,
    disponibilidad: producto.disponibilidad,
  };
}

/** A saved line as the edit form holds it. */
export function lineaDesdeGuardada(linea: LineaDeAjusteGuardada): LineaDelFormulario {
  return {
    clave: linea._id,
    _id: linea._id,
    idProducto: linea.idProducto,
    nombre: linea.nombre,
    idCodigoDeBarra: linea.idCodigoDeBarra,
    cantidad: linea.cantidad,
    tipoDeAjuste: linea.tipoDeAjuste,
    costoUnitario: linea.tipoDeAjuste ? linea.costoUnitario : null,
    costoPromedio: linea.costoUnitario,
    disponibilidad: linea.disponibilidad,
  };
}

// Spec 002 §4: adding the same product again (same direction) adds 1 to its quantity. A code that
// carries its own quantity (a scale label, `quantity-code`) adds that quantity instead of 1.
/** Adds a product's line: the same product and direction already there grows, else a new line. */
export function agregarLinea(
  lineas: readonly LineaDelFormulario[],
  nueva: LineaDelFormulario,
  cantidadPedida: number,
): LineaDelFormulario[] {
  if (cantidadPedida === 1) {
    return agregarProductoAlAjuste(lineas, nueva);
  }
  return fusionarLineasDeAjuste([...lineas, { ...nueva, cantidad: cantidadPedida }]);
}

/**
 * Changes a line's direction. If that leaves two lines of the same product and direction they merge
 * (as the server would); a saved line merged away is returned to be deleted.
 */
export function cambiarTipoDeLinea(
  lineas: readonly LineaDelFormulario[],
  clave: string,
  tipoDeAjuste: boolean,
): { lineas: LineaDelFormulario[]; eliminadas: string[] } {
  const cambiadas = lineas.map((linea) =>
    linea.clave === clave
      ? {
          ...linea,
          tipoDeAjuste,
          costoUnitario: tipoDeAjuste ? linea.costoUnitario : null,
        }
      : linea,
  );
  const fusionadas = fusionarLineasDeAjuste(cambiadas);
  const quedan = new Set(fusionadas.map((l) => l.clave));
  const eliminadas = cambiadas
    .filter((l) => !quedan.has(l.clave) && l._id !== undefined)
    .map((l) => l._id as string);
  return { lineas: fusionadas, eliminadas };
}

/** The unit cost a line is valued at: its own (entries) or the product's average cost. */
export function costoDeLinea(linea: Pick<LineaDelFormulario, 'costoUnitario' | 'costoPromedio'>): number {
  return linea.costoUnitario ?? linea.costoPromedio;
}

/** quantity × unit cost, exact and rounded once to cents (the domain's line amount). */
export function valorDeLinea(linea: LineaDelFormulario): Centavos {
  return calcularLinea({ cantidad: linea.cantidad, precio: costoDeLinea(linea) }).importe;
}

/** The stock the warehouse will have after this line. */
export function existenciaResultante(linea: LineaDelFormulario): number {
  return sumarCantidades(linea.disponibilidad, linea.tipoDeAjuste ? linea.cantidad : -linea.cantidad);
}

export type TotalesDeAjuste = {
  lineasDeEntrada: number;
  lineasDeSalida: number;
  unidadesEntrada: number;
  unidadesSalida: number;
  valorEntradas: number;
  valorSalidas: number;
};

/** Entries and exits of the adjustment: units and value at cost (what the list shows once saved). */
export function totalesDeAjuste(lineas: readonly LineaDelFormulario[]): TotalesDeAjuste {
  const entradas = lineas.filter((l) => l.tipoDeAjuste);
  const salidas = lineas.filter((l) => !l.tipoDeAjuste);
  const unidades = (de: LineaDelFormulario[]) => de.reduce((s, l) => sumarCantidades(s, l.cantidad), 0);
  return {
    lineasDeEntrada: entradas.length,
    lineasDeSalida: salidas.length,
    unidadesEntrada: unidades(entradas),
    unidadesSalida: unidades(salidas),
    valorEntradas: aPesos(sumarCentavos(entradas.map(valorDeLinea))),
    valorSalidas: aPesos(sumarCentavos(salidas.map(valorDeLinea))),
  };
}

/** A form line as the contract's LineaAjuste (exits carry no cost: they leave at average cost). */
export function aLineaAjuste(linea: LineaDelFormulario): LineaAjuste {
  return {
    ...(linea._id ? { _id: linea._id } : {}),
    idProducto: linea.idProducto,
    cantidad: linea.cantidad,
    tipoDeAjuste: linea.tipoDeAjuste,
    costoUnitario: linea.tipoDeAjuste ? linea.costoUnitario : null,
    text: '',
    variantes: [],
    impuestos: [],
  };
}
