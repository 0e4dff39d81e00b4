import type {
  DocumentosDelProducto,
  FiltroDocumentosDelProducto,
  FiltroReporteAjustes,
  ReporteAjustes,
} from '@pos/contract';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { diasDelFiltro, instantesDeDias } from '../../http/periodo.ts';
import { leerProductos } from './productos.ts';
import { reporteAjustes } from './service.ts';

// Spec 002 §7 "Products" → Reports: the product screen's views (r-valor-inventario and
// r-existencia-inventario are report declarations, modules/reportes/inventario.ts). Everything is read from the stock ledger (movimientos_de_inventario
// and its running balances productos_almacenes), so invoices and purchases appear here as soon as
// their modules write movements with tipoDocumento 'factura' / 'devolucion' and 'compra' /
// 'devolucionDeCompra' (the ledger's contract).

export const TIPOS_DE_VENTA = ['factura', 'devolucion', 'conduce'];
export const TIPOS_DE_COMPRA = ['compra', 'devolucionDeCompra'];

async function exigirProducto(ctx: Ctx, idProducto: string): Promise<void> {
  if (!(await leerProductos(ctx, [idProducto])).has(idProducto)) {
    throw new AppError('no_encontrado', 'El producto no existe.');
  }
}

/**
 * The documents of `tipos` that moved the product, each with its net quantity (a cancelled document,
 * whose movements were reversed, nets to 0 and is left out), newest first.
 */
export async function documentosDelProducto(
  ctx: Ctx,
  filtro: FiltroDocumentosDelProducto,
  tipos: readonly string[],
): Promise<DocumentosDelProducto> {
  await exigirProducto(ctx, filtro.idProducto);
  const instantes = instantesDeDias(diasDelFiltro(filtro));
  const condiciones: SQL[] = [
    sql`m.tenant_id = ${ctx.tenantId}`,
    sql`m.id_producto = ${filtro.idProducto}`,
    sql`m.tipo_documento in ${[...tipos]}`,
  ];
  if (filtro.idAlmacen) {
    condiciones.push(sql`m.id_almacen = ${filtro.idAlmacen}`);
  }
  if (instantes.desde) {
    condiciones.push(sql`m.fecha >= ${instantes.desde}::timestamptz`);
  }
  if (instantes.hasta) {
    condiciones.push(sql`m.fecha <= ${instantes.hasta}::timestamptz`);
  }
  const resultado = await filas<{
    tipoDocumento: string;
    idDocumento: string | null;
    idAlmacen: string;
    almacen: string | null;
    fecha: string | Date;
    cantidad: string;
    costoTotal: string;
    total: string;
    cantidadTotal: string;
    costoTotalGeneral: string;
  }>(
    ctx.tx,
    sql`with documentos as (
          select m.tipo_documento, m.id_documento, m.id_almacen, min(m.fecha) as fecha,
                 sum(m.cantidad) as cantidad, sum(m.cantidad * m.costo_unitario) as costo
          from movimientos_de_inventario m
          where ${sql.join(condiciones, sql` and `)}
          group by m.tipo_documento, m.id_documento, m.id_almacen
          having sum(m.cantidad) <> 0)
        select d.tipo_documento as "tipoDocumento", d.id_documento as "idDocumento", d.id_almacen as "idAlmacen",
               a.nombre as almacen, d.fecha, d.cantidad::text as cantidad, round(d.costo, 2)::text as "costoTotal",
               count(*) over () as total, sum(d.cantidad) over ()::text as "cantidadTotal",
               round(sum(d.costo) over (), 2)::text as "costoTotalGeneral"
        from documentos d
        left join almacenes a on a.tenant_id = ${ctx.tenantId} and a.id = d.id_almacen
        order by d.fecha desc, d.id_documento
        ${filtro.page ? sql`limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit}` : sql``}`,
  );
  const [primera] = resultado;
  return {
    res: resultado.map((f) => {
      const cantidad = Number(f.cantidad);
      const costoTotal = Number(f.costoTotal);
      return {
        tipoDocumento: f.tipoDocumento,
        idDocumento: f.idDocumento,
        idAlmacen: f.idAlmacen,
        almacen: f.almacen ?? '',
        fecha: new Date(f.fecha).toISOString(),
        cantidad,
        costoUnitario:
          cantidad === 0 ? 0 : Math.round((Math.abs(costoTotal) / Math.abs(cantidad)) * 100) / 100,
        costoTotal,
      };
    }),
    totalRows: Number(primera?.total ?? 0),
    cantidadTotal: Number(primera?.cantidadTotal ?? 0),
    costoTotal: Number(primera?.costoTotalGeneral ?? 0),
  };
}

/** POST registro-productos/ajuste-del-producto: the product's adjustment lines (tipoDeAjuste filter). */
export async function ajustesDelProducto(
  ctx: Ctx,
  filtro: Omit<FiltroReporteAjustes, 'input'> & { idProducto: string },
): Promise<ReporteAjustes> {
  await exigirProducto(ctx, filtro.idProducto);
  return reporteAjustes(ctx, { ...filtro, input: '' });
}
