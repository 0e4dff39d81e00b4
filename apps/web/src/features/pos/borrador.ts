import type { Contacto, CrearFactura, LineaFacturaEntrada, ProductoAgregado } from '@pos/contract';
import {
  actualizarPreciosDeLineas,
  agregarProducto,
  aPesos,
  aplicarDescuentoDeSocio,
  aplicarDescuentoGlobal,
  calcularTotales,
  type Impuesto,
  type ListaDePrecio,
  type PrecioAsignado,
  porcentajeAFraccion,
  precioConImpuesto,
  precioSinImpuesto,
  type TotalesDocumento,
} from '@pos/domain';
import type { z } from 'zod';
import { camposDePago, type PagoDelBorrador, pagoInicial } from './pago.ts';

// Spec 000 §3 and 001 §3 "POS draft (per tab)": the invoice being rung up in one tab, with its lines,
// customer, price list, global discount and payment. Pure functions: the screen keeps the drafts in a
// store persisted per company and user (almacen.ts).

export type ProductoAgregadoPos = z.infer<typeof ProductoAgregado>;

/**
 * What a sale takes from an add-product answer: the server's (POST /registro-productos/agregarproducto)
 * or, offline, the one built from the local catalogue (features/offline/agregarSinConexion.ts).
 */
export type AgregadoPos = Pick<
  ProductoAgregadoPos,
  | '_id'
  | 'idCodigoDeBarra'
  | 'paqueteIncluido'
  | 'nombrePaquete'
  | 'cantidadPorPaquete'
  | 'cantidad'
  | 'paquete'
  | 'disponibilidad'
  | 'notificacionExistencia'
  | 'aviso'
  | 'opciones'
  | 'linea'
>;

/** A line of the POS draft: the domain's line (lineaDesdeProducto) plus what the screen needs. */
export type LineaPos = {
  /** Local key of the line (selection, React key); not sent. */
  clave: string;
  idProducto: string;
  idCodigoDeBarra: string;
  descripcion: string;
  nota: string;
  cantidad: number;
  /** Unit price before tax at full precision (invariant 3). */
  precio: string;
  precioPredeterminado: string;
  /** Unit price with tax, rounded, as the shelf shows it. */
  precioDeVenta: number;
  /** Fraction 0..1. */
  descuento: number;
  descuentoParaSocios: number;
  impuestos: Impuesto[];
  variantes: { valor: number }[];
  listaDePrecioAsignada: PrecioAsignado[];
  paquete: boolean;
  itemPersonalizado: boolean;
  facturado: boolean;
  /** Package data of the product, for F7 and for showing the unit. */
  paqueteIncluido: boolean;
  nombrePaquete: string;
  cantidadPorPaquete: number;
  /** The sales order line it came from, when the draft was opened from an order. */
  idLineaPedido?: string;
};

/** The customer of a draft: what the sale and the partner discount need. */
export type ClienteDelBorrador = {
  _id: string;
  nombre: string;
  rnc: string;
  socio: boolean;
  idListaDePrecio: string | null;
  limiteCredito: number;
  /** Created offline and not on the server yet: the invoice carries it (issue 8). */
  sinSincronizar?: boolean;
};

/** What the draft keeps of a contact. */
export function clienteDesdeContacto(contacto: Contacto): ClienteDelBorrador {
  return {
    _id: contacto._id,
    nombre: [contacto.nombre, contacto.apellidos].filter(Boolean).join(' '),
    rnc: contacto.rnc,
    socio: contacto.socio,
    idListaDePrecio: contacto.idListaDePrecio,
    limiteCredito: contacto.limiteCredito,
  };
}

export type Borrador = {
  /** The tab number ('Venta N'). */
  numero: number;
  /** Optional custom name of the tab. */
  nombre: string;
  /** One per sale, kept across retries (invariant 4): a retried charge never sells twice. */
  identificadorUnico: string;
  lineas: LineaPos[];
  cliente: ClienteDelBorrador | null;
  idListaDePrecio: string | null;
  /** Whole percent 0..limiteDescuento applied to every line (spec 001 §1). */
  descuentoGlobal: number;
  pago: PagoDelBorrador;
  /** The selected line (Home edits it, F7 toggles its package mode). */
  seleccionada: string | null;
  /** The sales order opened in this tab (spec 001 §4 order mode): billing it marks it invoiced. */
  pedido?: { id: string; numero: number; lineas: string[] } | null;
};

