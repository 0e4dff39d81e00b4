import type {
  Comparacion,
  FiltroDelTablero,
  FiltroProductosDestacados,
  ProductoDestacado,
  SaldosDelTablero,
  Tablero,
  VentasDelTablero,
} from '@pos/contract';
import { tienePermiso } from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { filas } from '../../db/client.ts';
import type { CtxConSesion } from '../../http/handle.ts';
import { type Dias, diasDelFiltro, instantesDeDias } from '../../http/periodo.ts';
import { TIPO_DESTINO_COMPRA } from '../compras/service.ts';
import { TIPO_DOCUMENTO_FACTURA } from '../facturas/lectura.ts';
import { numeracionesParaDashboard } from '../numeracion/service.ts';
import { reporteExistenciaInventario } from '../reportes/inventario.ts';

// The dashboard (/inicio): figures read from the documents' own tables, each query bounded by the
// tenant first and by the period's days (facturas_fecha, notas_de_credito_lista) or by the open
// balances (migration 0038's partial indexes). Reads only; every section follows its module's right.

type DiasCerrados = { desde: string; hasta: string };

const DIA_MS = 86_400_000;

function sumarDias(fecha: string, dias: number): string {
  return new Date(Date.parse(`${fecha}T00:00:00Z`) + dias * DIA_MS).toISOString().slice(0, 10);
}

function diasDelMes(anio: number, mes: number): number {
  return new Date(Date.UTC(anio, mes + 1, 0)).getUTCDate();
}

/**
 * The three stretches the sales figures compare (spec 002 §7 weeks run Monday to Sunday): today and
 * yesterday; this week up to today and the same weekdays of last week; this month up to today and the
 * same days of last month (up to its last day). Comparing to the same stretch, not the whole period
 * before, keeps a Tuesday morning from reading as a fall.
 */
export function tramosDeComparacion(
  hoy: string,
): Record<'hoy' | 'semana' | 'mes', [DiasCerrados, DiasCerrados]> {
  const dia = new Date(`${hoy}T00:00:00Z`);
  const lunes = sumarDias(hoy, -((dia.getUTCDay() + 6) % 7));
  const anio = dia.getUTCFullYear();
  const mes = dia.getUTCMonth();
  const inicioDelMes = `${hoy.slice(0, 8)}01`;
  const anioAnterior = mes === 0 ? anio - 1 : anio;
  const mesAnterior = mes === 0 ? 11 : mes - 1;
  const inicioDelMesAnterior = `${anioAnterior}-${String(mesAnterior + 1).padStart(2, '0')}-01`;
  const mismoDiaDelMesAnterior = sumarDias(
    inicioDelMesAnterior,
    Math.min(dia.getUTCDate(), diasDelMes(anioAnterior, mesAnterior)) - 1,
  );
  return {
    hoy: [
      { desde: hoy, hasta: hoy },
      { desde: sumarDias(hoy, -1), hasta: sumarDias(hoy, -1) },
    ],
    semana: [
      { desde: lunes, hasta: hoy },
      { desde: sumarDias(lunes, -7), hasta: sumarDias(hoy, -7) },
    ],
    mes: [
      { desde: inicioDelMes, hasta: hoy },
      { desde: inicioDelMesAnterior, hasta: mismoDiaDelMesAnterior },
    ],
  };
}

/**
 * Net sales (spec 002 §3 "Reports": invoices less credit notes, cancelled ones left out) of each stretch,
 * from one pass over the days they span; the difference is taken by PostgreSQL on numeric, exact.
 */
async function ventasNetas(ctx: CtxConSesion, tramos: DiasCerrados[]): Promise<number[]> {
  const desde = tramos.reduce((minimo, t) => (t.desde < minimo ? t.desde : minimo), tramos[0]?.desde ?? '');
  const hasta = tramos.reduce((maximo, t) => (t.hasta > maximo ? t.hasta : maximo), tramos[0]?.hasta ?? '');
  const sumas = (total: SQL) =>
    sql.join(
      tramos.map(
        (t, i) =>
          sql`coalesce(sum(${total}) filter (where fecha_emision between ${t.desde}::date and ${t.hasta}::date), 0) as ${sql.raw(`t${i}`)}`,
      ),
      sql`, `,
    );
  const documentos = (tabla: string, total: SQL) =>
    sql`select ${sumas(total)} from ${sql.raw(tabla)}
        where tenant_id = ${ctx.tenantId} and fecha_emision between ${desde}::date and ${hasta}::date
          and estado <> 'Anulado'`;
  const [fila] = await filas<Record<string, string>>(
    ctx.tx,
    sql`select ${sql.join(
      tramos.map((_, i) => sql.raw(`(f.t${i} - n.t${i})::numeric(14, 2)::text as t${i}`)),
      sql`, `,
    )}
        from (${documentos('facturas', sql`total`)}) f, (${documentos('notas_de_credito', sql`total_gral`)}) n`,
  );
  return tramos.map((_, i) => Number(fila?.[`t${i}`] ?? 0));
}

