import {
  type FilaEgresoReporte,
  type FilaTurnoReporte,
  type FiltroDeReporte,
  reporteConduce,
  reporteCuadreGeneral,
  reporteEgresos,
  reporteEgresosGeneral,
  reporteIngresos,
  reporteIngresosGeneral,
  reporteTurnos,
  type Turno,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, sumarCentavos } from '@pos/domain';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { diasDelFiltro, entreDias, instantesDeDias } from '../../http/periodo.ts';
import { obtenerTurno } from '../turnos/service.ts';
import { consultaDe, type ReporteDelServidor } from './kit.ts';

// Spec 002 §2, §7 "Reports (all POST)": the cash reports. They only read (facturas, pagos_factura,
// ingresos_recibidos, recibos_egresos, gastos_menores, notas_de_credito, turnos, conduces), each query
// filtered by ctx.tenantId first. Sums are PostgreSQL's on numeric columns, rounded to 2 there
// (docs/reports.md «Caja, cobros y pagos» has what each report counts and why).

type Monto = string | number | null;

/** A numeric already rounded by PostgreSQL, as the answer's number (no arithmetic in JS). */
function dinero(valor: Monto | undefined): number {
  return valor === null || valor === undefined ? 0 : Number(valor);
}

/** Documents whose money moved: a cancellation only requested still counts (the shift's rule too). */
const EN_VIGOR = sql.raw(`('Activo', 'Por-Anular')`);

/** The `estado` filter of a document list: one state, or everything but the cancelled. */
function condicionDeEstado(columna: SQL, filtro: FiltroDeReporte): SQL {
  return filtro.estado ? sql`${columna} = ${filtro.estado}` : sql`${columna} <> 'Anulado'`;
}

function y(condiciones: Array<SQL | null | false | undefined>): SQL {
  const validas = condiciones.filter((c): c is SQL => Boolean(c));
  return validas.length === 0 ? sql`true` : sql.join(validas, sql` and `);
}

/** LIMIT/OFFSET of a paged report: all rows without `page` and `limit` (the export). */
function pagina(filtro: FiltroDeReporte): SQL {
  if (!filtro.page && !filtro.limit) {
    return sql``;
  }
  const limite = filtro.limit ?? 25;
  return sql`limit ${limite} offset ${((filtro.page ?? 1) - 1) * limite}`;
}

/** The money account's name: the bank that holds it, else its code and name. */
function nombreDeCuenta(ctx: Ctx, idCuenta: SQL): SQL {
  return sql`coalesce(
    (select b.nombre from cuentas_banco b where b.tenant_id = ${ctx.tenantId} and b.id_cuenta_contable = ${idCuenta}
      order by b.nombre limit 1),
    (select c.codigo_de_cuenta || ' ' || c.nombre from cuentas_contables c
      where c.tenant_id = ${ctx.tenantId} and c.id = ${idCuenta}),
    '')`;
}

// ---------------------------------------------------------------- r-cuadre-general

const SIN_TERMINAL = 'Oficina (sin terminal)';

/**
 * Every movement of money of the period as (terminal, method, column, amount): the sales' payments at
 * the sale, receipts in, cash refunds of credit notes, payments out, minor expenses and the opening cash
 * of the shifts opened in the period. Documents by their date; shifts by their opening instant.
 */