/** A new, empty draft for tab `numero`. */
export function borradorNuevo(numero: number, identificadorUnico: string): Borrador {
  return {
    numero,
    nombre: '',
    identificadorUnico,
    lineas: [],
    cliente: null,
    idListaDePrecio: null,
    descuentoGlobal: 0,
    pago: pagoInicial(),
    seleccionada: null,
  };
}

// Spec 000 §2 "POS bottom bar": tabs named 'Venta N' with an optional custom name.
/** The name a tab shows. */
export function nombreDeBorrador(borrador: Pick<Borrador, 'numero' | 'nombre'>): string {
  return borrador.nombre.trim() || `Venta ${borrador.numero}`;
}

/** A draft line from the add-product answer (the server built it with the domain's lineaDesdeProducto). */
export function lineaDesdeAgregado(agregado: AgregadoPos, clave: string): LineaPos {
  const { linea } = agregado;
  return {
    clave,
    idProducto: linea.idProducto,
    idCodigoDeBarra: linea.idCodigoDeBarra ?? agregado.idCodigoDeBarra,
    descripcion: linea.descripcion,
    nota: '',
    cantidad: linea.cantidad,
    precio: linea.precio,
    precioPredeterminado: linea.precioPredeterminado,
    precioDeVenta: linea.precioDeVenta,
    descuento: linea.descuento,
    descuentoParaSocios: linea.descuentoParaSocios,
    impuestos: linea.impuestos.map(({ name, tipoDeImpuesto, tasa }) => ({ name, tipoDeImpuesto, tasa })),
    variantes: linea.variantes.map(({ valor }) => ({ valor })),
    listaDePrecioAsignada: [...linea.listaDePrecioAsignada],
    paquete: linea.paquete,
    itemPersonalizado: linea.itemPersonalizado,
    facturado: linea.facturado,
    paqueteIncluido: agregado.paqueteIncluido,
    nombrePaquete: agregado.nombrePaquete,
    cantidadPorPaquete: agregado.cantidadPorPaquete,
  };
}

/** What adding did, for the screen: the touched line and whether it was new. */
export type ResultadoDeAgregarPos = {
  borrador: Borrador;
  clave: string | null;
  accion: 'nueva' | 'actualizada' | 'eliminada' | 'sinCambios';
};

// Spec 000 §4 "Adding a product": the domain's agregarProducto merges the same product (same package flag,
// not invoiced, not a custom item) by adding 1, or setting the code's quantity when above 1. A global
// discount in force also applies to the new line (spec 001 §1: the discount is on every line).
/** Adds a product (the add-product answer) to a draft. */
export function agregarAlBorrador(
  borrador: Borrador,
  agregado: AgregadoPos,
  clave: string,
): ResultadoDeAgregarPos {
  const nueva = lineaDesdeAgregado(agregado, clave);
  const conDescuento =
    borrador.descuentoGlobal > 0
      ? { ...nueva, descuento: porcentajeAFraccion(borrador.descuentoGlobal) }
      : nueva;
  const resultado = agregarProducto(borrador.lineas, conDescuento, agregado.opciones);
  const tocada = resultado.indice >= 0 ? resultado.lineas[resultado.indice] : undefined;
  return {
    borrador: {
      ...borrador,
      lineas: resultado.lineas,
      seleccionada: tocada?.clave ?? borrador.seleccionada,
    },
    clave: tocada?.clave ?? null,
    accion: resultado.accion,
  };
}

/** What the product editor changes on a line. */
export type CambiosDeLinea = {
  cantidad?: number;
  /** Unit price with tax, as the cashier types it (the shelf price). */
  precioConImpuesto?: number;
  /** Whole or decimal percent, already checked against limiteDescuento. */
  descuentoPorcentaje?: number;
  nota?: string;
};

