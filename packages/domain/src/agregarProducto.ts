import { porcentajeAFraccion } from './descuentos.ts';
import type { Monto } from './dinero.ts';
import { exacto } from './exacto.ts';
import type { Impuesto } from './impuestos.ts';
import { type ListaDePrecio, type PrecioAsignado, precioSegunLista } from './listasDePrecio.ts';
import { precioConImpuesto, precioConVariantes, precioSinImpuesto, textoDePrecio } from './precios.ts';
import { aceptar, type Resultado, rechazar } from './resultado.ts';

/** What the merge rules need of a line. */
export type LineaAgregable = {
  readonly idProducto: string;
  readonly cantidad: number;
  readonly paquete?: boolean;
  readonly facturado?: boolean;
  readonly itemPersonalizado?: boolean;
};

/** The optional flags of the add-product call (spec 000 §4, §7). */
export type OpcionesDeAgregar = {
  readonly disminuirCantidad?: boolean;
  readonly noActualizarCantidad?: boolean;
  readonly noDuplicarProducto?: boolean;
};

/** What adding did: the new lines, the touched line's index (−1 if none) and the action. */
export type ResultadoDeAgregar<T> = {
  readonly lineas: T[];
  readonly indice: number;
  readonly accion: 'nueva' | 'actualizada' | 'eliminada' | 'sinCambios';
};

/** A product as the add-product call returns it (spec 000 §3), the fields pricing needs. */
export type ProductoParaLinea = {
  readonly _id: string;
  readonly nombre: string;
  readonly idCodigoDeBarra?: string;
  /** Price before tax. */
  readonly precioTotal: number;
  readonly precioSinImpuestoSinRedondeo?: Monto;
  readonly impuestos?: readonly Impuesto[];
  readonly listaDePrecioAsignada?: readonly PrecioAsignado[];
  readonly descuentoParaSocios?: number;
  readonly itemPersonalizado?: boolean;
  readonly paqueteIncluido?: boolean;
  readonly cantidadPorPaquete?: number;
  readonly precioPorPaquete?: number;
  readonly precioPorPaqueteConImpuesto?: number;
  readonly ventaSinDisponibilidad?: boolean;
  readonly notificacionExistencia?: number;
  readonly bloqueoPorInventario?: boolean;
};

/** A document line built from a product, ready for the merge rules and the totals. */
export type LineaDeProducto = LineaAgregable & {
  readonly idCodigoDeBarra?: string;
  readonly descripcion: string;
  readonly precio: string;
  readonly precioPredeterminado: string;
  readonly precioDeVenta: number;
  readonly descuento: number;
  readonly descuentoParaSocios: number;
  readonly impuestos: readonly Impuesto[];
  readonly variantes: readonly { readonly valor: number }[];
  readonly listaDePrecioAsignada: readonly PrecioAsignado[];
  readonly paquete: boolean;
  readonly itemPersonalizado: boolean;
  readonly facturado: boolean;
};

/** How the line is being added: quantity, package mode, price list, customer, variants. */
export type OpcionesDeLinea = {
  readonly cantidad?: number;
  readonly paquete?: boolean;
  readonly itemPersonalizado?: boolean;
  readonly lista?: ListaDePrecio;
  readonly socio?: boolean;
  readonly variantes?: readonly { readonly valor: number }[];
};

/** Where the product is being added and whether stock blocking is on. */
export type ContextoDeAgregar = {
  readonly documento: 'venta' | 'compra';
  readonly paquete: boolean;
  readonly bloqueoPorNoExistenciaDelInventario: boolean;
};

// Spec 000 §4 "Adding a product": the same product (same package flag, not invoiced, not a
// custom item) goes up by 1, or is set to the requested quantity when that is above 1;
// otherwise, and always for custom items, a new line. The flags' meaning beyond their names is
// not in the spec; docs/domain.md gives the decisions.
/** Adds a line to a document, merging it with an existing line of the same product. */
export function agregarProducto<T extends LineaAgregable>(
  lineas: readonly T[],
  nueva: T,
  opciones: OpcionesDeAgregar = {},
): ResultadoDeAgregar<T> {
  const indice = nueva.itemPersonalizado
    ? -1
    : lineas.findIndex(
        (linea) =>
          linea.idProducto === nueva.idProducto &&
          Boolean(linea.paquete) === Boolean(nueva.paquete) &&
          !linea.facturado &&
          !linea.itemPersonalizado,
      );
  const existente = lineas[indice];
  if (existente === undefined) {
    return opciones.disminuirCantidad
      ? { lineas: [...lineas], indice: -1, accion: 'sinCambios' }
      : { lineas: [...lineas, nueva], indice: lineas.length, accion: 'nueva' };
  }
  if (opciones.noDuplicarProducto) {
    return { lineas: [...lineas], indice, accion: 'sinCambios' };
  }
  const cantidad = opciones.noActualizarCantidad
    ? existente.cantidad
    : opciones.disminuirCantidad
      ? existente.cantidad - 1
      : nueva.cantidad > 1
        ? nueva.cantidad
        : existente.cantidad + 1;
  if (cantidad <= 0) {
    return { lineas: lineas.filter((_, posicion) => posicion !== indice), indice: -1, accion: 'eliminada' };
  }
  const actualizada: T = { ...existente, ...(opciones.noActualizarCantidad ? nueva : {}), cantidad };
  return {
    lineas: lineas.map((linea, posicion) => (posicion === indice ? actualizada : linea)),
    indice,
    accion: 'actualizada',
  };
}