function movimientosDeCaja(ctx: Ctx, filtro: FiltroDeReporte): SQL {
  const dias = diasDelFiltro(filtro);
  const instantes = instantesDeDias(dias);
  const t = ctx.tenantId;
  const deTerminal = (columna: SQL) => (filtro.idTerminal ? sql`${columna} = ${filtro.idTerminal}` : null);
  const deUsuario = (columna: SQL) => (filtro.idUsuario ? sql`${columna} = ${filtro.idUsuario}` : null);
  return sql`
    select f.id_terminal, p.metodo, 'ventas' as columna, p.monto
      from facturas f
      join pagos_factura p on p.tenant_id = f.tenant_id and p.id_factura = f.id and p.origen = 'factura'
      where ${y([
        sql`f.tenant_id = ${t}`,
        sql`f.estado in ${EN_VIGOR}`,
        entreDias(sql`f.fecha_emision`, dias),
        deTerminal(sql`f.id_terminal`),
        deUsuario(sql`f.id_usuario_creador`),
      ])}
    union all
    select i.id_terminal, i.forma_de_pago, 'ingresos', i.total
      from ingresos_recibidos i
      where ${y([
        sql`i.tenant_id = ${t}`,
        sql`i.estado in ${EN_VIGOR}`,
        entreDias(sql`i.fecha_de_emision`, dias),
        deTerminal(sql`i.id_terminal`),
        deUsuario(sql`i.id_usuario_creador`),
      ])}
    union all
    select n.id_terminal, 'Efectivo', 'devoluciones', d.importe
      from devoluciones_nota_de_credito d
      join notas_de_credito n on n.tenant_id = d.tenant_id and n.id = d.id_nota_de_credito
      where ${y([
        sql`d.tenant_id = ${t}`,
        sql`d.efectivo`,
        sql`n.estado in ${EN_VIGOR}`,
        entreDias(sql`d.fecha_de_emision`, dias),
        deTerminal(sql`n.id_terminal`),
        deUsuario(sql`n.id_usuario_creador`),
      ])}
    union all
    select e.id_terminal, e.forma_de_pago, 'egresos', e.total
      from recibos_egresos e
      where ${y([
        sql`e.tenant_id = ${t}`,
        sql`e.estado in ${EN_VIGOR}`,
        entreDias(sql`e.fecha_de_emision`, dias),
        deTerminal(sql`e.id_terminal`),
        deUsuario(sql`e.id_usuario_creador`),
      ])}
    union all
    select null::uuid, g.forma_de_pago, 'egresos', g.total
      from gastos_menores g
      where ${y([
        sql`g.tenant_id = ${t}`,
        sql`g.estado in ${EN_VIGOR}`,
        entreDias(sql`g.fecha_de_emision`, dias),
        // A minor expense is paid from petty cash, never from a terminal's drawer.
        filtro.idTerminal ? sql`false` : null,
        deUsuario(sql`g.id_usuario_creador`),
      ])}
    union all
    select tu.id_terminal, 'Efectivo', 'apertura', tu.monto_de_inicio
      from turnos tu
      where ${y([
        sql`tu.tenant_id = ${t}`,
        instantes.desde ? sql`tu.fecha_de_inicio >= ${instantes.desde}::timestamptz` : null,
        instantes.hasta ? sql`tu.fecha_de_inicio <= ${instantes.hasta}::timestamptz` : null,
        deTerminal(sql`tu.id_terminal`),
        deUsuario(sql`tu.id_usuario`),
      ])}`;
}

async function cuadreGeneral(ctx: Ctx, filtro: FiltroDeReporte) {
  const suma = (columna: string) =>
    sql.raw(`coalesce(sum(m.monto) filter (where m.columna = '${columna}'), 0)`);
  const esperado = sql`(${suma('apertura')} + ${suma('ventas')} + ${suma('ingresos')} - ${suma('devoluciones')} - ${suma('egresos')})`;
  const rows = await filas<
    Record<string, Monto> & { idTerminal: string | null; terminal: string; metodo: string }
  >(
    ctx.tx,
    sql`select m.id_terminal as "idTerminal", coalesce(te.nombre, ${SIN_TERMINAL}) as terminal, m.metodo,
          round(${suma('apertura')}, 2) as apertura, round(${suma('ventas')}, 2) as ventas,
          round(${suma('ingresos')}, 2) as ingresos, round(${suma('devoluciones')}, 2) as devoluciones,
          round(${suma('egresos')}, 2) as egresos, round(${esperado}, 2) as esperado,
          round(sum(${suma('apertura')}) over (), 2) as "totalApertura",
          round(sum(${suma('ventas')}) over (), 2) as "totalVentas",
          round(sum(${suma('ingresos')}) over (), 2) as "totalIngresos",
          round(sum(${suma('devoluciones')}) over (), 2) as "totalDevoluciones",
          round(sum(${suma('egresos')}) over (), 2) as "totalEgresos",
          round(sum(${esperado}) over (), 2) as "totalEsperado",
          round(sum(case when m.metodo = 'Efectivo' then ${esperado} else 0 end) over (), 2) as "efectivoEsperado"
        from (${movimientosDeCaja(ctx, filtro)}) as m (id_terminal, metodo, columna, monto)
        left join terminales te on te.tenant_id = ${ctx.tenantId} and te.id = m.id_terminal
        group by m.id_terminal, te.nombre, m.metodo
        order by te.nombre nulls last, m.metodo`,
  );
  const primera = rows[0];
  return {
    cuadre: rows.map((r) => ({
      clave: `${r.idTerminal ?? 'oficina'}:${r.metodo}`,
      idTerminal: r.idTerminal,
      terminal: r.terminal,
      metodo: r.metodo,
      apertura: dinero(r.apertura),
      ventas: dinero(r.ventas),
      ingresos: dinero(r.ingresos),
      devoluciones: dinero(r.devoluciones),
      egresos: dinero(r.egresos),
      esperado: dinero(r.esperado),
    })),
    totalApertura: dinero(primera?.totalApertura ?? null),
    totalVentas: dinero(primera?.totalVentas ?? null),
    totalIngresos: dinero(primera?.totalIngresos ?? null),
    totalDevoluciones: dinero(primera?.totalDevoluciones ?? null),
    totalEgresos: dinero(primera?.totalEgresos ?? null),
    totalEsperado: dinero(primera?.totalEsperado ?? null),
    efectivoEsperado: dinero(primera?.efectivoEsperado ?? null),
  };
}