function comparacion(actual: number, anterior: number, tramos: [DiasCerrados, DiasCerrados]): Comparacion {
  return {
    actual,
    anterior,
    // One decimal of a percentage; with nothing before there is nothing to compare to.
    variacion: anterior === 0 ? null : Math.round(((actual - anterior) / Math.abs(anterior)) * 1000) / 10,
    dias: tramos[0],
    diasAnteriores: tramos[1],
  };
}

async function ventasDelTablero(
  ctx: CtxConSesion,
  hoy: string,
  dias: DiasCerrados,
): Promise<VentasDelTablero> {
  const tramos = tramosDeComparacion(hoy);
  const lista = [...tramos.hoy, ...tramos.semana, ...tramos.mes];
  const netas = await ventasNetas(ctx, lista);
  const [
    hoyActual = 0,
    hoyAnterior = 0,
    semanaActual = 0,
    semanaAnterior = 0,
    mesActual = 0,
    mesAnterior = 0,
  ] = netas;
  const largo = (Date.parse(`${dias.hasta}T00:00:00Z`) - Date.parse(`${dias.desde}T00:00:00Z`)) / DIA_MS + 1;
  const agrupadoPor = largo > 62 ? 'mes' : 'dia';
  const unidad = agrupadoPor === 'mes' ? sql`date_trunc('month', fecha_emision)::date` : sql`fecha_emision`;
  const porDia = await filas<{ fecha: string; total: string }>(
    ctx.tx,
    sql`select to_char(fecha, 'YYYY-MM-DD') as fecha, sum(total)::numeric(14, 2)::text as total from (
          select ${unidad} as fecha, total from facturas
          where tenant_id = ${ctx.tenantId} and fecha_emision between ${dias.desde}::date and ${dias.hasta}::date
            and estado <> 'Anulado'
          union all
          select ${unidad} as fecha, -total_gral from notas_de_credito
          where tenant_id = ${ctx.tenantId} and fecha_emision between ${dias.desde}::date and ${dias.hasta}::date
            and estado <> 'Anulado') d
        group by fecha`,
  );
  const porFecha = new Map(porDia.map((f) => [f.fecha, Number(f.total)]));
  const puntos: VentasDelTablero['porDia'] = [];
  for (let fecha = dias.desde; fecha <= dias.hasta; ) {
    puntos.push({ fecha, total: porFecha.get(fecha) ?? 0 });
    if (agrupadoPor === 'mes') {
      const [anio = 0, mes = 0] = fecha.split('-').map(Number);
      fecha = mes === 12 ? `${anio + 1}-01-01` : `${anio}-${String(mes + 1).padStart(2, '0')}-01`;
    } else {
      fecha = sumarDias(fecha, 1);
    }
  }
  // What was paid at the sale, per method; the rest of what the invoices ask is credit, and their
  // withholdings are neither. Together they add up to the period's invoiced total.
  const metodos = await filas<{ metodo: string; total: string; orden: number }>(
    ctx.tx,
    sql`with f as (
          select id, monto_a_pagar, total_retenciones from facturas
          where tenant_id = ${ctx.tenantId} and fecha_emision between ${dias.desde}::date and ${dias.hasta}::date
            and estado <> 'Anulado'),
        p as (
          select pf.metodo, sum(pf.monto) as total from pagos_factura pf
          join f on f.id = pf.id_factura
          where pf.tenant_id = ${ctx.tenantId} and pf.origen = 'factura'
          group by pf.metodo)
        select metodo, total::text, 0 as orden from p
        union all
        select 'Crédito', ((select coalesce(sum(monto_a_pagar), 0) from f) - (select coalesce(sum(total), 0) from p))::text, 1
        union all
        select 'Retenciones', (select coalesce(sum(total_retenciones), 0) from f)::text, 2
        order by orden, total desc`,
  );
  const [resumen] = await filas<{ cantidad: string; neto: string }>(
    ctx.tx,
    sql`select (select count(*) from facturas where tenant_id = ${ctx.tenantId}
                  and fecha_emision between ${dias.desde}::date and ${dias.hasta}::date and estado <> 'Anulado') as cantidad`,
  );
  const [totalDelPeriodo = 0] = await ventasNetas(ctx, [dias]);
  return {
    hoy: comparacion(hoyActual, hoyAnterior, tramos.hoy),
    semana: comparacion(semanaActual, semanaAnterior, tramos.semana),
    mes: comparacion(mesActual, mesAnterior, tramos.mes),
    totalDelPeriodo,
    cantidadDeFacturas: Number(resumen?.cantidad ?? 0),
    agrupadoPor,
    porDia: puntos,
    porMetodo: metodos
      .filter((m) => Number(m.total) !== 0)
      .map((m) => ({ metodo: m.metodo, total: Number(m.total) })),
  };
}

