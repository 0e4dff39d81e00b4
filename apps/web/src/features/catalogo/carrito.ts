import type { ProductoDelCatalogo } from '@pos/contract';
import { limitarCantidadDelCatalogo } from '@pos/domain';

// The visitor's order while it is being put together (spec 000 §2 "catalogue ordering bar"): one line
// per product, quantity 1–1000 (the decrement stops at 1). Kept on the device per company, so going from
// one catalogue page to another, or reloading, keeps it.

export type LineaDelCarrito = {
  idProducto: string;
  nombre: string;
  avatar: string | null;
  /** The unit price with tax the catalogue showed (the offer's when there is one). */
  precio: number;
  cantidad: number;
};

export type AccionDelCarrito =
  | { tipo: 'agregar'; producto: ProductoDelCatalogo }
  | { tipo: 'cantidad'; idProducto: string; cantidad: number }
  | { tipo: 'quitar'; idProducto: string }
  | { tipo: 'vaciar' };

/** The price a visitor pays for a product: its offer in force, or its shelf price (both with tax). */
export function precioDelCatalogo(producto: Pick<ProductoDelCatalogo, 'precio' | 'oferta'>): number {
  return producto.oferta?.precio ?? producto.precio;
}

export function carritoReducer(lineas: LineaDelCarrito[], accion: AccionDelCarrito): LineaDelCarrito[] {
  switch (accion.tipo) {
    case 'agregar': {
      const { producto } = accion;
      const existente = lineas.find((l) => l.idProducto === producto._id);
      if (existente) {
        return lineas.map((l) =>
          l === existente ? { ...l, cantidad: limitarCantidadDelCatalogo(l.cantidad + 1) } : l,
        );
      }
      return [
        ...lineas,
        {
          idProducto: producto._id,
          nombre: producto.nombre,
          avatar: producto.avatar,
          precio: precioDelCatalogo(producto),
          cantidad: 1,
        },
      ];
    }
    case 'cantidad':
      return lineas.map((l) =>
        l.idProducto === accion.idProducto
          ? { ...l, cantidad: limitarCantidadDelCatalogo(accion.cantidad) }
          : l,
      );
    case 'quitar':
      return lineas.filter((l) => l.idProducto !== accion.idProducto);
    case 'vaciar':
      return [];
  }
}

const clave = (tenantId: number) => `catalogo-pedido-${tenantId}`;

/** The order kept on this device for a company's catalogue (an unreadable one is an empty order). */
export function leerCarrito(tenantId: number): LineaDelCarrito[] {
  try {
    const valor = JSON.parse(localStorage.getItem(clave(tenantId)) ?? '[]') as unknown;
    if (!Array.isArray(valor)) {
      return [];
    }
    return valor
      .filter(
        (l): l is LineaDelCarrito =>
          typeof l === 'object' &&
          l !== null &&
          typeof l.idProducto === 'string' &&
          typeof l.nombre === 'string' &&
          typeof l.precio === 'number' &&
          typeof l.cantidad === 'number',
      )
      .map((l) => ({
        ...l,
        avatar: typeof l.avatar === 'string' ? l.avatar : null,
        cantidad: limitarCantidadDelCatalogo(l.cantidad),
      }));
  } catch {
    return [];
  }
}

export function guardarCarrito(tenantId: number, lineas: LineaDelCarrito[]): void {
  try {
    localStorage.setItem(clave(tenantId), JSON.stringify(lineas));
  } catch {
    // A full or blocked storage only loses the order on reload.
  }
}

const claveDelBanner = (tenantId: number) => `catalogo-banner-${tenantId}`;

/** When the visitor last closed this company's banner (ms), or null (spec 000 §2: stored on close). */
export function ultimoCierreDelBanner(tenantId: number): number | null {
  const valor = Number(localStorage.getItem(claveDelBanner(tenantId)));
  return Number.isFinite(valor) && valor > 0 ? valor : null;
}

export function guardarCierreDelBanner(tenantId: number, ahora: number): void {
  try {
    localStorage.setItem(claveDelBanner(tenantId), String(ahora));
  } catch {
    // Without storage the banner shows on each visit, as for a first one.
  }
}