// ---------------------------------------------------------------- r-turnos

/** The money figures of a shift row, in the order of the answer's totals. */
const CIFRAS_DEL_TURNO = [
  'montoDeInicio',
  'efectivo',
  'tarjetaCredito',
  'tarjetaDebito',
  'transferencia',
  'cheque',
  'credito',
  'ingresoDeEfectivo',
  'retiroDeEfectivo',
  'devolucionesDeEfectivo',
  'esperado',
] as const;

/** A shift as the report shows it, from the turnos module's own figures (frozen at close, else live). */
function filaDeTurno(turno: Turno): FilaTurnoReporte {
  return {
    idTurno: turno._id,
    terminal: turno.nombreTerminal,
    usuario: turno.nombreUsuario,
    fechaDeInicio: turno.fechaDeInicio,
    fechaDeCierre: turno.fechaDeCierre,
    estado: turno.estadoDelTurno ? 'Abierto' : 'Cerrado',
    montoDeInicio: turno.montoDeInicio,
    efectivo: turno.efectivo,
    tarjetaCredito: turno.tarjetaCredito,
    tarjetaDebito: turno.tarjetaDebito,
    transferencia: turno.transferencia,
    cheque: turno.cheque,
    credito: turno.credito,
    ingresoDeEfectivo: turno.ingresoDeEfectivo,
    retiroDeEfectivo: turno.retiroDeEfectivo,
    devolucionesDeEfectivo: turno.devolucionesDeEfectvo, // sic, spec 002 §3
    esperado: turno.totalEnCaja,
    contado: turno.estadoDelTurno ? null : turno.montoDeCierre,
    diferencia: turno.estadoDelTurno ? null : turno.diferencia,
  };
}

