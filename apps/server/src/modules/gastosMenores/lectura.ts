import type {
  CuentaContableRef,
  DetalleGastoMenor,
  FiltroGastosMenores,
  GastoMenor,
  LineaGastoMenor,
} from '@pos/contract';
import { aCentavos, aPesos, sumarCentavos } from '@pos/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { referenciasDeCuentas } from '../contabilidad/service.ts';
import { gastosMenores, lineasGastoMenor } from './tables.ts';

// Minor expenses (spec 001 §3 "Minor expense", §7; docs/payments.md): reading one with its lines and
// the list. Creating is in crear.ts, changing, cancelling and deleting in cambios.ts.

/** The journal's and the audit screen's document type of minor expenses. */
export const TIPO_DOCUMENTO_GASTO_MENOR = 'gastoMenor';

export type FilaGastoMenor = typeof gastosMenores.$inferSelect;
export type FilaLineaGasto = typeof lineasGastoMenor.$inferSelect;
type Cuentas = Map<string, CuentaContableRef>;

function cuenta(cuentas: Cuentas, id: string): CuentaContableRef {
  const encontrada = cuentas.get(id);
  if (!encontrada) {
    throw new Error(`La cuenta ${id} del gasto menor no existe`);
  }
  return encontrada;
}

function aGastoMenor(fila: FilaGastoMenor, cuentas: Cuentas): GastoMenor {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    idNumeracion: fila.idNumeracion,
    numeracionNombre: fila.numeracionNombre,
    numero: fila.numero,
    comprobante: fila.comprobante,
    ncf: fila.ncf,
    fechaDeEmision: fila.fechaDeEmision,
    formaDePago: fila.formaDePago,
    afectarCuenta: fila.afectarCuenta,
    descripcion: fila.descripcion,
    cuentaContableCredito: cuenta(cuentas, fila.idCuentaCredito),
    subtotal: Number(fila.subtotal),
    impuestos: Number(fila.impuestos),
    total: Number(fila.total),
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    activo: fila.estado !== 'Anulado',
    notaAnular: fila.notaAnular,
    notaAutorizacion: fila.notaAutorizacion,
    idUsuarioCreador: fila.idUsuarioCreador,
    creadoPor: fila.creadoPor,
    creadoEn: fila.creadoEn.toISOString(),
  };
}

function aLinea(fila: FilaLineaGasto, cuentas: Cuentas): LineaGastoMenor {
  const debitada = cuenta(cuentas, fila.idCuenta);
  return {
    _id: fila.id,
    idGastoMenor: fila.idGastoMenor,
    fechaDeEmision: fila.fechaDeEmision,
    cuentaContable: debitada,
    cuentaContableDebito: debitada,
    importe: Number(fila.importe),
    impuestos: Number(fila.impuestos),
    total: aPesos(sumarCentavos([aCentavos(fila.importe), aCentavos(fila.impuestos)])),
    nota: fila.nota,
  };
}

export async function filaDeGastoMenor(ctx: Ctx, id: string, bloquear = false): Promise<FilaGastoMenor> {
  const consulta = ctx.tx
    .select()
    .from(gastosMenores)
    .where(and(eq(gastosMenores.tenantId, ctx.tenantId), eq(gastosMenores.id, id)))
    .limit(1);
  const [fila] = bloquear ? await consulta.for('update') : await consulta;
  if (!fila) {
    throw new AppError('no_encontrado', 'El gasto menor no existe.');
  }
  return fila;
}

export async function lineasDe(ctx: Ctx, idGastoMenor: string): Promise<FilaLineaGasto[]> {
  return ctx.tx
    .select()
    .from(lineasGastoMenor)
    .where(and(eq(lineasGastoMenor.tenantId, ctx.tenantId), eq(lineasGastoMenor.idGastoMenor, idGastoMenor)))
    .orderBy(asc(lineasGastoMenor.orden));
}

export async function detalleDe(ctx: Ctx, fila: FilaGastoMenor): Promise<DetalleGastoMenor> {
  const lineas = await lineasDe(ctx, fila.id);
  const cuentas = await referenciasDeCuentas(ctx, [fila.idCuentaCredito, ...lineas.map((l) => l.idCuenta)]);
  return { ...aGastoMenor(fila, cuentas), listaDeGastos: lineas.map((l) => aLinea(l, cuentas)) };
}

/** GET /gastos-menores/{id}: the header with `listaDeGastos`. */
export async function obtenerGastoMenor(ctx: Ctx, id: string): Promise<DetalleGastoMenor> {
  return detalleDe(ctx, await filaDeGastoMenor(ctx, id));
}

/**
 * POST /gastos-menores/todos (spec 001 §2, §9): 14 per page, newest first, by period and by number or
 * description; the active list shows what is in force, the audit view (buscarPorEstado) only
 * Por-Anular and Anulado.
 */
export async function listarGastosMenores(
  ctx: Ctx,
  filtro: FiltroGastosMenores,
): Promise<{ res: GastoMenor[]; totalRows: number }> {
  const condiciones = [sql`g.tenant_id = ${ctx.tenantId}`];
  condiciones.push(
    filtro.buscarPorEstado ? sql`g.estado in ('Por-Anular', 'Anulado')` : sql`g.estado <> 'Anulado'`,
  );
  const dias = entreDias(sql`g.fecha_de_emision`, diasDelFiltro(filtro));
  if (dias) {
    condiciones.push(dias);
  }
  if (filtro.input) {
    const patron = `%${filtro.input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(sql`(g.comprobante ilike ${patron} or g.descripcion ilike ${patron})`);
  }
  const donde = sql.join(condiciones, sql` and `);
  const [cuantos] = await filas<{ total: string }>(
    ctx.tx,
    sql`select count(*) as total from gastos_menores g where ${donde}`,
  );
  const pagina = await ctx.tx
    .select()
    .from(gastosMenores)
    .where(sql`${gastosMenores.id} in (select g.id from gastos_menores g where ${donde}
      order by g.fecha_de_emision desc, g.numero desc limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit})`)
    .orderBy(sql`${gastosMenores.fechaDeEmision} desc, ${gastosMenores.numero} desc`);
  const cuentas = await referenciasDeCuentas(
    ctx,
    pagina.map((f) => f.idCuentaCredito),
  );
  return { res: pagina.map((f) => aGastoMenor(f, cuentas)), totalRows: Number(cuantos?.total ?? 0) };
}
