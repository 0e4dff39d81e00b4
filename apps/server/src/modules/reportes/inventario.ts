import {
  FILAS_POR_PAGINA_DE_REPORTE,
  type FiltroDeReporte,
  type FiltroInventario,
  REPORTE_AJUSTES_INVENTARIO,
  REPORTE_EXISTENCIA_INVENTARIO,
  REPORTE_VALOR_INVENTARIO,
  type ReporteExistenciaInventario,
  type ReporteValorInventario,
} from '@pos/contract';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { reporteAjustes } from '../ajustes/service.ts';
import { condicionDeBusqueda } from '../productos/busqueda.ts';
import { consultaDe, type ReporteDelServidor } from './kit.ts';

// The inventory reports (contract reportes/inventario.ts). Value and stock are read from the running
// balances of the stock ledger (productos_almacenes) and the products' average cost; the adjustments
// report is the adjustments module's own reading (reporteAjustes, also the product screen's view).

type FilaExistencia = ReporteExistenciaInventario['res'][number];

function condicionesDeInventario(ctx: Ctx, filtro: FiltroInventario): SQL {
  const condiciones: SQL[] = [
    sql`p.tenant_id = ${ctx.tenantId}`,
    sql`p.estado <> 'Anulado'`,
    sql`p.producto_inventariable`,
    condicionDeBusqueda(filtro.input ?? ''),
  ];
  if (filtro.idCategoria) {
    condiciones.push(sql`p.id_categoria = ${filtro.idCategoria}`);
  }
  return sql.join(condiciones, sql` and `);
}

// Without `page`, every row (the exports and the kit's tests); with it, pages of `limit` (25 a screen).
function pagina(filtro: FiltroInventario): SQL {
  const limite = filtro.limit ?? FILAS_POR_PAGINA_DE_REPORTE;
  return filtro.page ? sql`limit ${limite} offset ${(filtro.page - 1) * limite}` : sql``;
}

/** POST registro-productos/r-valor-inventario/: stock valued at average cost and at price, with totals. */
export async function reporteValorInventario(
  ctx: Ctx,
  filtro: FiltroInventario,
): Promise<ReporteValorInventario> {
  const almacen = filtro.idAlmacen ? sql`and pa.id_almacen = ${filtro.idAlmacen}` : sql``;
  const existencia = filtro.soloConExistencia ? sql`where d.disponibilidad <> 0` : sql``;
  const resultado = await filas<{
    idProducto: string;
    numeroProducto: string;
    nombre: string;
    idCodigoDeBarra: string;
    categoria: string | null;
    disponibilidad: string;
    costoPromedio: string;
    valorAlCosto: string;
    precioDeVenta: string;
    valorAlPrecio: string;
    total: string;
    totalUnidades: string;
    totalAlCosto: string;
    totalAlPrecio: string;
  }>(
    ctx.tx,
    sql`with d as (
          select p.id, p.numero_producto, p.nombre, p.id_codigo_de_barra, p.id_categoria, p.costo_promedio,
                 p.precio_de_venta,
                 coalesce((select sum(pa.disponibilidad) from productos_almacenes pa
                           where pa.tenant_id = p.tenant_id and pa.id_producto = p.id ${almacen}), 0) as disponibilidad
          from productos p
          where ${condicionesDeInventario(ctx, filtro)}),
        v as (
          select d.*, round(d.disponibilidad * d.costo_promedio, 2) as valor_costo,
                 round(d.disponibilidad * d.precio_de_venta, 2) as valor_precio
          from d ${existencia})
        select v.id as "idProducto", v.numero_producto::text as "numeroProducto", v.nombre,
               v.id_codigo_de_barra as "idCodigoDeBarra", c.nombre as categoria,
               v.disponibilidad::text as disponibilidad, round(v.costo_promedio, 2)::text as "costoPromedio",
               v.valor_costo::text as "valorAlCosto", v.precio_de_venta::text as "precioDeVenta",
               v.valor_precio::text as "valorAlPrecio",
               count(*) over () as total, sum(v.disponibilidad) over ()::text as "totalUnidades",
               sum(v.valor_costo) over ()::text as "totalAlCosto", sum(v.valor_precio) over ()::text as "totalAlPrecio"
        from v left join categorias c on c.tenant_id = ${ctx.tenantId} and c.id = v.id_categoria
        order by v.nombre, v.id
        ${pagina(filtro)}`,
  );
  const [primera] = resultado;
  return {
    res: resultado.map((f) => ({
      idProducto: f.idProducto,
      numeroProducto: Number(f.numeroProducto),
      nombre: f.nombre,
      idCodigoDeBarra: f.idCodigoDeBarra,
      categoria: f.categoria ?? '',
      disponibilidad: Number(f.disponibilidad),
      costoPromedio: Number(f.costoPromedio),
      valorAlCosto: Number(f.valorAlCosto),
      precioDeVenta: Number(f.precioDeVenta),
      valorAlPrecio: Number(f.valorAlPrecio),
    })),
    totalRows: Number(primera?.total ?? 0),
    totalUnidades: Number(primera?.totalUnidades ?? 0),
    totalAlCosto: Number(primera?.totalAlCosto ?? 0),
    totalAlPrecio: Number(primera?.totalAlPrecio ?? 0),
  };
}