// Spec 000 §3-§5: a line's price comes from the product's price before tax, its price list
// and its variants; in package mode from the package price (price lists then do not apply,
// docs/domain.md). The partner discount is set when the customer is a partner.
/** Builds the line for a product: price, default price, price with tax, discount and flags. */
export function lineaDesdeProducto(
  producto: ProductoParaLinea,
  opciones: OpcionesDeLinea = {},
): LineaDeProducto {
  const impuestos = producto.impuestos ?? [];
  const paquete = opciones.paquete ?? false;
  const variantes = opciones.variantes ?? [];
  const asignados = producto.listaDePrecioAsignada ?? [];
  const predeterminado = paquete ? precioDePaquete(producto, impuestos) : precioUnitario(producto);
  const precio = precioConVariantes(
    paquete ? predeterminado : precioSegunLista(predeterminado, opciones.lista, asignados),
    variantes,
  );
  const descuentoParaSocios = producto.descuentoParaSocios ?? 0;
  return {
    idProducto: producto._id,
    ...(producto.idCodigoDeBarra === undefined ? {} : { idCodigoDeBarra: producto.idCodigoDeBarra }),
    descripcion: producto.nombre,
    cantidad: opciones.cantidad ?? 1,
    precio,
    precioPredeterminado: predeterminado,
    precioDeVenta: precioConImpuesto(precio, impuestos),
    descuento: opciones.socio ? porcentajeAFraccion(descuentoParaSocios) : 0,
    descuentoParaSocios,
    impuestos,
    variantes,
    listaDePrecioAsignada: asignados,
    paquete,
    itemPersonalizado: Boolean(opciones.itemPersonalizado || producto.itemPersonalizado),
    facturado: false,
  };
}

// Spec 000 §5, §8; 001 §5; 002 §8: package mode must be configured; a product blocked by
// inventory cannot go into a purchase; an out-of-stock product is refused only when it lacks
// ventaSinDisponibilidad and the blocking setting is on.
/** Checks whether a product may be added, with the spec's title and message when not. */
export function validarAgregarProducto(
  producto: ProductoParaLinea,
  contexto: ContextoDeAgregar,
): Resultado<true> {
  if (contexto.paquete && !producto.paqueteIncluido) {
    return rechazar('Este producto no tiene el modo de empaque configurado.', 'El producto no fue agregado.');
  }
  if (contexto.documento === 'compra' && producto.bloqueoPorInventario) {
    return rechazar(
      'El producto está bloqueado por inventario; se necesita un ticket de salida.',
      'Producto en Proceso de inventario',
    );
  }
  const agotado = producto.notificacionExistencia === 0 && !producto.ventaSinDisponibilidad;
  if (contexto.documento === 'venta' && contexto.bloqueoPorNoExistenciaDelInventario && agotado) {
    return rechazar('No hay disponibilidad', 'El producto está agotado');
  }
  return aceptar(true);
}

/** Spec 000 §8: 0 out of stock, 1 at or below the minimum, null otherwise (and for services). */
export function notificacionExistencia(
  inventariable: boolean,
  disponibilidad: number,
  cantidadMinima: number,
): 0 | 1 | null {
  if (!inventariable) {
    return null;
  }
  if (disponibilidad <= 0) {
    return 0;
  }
  return disponibilidad <= cantidadMinima ? 1 : null;
}

// Spec 000 §8, 002 §8: stock banners (5 s) after adding.
/** The stock banner for a product: low stock (1) is a warning, out of stock (0) is danger. */
export function avisoDeExistencia(
  notificacionExistencia: number | undefined,
): { readonly tipo: 'warning' | 'danger'; readonly mensaje: string } | undefined {
  if (notificacionExistencia === 1) {
    return { tipo: 'warning', mensaje: 'Este artículo esta próximo a agotarse' };
  }
  if (notificacionExistencia === 0) {
    return { tipo: 'danger', mensaje: 'Este artículo esta agotado' };
  }
  return undefined;
}

/** The stock units a line moves: packages count cantidadPorPaquete units each. */
export function unidadesDeInventario(
  linea: { readonly cantidad: number; readonly paquete?: boolean },
  cantidadPorPaquete: number,
): number {
  return linea.paquete ? linea.cantidad * cantidadPorPaquete : linea.cantidad;
}

function precioUnitario(producto: ProductoParaLinea): string {
  return textoDePrecio(exacto(producto.precioSinImpuestoSinRedondeo ?? producto.precioTotal));
}

function precioDePaquete(producto: ProductoParaLinea, impuestos: readonly Impuesto[]): string {
  // The package price with tax is the shelf price: derive the base from it when present.
  return producto.precioPorPaqueteConImpuesto === undefined
    ? textoDePrecio(exacto(producto.precioPorPaquete ?? 0))
    : precioSinImpuesto(producto.precioPorPaqueteConImpuesto, impuestos);
}
