import type {
  ConciliacionesDeLaCuenta,
  ConciliacionResumen,
  EstadoDeConciliacion,
  FiltroDePeriodo,
  MovimientoConciliacion,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, calcularConciliacion } from '@pos/domain';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';

// ---------------------------------------------------------------------------------------------
// Bank reconciliation (spec 002 §3 "Reconciliation", §4, §5; docs/accounting.md «Conciliación
// bancaria»). The reading side: a reconciliation's figures and its movements. A movement is a line of
// the journal on the bank's ledger account: this module only reads the journal and keeps
// its own ticks (movimientos_conciliados); it posts interest and fees through the posting service.
// ---------------------------------------------------------------------------------------------

/** tipoDocumento of the interest and fee entries a closing posts (never a movement themselves). */
export const TIPO_DOCUMENTO_CONCILIACION = 'conciliacion';
/** tipoDocumento of a bank's opening balance (modules/bancos): the first saldoInicial, not a movement. */
export const TIPO_DOCUMENTO_SALDO_INICIAL = 'cuentaDeBanco';

type CtxTx = Pick<Ctx, 'tx' | 'tenantId'>;

export type FilaConciliacion = {
  id: string;
  id_cuenta_banco: string;
  id_cuenta_contable: string;
  nombre_cuenta: string;
  fecha_inicio: string;
  fecha_fin: string;
  saldo_inicial: string;
  saldo_final_del_estado: string;
  ingresos_bancarios: string;
  gastos_bancarios: string;
  total_ingresos: string;
  total_egresos: string;
  estado: EstadoDeConciliacion;
  cerrada_en: string | null;
  creado_en: string;
};

// The verified totals are summed from the ticked lines (the journal is the truth), for an open
// reconciliation as for a closed one (whose lines never change: a line belongs to one reconciliation).
const COLUMNAS = sql`c.id, c.id_cuenta_banco, b.id_cuenta_contable, b.nombre as nombre_cuenta,
  c.fecha_inicio::text as fecha_inicio, c.fecha_fin::text as fecha_fin, c.saldo_inicial,
  c.saldo_final_del_estado, c.ingresos_bancarios, c.gastos_bancarios, c.estado,
  to_json(c.cerrada_en) #>> '{}' as cerrada_en, to_json(c.creado_en) #>> '{}' as creado_en,
  coalesce(v.ingresos, 0) as total_ingresos, coalesce(v.egresos, 0) as total_egresos`;

const DESDE = sql`conciliaciones c
  join cuentas_banco b on b.tenant_id = c.tenant_id and b.id = c.id_cuenta_banco
  left join lateral (
    select sum(l.debito) as ingresos, sum(l.credito) as egresos
    from movimientos_conciliados m
    join lineas_asiento l on l.tenant_id = m.tenant_id and l.id = m.id_linea
    where m.tenant_id = c.tenant_id and m.id_conciliacion = c.id
  ) v on true`;

/** Spec 002 §5 on a stored reconciliation: its balance and difference by `calcularConciliacion`. */
export function aResumen(fila: FilaConciliacion): ConciliacionResumen {
  const resultado = calcularConciliacion({
    saldoInicial: aCentavos(fila.saldo_inicial),
    saldoFinalDelEstado: aCentavos(fila.saldo_final_del_estado),
    ingresosBancarios: aCentavos(fila.ingresos_bancarios),
    gastosBancarios: aCentavos(fila.gastos_bancarios),
    // The ticked lines, summed per side in SQL: the formula only needs each side's total.
    movimientos: [
      { tipo: 'ingreso', monto: aCentavos(fila.total_ingresos), conciliacionVerificada: true },
      { tipo: 'egreso', monto: aCentavos(fila.total_egresos), conciliacionVerificada: true },
    ],
  });
  return {
    _id: fila.id,
    idConciliacion: fila.id,
    idCuenta: fila.id_cuenta_banco,
    idBanco: fila.id_cuenta_banco,
    nombreCuenta: fila.nombre_cuenta,
    fechaInicioConciliacion: fila.fecha_inicio,
    fechaFinConciliacion: fila.fecha_fin,
    saldoInicial: Number(fila.saldo_inicial),
    saldoFinalDelEstado: Number(fila.saldo_final_del_estado),
    totalIngresosVerificados: aPesos(resultado.totalIngresosVerificados),
    totalEgresosVerificados: aPesos(resultado.totalEgresosVerificados),
    ingresosBancarios: Number(fila.ingresos_bancarios),
    gastosBancarios: Number(fila.gastos_bancarios),
    balance: aPesos(resultado.balance),
    diferencia: aPesos(resultado.diferencia),
    estado: fila.estado,
    cerradaEn: fila.cerrada_en,
    creadoEn: fila.creado_en,
  };
}

