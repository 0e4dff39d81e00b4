import type {
  Archivo,
  DocumentoOpcion,
  DocumentosDelProducto,
  FiltroDocumentosDelProducto,
  FiltroInventario,
  FiltroReporteAjustes,
  ReporteAjustes,
  ReporteExistenciaInventario,
  ReporteValorInventario,
} from '@pos/contract';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { exportarTabla } from '../../http/exportar.ts';
import type { Ctx } from '../../http/handle.ts';
import { diasDelFiltro, instantesDeDias } from '../../http/periodo.ts';
import { obtenerConfiguracionGeneral } from '../empresas/service.ts';
import { condicionDeBusqueda } from '../productos/busqueda.ts';
import { leerProductos } from './productos.ts';
import { reporteAjustes } from './service.ts';

// Spec 002 §7 "Products" → Reports. Everything is read from the stock ledger (movimientos_de_inventario
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

function condicionesDeInventario(ctx: Ctx, filtro: FiltroInventario): SQL {
  const condiciones: SQL[] = [
    sql`p.tenant_id = ${ctx.tenantId}`,
    sql`p.estado <> 'Anulado'`,
    sql`p.producto_inventariable`,
    condicionDeBusqueda(filtro.input),
  ];
  if (filtro.idCategoria) {
    condiciones.push(sql`p.id_categoria = ${filtro.idCategoria}`);
  }
  return sql.join(condiciones, sql` and `);
}

function pagina(filtro: FiltroInventario): SQL {
  return filtro.page ? sql`limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit}` : sql``;
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

async function encabezadoDeInventario(ctx: Ctx, filtro: FiltroInventario): Promise<string[]> {
  const empresa = (await obtenerConfiguracionGeneral(ctx)).configGeneral[0];
  const lineas = [empresa.nombre];
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

type FilaValor = ReporteValorInventario['res'][number];
type FilaExistencia = ReporteExistenciaInventario['res'][number];

/** POST registro-productos/pdf/r-valor-inventario: the report as PDF or Excel. */
export async function exportarValorInventario(
  ctx: Ctx,
  filtro: FiltroInventario & { documentoOpcion: DocumentoOpcion },
): Promise<Archivo> {
  const reporte = await reporteValorInventario(ctx, filtro);
  return exportarTabla(
    {
      titulo: 'Valor del inventario',
      encabezado: await encabezadoDeInventario(ctx, filtro),
      nombreArchivo: 'valor-inventario',
      columnas: [
        { titulo: 'No.', valor: (f: FilaValor) => f.numeroProducto, formato: 'entero', ancho: 0.5 },
        { titulo: 'Código', valor: (f) => f.idCodigoDeBarra, ancho: 1 },
        { titulo: 'Producto', valor: (f) => f.nombre, ancho: 2.2 },
        { titulo: 'Categoría', valor: (f) => f.categoria, ancho: 1 },
        { titulo: 'Existencia', valor: (f) => f.disponibilidad, formato: 'cantidad', ancho: 0.8 },
        { titulo: 'Costo promedio', valor: (f) => f.costoPromedio, formato: 'dinero', ancho: 0.9 },
        { titulo: 'Valor al costo', valor: (f) => f.valorAlCosto, formato: 'dinero', ancho: 1 },
        { titulo: 'Precio', valor: (f) => f.precioDeVenta, formato: 'dinero', ancho: 0.9 },
        { titulo: 'Valor al precio', valor: (f) => f.valorAlPrecio, formato: 'dinero', ancho: 1 },
      ],
      filas: reporte.res,
      totales: [
        null,
        null,
        `Totales (${reporte.totalRows} productos)`,
        null,
        reporte.totalUnidades,
        null,
        reporte.totalAlCosto,
        null,
        reporte.totalAlPrecio,
      ],
    },
    filtro.documentoOpcion,
  );
}

const ESTADOS: Record<FilaExistencia['estadoDeExistencia'], string> = {
  agotado: 'Agotado',
  bajo: 'Bajo',
  normal: 'Normal',
  sobreexistencia: 'Sobreexistencia',
};

/** POST registro-productos/pdf/r-existencia-inventario: the report as PDF or Excel. */
export async function exportarExistenciaInventario(
  ctx: Ctx,
  filtro: FiltroInventario & { documentoOpcion: DocumentoOpcion },
): Promise<Archivo> {
  const reporte = await reporteExistenciaInventario(ctx, filtro);
  return exportarTabla(
    {
      titulo: 'Existencia de inventario',
      encabezado: await encabezadoDeInventario(ctx, filtro),
      nombreArchivo: 'existencia-inventario',
      columnas: [
        { titulo: 'No.', valor: (f: FilaExistencia) => f.numeroProducto, formato: 'entero', ancho: 0.5 },
        { titulo: 'Código', valor: (f) => f.idCodigoDeBarra, ancho: 1 },
        { titulo: 'Producto', valor: (f) => f.nombre, ancho: 2.2 },
        { titulo: 'Categoría', valor: (f) => f.categoria, ancho: 1 },
        { titulo: 'Almacén', valor: (f) => f.almacen, ancho: 1 },
        { titulo: 'Existencia', valor: (f) => f.disponibilidad, formato: 'cantidad', ancho: 0.8 },
        { titulo: 'Mínima', valor: (f) => f.cantidadMinima, formato: 'cantidad', ancho: 0.7 },
        { titulo: 'Máxima', valor: (f) => f.cantidadMaxima, formato: 'cantidad', ancho: 0.7 },
        { titulo: 'Estado', valor: (f) => ESTADOS[f.estadoDeExistencia], ancho: 0.8 },
      ],
      filas: reporte.res,
      totales: [
        null,
        null,
        `Totales (${reporte.totalRows} filas; ${reporte.agotados} agotados, ${reporte.bajos} bajos)`,
        null,
        null,
        reporte.totalUnidades,
        null,
        null,
        null,
      ],
    },
    filtro.documentoOpcion,
  );
}
