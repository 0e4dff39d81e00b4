import type {
  FiltroPorAlmacen,
  FiltroTodosLosProductos,
  PaginaDeProductos,
  ProductoEnLista,
  ProductoOffline,
} from '@pos/contract';
import { notificacionExistencia } from '@pos/domain';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { fuenteDeBusqueda } from './busqueda.ts';
import { aBase, COLUMNAS_DE_LISTA, filaDesdeSql, textoDecimal } from './lectura.ts';

// The product lists (catalogue, per warehouse, favourites, offers; the bookable services are in
// reservables.ts) and the POS's
// offline catalogue.

type FiltroDeLista = {
  input: string;
  buscarPorEstado?: string;
  page: number;
  limit: number;
  idAlmacen?: string | null;
  idCategoria?: string | null;
  tipo?: string;
  excluirDelCatalogo?: boolean;
  extra?: SQL;
};

type FilaDeLista = Record<string, unknown> & {
  nombre_categoria: string | null;
  id_almacen: string | null;
  disponibilidad: string;
  cantidad_minima: string;
};

function aProductoEnLista(fila: FilaDeLista): ProductoEnLista {
  const producto = filaDesdeSql(fila);
  const disponibilidad = Number(fila.disponibilidad);
  const cantidadMinima = Number(fila.cantidad_minima);
  return {
    ...aBase(producto),
    nombreCategoria: fila.nombre_categoria,
    idAlmacen: fila.id_almacen,
    disponibilidad,
    cantidadMinima,
    notificacionExistencia: notificacionExistencia(
      producto.productoInventariable,
      disponibilidad,
      cantidadMinima,
    ),
  };
}

// The lists filter, count and sort the narrow productos_busqueda rows (migration 0007; `p` is such a
// row in the conditions, `extra` included) and read only the page's products in full.
async function listarProductos(ctx: Ctx, filtro: FiltroDeLista): Promise<PaginaDeProductos> {
  const condiciones: SQL[] = [
    sql`p.tenant_id = ${ctx.tenantId}`,
    filtro.buscarPorEstado ? sql`p.estado = ${filtro.buscarPorEstado}` : sql`p.estado <> 'Anulado'`,
  ];
  if (filtro.idAlmacen) {
    condiciones.push(sql`${filtro.idAlmacen}::uuid = any(p.almacenes)`);
  }
  if (filtro.idCategoria) {
    condiciones.push(sql`p.id_categoria = ${filtro.idCategoria}`);
  }
  if (filtro.tipo) {
    condiciones.push(sql`p.tipo = ${filtro.tipo}`);
  }
  if (filtro.excluirDelCatalogo) {
    condiciones.push(sql`not p.excluir_del_catalogo`);
  }
  if (filtro.extra) {
    condiciones.push(filtro.extra);
  }
  const donde = sql.join(condiciones, sql` and `);
  const fuente = fuenteDeBusqueda(filtro.input);
  const almacen = filtro.idAlmacen
    ? sql`left join productos_almacenes pa on pa.tenant_id = p.tenant_id and pa.id_producto = p.id and pa.id_almacen = ${filtro.idAlmacen}`
    : sql`left join lateral (select null::uuid as id_almacen, coalesce(sum(disponibilidad), 0) as disponibilidad,
            coalesce(sum(cantidad_minima), 0) as cantidad_minima from productos_almacenes
            where tenant_id = p.tenant_id and id_producto = p.id) pa on true`;
  // The page and the total in one query; a page past the end has no row to carry the total.
  const res = await filas<FilaDeLista & { total_de_filas: number }>(
    ctx.tx,
    sql`with pagina as (
          select p.id, p.nombre_busqueda, count(*) over ()::int as total_de_filas from ${fuente} p
          where ${donde} order by p.nombre_busqueda, p.id
          limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit})
        select ${COLUMNAS_DE_LISTA}, c.nombre as nombre_categoria, pa.id_almacen, pa.disponibilidad, pa.cantidad_minima,
          g.total_de_filas
        from pagina g join productos p on p.tenant_id = ${ctx.tenantId} and p.id = g.id ${almacen}
        left join categorias c on c.tenant_id = p.tenant_id and c.id = p.id_categoria
        order by g.nombre_busqueda, g.id`,
  );
  const totalRows =
    res[0]?.total_de_filas ??
    (filtro.page > 1
      ? ((
          await filas<{ n: number }>(ctx.tx, sql`select count(*)::int as n from ${fuente} p where ${donde}`)
        )[0]?.n ?? 0)
      : 0);
  return { res: res.map(aProductoEnLista), totalRows };
}

