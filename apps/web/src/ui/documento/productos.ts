import { type AgregarProducto, type AgregarProductoCompras, productos } from '@pos/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

/** Products of a warehouse whose name contains `input` (what the document finder offers by name). */
export function productosDelAlmacen(idAlmacen: string, input: string) {
  return queryOptions({
    queryKey: ['inventario', 'buscarProductos', idAlmacen, input],
    queryFn: ({ signal }) =>
      api(productos.porAlmacen, { body: { idAlmacen, input, page: 1, limit: 10 }, signal }),
    staleTime: 30_000,
  });
}

/** POST /registro-productos/agregarproducto: the product a scanned or chosen code stands for. */
export function buscarProductoParaDocumento(body: z.input<typeof AgregarProducto>) {
  return api(productos.agregarProducto, { body });
}

/** POST registro-productos/agregar-producto-compras: the product at cost, for a purchasing document. */
export function buscarProductoParaCompra(body: z.input<typeof AgregarProductoCompras>) {
  return api(productos.agregarProductoCompras, { body });
}