/** One reconciliation's row (null when it does not exist); `bloquear` takes its row lock (FOR UPDATE). */
export async function filaDeConciliacion(
  ctx: CtxTx,
  id: string,
  bloquear = false,
): Promise<FilaConciliacion | null> {
  if (bloquear) {
    // Verifying, updating and closing serialise on the reconciliation's row: two closings at once
    // see one another's result instead of both posting the interest.
    await ctx.tx.execute(
      sql`select 1 from conciliaciones where tenant_id = ${ctx.tenantId} and id = ${id} for update`,
    );
  }
  const [fila] = await filas<FilaConciliacion>(
    ctx.tx,
    sql`select ${COLUMNAS} from ${DESDE} where c.tenant_id = ${ctx.tenantId} and c.id = ${id}`,
  );
  return fila ?? null;
}

/** The account's open reconciliation, if any. */
export async function conciliacionAbiertaDeLaCuenta(
  ctx: CtxTx,
  idCuentaDeBanco: string,
): Promise<FilaConciliacion | null> {
  const [fila] = await filas<FilaConciliacion>(
    ctx.tx,
    sql`select ${COLUMNAS} from ${DESDE}
        where c.tenant_id = ${ctx.tenantId} and c.id_cuenta_banco = ${idCuentaDeBanco} and c.estado = 'Abierta'`,
  );
  return fila ?? null;
}

/** The account's last closed reconciliation (where the next one starts), if any. */
export async function ultimaConciliacionCerrada(
  ctx: CtxTx,
  idCuentaDeBanco: string,
): Promise<{ fechaFin: string; saldoFinalDelEstado: string } | null> {
  const [fila] = await filas<{ fecha_fin: string; saldo_final_del_estado: string }>(
    ctx.tx,
    sql`select fecha_fin::text as fecha_fin, saldo_final_del_estado from conciliaciones
        where tenant_id = ${ctx.tenantId} and id_cuenta_banco = ${idCuentaDeBanco} and estado = 'Cerrada'
        order by fecha_fin desc, cerrada_en desc limit 1`,
  );
  return fila ? { fechaFin: fila.fecha_fin, saldoFinalDelEstado: fila.saldo_final_del_estado } : null;
}

/**
 * A bank account's reconciliations, newest period first, for the bank detail and
 * `POST /conciliacio/conciliaciones-cuenta` (spec 002 §9: 25 per page).
 */