/** POST /registro-productos/todos. */
export function listarTodosLosProductos(ctx: Ctx, filtro: FiltroTodosLosProductos) {
  return listarProductos(ctx, filtro);
}

/** POST /registro-productos/porAlmacen/. */
export function listarProductosPorAlmacen(ctx: Ctx, filtro: FiltroPorAlmacen) {
  return listarProductos(ctx, filtro);
}

/** POST /registro-productos/favoritos-por-almacen/: favorito and not Anulado (spec 002 §4). */
export function listarFavoritosPorAlmacen(ctx: Ctx, filtro: FiltroPorAlmacen) {
  return listarProductos(ctx, { ...filtro, extra: sql`p.favorito` });
}

/** POST /registro-productos/ofertas/: products priced on an active offer list still in force. */
export function listarOfertas(ctx: Ctx, filtro: FiltroPorAlmacen) {
  return listarProductos(ctx, {
    ...filtro,
    extra: sql`exists (select 1 from productos_listas_de_precio pl
      join listas_de_precio l on l.tenant_id = pl.tenant_id and l.id = pl.id_lista
      where pl.tenant_id = p.tenant_id and pl.id_producto = p.id and l.es_una_oferta and l.activo
        and l.estado <> 'Desactivado' and (l.vigencia is null or l.vigencia >= current_date))`,
  });
}

/** POST /registro-productos/todos-for-offline: what the POS sells with offline (ProductoOffline), per product not cancelled. */
export async function productosParaOffline(ctx: Ctx): Promise<{ res: ProductoOffline[] }> {
  // Numbers come as float8 and the lists as JSON already shaped: 100,000 rows map with no per-field work.
  const res = await filas<Omit<ProductoOffline, '_id'> & { id: string }>(
    ctx.tx,
    // Lists and warehouses grouped once and hash-joined: a subquery per product costs 200,000 runs.
    // Unsorted: the POS orders its catalogue itself (productosLocales.ts).
    sql`with listas as (
          select id_producto, json_agg(json_build_object('idLista', id_lista, 'precio', precio::float8)) as listas
          from productos_listas_de_precio where tenant_id = ${ctx.tenantId} group by id_producto),
        asignadas as (
          select id_producto, json_agg(json_build_object('idAlmacen', id_almacen,
                   'disponibilidad', disponibilidad::float8, 'cantidadMinima', cantidad_minima::float8)) as asignaciones
          from productos_almacenes where tenant_id = ${ctx.tenantId} group by id_producto)
        select p.id, p.nombre, p.id_codigo_de_barra as "idCodigoDeBarra", p.id_categoria as categoria,
          c.nombre as "nombreCategoria", p.estado, p.precio_total::float8 as "precioTotal",
          p.precio_sin_impuesto_sin_redondeo::text as "precioSinImpuestoSinRedondeo",
          p.precio_de_venta::float8 as "precioDeVenta", p.impuestos,
          p.descuento_para_socios::float8 as "descuentoParaSocios", p.item_personalizado as "itemPersonalizado",
          p.producto_inventariable as "productoInventariable",
          p.venta_sin_disponibilidad as "ventaSinDisponibilidad", p.bloqueo_por_inventario as "bloqueoPorInventario",
          p.paquete_incluido as "paqueteIncluido", p.nombre_paquete as "nombrePaquete",
          p.cantidad_por_paquete::float8 as "cantidadPorPaquete",
          p.precio_por_paquete_con_impuesto::float8 as "precioPorPaqueteConImpuesto",
          coalesce(l.listas, '[]') as "listaDePrecioAsignada", coalesce(a.asignaciones, '[]') as asignaciones
        from productos p left join categorias c on c.tenant_id = p.tenant_id and c.id = p.id_categoria
          left join listas l on l.id_producto = p.id
          left join asignadas a on a.id_producto = p.id
        where p.tenant_id = ${ctx.tenantId} and p.estado <> 'Anulado'`,
  );
  return {
    res: res.map(({ id, precioSinImpuestoSinRedondeo, ...resto }) => ({
      _id: id,
      ...resto,
      precioSinImpuestoSinRedondeo: textoDecimal(precioSinImpuestoSinRedondeo),
    })),
  };
}