// A closed shift's figures are the summary frozen at its close (turnos.resumen_de_cierre); an open one's
// are computed live by the turnos module (obtenerTurno), so the report never has a second copy of the
// shift's formulas. Open shifts are few (one per user at most).
async function reporteDeTurnos(ctx: Ctx, filtro: FiltroDeReporte) {
  const instantes = instantesDeDias(diasDelFiltro(filtro));
  const donde = y([
    sql`t.tenant_id = ${ctx.tenantId}`,
    instantes.desde ? sql`t.fecha_de_inicio >= ${instantes.desde}::timestamptz` : null,
    instantes.hasta ? sql`t.fecha_de_inicio <= ${instantes.hasta}::timestamptz` : null,
    filtro.idTerminal ? sql`t.id_terminal = ${filtro.idTerminal}` : null,
    filtro.idUsuario ? sql`t.id_usuario = ${filtro.idUsuario}` : null,
  ]);
  const vivo = sql`(t.estado_del_turno or t.resumen_de_cierre is null)`;
  const r = (clave: string) => sql.raw(`(t.resumen_de_cierre->>'${clave}')::numeric`);
  const rows = await filas<{
    id: string;
    terminal: string;
    usuario: string;
    fechaDeInicio: string | Date;
    fechaDeCierre: string | Date | null;
    vivo: boolean;
    resumen: Record<string, Monto>;
  }>(
    ctx.tx,
    sql`select t.id, te.nombre as terminal, u.username as usuario, t.fecha_de_inicio as "fechaDeInicio",
          t.fecha_de_cierre as "fechaDeCierre", ${vivo} as vivo,
          json_build_object('montoDeInicio', round(t.monto_de_inicio, 2), 'efectivo', round(${r('efectivo')}, 2),
            'tarjetaCredito', round(${r('tarjetaCredito')}, 2), 'tarjetaDebito', round(${r('tarjetaDebito')}, 2),
            'transferencia', round(${r('transferencia')}, 2), 'cheque', round(${r('cheque')}, 2),
            'credito', round(${r('credito')}, 2), 'ingresoDeEfectivo', round(${r('ingresoDeEfectivo')}, 2),
            'retiroDeEfectivo', round(${r('retiroDeEfectivo')}, 2),
            'devolucionesDeEfectivo', round(${r('devolucionesDeEfectvo')}, 2),
            'esperado', round(${r('totalEnCaja')}, 2), 'contado', round(t.monto_de_cierre, 2),
            'diferencia', round(${r('diferencia')}, 2)) as resumen
        from turnos t
        join terminales te on te.tenant_id = t.tenant_id and te.id = t.id_terminal
        join usuarios u on u.tenant_id = t.tenant_id and u.id = t.id_usuario
        where ${donde}
        order by t.fecha_de_inicio, t.id
        ${pagina(filtro)}`,
  );
  // Totals: the closed shifts summed by PostgreSQL; the live ones (all of the filter, not only this
  // page's) added in cents.
  const [cerrados] = await filas<Record<string, Monto> & { cantidad: number; abiertos: number }>(
    ctx.tx,
    sql`select count(*)::int as cantidad, count(*) filter (where t.estado_del_turno)::int as abiertos,
          round(coalesce(sum(t.monto_de_inicio) filter (where not ${vivo}), 0), 2) as "montoDeInicio",
          ${sql.join(
            (
              [
                ['efectivo', 'efectivo'],
                ['tarjetaCredito', 'tarjetaCredito'],
                ['tarjetaDebito', 'tarjetaDebito'],
                ['transferencia', 'transferencia'],
                ['cheque', 'cheque'],
                ['credito', 'credito'],
                ['ingresoDeEfectivo', 'ingresoDeEfectivo'],
                ['retiroDeEfectivo', 'retiroDeEfectivo'],
                ['devolucionesDeEfectivo', 'devolucionesDeEfectvo'],
                ['esperado', 'totalEnCaja'],
                ['diferencia', 'diferencia'],
              ] as const
            ).map(
              ([campo, clave]) =>
                sql`round(coalesce(sum(${r(clave)}) filter (where not ${vivo}), 0), 2) as ${sql.identifier(campo)}`,
            ),
            sql`, `,
          )},
          round(coalesce(sum(t.monto_de_cierre) filter (where not ${vivo}), 0), 2) as contado
        from turnos t where ${donde}`,
  );
  const idsVivos = await filas<{ id: string }>(
    ctx.tx,
    sql`select t.id from turnos t where ${donde} and ${vivo} order by t.fecha_de_inicio, t.id`,
  );
  const vivos = new Map<string, FilaTurnoReporte>();
  for (const { id } of idsVivos) {
    vivos.set(id, filaDeTurno(await obtenerTurno(ctx, id)));
  }
  const total = (campo: (typeof CIFRAS_DEL_TURNO)[number] | 'contado' | 'diferencia'): number =>
    aPesos(
      sumarCentavos([
        aCentavos(cerrados?.[campo] ?? 0),
        ...[...vivos.values()].map((f) => aCentavos(f[campo] ?? 0)),
      ] as Centavos[]),
    );
  const iso = (valor: string | Date) => new Date(valor).toISOString();
  return {
    turnos: rows.map((fila): FilaTurnoReporte => {
      const enCurso = fila.vivo ? vivos.get(fila.id) : undefined;
      if (enCurso) {
        return enCurso;
      }
      const m = fila.resumen;
      return {
        idTurno: fila.id,
        terminal: fila.terminal,
        usuario: fila.usuario,
        fechaDeInicio: iso(fila.fechaDeInicio),
        fechaDeCierre: fila.fechaDeCierre === null ? null : iso(fila.fechaDeCierre),
        estado: 'Cerrado',
        ...(Object.fromEntries(CIFRAS_DEL_TURNO.map((c) => [c, dinero(m[c] ?? null)])) as Record<
          (typeof CIFRAS_DEL_TURNO)[number],
          number
        >),
        contado: dinero(m.contado ?? null),
        diferencia: dinero(m.diferencia ?? null),
      };
    }),
    totalRows: cerrados?.cantidad ?? 0,
    totalMontoDeInicio: total('montoDeInicio'),
    totalEfectivo: total('efectivo'),
    totalTarjetaCredito: total('tarjetaCredito'),
    totalTarjetaDebito: total('tarjetaDebito'),
    totalTransferencia: total('transferencia'),
    totalCheque: total('cheque'),
    totalCredito: total('credito'),
    totalIngresoDeEfectivo: total('ingresoDeEfectivo'),
    totalRetiroDeEfectivo: total('retiroDeEfectivo'),
    totalDevolucionesDeEfectivo: total('devolucionesDeEfectivo'),
    totalEsperado: total('esperado'),
    totalContado: total('contado'),
    totalDiferencia: total('diferencia'),
    turnosAbiertos: cerrados?.abiertos ?? 0,
  };
}