// The editor works with the price with tax (what the shelf and the receipt show); the line keeps the
// exact price before tax derived from it, so the customer pays exactly what was typed (invariant 3).
/** Applies the product editor's changes to one line. */
export function cambiarLinea(borrador: Borrador, clave: string, cambios: CambiosDeLinea): Borrador {
  return {
    ...borrador,
    lineas: borrador.lineas.map((linea) => {
      if (linea.clave !== clave) {
        return linea;
      }
      const precio =
        cambios.precioConImpuesto === undefined
          ? linea.precio
          : precioSinImpuesto(cambios.precioConImpuesto, linea.impuestos);
      return {
        ...linea,
        cantidad: cambios.cantidad ?? linea.cantidad,
        precio,
        precioDeVenta: precioConImpuesto(precio, linea.impuestos),
        descuento:
          cambios.descuentoPorcentaje === undefined
            ? linea.descuento
            : porcentajeAFraccion(cambios.descuentoPorcentaje),
        nota: cambios.nota ?? linea.nota,
      };
    }),
  };
}

/** Removes a line; the selection moves to its neighbour. */
export function quitarLinea(borrador: Borrador, clave: string): Borrador {
  const indice = borrador.lineas.findIndex((linea) => linea.clave === clave);
  if (indice === -1) {
    return borrador;
  }
  const lineas = borrador.lineas.filter((linea) => linea.clave !== clave);
  const vecina = lineas[Math.min(indice, lineas.length - 1)];
  return { ...borrador, lineas, seleccionada: vecina?.clave ?? null };
}

// Spec 000 §2 F7 "toggle unit/package": the line is replaced by the product re-added in the other mode
// (agregarproducto with agregarComoPaquete); its quantity, note and discount are kept. If a line of the
// other mode already exists, the domain's merge joins them.
/** Replaces a line with the same product added in the other package mode. */
export function cambiarModoDeLinea(
  borrador: Borrador,
  clave: string,
  agregado: AgregadoPos,
  claveNueva: string,
): Borrador {
  const vieja = borrador.lineas.find((linea) => linea.clave === clave);
  if (!vieja) {
    return borrador;
  }
  const otras = borrador.lineas.filter((linea) => linea.clave !== clave);
  const nueva: LineaPos = {
    ...lineaDesdeAgregado(agregado, claveNueva),
    cantidad: vieja.cantidad,
    nota: vieja.nota,
    descuento: vieja.descuento,
  };
  const existente = otras.findIndex(
    (linea) =>
      linea.idProducto === nueva.idProducto &&
      linea.paquete === nueva.paquete &&
      !linea.facturado &&
      !linea.itemPersonalizado,
  );
  if (existente === -1 || nueva.itemPersonalizado) {
    const indice = borrador.lineas.indexOf(vieja);
    const lineas = [...otras.slice(0, indice), nueva, ...otras.slice(indice)];
    return { ...borrador, lineas, seleccionada: nueva.clave };
  }
  const lineas = otras.map((linea, posicion) =>
    posicion === existente ? { ...linea, cantidad: linea.cantidad + vieja.cantidad } : linea,
  );
  return { ...borrador, lineas, seleccionada: lineas[existente]?.clave ?? null };
}

// Spec 000 §5, 001 §1: a whole percent 0..limiteDescuento applied as a fraction to every line; 0 removes it.
/** Sets the global discount and applies it to every line. */
export function aplicarDescuentoAlBorrador(borrador: Borrador, porcentaje: number): Borrador {
  return {
    ...borrador,
    descuentoGlobal: porcentaje,
    lineas: aplicarDescuentoGlobal(borrador.lineas, porcentajeAFraccion(porcentaje)),
  };
}

// Spec 001 §1 "Selecting a customer": a partner gets each line's descuentoParaSocios, a non-partner has
// those discounts reset to 0. `avisar` says whether any line has a partner discount (the 5200 ms notice).
/** Sets (or clears) the customer of a draft and applies the partner discount rule. */
export function elegirCliente(
  borrador: Borrador,
  cliente: ClienteDelBorrador | null,
): { borrador: Borrador; avisar: boolean } {
  const conDescuentoDeSocio = borrador.lineas.some((linea) => linea.descuentoParaSocios > 0);
  return {
    borrador: {
      ...borrador,
      cliente,
      lineas: aplicarDescuentoDeSocio(borrador.lineas, cliente?.socio ?? false),
    },
    avisar: conDescuentoDeSocio,
  };
}

