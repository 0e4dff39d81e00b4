import type { LineaDeVenta, LineaDeVentaEntrada, ProductoParaDocumento } from '@pos/contract';
import {
  actualizarPreciosDeLineas,
  agregarProducto,
  calcularTotales,
  descuentoFueraDeLimite,
  descuentoPermitido,
  type Impuesto,
  type ListaDePrecio,
  type PrecioAsignado,
  porcentajeAFraccion,
  precioConImpuesto,
  precioSinImpuesto,
  type TotalesDocumento,
} from '@pos/domain';

// The lines of a sales document's form (invoice, quotation, …): what the editor holds, and the domain's
// rules applied to them (adding, partner discount, price lists, totals, the discount limit).

/** A line as a document form holds it: the product's data, what the user edits, and its saved id. */
export type LineaDelFormulario = {
  /** Stable React key (a saved line's _id, or a new one). */
  clave: string;
  _id?: string;
  idProducto: string;
  idCodigoDeBarra: string;
  descripcion: string;
  nota: string;
  /** null while the field is being emptied. */
  cantidad: number | null;
  /** Unit price before tax at full precision (precioSinImpuestoSinRedondeo). */
  precio: string;
  /** Unit price with tax, as shown and edited. */
  precioDeVenta: number;
  /** Fraction 0..1. */
  descuento: number;
  /** Percent the customer gets when a partner (socio). */
  descuentoParaSocios: number;
  impuestos: Impuesto[];
  paquete: boolean;
  itemPersonalizado: boolean;
  variantes: Array<{ valor: number }>;
  /**
   * The product's own price before tax and its prices on lists, which a price-list change re-prices from;
   * null on a saved line until the product is read again.
   */
  precioPredeterminado: string | null;
  listaDePrecioAsignada: PrecioAsignado[] | null;
  /**
   * A line another document brought and that stays as it came (an invoice's line from a pre-invoice
   * conduce, spec 001 §2 conversions): the conduce and its line.
   */
  origen?: { idConduce: string; idLineaConduce: string };
};

let contador = 0;
function nuevaClave(): string {
  contador += 1;
  return `nueva-${contador}`;
}

// Spec 001 §1: a partner gets each line's descuentoParaSocios; a non-partner has it reset to 0.
function descuentoDeSocio(descuentoParaSocios: number, socio: boolean, descuento: number): number {
  if (descuentoParaSocios <= 0) {
    return descuento;
  }
  return socio ? porcentajeAFraccion(descuentoParaSocios) : 0;
}

/** The line agregarproducto built for a product (its price list and package already applied). */
export function lineaDesdeProducto(producto: ProductoParaDocumento, socio: boolean): LineaDelFormulario {
  const linea = producto.linea;
  return {
    clave: nuevaClave(),
    idProducto: linea.idProducto,
    idCodigoDeBarra: linea.idCodigoDeBarra ?? producto.idCodigoDeBarra,
    descripcion: linea.descripcion,
    nota: '',
    cantidad: linea.cantidad,
    precio: linea.precio,
    precioDeVenta: linea.precioDeVenta,
    descuento: descuentoDeSocio(linea.descuentoParaSocios, socio, linea.descuento),
    descuentoParaSocios: linea.descuentoParaSocios,
    impuestos: linea.impuestos,
    paquete: linea.paquete,
    itemPersonalizado: linea.itemPersonalizado,
    variantes: linea.variantes.map((v) => ({ valor: v.valor })),
    precioPredeterminado: linea.precioPredeterminado,
    listaDePrecioAsignada: linea.listaDePrecioAsignada.map(({ idLista, precio }) => ({ idLista, precio })),
  };
}

/** Adds a product's line, merging it into an existing line of the same product (spec 000 §4). */
export function agregarLinea(
  lineas: readonly LineaDelFormulario[],
  nueva: LineaDelFormulario,
): { lineas: LineaDelFormulario[]; indice: number } {
  const { lineas: resultado, indice } = agregarProducto(
    lineas.map((l) => ({ ...l, cantidad: l.cantidad ?? 0 })),
    { ...nueva, cantidad: nueva.cantidad ?? 1 },
  );
  return { lineas: resultado, indice };
}

/** A new price with tax typed on a line: the exact price before tax follows it (invariant 3). */
export function cambiarPrecioDeVenta(linea: LineaDelFormulario, precioDeVenta: number): LineaDelFormulario {
  return { ...linea, precioDeVenta, precio: precioSinImpuesto(precioDeVenta, linea.impuestos) };
}

