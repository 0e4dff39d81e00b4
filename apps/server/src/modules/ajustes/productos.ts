import { sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';

// What adjustments, labels and reports read of a product. Read-only: products are written only by the
// productos module (its service and registrarMovimientos); this is one query by primary key.

export type ProductoLeido = {
  id: string;
  nombre: string;
  idCodigoDeBarra: string;
  precioDeVenta: number;
  costoPromedio: string;
  productoInventariable: boolean;
  estado: string;
  impuestos: unknown[];
  variantes: unknown[];
};

/** The company's products among `ids` (unknown ids are simply absent), by id. */
export async function leerProductos(ctx: Ctx, ids: readonly string[]): Promise<Map<string, ProductoLeido>> {
  const unicos = [...new Set(ids)];
  if (unicos.length === 0) {
    return new Map();
  }
  const encontrados = await filas<ProductoLeido>(
    ctx.tx,
    sql`select id, nombre, id_codigo_de_barra as "idCodigoDeBarra", precio_de_venta::float8 as "precioDeVenta",
          costo_promedio::text as "costoPromedio", producto_inventariable as "productoInventariable",
          estado, impuestos, variantes
        from productos where tenant_id = ${ctx.tenantId} and id in ${unicos}`,
  );
  return new Map(encontrados.map((p) => [p.id, p]));
}

/** Availability of products in one warehouse (0 for those that never moved there). */
export async function disponibilidades(
  ctx: Ctx,
  idAlmacen: string,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const unicos = [...new Set(ids)];
  if (unicos.length === 0) {
    return new Map();
  }
  const saldos = await filas<{ idProducto: string; disponibilidad: string }>(
    ctx.tx,
    sql`select id_producto as "idProducto", disponibilidad::text as disponibilidad from productos_almacenes
        where tenant_id = ${ctx.tenantId} and id_almacen = ${idAlmacen}
          and id_producto in ${unicos}`,
  );
  const mapa = new Map(unicos.map((id) => [id, 0]));
  for (const saldo of saldos) {
    mapa.set(saldo.idProducto, Number(saldo.disponibilidad));
  }
  return mapa;
}