// ---------------------------------------------------------------- receipts in

function condicionesDeIngresos(ctx: Ctx, filtro: FiltroDeReporte): SQL {
  return y([
    sql`i.tenant_id = ${ctx.tenantId}`,
    entreDias(sql`i.fecha_de_emision`, diasDelFiltro(filtro)),
    condicionDeEstado(sql`i.estado`, filtro),
    filtro.idCliente ? sql`i.id_cliente = ${filtro.idCliente}` : null,
    filtro.metodoDePago ? sql`i.forma_de_pago = ${filtro.metodoDePago}` : null,
  ]);
}

type FilaDeResumen = { metodo: string; idCuenta: string; cuenta: string; cantidad: number; total: Monto };

function resumenPorMetodoYCuenta(ctx: Ctx, documentos: SQL): SQL {
  return sql`select r.metodo, r.id_cuenta::text as "idCuenta", ${nombreDeCuenta(ctx, sql`r.id_cuenta`)} as cuenta,
      count(*)::int as cantidad, round(sum(r.total), 2) as total
    from (${documentos}) as r
    group by r.metodo, r.id_cuenta
    order by r.metodo, 3`;
}

function aResumen(rows: FilaDeResumen[]) {
  return rows.map((r) => ({
    clave: `${r.metodo}:${r.idCuenta}`,
    metodo: r.metodo,
    idCuenta: r.idCuenta,
    cuenta: r.cuenta,
    cantidad: Number(r.cantidad),
    total: dinero(r.total),
  }));
}

async function totalesDe(ctx: Ctx, documentos: SQL): Promise<{ cantidad: number; total: number }> {
  const [fila] = await filas<{ cantidad: number; total: Monto }>(
    ctx.tx,
    sql`select count(*)::int as cantidad, round(coalesce(sum(r.total), 0), 2) as total from (${documentos}) as r`,
  );
  return { cantidad: Number(fila?.cantidad ?? 0), total: dinero(fila?.total ?? null) };
}

function ingresosDelFiltro(ctx: Ctx, filtro: FiltroDeReporte): SQL {
  return sql`select i.id, i.numero, i.comprobante, i.fecha_de_emision, i.nombre_cliente,
      i.forma_de_pago as metodo, i.id_cuenta_debito as id_cuenta, i.total, i.estado
    from ingresos_recibidos i where ${condicionesDeIngresos(ctx, filtro)}`;
}

async function ingresosGeneral(ctx: Ctx, filtro: FiltroDeReporte) {
  const documentos = ingresosDelFiltro(ctx, filtro);
  const rows = await filas<FilaDeResumen>(ctx.tx, resumenPorMetodoYCuenta(ctx, documentos));
  const { cantidad, total } = await totalesDe(ctx, documentos);
  return { ingresos: aResumen(rows), cantidadDeRecibos: cantidad, totalIngresos: total };
}