// Spec 000 §4: changing the price list re-prices the lines (after the confirmation, asked by the screen),
// from each line's default price, its assigned list prices and its variants.
/** Sets the price list of a draft and re-prices its lines on it. */
export function cambiarListaDelBorrador(borrador: Borrador, lista: ListaDePrecio | undefined): Borrador {
  const lineas = actualizarPreciosDeLineas(borrador.lineas, lista).map((linea) => ({
    ...linea,
    precioDeVenta: precioConImpuesto(linea.precio, linea.impuestos),
  }));
  return { ...borrador, idListaDePrecio: lista?._id ?? null, lineas };
}

/** The draft's totals, computed by the domain exactly as the server will (invariant 3). */
export function totalesDelBorrador(borrador: Pick<Borrador, 'lineas'>): TotalesDocumento {
  return calcularTotales(borrador.lineas);
}

/** The count of articles: units of each line (a package counts as one). */
export function cantidadDeArticulos(borrador: Pick<Borrador, 'lineas'>): number {
  return borrador.lineas.reduce((suma, linea) => suma + linea.cantidad, 0);
}

/** Where and by whom the sale is made: the open shift, its terminal, and the warehouse. */
export type ContextoDeVenta = {
  idTurno: string;
  idTerminal: string;
  /** The shift's user (idUserRef). */
  idUsuarioDelTurno: string;
  idAlmacen: string;
};

export function lineaParaEnviar(linea: LineaPos): z.input<typeof LineaFacturaEntrada> {
  return {
    idProducto: linea.idProducto,
    idCodigoDeBarra: linea.idCodigoDeBarra,
    descripcion: linea.descripcion,
    nota: linea.nota,
    cantidad: linea.cantidad,
    precio: linea.precio,
    precioDeVenta: linea.precioDeVenta,
    descuento: linea.descuento,
    descuentoParaSocios: linea.descuentoParaSocios,
    paquete: linea.paquete,
    itemPersonalizado: linea.itemPersonalizado,
    variantes: linea.variantes,
  };
}

/** The largest numeroBorradorPos the contract takes; later tab numbers are not sent. */
const MAXIMO_NUMERO_BORRADOR = 99;

// Spec 001 §7 "POST /factura/crear, body list: invoice header, lines, linked delivery notes, afectarCuenta,
// POS info (desdePos, idTerminalRef, idUsuarioDelTurno), retentions, terminal, payment method selector,
// total". Delivery notes and the account to affect are not used at the POS; the server recomputes the
// totals and checks the client's.
/** The array body of POST /factura/crear for a POS draft. */
export function cuerpoDeFactura(
  borrador: Borrador,
  contexto: ContextoDeVenta,
  opciones: { codigoDeAutorizacion?: string } = {},
): z.input<typeof CrearFactura> {
  const totales = totalesDelBorrador(borrador);
  const factura = {
    identificadorUnico: borrador.identificadorUnico,
    idCliente: borrador.cliente?._id ?? null,
    idListaDePrecio: borrador.idListaDePrecio,
    almacenActual: contexto.idAlmacen,
    idTurnoRef: contexto.idTurno,
    numeroBorradorPos: borrador.numero <= MAXIMO_NUMERO_BORRADOR ? borrador.numero : null,
    idPedido: borrador.pedido?.id ?? null,
    ...camposDePago(borrador.pago, totales.total),
    ...(opciones.codigoDeAutorizacion ? { codigoDeAutorizacion: opciones.codigoDeAutorizacion } : {}),
  };
  return [
    factura,
    borrador.lineas.map(lineaParaEnviar),
    [],
    null,
    { desdePos: true, idTerminalRef: contexto.idTerminal, idUsuarioDelTurno: contexto.idUsuarioDelTurno },
    [],
    contexto.idTerminal,
    borrador.pago.metodo,
    {
      total: aPesos(totales.total),
      subtotal: aPesos(totales.subtotal),
      impuestos: aPesos(totales.impuestos),
    },
  ];
}
