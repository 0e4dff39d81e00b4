import type { ProductoOffline } from '@pos/contract';
import { normalizarBusqueda, notificacionExistencia } from '@pos/domain';
import type { BaseLocal, ProductoLocal } from './baseLocal.ts';

// The offline catalogue (spec 000 §7 "Offline mode"): downloaded whole while online, stored
// in bulk, and searched in memory while selling, so a keystroke over 100,000 products stays within a
// frame. The name search matches the server's: the normalised input anywhere in the normalised name.

export const LOTE_DE_GUARDADO = 5000;
export const RESULTADOS_POR_BUSQUEDA = 50;

/**
 * Replaces the stored catalogue with the server's in one transaction (a cut-off download leaves the
 * previous one), written in chunks of bulk puts, never one write per product.
 */
export async function guardarProductos(
  base: BaseLocal,
  productos: readonly ProductoOffline[],
  alAvanzar?: (guardados: number) => void,
): Promise<void> {
  await base.transaction('rw', base.productos, async () => {
    await base.productos.clear();
    for (let i = 0; i < productos.length; i += LOTE_DE_GUARDADO) {
      const lote = productos.slice(i, i + LOTE_DE_GUARDADO);
      await base.productos.bulkPut(lote.map((p) => ({ ...p, busqueda: normalizarBusqueda(p.nombre) })));
      alAvanzar?.(i + lote.length);
    }
  });
}

export type CatalogoLocal = {
  readonly tamano: number;
  /**
   * The product of a barcode (or of an _id, chosen from a list), offered in the warehouse (spec 000 §8:
   * an inventoriable product must be assigned to it); undefined when not found or not offered there.
   */
  porCodigo(codigo: string, idAlmacen: string | null): ProductoLocal | undefined;
  /** Products whose name contains the input (accents and case aside), by name, at most `limite`. */
  porNombre(texto: string, limite?: number): ProductoLocal[];
};

/** Not cancelled, and a service or assigned to the warehouse (spec 000 §8). */
export function ofrecidoEn(producto: ProductoLocal, idAlmacen: string | null): boolean {
  return (
    producto.estado !== 'Anulado' &&
    (!idAlmacen ||
      !producto.productoInventariable ||
      producto.asignaciones.some((a) => a.idAlmacen === idAlmacen))
  );
}

/** The stock in the warehouse and its notice (spec 000 §8), as the server's lists give them. */
export function existenciaEn(producto: ProductoLocal, idAlmacen: string | null) {
  const asignacion = producto.asignaciones.find((a) => a.idAlmacen === idAlmacen);
  const disponibilidad = asignacion?.disponibilidad ?? 0;
  return {
    disponibilidad,
    notificacionExistencia: notificacionExistencia(
      producto.productoInventariable,
      disponibilidad,
      asignacion?.cantidadMinima ?? 0,
    ),
  };
}

export function crearCatalogo(productos: readonly ProductoLocal[]): CatalogoLocal {
  const ordenados = [...productos].sort((a, b) => a.busqueda.localeCompare(b.busqueda));
  const porCodigo = new Map(ordenados.map((p) => [p.idCodigoDeBarra, p]));
  const porId = new Map(ordenados.map((p) => [p._id, p]));
  // Every name in one string, one per line (a normalised name has no line break): one indexOf over
  // it is far faster than a test per product, and a match never spans two names.
  const nombres = ordenados.map((p) => p.busqueda).join('\n');
  const inicios = new Int32Array(ordenados.length);
  let posicion = 0;
  ordenados.forEach((p, i) => {
    inicios[i] = posicion;
    posicion += p.busqueda.length + 1;
  });
  // The product whose name holds position `en` (the last start at or before it).
  function productoEn(en: number): number {
    let bajo = 0;
    let alto = inicios.length - 1;
    while (bajo < alto) {
      const medio = (bajo + alto + 1) >> 1;
      if ((inicios[medio] ?? 0) <= en) {
        bajo = medio;
      } else {
        alto = medio - 1;
      }
    }
    return bajo;
  }
  return {
    tamano: ordenados.length,
    porCodigo(codigo, idAlmacen) {
      const producto = porCodigo.get(codigo.trim()) ?? porId.get(codigo.trim());
      return producto && ofrecidoEn(producto, idAlmacen) ? producto : undefined;
    },
    porNombre(texto, limite = RESULTADOS_POR_BUSQUEDA) {
      const buscado = normalizarBusqueda(texto);
      const encontrados: ProductoLocal[] = [];
      let desde = 0;
      while (encontrados.length < limite && desde <= nombres.length && ordenados.length > 0) {
        const en = nombres.indexOf(buscado, desde);
        if (en < 0) {
          break;
        }
        const indice = productoEn(en);
        const producto = ordenados[indice] as ProductoLocal;
        if (producto.estado !== 'Anulado') {
          encontrados.push(producto);
        }
        // Go on from the next name: a name is listed once however often it matches.
        desde = inicios[indice + 1] ?? nombres.length + 1;
      }
      return encontrados;
    },
  };
}

/** The stored catalogue, ready to search (a page load while offline). */
export async function cargarCatalogo(base: BaseLocal): Promise<CatalogoLocal> {
  return crearCatalogo(await base.productos.toArray());
}