/** Whether a line's price can follow a price list: not a package, and the product's own prices known. */
export function sinPreciosDelProducto(linea: LineaDelFormulario): boolean {
  return !linea.paquete && (linea.precioPredeterminado === null || linea.listaDePrecioAsignada === null);
}

// Spec 000 §3-§4 (the domain's actualizarPreciosDeLineas, as the POS does): each line's price comes from the
// product's price, its price on the list or the list's percent, plus its variants; quantity, discount and
// note stay. A package keeps the package price (lists do not apply to packages, docs/domain.md), and a
// saved line whose product was not read again keeps its price.
/** Prices the lines on a price list (undefined: the product's own price). */
export function preciarEnLista(
  lineas: readonly LineaDelFormulario[],
  lista: ListaDePrecio | undefined,
): LineaDelFormulario[] {
  return lineas.map((linea) => {
    if (linea.paquete || linea.precioPredeterminado === null || linea.listaDePrecioAsignada === null) {
      return linea;
    }
    const [conPrecio] = actualizarPreciosDeLineas(
      [
        {
          precio: linea.precio,
          precioPredeterminado: linea.precioPredeterminado,
          listaDePrecioAsignada: linea.listaDePrecioAsignada,
          variantes: linea.variantes,
        },
      ],
      lista,
    );
    const precio = conPrecio?.precio ?? linea.precio;
    return { ...linea, precio, precioDeVenta: precioConImpuesto(precio, linea.impuestos) };
  });
}

/** Re-applies (or removes) the partner discount on every line after choosing a customer. */
export function aplicarSocio(lineas: readonly LineaDelFormulario[], socio: boolean): LineaDelFormulario[] {
  return lineas.map((l) => ({
    ...l,
    descuento: descuentoDeSocio(l.descuentoParaSocios, socio, l.descuento),
  }));
}

/** The document totals of the form's lines, computed by the domain exactly as the server will. */
export function totalesDelFormulario(lineas: readonly LineaDelFormulario[]): TotalesDocumento {
  return calcularTotales(
    lineas.map((l) => ({
      cantidad: l.cantidad ?? 0,
      precio: l.precio,
      descuento: l.descuento,
      impuestos: l.impuestos,
    })),
  );
}

/** Whether every line has a quantity above 0. */
export function cantidadesValidas(lineas: readonly LineaDelFormulario[]): boolean {
  return lineas.every((l) => l.cantidad !== null && l.cantidad > 0);
}

/** Spec 001 §1: a line's discount is within the user's limit, or a partner customer's own discount. */
export function lineaFueraDeLimite(
  linea: LineaDelFormulario,
  limiteDescuento: number,
  socio: boolean,
): boolean {
  const { descuentoParaSocios } = linea;
  return descuentoFueraDeLimite(
    linea.descuento,
    descuentoPermitido({ limiteDescuento, socio, descuentoParaSocios }),
  );
}

/** A saved line of a kit document (quotation, …), for editing. */
export function lineaDesdeVenta(linea: LineaDeVenta): LineaDelFormulario {
  const impuestos = linea.impuestos.map((i) => ({
    name: i.name,
    tipoDeImpuesto: i.tipoDeImpuesto,
    tasa: i.tasa,
  }));
  return {
    clave: linea._id,
    _id: linea._id,
    idProducto: linea.idProducto,
    idCodigoDeBarra: linea.idCodigoDeBarra,
    descripcion: linea.descripcion,
    nota: linea.nota,
    cantidad: linea.cantidad,
    precio: linea.precio,
    precioDeVenta: precioConImpuesto(linea.precio, impuestos),
    descuento: linea.descuento,
    descuentoParaSocios: linea.descuentoParaSocios,
    impuestos,
    paquete: linea.paquete,
    itemPersonalizado: false,
    variantes: linea.variantes.map((v) => ({ valor: v.valor })),
    precioPredeterminado: null,
    listaDePrecioAsignada: null,
  };
}

/** A form line as a kit document's LineaDeVentaEntrada (the server prices it again, invariant 3). */
export function aLineaDeVentaEntrada(linea: LineaDelFormulario): LineaDeVentaEntrada {
  return {
    ...(linea._id ? { _id: linea._id } : {}),
    idProducto: linea.idProducto,
    idCodigoDeBarra: linea.idCodigoDeBarra || null,
    descripcion: linea.descripcion,
    nota: linea.nota,
    cantidad: linea.cantidad ?? 0,
    // The contract's unit price is a number with up to 12 decimals; the form keeps the exact text.
    precio: Number(linea.precio),
    descuento: linea.descuento,
    paquete: linea.paquete,
    variantes: linea.variantes,
  };
}
