import { type LineaDelResumen, type ResumenGeneral, resumenGeneral } from '@pos/contract';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { consultaDe, type ReporteDelServidor } from './kit.ts';

// /reportes/global (spec 000 §2 "Reports"): the period's summary, read from each document's header (the
// owning modules keep the totals there). Cancelled documents ('Anulado') count nowhere; a document
// waiting for its cancellation to be approved ('Por-Anular') still counts, as it does in its list.

type Sumas = Record<Exclude<keyof ResumenGeneral, 'lineas'>, string>;

async function resumir(ctx: Ctx, filtro: Parameters<typeof diasDelFiltro>[0]): Promise<ResumenGeneral> {
  const dias = diasDelFiltro(filtro);
  const en = (columna: SQL) => entreDias(columna, dias) ?? sql`true`;
  const vigente = (alias: string) =>
    sql`${sql.raw(alias)}.tenant_id = ${ctx.tenantId} and ${sql.raw(alias)}.estado <> 'Anulado'`;
  const [s] = await filas<Sumas>(
    ctx.tx,
    sql`with f as (
          select count(*) as cantidad, coalesce(sum(f.subtotal), 0) as subtotal, coalesce(sum(f.itbis), 0) as itbis,
                 coalesce(sum(f.descuento), 0) as descuento, coalesce(sum(f.total), 0) as total,
                 coalesce(sum(f.cobrado), 0) as cobrado
          from facturas f where ${vigente('f')} and ${en(sql`f.fecha_emision`)}),
        n as (
          select coalesce(sum(n.subtotal), 0) as subtotal, coalesce(sum(n.impuestos), 0) as impuestos,
                 coalesce(sum(n.total_gral), 0) as total
          from notas_de_credito n where ${vigente('n')} and ${en(sql`n.fecha_emision`)}),
        d as (
          select coalesce(sum(d.importe), 0) as importe
          from devoluciones_nota_de_credito d
          join notas_de_credito n on n.tenant_id = d.tenant_id and n.id = d.id_nota_de_credito
          where d.tenant_id = ${ctx.tenantId} and n.estado <> 'Anulado' and ${en(sql`d.fecha_de_emision`)}),
        c as (
          select coalesce(sum(c.total_gral), 0) as total, coalesce(sum(c.pagado), 0) as pagado
          from compras c where ${vigente('c')} and ${en(sql`c.fecha_emision`)}),
        g as (
          select coalesce(sum(g.total), 0) as total
          from gastos_menores g where ${vigente('g')} and ${en(sql`g.fecha_de_emision`)}),
        i as (
          select coalesce(sum(i.total), 0) as total
          from ingresos_recibidos i where ${vigente('i')} and ${en(sql`i.fecha_de_emision`)}),
        e as (
          select coalesce(sum(e.total), 0) as total
          from recibos_egresos e where ${vigente('e')} and ${en(sql`e.fecha_de_emision`)}),
        t as (
          select f.cobrado + i.total as entradas, c.pagado + g.total + e.total + d.importe as salidas
          from f, i, c, g, e, d)
        select f.cantidad::text as "cantidadDeFacturas",
               round(f.subtotal, 2)::text as "ventasBrutas", round(n.subtotal, 2)::text as "notasDeCredito",
               round(f.subtotal - n.subtotal, 2)::text as "ventasNetas", round(f.descuento, 2)::text as descuentos,
               round(f.itbis - n.impuestos, 2)::text as itbis, round(f.total - n.total, 2)::text as "totalFacturado",
               round(c.total, 2)::text as compras, round(g.total, 2)::text as "gastosMenores",
               round(f.cobrado, 2)::text as "cobradoEnFacturas", round(i.total, 2)::text as "ingresosRecibidos",
               round(c.pagado, 2)::text as "pagadoEnCompras", round(e.total, 2)::text as egresos,
               round(d.importe, 2)::text as "devolucionesDeDinero",
               round(t.entradas, 2)::text as "entradasDeDinero", round(t.salidas, 2)::text as "salidasDeDinero",
               round(t.entradas - t.salidas, 2)::text as "resultadoDeCaja"
        from f, n, d, c, g, i, e, t`,
  );
  const n = (campo: keyof Sumas) => Number(s?.[campo] ?? 0);
  const linea = (
    clave: keyof Sumas,
    seccion: LineaDelResumen['seccion'],
    concepto: string,
  ): LineaDelResumen => ({ clave, seccion, concepto, monto: n(clave) });
  return {
    lineas: [
      linea('ventasBrutas', 'Ventas', 'Ventas (facturas, sin impuestos)'),
      linea('notasDeCredito', 'Ventas', 'Notas de crédito (sin impuestos)'),
      linea('ventasNetas', 'Ventas', 'Ventas netas'),
      linea('descuentos', 'Ventas', 'Descuentos otorgados en facturas'),
      linea('itbis', 'Ventas', 'ITBIS facturado (menos notas de crédito)'),
      linea('totalFacturado', 'Ventas', 'Total facturado (con impuestos)'),
      linea('compras', 'Compras y gastos', 'Compras'),
      linea('gastosMenores', 'Compras y gastos', 'Gastos menores'),
      linea('cobradoEnFacturas', 'Dinero', 'Cobrado al facturar'),
      linea('ingresosRecibidos', 'Dinero', 'Ingresos recibidos (cobros)'),
      linea('pagadoEnCompras', 'Dinero', 'Pagado al comprar'),
      linea('egresos', 'Dinero', 'Recibos de egreso (pagos)'),
      linea('gastosMenores', 'Dinero', 'Gastos menores'),
      linea('devolucionesDeDinero', 'Dinero', 'Devoluciones de dinero (notas de crédito)'),
      linea('resultadoDeCaja', 'Dinero', 'Resultado de caja (entradas − salidas)'),
    ].map((l, i) => ({ ...l, clave: `${i}-${l.clave}` })),
    cantidadDeFacturas: n('cantidadDeFacturas'),
    ventasBrutas: n('ventasBrutas'),
    notasDeCredito: n('notasDeCredito'),
    ventasNetas: n('ventasNetas'),
    descuentos: n('descuentos'),
    itbis: n('itbis'),
    totalFacturado: n('totalFacturado'),
    compras: n('compras'),
    gastosMenores: n('gastosMenores'),
    cobradoEnFacturas: n('cobradoEnFacturas'),
    ingresosRecibidos: n('ingresosRecibidos'),
    pagadoEnCompras: n('pagadoEnCompras'),
    egresos: n('egresos'),
    devolucionesDeDinero: n('devolucionesDeDinero'),
    entradasDeDinero: n('entradasDeDinero'),
    salidasDeDinero: n('salidasDeDinero'),
    resultadoDeCaja: n('resultadoDeCaja'),
  };
}

export const CONSULTAS_GLOBALES: ReporteDelServidor[] = [consultaDe(resumenGeneral, resumir)];
