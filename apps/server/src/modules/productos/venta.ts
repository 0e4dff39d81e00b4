import {
  type AgregarProducto,
  type ConvertirLineas,
  MENSAJE_NO_DISPONIBLE_EN_ALMACEN,
  type ProductoParaDocumento,
} from '@pos/contract';
import type { ListaDePrecio } from '@pos/domain';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { obtenerListaDePrecio } from '../configuracion/service.ts';
import { obtenerContacto } from '../contactos/service.ts';
import {
  aProductoParaDocumento,
  buscarParaDocumento,
  buscarPorCodigo,
  type FilaParaDocumento,
  leerCodigo,
  rechazarSiNoProcede,
} from './paraDocumento.ts';

// What a sale reads of its products: a line added on the screen (agregarproducto), the lines of a sales
// document priced on the server, a sync batch's products read once, a quotation's lines for an invoice.

async function listaYSocio(
  ctx: Ctx,
  entrada: { idListaDePrecio?: string | null | undefined; idCliente?: string | null | undefined },
): Promise<{ lista?: ListaDePrecio; socio: boolean }> {
  let idLista = entrada.idListaDePrecio ?? null;
  let socio = false;
  if (entrada.idCliente) {
    const cliente = await obtenerContacto(ctx, entrada.idCliente);
    socio = cliente.socio;
    idLista ??= cliente.idListaDePrecio;
  }
  if (!idLista) {
    return { socio };
  }
  const lista = await obtenerListaDePrecio(ctx, idLista);
  return {
    lista: {
      _id: lista._id,
      predeterminado: lista.predeterminado,
      tipo: lista.tipo,
      porcentaje: Number(lista.porcentaje),
    },
    socio,
  };
}

/** POST /registro-productos/agregarproducto: the product for a sales line, with every rule of spec 000 §4-§5. */
export async function agregarProductoAVenta(
  ctx: Ctx,
  entrada: AgregarProducto,
): Promise<
  ProductoParaDocumento & {
    opciones: { disminuirCantidad: boolean; noActualizarCantidad: boolean; noDuplicarProducto: boolean };
  }
> {
  const lectura = await leerCodigo(ctx, entrada.idCodigoDeBarra);
  const fila = await buscarPorCodigo(ctx, lectura.codigo, entrada.Almacen);
  // Spec 000 §8: a product not found, or inventoriable and not offered in the warehouse.
  if (!fila || (fila.producto_inventariable === true && !fila.asignado)) {
    throw new AppError('no_encontrado', MENSAJE_NO_DISPONIBLE_EN_ALMACEN);
  }
  const { lista, socio } = await listaYSocio(ctx, entrada);
  const producto = aProductoParaDocumento(fila, {
    cantidad: lectura.cantidad ?? entrada.cantidad ?? 1,
    paquete: lectura.paquete || entrada.agregarComoPaquete,
    itemPersonalizado: lectura.itemPersonalizado,
    descripcion: entrada.descripcion,
    precioModificado: entrada.precioModificado,
    impuestos: entrada.impuestos,
    variantes: entrada.variantes,
    lista,
    socio,
    documento: 'venta',
  });
  // Taking a unit off a line, or keeping its quantity, never needs stock.
  const bloqueo =
    entrada.bloqueoPorNoExistenciaDelInventario &&
    !entrada.disminuirCantidad &&
    !entrada.noActualizarCantidad;
  rechazarSiNoProcede(producto, 'venta', bloqueo);
  return {
    ...producto,
    opciones: {
      disminuirCantidad: entrada.disminuirCantidad,
      noActualizarCantidad: entrada.noActualizarCantidad,
      noDuplicarProducto: entrada.noDuplicarProducto,
    },
  };
}

/** What a sales document asks of each of its lines' products. */
export type PedidoDeVenta = {
  idProducto: string;
  cantidad: number;
  paquete: boolean;
  itemPersonalizado: boolean;
  variantes: { _id?: string | undefined; valor: number; name?: string | undefined }[];
};