async function listaDeIngresos(ctx: Ctx, filtro: FiltroDeReporte) {
  const documentos = ingresosDelFiltro(ctx, filtro);
  const rows = await filas<{
    id: string;
    comprobante: string;
    fecha: string;
    cliente: string;
    metodo: string;
    cuenta: string;
    total: Monto;
    estado: string;
  }>(
    ctx.tx,
    sql`select r.id, r.comprobante, to_char(r.fecha_de_emision, 'YYYY-MM-DD') as fecha, r.nombre_cliente as cliente,
          r.metodo, ${nombreDeCuenta(ctx, sql`r.id_cuenta`)} as cuenta, round(r.total, 2) as total, r.estado
        from (${documentos}) as r
        order by r.fecha_de_emision, r.numero, r.id
        ${pagina(filtro)}`,
  );
  const { cantidad, total } = await totalesDe(ctx, documentos);
  return {
    ingresos: rows.map((r) => ({
      idIngreso: r.id,
      comprobante: r.comprobante,
      fechaDeEmision: r.fecha,
      cliente: r.cliente,
      metodo: r.metodo,
      cuenta: r.cuenta,
      total: dinero(r.total),
      estado: r.estado,
    })),
    totalRows: cantidad,
    totalIngresos: total,
  };
}

// ---------------------------------------------------------------- money out

// Payments out (recibos_egresos: to suppliers, to accounts, POS withdrawals) and minor expenses
// (gastos_menores) as one list of documents that paid money. A minor expense has no supplier: filtering
// by one leaves them out.
function egresosDelFiltro(ctx: Ctx, filtro: FiltroDeReporte): SQL {
  const dias = diasDelFiltro(filtro);
  const metodo = (columna: SQL) => (filtro.metodoDePago ? sql`${columna} = ${filtro.metodoDePago}` : null);
  return sql`select 'Recibo de egreso' as documento, e.id, e.numero, e.comprobante, e.fecha_de_emision,
        e.nombre_proveedor as beneficiario, e.forma_de_pago as metodo, e.id_cuenta_credito as id_cuenta,
        e.total, e.estado
      from recibos_egresos e
      where ${y([
        sql`e.tenant_id = ${ctx.tenantId}`,
        entreDias(sql`e.fecha_de_emision`, dias),
        condicionDeEstado(sql`e.estado`, filtro),
        filtro.idProveedor ? sql`e.id_cliente = ${filtro.idProveedor}` : null,
        metodo(sql`e.forma_de_pago`),
      ])}
    union all
    select 'Gasto menor', g.id, g.numero, g.comprobante, g.fecha_de_emision, g.descripcion, g.forma_de_pago,
        g.id_cuenta_credito, g.total, g.estado
      from gastos_menores g
      where ${y([
        sql`g.tenant_id = ${ctx.tenantId}`,
        entreDias(sql`g.fecha_de_emision`, dias),
        condicionDeEstado(sql`g.estado`, filtro),
        filtro.idProveedor ? sql`false` : null,
        metodo(sql`g.forma_de_pago`),
      ])}`;
}

async function egresosGeneral(ctx: Ctx, filtro: FiltroDeReporte) {
  const documentos = egresosDelFiltro(ctx, filtro);
  const rows = await filas<FilaDeResumen>(ctx.tx, resumenPorMetodoYCuenta(ctx, documentos));
  const { cantidad, total } = await totalesDe(ctx, documentos);
  return { egresos: aResumen(rows), cantidadDeDocumentos: cantidad, totalEgresos: total };
}

async function listaDeEgresos(ctx: Ctx, filtro: FiltroDeReporte) {
  const documentos = egresosDelFiltro(ctx, filtro);
  const rows = await filas<{
    documento: FilaEgresoReporte['documento'];
    id: string;
    comprobante: string;
    fecha: string;
    beneficiario: string;
    metodo: string;
    cuenta: string;
    total: Monto;
    estado: string;
  }>(
    ctx.tx,
    sql`select r.documento, r.id, r.comprobante, to_char(r.fecha_de_emision, 'YYYY-MM-DD') as fecha, r.beneficiario,
          r.metodo, ${nombreDeCuenta(ctx, sql`r.id_cuenta`)} as cuenta, round(r.total, 2) as total, r.estado
        from (${documentos}) as r
        order by r.fecha_de_emision, r.documento desc, r.numero, r.id
        ${pagina(filtro)}`,
  );
  const { cantidad, total } = await totalesDe(ctx, documentos);
  return {
    egresos: rows.map((r): FilaEgresoReporte => {
      const esRecibo = r.documento === 'Recibo de egreso';
      return {
        clave: `${esRecibo ? 'egreso' : 'gasto'}:${r.id}`,
        documento: r.documento,
        idEgreso: esRecibo ? r.id : null,
        idGastoMenor: esRecibo ? null : r.id,
        comprobante: r.comprobante,
        recibo: esRecibo ? r.comprobante : null,
        gastoMenor: esRecibo ? null : r.comprobante,
        fechaDeEmision: r.fecha,
        beneficiario: r.beneficiario,
        metodo: r.metodo,
        cuenta: r.cuenta,
        total: dinero(r.total),
        estado: r.estado,
      };
    }),
    totalRows: cantidad,
    totalEgresos: total,
  };
}

