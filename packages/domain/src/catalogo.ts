import { aCentavos, type Centavos, formatearDinero } from './dinero.ts';

// The public catalogue (spec 000 §2 "Catalogue layout behaviour", 002 §2, §9): its limits, the banner's
// re-show rule, the offers in force and the chat message that carries a visitor's order.

/** Spec 002 §9: catalogue quantity range 1 to 1000 (decrement stops at 1). */
export const CANTIDAD_MINIMA_DEL_CATALOGO = 1;
export const CANTIDAD_MAXIMA_DEL_CATALOGO = 1000;
/** Spec 002 §9: the catalogue search waits 500 ms before querying. */
export const ESPERA_DE_BUSQUEDA_DEL_CATALOGO_MS = 500;
/** Spec 000 §9: banner re-show interval 3 hours (10,800,000 ms). */
export const INTERVALO_DEL_BANNER_MS = 3 * 60 * 60 * 1000;

/** A quantity the ordering bar accepts: a whole number from 1 to 1000 (anything else is brought inside). */
export function limitarCantidadDelCatalogo(valor: number): number {
  if (!Number.isFinite(valor)) {
    return CANTIDAD_MINIMA_DEL_CATALOGO;
  }
  return Math.min(CANTIDAD_MAXIMA_DEL_CATALOGO, Math.max(CANTIDAD_MINIMA_DEL_CATALOGO, Math.trunc(valor)));
}

// Spec 000 §4 "Banner visibility": shown if never seen or last closed more than 3 hours ago.
/** Whether the advertising banner shows again, given when it was last closed (ms, or null: never). */
export function debeMostrarseElBanner(ultimoCierre: number | null, ahora: number): boolean {
  return ultimoCierre === null || ahora - ultimoCierre > INTERVALO_DEL_BANNER_MS;
}

const CODIGOS_DOMINICANOS = ['809', '829', '849'];

/**
 * The company phone as a chat link wants it (country code and digits only): a Dominican number written
 * any usual way ("809-555-0100", "(829) 555 0100", "1 849 555 0100", "+1 809…") becomes 1809…/1829…/
 * 1849…; a number written with a leading + keeps its digits. Anything else (too short, no area code)
 * is null: the catalogue then says the company has no chat phone.
 */
export function telefonoParaWhatsApp(telefono: string): string | null {
  const digitos = telefono.replace(/\D/g, '');
  if (digitos.length === 10 && CODIGOS_DOMINICANOS.includes(digitos.slice(0, 3))) {
    return `1${digitos}`;
  }
  if (digitos.length === 11 && digitos.startsWith('1') && CODIGOS_DOMINICANOS.includes(digitos.slice(1, 4))) {
    return digitos;
  }
  if (telefono.trim().startsWith('+') && digitos.length >= 8 && digitos.length <= 15) {
    return digitos;
  }
  return null;
}

/** A price list that makes offers, as the catalogue checks it: last day (null: no end) and weekdays. */
export type VigenciaDeOferta = {
  readonly vigencia: string | null;
  readonly diasDisponibles: readonly number[];
};

/**
 * Whether an offer list applies on a date ('YYYY-MM-DD', Santo Domingo): up to its vigencia, and on
 * one of its diasDisponibles (0 domingo … 6 sábado; none means every day), docs/api.md.
 */
export function ofertaVigente(oferta: VigenciaDeOferta, fecha: string): boolean {
  if (oferta.vigencia !== null && oferta.vigencia < fecha) {
    return false;
  }
  const dia = new Date(`${fecha}T12:00:00Z`).getUTCDay();
  return oferta.diasDisponibles.length === 0 || oferta.diasDisponibles.includes(dia);
}

/** An offer of a product: its price with tax and its list's last day. */
export type OfertaDelCatalogo = { readonly precio: number; readonly vigencia: string | null };

/** The offer the catalogue shows: the lowest one below the regular price with tax, or null. */
export function mejorOferta<T extends OfertaDelCatalogo>(precio: number, ofertas: readonly T[]): T | null {
  let mejor: T | null = null;
  for (const oferta of ofertas) {
    if (aCentavos(oferta.precio) < aCentavos(precio) && (mejor === null || oferta.precio < mejor.precio)) {
      mejor = oferta;
    }
  }
  return mejor;
}

/** A line of a visitor's order: the unit price is the price with tax the catalogue showed. */
export type LineaDelPedidoDelCatalogo = {
  readonly nombre: string;
  readonly cantidad: number;
  readonly precio: number;
};

/** What a line comes to, in cents (quantity × unit price with tax). */
export function importeDeLineaDelCatalogo(linea: Pick<LineaDelPedidoDelCatalogo, 'cantidad' | 'precio'>) {
  return (linea.cantidad * aCentavos(linea.precio)) as Centavos;
}

/** The order's total in cents. */
export function totalDelPedidoDelCatalogo(lineas: readonly LineaDelPedidoDelCatalogo[]): Centavos {
  return lineas.reduce((suma, linea) => suma + importeDeLineaDelCatalogo(linea), 0) as Centavos;
}

// A name typed by a visitor or stored by the company, on one line of the message.
function enUnaLinea(texto: string): string {
  return texto.replace(/\s+/g, ' ').trim();
}

export type PedidoDelCatalogo = {
  readonly empresa: string;
  readonly visitante: string;
  readonly lineas: readonly LineaDelPedidoDelCatalogo[];
  readonly nota?: string;
  /** The sales order the company registered for it, when it did. */
  readonly numeroPedido?: number;
};

/**
 * The chat message of an order (spec 000 §2: "send the order as a chat message to the company
 * phone"): a greeting, one line per product (quantity × name, amount and unit price), the total, the
 * visitor's name and, when there are, the note and the registered order's number.
 */
export function textoDelPedidoDelCatalogo(pedido: PedidoDelCatalogo): string {
  const lineas = pedido.lineas.map((linea) => {
    const importe = formatearDinero(importeDeLineaDelCatalogo(linea));
    const unitario = formatearDinero(aCentavos(linea.precio));
    return `• ${linea.cantidad} × ${enUnaLinea(linea.nombre)} — ${importe} (${unitario} c/u)`;
  });
  const nota = enUnaLinea(pedido.nota ?? '');
  return [
    `Hola, ${enUnaLinea(pedido.empresa)}. Quiero hacer este pedido:`,
    '',
    ...lineas,
    '',
    `Total: ${formatearDinero(totalDelPedidoDelCatalogo(pedido.lineas))}`,
    `Nombre: ${enUnaLinea(pedido.visitante)}`,
    ...(nota ? [`Nota: ${nota}`] : []),
    ...(pedido.numeroPedido === undefined ? [] : [`Pedido n.º ${pedido.numeroPedido}`]),
  ].join('\n');
}

/** The chat link that opens a conversation with the company with the message written. */
export function enlaceDeWhatsApp(telefono: string, texto: string): string {
  return `https://wa.me/${telefono}?text=${encodeURIComponent(texto)}`;
}