/** Open balances split by due date: overdue when due before today began (Santo Domingo). */
async function saldos(ctx: CtxConSesion, consulta: SQL, hoy: string): Promise<SaldosDelTablero> {
  const inicioDeHoy = instantesDeDias({ desde: hoy }).desde ?? '';
  const [fila] = await filas<Record<string, string>>(
    ctx.tx,
    sql`select coalesce(sum(saldo) filter (where vence >= ${inicioDeHoy}::timestamptz), 0)::text as por_vencer,
               count(*) filter (where vence >= ${inicioDeHoy}::timestamptz) as cantidad_por_vencer,
               coalesce(sum(saldo) filter (where vence < ${inicioDeHoy}::timestamptz), 0)::text as vencido,
               count(*) filter (where vence < ${inicioDeHoy}::timestamptz) as cantidad_vencidos
        from (${consulta}) s where saldo > 0`,
  );
  return {
    porVencer: Number(fila?.por_vencer ?? 0),
    cantidadPorVencer: Number(fila?.cantidad_por_vencer ?? 0),
    vencido: Number(fila?.vencido ?? 0),
    cantidadVencidos: Number(fila?.cantidad_vencidos ?? 0),
  };
}

/**
 * The open documents with what the ledger applied to them: sqlAplicado's sum (cartera/service.ts: the
 * applications to the document not reverted), grouped once over the open documents' ids instead of
 * one lookup per document; the answer is the same, the cost one pass (a company carries tens of
 * thousands of open purchases).
 */
function conAplicado(ctx: CtxConSesion, tipo: string, abiertos: SQL, vence: SQL, saldo: SQL): SQL {
  return sql`with d as (${abiertos}),
               ap as (
                 select a.id_destino, sum(a.monto) as monto from aplicaciones_de_cartera a
                 where a.tenant_id = ${ctx.tenantId} and a.tipo_destino = ${tipo} and a.revertida_en is null
                   and a.id_destino in (select id from d)
                 group by a.id_destino)
             select ${vence} as vence, ${saldo} - coalesce(ap.monto, 0) as saldo
             from d left join ap on ap.id_destino = d.id`;
}

// Receivables as the receipt-in screen and r-cuentas-por-cobrar see them (facturas/lectura.ts): active
// invoices whose amount to pay exceeds what was paid at the sale plus what the ledger applied.
function cuentasPorCobrar(ctx: CtxConSesion): SQL {
  return conAplicado(
    ctx,
    TIPO_DOCUMENTO_FACTURA,
    sql`select f.id, f.vencimiento, f.monto_a_pagar, f.cobrado from facturas f
        where f.tenant_id = ${ctx.tenantId} and f.estado = 'Activo' and f.cobrado < f.monto_a_pagar`,
    sql`d.vencimiento`,
    sql`d.monto_a_pagar - d.cobrado`,
  );
}

// Payables as the receipt-out screen sees them (egresos/lectura.ts comprasPendientes); a purchase
// without a due date is due on its date.
function cuentasPorPagar(ctx: CtxConSesion): SQL {
  return conAplicado(
    ctx,
    TIPO_DESTINO_COMPRA,
    sql`select c.id, c.vencimiento, c.fecha_emision, c.monto_a_pagar, c.pagado from compras c
        where c.tenant_id = ${ctx.tenantId} and c.estado = 'Activo' and c.pagado < c.monto_a_pagar`,
    sql`(coalesce(d.vencimiento, d.fecha_emision)::text || 'T12:00:00-04:00')::timestamptz`,
    sql`d.monto_a_pagar - d.pagado`,
  );
}

async function turnosAbiertos(ctx: CtxConSesion): Promise<NonNullable<Tablero['turnos']>> {
  const abiertos = await filas<{
    id: string;
    usuario: string;
    terminal: string;
    inicio: Date | string;
    cantidad: string;
  }>(
    ctx.tx,
    sql`select t.id, coalesce(u.username, '') as usuario, coalesce(te.nombre, '') as terminal,
               t.fecha_de_inicio as inicio, count(*) over () as cantidad
        from turnos t
        left join usuarios u on u.tenant_id = t.tenant_id and u.id = t.id_usuario
        left join terminales te on te.tenant_id = t.tenant_id and te.id = t.id_terminal
        where t.tenant_id = ${ctx.tenantId} and t.estado_del_turno
        order by t.fecha_de_inicio desc, t.id
        limit 10`,
  );
  return {
    abiertos: abiertos.map((t) => ({
      _id: t.id,
      nombreUsuario: t.usuario,
      nombreTerminal: t.terminal,
      fechaDeInicio: new Date(t.inicio).toISOString(),
    })),
    cantidad: Number(abiertos[0]?.cantidad ?? 0),
  };
}