/**
 * The products of a sales document's lines, priced as agregarproducto would price them (list, partner,
 * package, variants), with stock in the warehouse, in one round trip. Invoices recompute their lines from
 * these instead of trusting the client (spec 001 §1 totals). Unknown or cancelled products are absent from the map.
 */
export async function productosParaVenta(
  ctx: Ctx,
  pedidos: readonly PedidoDeVenta[],
  idAlmacen: string,
  contexto: { lista?: ListaDePrecio | undefined; socio: boolean },
  lote?: ProductosDelLote,
): Promise<(ProductoParaDocumento | undefined)[]> {
  const ids = [...new Set(pedidos.map((pedido) => pedido.idProducto))];
  const porId = lote
    ? await filasDelLote(ctx, lote, idAlmacen, ids)
    : new Map(
        (ids.length === 0 ? [] : await buscarParaDocumento(ctx, { ids }, idAlmacen)).map((fila) => [
          String(fila.id),
          fila,
        ]),
      );
  return pedidos.map((pedido) => {
    const fila = porId.get(pedido.idProducto);
    return fila ? aProductoParaDocumento(fila, { ...pedido, ...contexto, documento: 'venta' }) : undefined;
  });
}

/**
 * The product rows of a batch of sales (offline sync, spec 000 §4), read once per warehouse for every
 * product the batch names instead of once per sale. What the batch's own earlier sales took is the
 * caller's to subtract; with stock blocking on, the batch has locked these balances first
 * (`bloquearExistencias`), so no other document changes them meanwhile.
 */
export type ProductosDelLote = {
  ids: readonly string[];
  porAlmacen: Map<string, Map<string, FilaParaDocumento>>;
};

export function productosDelLote(ids: Iterable<string>): ProductosDelLote {
  return { ids: [...new Set(ids)], porAlmacen: new Map() };
}

async function filasDelLote(
  ctx: Ctx,
  lote: ProductosDelLote,
  idAlmacen: string,
  ids: readonly string[],
): Promise<Map<string, FilaParaDocumento>> {
  let leidas = lote.porAlmacen.get(idAlmacen);
  if (!leidas) {
    leidas = new Map();
    lote.porAlmacen.set(idAlmacen, leidas);
  }
  const faltan =
    leidas.size === 0 ? [...new Set([...lote.ids, ...ids])] : ids.filter((id) => !leidas.has(id));
  if (faltan.length > 0) {
    for (const fila of await buscarParaDocumento(ctx, { ids: faltan }, idAlmacen)) {
      leidas.set(String(fila.id), fila);
    }
  }
  return leidas;
}

/**
 * POST /registro-productos/convertir/: the lines of a quotation refreshed for an invoice. The quoted
 * fields (price, discount, quantity) are kept; each line gets the product's current data and stock.
 */
export async function convertirLineas(ctx: Ctx, entrada: ConvertirLineas) {
  const lineas = Array.isArray(entrada) ? entrada : entrada.lineas;
  const idAlmacen = Array.isArray(entrada) ? null : (entrada.Almacen ?? null);
  const ids = [...new Set(lineas.map((l) => l.idProducto))];
  const encontrados = ids.length > 0 ? await buscarParaDocumento(ctx, { ids }, idAlmacen) : [];
  const porId = new Map(encontrados.map((fila) => [String(fila.id), fila]));
  return {
    nuevaLineaProducto: lineas.map((linea) => {
      const fila = porId.get(linea.idProducto);
      const disponible = fila !== undefined && (fila.producto_inventariable !== true || fila.asignado);
      return {
        ...linea,
        producto: fila
          ? aProductoParaDocumento(fila, {
              cantidad: linea.cantidad,
              paquete: linea.paquete,
              itemPersonalizado: false,
              variantes: [],
              socio: false,
              documento: 'venta',
            })
          : null,
        disponible,
      };
    }),
  };
}