/** POST registro-productos/r-existencia-inventario/: availability per product and warehouse. */
export async function reporteExistenciaInventario(
  ctx: Ctx,
  filtro: FiltroInventario,
): Promise<ReporteExistenciaInventario> {
  const almacen = filtro.idAlmacen ? sql`and pa.id_almacen = ${filtro.idAlmacen}` : sql``;
  const existencia = filtro.soloConExistencia ? sql`and pa.disponibilidad <> 0` : sql``;
  const resultado = await filas<{
    idProducto: string;
    numeroProducto: string;
    nombre: string;
    idCodigoDeBarra: string;
    categoria: string | null;
    idAlmacen: string;
    almacen: string;
    disponibilidad: string;
    cantidadMinima: string;
    cantidadMaxima: string;
    estadoDeExistencia: FilaExistencia['estadoDeExistencia'];
    total: string;
    totalUnidades: string;
    agotados: string;
    bajos: string;
  }>(
    ctx.tx,
    sql`with e as (
          select p.id, p.numero_producto, p.nombre, p.id_codigo_de_barra, p.id_categoria, pa.id_almacen,
                 pa.disponibilidad, pa.cantidad_minima, pa.cantidad_maxima,
                 case when pa.disponibilidad <= 0 then 'agotado'
                      when pa.disponibilidad <= pa.cantidad_minima then 'bajo'
                      when pa.cantidad_maxima > 0 and pa.disponibilidad > pa.cantidad_maxima then 'sobreexistencia'
                      else 'normal' end as estado
          from productos p
          join productos_almacenes pa on pa.tenant_id = p.tenant_id and pa.id_producto = p.id ${almacen} ${existencia}
          where ${condicionesDeInventario(ctx, filtro)})
        select e.id as "idProducto", e.numero_producto::text as "numeroProducto", e.nombre,
               e.id_codigo_de_barra as "idCodigoDeBarra", c.nombre as categoria, e.id_almacen as "idAlmacen",
               a.nombre as almacen, e.disponibilidad::text as disponibilidad,
               e.cantidad_minima::text as "cantidadMinima", e.cantidad_maxima::text as "cantidadMaxima",
               e.estado as "estadoDeExistencia",
               count(*) over () as total, sum(e.disponibilidad) over ()::text as "totalUnidades",
               count(*) filter (where e.estado = 'agotado') over () as agotados,
               count(*) filter (where e.estado = 'bajo') over () as bajos
        from e
        join almacenes a on a.tenant_id = ${ctx.tenantId} and a.id = e.id_almacen
        left join categorias c on c.tenant_id = ${ctx.tenantId} and c.id = e.id_categoria
        order by e.nombre, e.id, a.numero_almacen
        ${pagina(filtro)}`,
  );
  const [primera] = resultado;
  return {
    res: resultado.map((f) => ({
      idProducto: f.idProducto,
      numeroProducto: Number(f.numeroProducto),
      nombre: f.nombre,
      idCodigoDeBarra: f.idCodigoDeBarra,
      categoria: f.categoria ?? '',
      idAlmacen: f.idAlmacen,
      almacen: f.almacen,
      disponibilidad: Number(f.disponibilidad),
      cantidadMinima: Number(f.cantidadMinima),
      cantidadMaxima: Number(f.cantidadMaxima),
      estadoDeExistencia: f.estadoDeExistencia,
    })),
    totalRows: Number(primera?.total ?? 0),
    totalUnidades: Number(primera?.totalUnidades ?? 0),
    agotados: Number(primera?.agotados ?? 0),
    bajos: Number(primera?.bajos ?? 0),
  };
}

/** The export's line under the company: the warehouse, or all of them. */
async function encabezadoDeInventario(ctx: Ctx, filtro: FiltroDeReporte): Promise<string[]> {
  const lineas: string[] = [];
  if (filtro.idAlmacen) {
    const [almacen] = await filas<{ nombre: string }>(
      ctx.tx,
      sql`select nombre from almacenes where tenant_id = ${ctx.tenantId} and id = ${filtro.idAlmacen}`,
    );
    lineas.push(`Almacén: ${almacen?.nombre ?? ''}`);
  } else {
    lineas.push('Todos los almacenes');
  }
  return lineas;
}

/** The adjustments report's lines under the company: one adjustment's name, and which directions. */
async function encabezadoDeAjustes(
  ctx: Ctx,
  filtro: FiltroDeReporte & { idAjuste?: string | null; tipoDeAjuste?: boolean | null },
): Promise<string[]> {
  const lineas: string[] = [];
  if (filtro.idAjuste) {
    const [ajuste] = await filas<{ nombre: string }>(
      ctx.tx,
      sql`select nombre from ajustes_de_inventario where tenant_id = ${ctx.tenantId} and id = ${filtro.idAjuste}`,
    );
    lineas.push(`Ajuste: ${ajuste?.nombre ?? ''}`);
  }
  lineas.push(
    filtro.tipoDeAjuste === true
      ? 'Solo entradas'
      : filtro.tipoDeAjuste === false
        ? 'Solo salidas'
        : 'Entradas y salidas',
  );
  return lineas;
}

export const CONSULTAS_DE_INVENTARIO: ReporteDelServidor[] = [
  consultaDe(REPORTE_VALOR_INVENTARIO, reporteValorInventario, encabezadoDeInventario),
  consultaDe(REPORTE_EXISTENCIA_INVENTARIO, reporteExistenciaInventario, encabezadoDeInventario),
  consultaDe(
    REPORTE_AJUSTES_INVENTARIO,
    (ctx, filtro) => reporteAjustes(ctx, { ...filtro, input: filtro.input ?? '' }),
    encabezadoDeAjustes,
  ),
];