export async function conciliacionesDeLaCuenta(
  ctx: CtxTx,
  idCuentaDeBanco: string,
  opciones: {
    page: number;
    limit: number;
    estado?: EstadoDeConciliacion | null;
    input?: string;
  } & FiltroDePeriodo,
): Promise<ConciliacionesDeLaCuenta> {
  const condiciones: SQL[] = [
    sql`c.tenant_id = ${ctx.tenantId}`,
    sql`c.id_cuenta_banco = ${idCuentaDeBanco}`,
  ];
  if (opciones.estado) {
    condiciones.push(sql`c.estado = ${opciones.estado}`);
  }
  // A reconciliation is in the period when its own period overlaps it.
  const dias = diasDelFiltro(opciones);
  const enPeriodo = entreDias(sql`c.fecha_fin`, { ...(dias.desde ? { desde: dias.desde } : {}) });
  if (enPeriodo) {
    condiciones.push(enPeriodo);
  }
  if (dias.hasta) {
    condiciones.push(sql`c.fecha_inicio <= ${dias.hasta}::date`);
  }
  const texto = opciones.input?.trim();
  if (texto) {
    // The list shows periods: the search matches a date as typed (2026-05, 31/05/2026) or the state.
    const patron = `%${texto.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(
      sql`(c.fecha_inicio::text ilike ${patron} or c.fecha_fin::text ilike ${patron}
           or to_char(c.fecha_inicio, 'DD/MM/YYYY') ilike ${patron} or to_char(c.fecha_fin, 'DD/MM/YYYY') ilike ${patron}
           or c.estado ilike ${patron})`,
    );
  }
  const donde = sql.join(condiciones, sql` and `);
  const resultado = await filas<FilaConciliacion & { total: string }>(
    ctx.tx,
    sql`select ${COLUMNAS}, count(*) over () as total from ${DESDE}
        where ${donde}
        order by c.fecha_fin desc, c.creado_en desc
        limit ${opciones.limit} offset ${(opciones.page - 1) * opciones.limit}`,
  );
  let totalDocs = Number(resultado[0]?.total ?? 0);
  if (resultado.length === 0 && opciones.page > 1) {
    const [cuenta] = await filas<{ total: string }>(
      ctx.tx,
      sql`select count(*) as total from conciliaciones c where ${donde}`,
    );
    totalDocs = Number(cuenta?.total ?? 0);
  }
  return { conciliaciones: resultado.map(aResumen), totalDocs };
}

type FilaMovimiento = {
  id: string;
  id_asiento: string;
  numero: string;
  fecha: string;
  tipo_documento: string;
  id_documento: string;
  comprobante: string;
  descripcion: string;
  nota: string;
  debito: string;
  credito: string;
  verificado: boolean;
  total: string;
};

export type FiltroDeMovimientos = {
  filtrarPor?: 'todos' | 'ingresos' | 'egresos';
  conciliado?: boolean | null;
  formaDePago?: string | null;
  desde?: string | null;
  hasta?: string | null;
  page: number;
  limit: number;
};

/**
 * The movements of a reconciliation (docs/accounting.md «Conciliación bancaria»). For a closed one,
 * the lines it was closed with. For an open one, every line on the bank's ledger account up to the period's
 * end that no closed reconciliation holds — so an item still outstanding from an earlier period (a cheque not
 * cashed) shows again — except the opening balance (it is the first saldoInicial), the interest and fee
 * entries of closings (they are ingresosBancarios/gastosBancarios), and a cancelled document's entry and its
 * reversal while neither is ticked (the pair nets to zero).
 */
export function sqlMovimientos(ctx: CtxTx, conciliacion: FilaConciliacion, filtro: FiltroDeMovimientos): SQL {
  const condiciones: SQL[] = [
    sql`l.tenant_id = ${ctx.tenantId}`,
    sql`l.id_cuenta = ${conciliacion.id_cuenta_contable}`,
    sql`a.tipo_documento not in (${TIPO_DOCUMENTO_SALDO_INICIAL}, ${TIPO_DOCUMENTO_CONCILIACION})`,
  ];
  if (conciliacion.estado === 'Cerrada') {
    condiciones.push(sql`m.id_conciliacion = ${conciliacion.id}`);
  } else {
    condiciones.push(sql`a.fecha <= ${conciliacion.fecha_fin}::date`);
    condiciones.push(sql`(m.id_conciliacion is null or m.id_conciliacion = ${conciliacion.id})`);
    condiciones.push(sql`not exists (
      select 1 from asientos_contables p
      where p.tenant_id = a.tenant_id
        and (p.id_asiento_revertido = a.id or p.id = a.id_asiento_revertido)
        and p.fecha <= ${conciliacion.fecha_fin}::date
        and not exists (
          select 1 from lineas_asiento lp
          join movimientos_conciliados mp on mp.tenant_id = lp.tenant_id and mp.id_linea = lp.id
          where lp.tenant_id = a.tenant_id and lp.id_cuenta = l.id_cuenta and lp.id_asiento in (a.id, p.id)))`);
  }
  if (filtro.filtrarPor === 'ingresos') {
    condiciones.push(sql`l.debito > 0`);
  } else if (filtro.filtrarPor === 'egresos') {
    condiciones.push(sql`l.credito > 0`);
  }
  if (filtro.conciliado === true) {
    condiciones.push(sql`m.id_linea is not null`);
  } else if (filtro.conciliado === false) {
    condiciones.push(sql`m.id_linea is null`);
  }
  if (filtro.formaDePago) {
    condiciones.push(sql`a.tipo_documento = ${filtro.formaDePago}`);
  }
  if (filtro.desde) {
    condiciones.push(sql`a.fecha >= ${filtro.desde}::date`);
  }
  if (filtro.hasta) {
    condiciones.push(sql`a.fecha <= ${filtro.hasta}::date`);
  }
  return sql.join(condiciones, sql` and `);
}

const DESDE_MOVIMIENTOS = sql`lineas_asiento l
  join asientos_contables a on a.tenant_id = l.tenant_id and a.id = l.id_asiento
  left join movimientos_conciliados m on m.tenant_id = l.tenant_id and m.id_linea = l.id`;

function aMovimiento(fila: FilaMovimiento): MovimientoConciliacion {
  const debito = aCentavos(fila.debito);
  const credito = aCentavos(fila.credito);
  return {
    _id: fila.id,
    idAsiento: fila.id_asiento,
    numeroAsiento: Number(fila.numero),
    fecha: fila.fecha,
    tipoDocumento: fila.tipo_documento,
    idDocumento: fila.id_documento,
    comprobante: fila.comprobante,
    descripcion: fila.descripcion,
    nota: fila.nota,
    tipo: debito > 0 ? 'ingreso' : 'egreso',
    monto: aPesos((debito > 0 ? debito : credito) as Centavos),
    conciliacionVerificada: fila.verificado,
  };
}

/** A page of a reconciliation's movements, oldest first (the order of the bank statement). */
export async function movimientosDeConciliacion(
  ctx: CtxTx,
  conciliacion: FilaConciliacion,
  filtro: FiltroDeMovimientos,
): Promise<{ data: MovimientoConciliacion[]; totalRows: number }> {
  const resultado = await filas<FilaMovimiento>(
    ctx.tx,
    sql`select l.id, l.id_asiento, a.numero, a.fecha::text as fecha, a.tipo_documento, a.id_documento,
          a.comprobante, a.descripcion, l.nota, l.debito, l.credito,
          (m.id_linea is not null) as verificado, count(*) over () as total
        from ${DESDE_MOVIMIENTOS}
        where ${sqlMovimientos(ctx, conciliacion, filtro)}
        order by a.fecha, a.numero, l.orden
        limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit}`,
  );
  let totalRows = Number(resultado[0]?.total ?? 0);
  if (resultado.length === 0 && filtro.page > 1) {
    const [cuenta] = await filas<{ total: string }>(
      ctx.tx,
      sql`select count(*) as total from ${DESDE_MOVIMIENTOS} where ${sqlMovimientos(ctx, conciliacion, filtro)}`,
    );
    totalRows = Number(cuenta?.total ?? 0);
  }
  return { data: resultado.map(aMovimiento), totalRows };
}

/**
 * Which of `ids` are movements this open reconciliation may tick (a journal line on the bank's ledger
 * account that no closed reconciliation holds), with their lock-free state.
 */
export async function lineasDisponibles(
  ctx: CtxTx,
  conciliacion: FilaConciliacion,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const lista = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const resultado = await filas<{ id: string }>(
    ctx.tx,
    sql`select l.id from ${DESDE_MOVIMIENTOS}
        where l.id in (${lista}) and ${sqlMovimientos(ctx, conciliacion, { page: 1, limit: 1 })}`,
  );
  return new Set(resultado.map((fila) => fila.id));
}