// ---------------------------------------------------------------- r-conduce

const TIPOS_DE_CONDUCE: Record<string, string> = { preFactura: 'Pre-factura', postFactura: 'Post-factura' };

async function nombreDelCliente(ctx: Ctx, idCliente: string | null | undefined): Promise<string> {
  if (!idCliente) {
    return '';
  }
  const [fila] = await filas<{ nombre: string }>(
    ctx.tx,
    sql`select trim(nombre || ' ' || apellidos) as nombre from contactos
        where tenant_id = ${ctx.tenantId} and id = ${idCliente}`,
  );
  return fila?.nombre ?? '';
}

async function conducesDelCliente(ctx: Ctx, filtro: FiltroDeReporte) {
  const donde = y([
    sql`c.tenant_id = ${ctx.tenantId}`,
    sql`c.id_cliente = ${filtro.idCliente}`,
    entreDias(sql`c.fecha_emision`, diasDelFiltro(filtro)),
    condicionDeEstado(sql`c.estado`, filtro),
  ]);
  const rows = await filas<{
    id: string;
    comprobante: string;
    fecha: string;
    tipo: string;
    subtotal: Monto;
    impuestos: Monto;
    total: Monto;
    facturado: Monto;
    estado: string;
  }>(
    ctx.tx,
    sql`select c.id, c.comprobante, to_char(c.fecha_emision, 'YYYY-MM-DD') as fecha, c.tipo,
          round(c.subtotal, 2) as subtotal, round(c.impuestos, 2) as impuestos, round(c.total_gral, 2) as total,
          round(c.total_graltem_retirados, 2) as facturado, c.estado
        from conduces c where ${donde}
        order by c.fecha_emision, c.numero, c.id
        ${pagina(filtro)}`,
  );
  const [totales] = await filas<Record<string, Monto> & { cantidad: number }>(
    ctx.tx,
    sql`select count(*)::int as cantidad, round(coalesce(sum(c.subtotal), 0), 2) as subtotal,
          round(coalesce(sum(c.impuestos), 0), 2) as impuestos, round(coalesce(sum(c.total_gral), 0), 2) as total,
          round(coalesce(sum(c.total_graltem_retirados), 0), 2) as facturado
        from conduces c where ${donde}`,
  );
  return {
    conduces: rows.map((r) => ({
      idConduce: r.id,
      comprobante: r.comprobante,
      fechaEmision: r.fecha,
      tipo: TIPOS_DE_CONDUCE[r.tipo] ?? r.tipo,
      subtotal: dinero(r.subtotal),
      impuestos: dinero(r.impuestos),
      total: dinero(r.total),
      facturado: dinero(r.facturado),
      estado: r.estado,
    })),
    totalRows: Number(totales?.cantidad ?? 0),
    cliente: await nombreDelCliente(ctx, filtro.idCliente),
    totalSubtotal: dinero(totales?.subtotal ?? null),
    totalImpuestos: dinero(totales?.impuestos ?? null),
    totalConduces: dinero(totales?.total ?? null),
    totalFacturado: dinero(totales?.facturado ?? null),
  };
}

export const CONSULTAS_DE_CAJA: ReporteDelServidor[] = [
  consultaDe(reporteCuadreGeneral, cuadreGeneral),
  consultaDe(reporteTurnos, reporteDeTurnos),
  consultaDe(reporteIngresosGeneral, ingresosGeneral),
  consultaDe(reporteIngresos, listaDeIngresos),
  consultaDe(reporteEgresosGeneral, egresosGeneral),
  consultaDe(reporteEgresos, listaDeEgresos),
  consultaDe(reporteConduce, conducesDelCliente, async (ctx, filtro) => [
    `Cliente: ${await nombreDelCliente(ctx, filtro.idCliente)}`,
  ]),
];
