import {
  type AgregarProductoCompras,
  MENSAJE_NO_DISPONIBLE_EN_ALMACEN,
  type ProductoParaDocumento,
} from '@pos/contract';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { aProductoParaDocumento, buscarPorCodigo, leerCodigo, rechazarSiNoProcede } from './paraDocumento.ts';

// What a purchase reads of its products: a line at cost.

/** POST registro-productos/agregar-producto-compras: a purchase line at cost; blocked products refused. */
export async function agregarProductoACompra(
  ctx: Ctx,
  entrada: AgregarProductoCompras,
): Promise<ProductoParaDocumento> {
  const lectura = await leerCodigo(ctx, entrada.idCodigoDeBarra);
  const fila = await buscarPorCodigo(ctx, lectura.codigo, entrada.Almacen ?? null);
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_NO_DISPONIBLE_EN_ALMACEN);
  }
  const producto = aProductoParaDocumento(fila, {
    cantidad: lectura.cantidad ?? entrada.cantidad ?? 1,
    paquete: lectura.paquete || entrada.agregarComoPaquete,
    itemPersonalizado: lectura.itemPersonalizado,
    descripcion: entrada.descripcion,
    precioModificado: entrada.precioModificado,
    variantes: [],
    socio: false,
    documento: 'compra',
  });
  rechazarSiNoProcede(producto, 'compra', false);
  return producto;
}