function puede(ctx: CtxConSesion, modulo: Parameters<typeof tienePermiso>[1]): boolean {
  return tienePermiso(ctx.usuario.privilegios, modulo, 'ver');
}

function diasCerrados(dias: Dias, hoy: string): DiasCerrados {
  return { desde: dias.desde ?? hoy, hasta: dias.hasta ?? hoy };
}

/** POST /reportes/tablero: the dashboard's figures for a period preset, only those the user may see. */
export async function cifrasDelTablero(ctx: CtxConSesion, filtro: FiltroDelTablero): Promise<Tablero> {
  const hoy = fechaYHoraEnSantoDomingo(new Date()).fecha;
  const dias = diasCerrados(diasDelFiltro({ periodo: filtro.periodo }), hoy);
  let existencia: Tablero['existencia'] = null;
  if (puede(ctx, 'productos')) {
    // The low-stock rule is the stock report's (agotado ≤ 0, bajo ≤ minimum): one page of one row
    // brings its counts.
    const reporte = await reporteExistenciaInventario(ctx, {
      input: '',
      soloConExistencia: false,
      page: 1,
      limit: 1,
    });
    existencia = { bajos: reporte.bajos, agotados: reporte.agotados };
  }
  return {
    periodo: filtro.periodo,
    dias,
    ventas: puede(ctx, 'facturas') ? await ventasDelTablero(ctx, hoy, dias) : null,
    cuentasPorCobrar: puede(ctx, 'cuentaPorCobrar') ? await saldos(ctx, cuentasPorCobrar(ctx), hoy) : null,
    cuentasPorPagar: puede(ctx, 'cuentaPorPagar') ? await saldos(ctx, cuentasPorPagar(ctx), hoy) : null,
    existencia,
    turnos: puede(ctx, 'puntoDeVentas') ? await turnosAbiertos(ctx) : null,
    numeracion: puede(ctx, 'numeraciones')
      ? await numeracionesParaDashboard(ctx, { diasParaVencer: 30, porcentajeRestante: 10 })
      : null,
  };
}

/**
 * POST /factura/productos-destacados/: the period's best-selling products by amount, net of what
 * credit notes returned (spec 002 §3 "Reports": cancelled documents left out).
 */
export async function productosDestacados(
  ctx: CtxConSesion,
  filtro: z.output<typeof FiltroProductosDestacados>,
): Promise<{ productos: ProductoDestacado[]; dias: DiasCerrados }> {
  const hoy = fechaYHoraEnSantoDomingo(new Date()).fecha;
  const dias = diasCerrados(
    diasDelFiltro(
      filtro.periodo === undefined && !filtro.fechaInicial && !filtro.fechaFinal ? { periodo: 1 } : filtro,
    ),
    hoy,
  );
  const productos = await filas<{ id: string; nombre: string; cantidad: string; total: string }>(
    ctx.tx,
    sql`with l as (
          select l.id_producto, l.descripcion, l.cantidad, l.total from lineas_factura l
          join facturas f on f.tenant_id = l.tenant_id and f.id = l.id_factura
          where f.tenant_id = ${ctx.tenantId} and f.fecha_emision between ${dias.desde}::date and ${dias.hasta}::date
            and f.estado <> 'Anulado' and l.tenant_id = ${ctx.tenantId}
          union all
          select l.id_producto, l.descripcion, -l.cantidad, -l.total from lineas_nota_de_credito l
          join notas_de_credito n on n.tenant_id = l.tenant_id and n.id = l.id_documento
          where n.tenant_id = ${ctx.tenantId} and n.fecha_emision between ${dias.desde}::date and ${dias.hasta}::date
            and n.estado <> 'Anulado' and l.tenant_id = ${ctx.tenantId}),
        g as (
          select id_producto, max(descripcion) as descripcion, sum(cantidad) as cantidad, sum(total) as total
          from l group by id_producto)
        select g.id_producto as id, coalesce(p.nombre, g.descripcion) as nombre,
               g.cantidad::text as cantidad, g.total::text as total
        from g left join productos p on p.tenant_id = ${ctx.tenantId} and p.id = g.id_producto
        where g.total > 0
        order by g.total desc, g.cantidad desc, g.id_producto
        limit ${filtro.limit}`,
  );
  return {
    productos: productos.map((p) => ({
      idProducto: p.id,
      nombre: p.nombre,
      cantidad: Number(p.cantidad),
      total: Number(p.total),
    })),
    dias,
  };
}
