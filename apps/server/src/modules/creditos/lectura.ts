import {
  type CreditoAFavor,
  type FiltroCreditosDelCliente,
  type FiltroCreditosGeneral,
  MENSAJE_CREDITO_NO_EXISTE,
  MENSAJE_TRANSACCION_NO_EXISTE,
  type TransaccionCreditoAFavor,
} from '@pos/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { paginaDe } from '../../db/paginas.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { creditosAFavor, transaccionesCreditoAFavor } from './tables.ts';

// ---------------------------------------------------------------------------------------------
// Credits in favour (spec 001 §3 "Credit in favour", §4, §5, §7; docs/payments.md). This module is
// the only writer of creditos_a_favor and transacciones_credito_a_favor, one file per use case:
//
//   lectura.ts   the answers, one credit, the lists, what was applied to an invoice or a shift, the
//                rows the other files read or lock, and the description (a credit's only edit).
//   crear.ts     crearCredito: a credit a document made (a receipt's over-payment, a credit note's
//                rest), the document posting its own entry crediting cuentaDeAnticipos;
//                anularCreditosDe: the credits of a cancelled or edited document; crearAnticipo:
//                POST /credito-a-favor, an advance with its money side and its own entry.
//   aplicar.ts   aplicarCreditos: credits applied to an invoice, one transaction each, a
//                receivables-ledger application each (cartera.aplicar) and an entry Dr advances /
//                Cr receivable; POST /transaccion-del-credito-a-favor; revertirAplicacionesA: the
//                transactions applied to a cancelled, deleted or edited invoice.
//   anular.ts    cancelling a credit or one transaction (the shared cancellation flow).
// ---------------------------------------------------------------------------------------------

/** The journal's document type of an advance taken directly. */
export const TIPO_DOCUMENTO_CREDITO = 'creditoAFavor';
/** The ledger's source type and the journal's document type of one transaction. */
export const TIPO_ORIGEN_CREDITO = 'creditoAFavor';
export const TIPO_DOCUMENTO_TRANSACCION = 'transaccionCreditoAFavor';

export type FilaCredito = typeof creditosAFavor.$inferSelect;
export type FilaTransaccion = typeof transaccionesCreditoAFavor.$inferSelect;

export function aTransaccion(fila: FilaTransaccion, numeroCredito: number): TransaccionCreditoAFavor {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    numeroTransasccionDelCreditoAfavor: fila.numero,
    idCreditoAFavor: fila.idCredito,
    numeroCredito,
    idFactura: fila.idFactura,
    comprobanteFactura: fila.comprobanteFactura,
    monto: Number(fila.monto),
    fecha: fila.fecha,
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    tipoDeAnulacion: fila.tipoDeAnulacion,
    notaAnular: fila.notaAnular,
    notaAutorizacion: fila.notaAutorizacion,
    idUsuarioCreador: fila.idUsuarioCreador,
    creadaPor: fila.creadaPor,
    creadoEn: fila.creadoEn.toISOString(),
  };
}

function aCredito(fila: FilaCredito, transacciones: FilaTransaccion[]): CreditoAFavor {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    numeroCredito: fila.numero,
    idCliente: fila.idCliente,
    nombreCliente: fila.nombreCliente,
    Monto: Number(fila.monto),
    disponible: Number(fila.disponible),
    descripcion: fila.descripcion,
    fecha: fila.fecha,
    origen: { tipo: fila.tipoOrigen, id: fila.idOrigen },
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    tipoDeAnulacion: fila.tipoDeAnulacion,
    notaAnular: fila.notaAnular,
    notaAutorizacion: fila.notaAutorizacion,
    idUsuarioCreador: fila.idUsuarioCreador,
    creadaPor: fila.creadaPor,
    creadoEn: fila.creadoEn.toISOString(),
    transacciones: transacciones.map((t) => aTransaccion(t, fila.numero)),
  };
}

/** The credits `filas` with their transactions (oldest first), in the order given. */
export async function conTransacciones(ctx: Ctx, creditos: FilaCredito[]): Promise<CreditoAFavor[]> {
  if (creditos.length === 0) {
    return [];
  }
  const transacciones = await ctx.tx
    .select()
    .from(transaccionesCreditoAFavor)
    .where(
      and(
        eq(transaccionesCreditoAFavor.tenantId, ctx.tenantId),
        inArray(
          transaccionesCreditoAFavor.idCredito,
          creditos.map((c) => c.id),
        ),
      ),
    )
    .orderBy(asc(transaccionesCreditoAFavor.numero));
  return creditos.map((c) =>
    aCredito(
      c,
      transacciones.filter((t) => t.idCredito === c.id),
    ),
  );
}

export async function filaDeCredito(ctx: Ctx, id: string, bloquear = false): Promise<FilaCredito> {
  const consulta = ctx.tx
    .select()
    .from(creditosAFavor)
    .where(and(eq(creditosAFavor.tenantId, ctx.tenantId), eq(creditosAFavor.id, id)))
    .limit(1);
  const [fila] = bloquear ? await consulta.for('update') : await consulta;
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_CREDITO_NO_EXISTE);
  }
  return fila;
}

export async function filaDeTransaccion(ctx: Ctx, id: string, bloquear = false): Promise<FilaTransaccion> {
  const consulta = ctx.tx
    .select()
    .from(transaccionesCreditoAFavor)
    .where(and(eq(transaccionesCreditoAFavor.tenantId, ctx.tenantId), eq(transaccionesCreditoAFavor.id, id)))
    .limit(1);
  const [fila] = bloquear ? await consulta.for('update') : await consulta;
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_TRANSACCION_NO_EXISTE);
  }
  return fila;
}

// Locks the credits `ids` in id order (concurrent applications of the same credits queue instead of
// deadlocking) and answers them as they are after the lock.
export async function bloquearCreditos(ctx: Ctx, ids: readonly string[]): Promise<Map<string, FilaCredito>> {
  const unicos = [...new Set(ids)].sort();
  if (unicos.length === 0) {
    return new Map();
  }
  const bloqueados = await ctx.tx
    .select()
    .from(creditosAFavor)
    .where(and(eq(creditosAFavor.tenantId, ctx.tenantId), inArray(creditosAFavor.id, unicos)))
    .orderBy(asc(creditosAFavor.id))
    .for('update');
  return new Map(bloqueados.map((c) => [c.id, c]));
}

// ---------------------------------------------------------------- read and edit

/** GET /credito-a-favor/{id}. */
export async function obtenerCredito(ctx: Ctx, id: string): Promise<CreditoAFavor> {
  const [credito] = await conTransacciones(ctx, [await filaDeCredito(ctx, id)]);
  return credito as CreditoAFavor;
}

/** PATCH /credito-a-favor/{id}: only the description. */
export async function actualizarCredito(
  ctx: CtxConSesion,
  id: string,
  entrada: { descripcion: string },
): Promise<CreditoAFavor> {
  await filaDeCredito(ctx, id, true);
  await ctx.tx
    .update(creditosAFavor)
    .set({ descripcion: entrada.descripcion, actualizadoEn: new Date() })
    .where(and(eq(creditosAFavor.tenantId, ctx.tenantId), eq(creditosAFavor.id, id)));
  return obtenerCredito(ctx, id);
}

/** POST /credito-a-favor/findAll: one customer's credits, newest first (soloDisponibles: active with a balance). */
export async function listarDelCliente(
  ctx: Ctx,
  filtro: FiltroCreditosDelCliente,
): Promise<{ res: CreditoAFavor[]; totalRows: number }> {
  const condiciones = [sql`d.tenant_id = ${ctx.tenantId}`, sql`d.id_cliente = ${filtro.idCliente}`];
  if (filtro.soloDisponibles) {
    condiciones.push(sql`d.estado = 'Activo' and d.disponible > 0`);
  }
  const pagina = await paginaDe(ctx, creditosAFavor, {
    donde: sql.join(condiciones, sql` and `),
    orden: sql`d.fecha desc, d.numero desc`,
    page: filtro.page,
    limit: filtro.limit,
  });
  return { res: await conTransacciones(ctx, pagina.filas), totalRows: pagina.total };
}

/** POST /credito-a-favor/findAllGeneral: all customers', search, period and the audit view. */
export async function listarGeneral(
  ctx: Ctx,
  filtro: FiltroCreditosGeneral,
): Promise<{ res: CreditoAFavor[]; totalRows: number }> {
  const condiciones = [sql`d.tenant_id = ${ctx.tenantId}`];
  condiciones.push(
    filtro.buscarPorEstado ? sql`d.estado in ('Por-Anular', 'Anulado')` : sql`d.estado <> 'Anulado'`,
  );
  const dias = entreDias(sql`d.fecha`, diasDelFiltro(filtro));
  if (dias) {
    condiciones.push(dias);
  }
  if (filtro.input) {
    const patron = `%${filtro.input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(sql`(d.nombre_cliente ilike ${patron} or d.numero::text = ${filtro.input})`);
  }
  const pagina = await paginaDe(ctx, creditosAFavor, {
    donde: sql.join(condiciones, sql` and `),
    orden: sql`d.fecha desc, d.numero desc`,
    page: filtro.page,
    limit: filtro.limit,
  });
  return { res: await conTransacciones(ctx, pagina.filas), totalRows: pagina.total };
}

/** The credit transactions applied to an invoice not cancelled (its detail's listaDeCredtosAfavor). */
export async function creditosAplicadosA(ctx: Ctx, idFactura: string): Promise<TransaccionCreditoAFavor[]> {
  const leidas = await ctx.tx
    .select({ transaccion: transaccionesCreditoAFavor, numeroCredito: creditosAFavor.numero })
    .from(transaccionesCreditoAFavor)
    .innerJoin(
      creditosAFavor,
      and(
        eq(creditosAFavor.tenantId, transaccionesCreditoAFavor.tenantId),
        eq(creditosAFavor.id, transaccionesCreditoAFavor.idCredito),
      ),
    )
    .where(
      and(
        eq(transaccionesCreditoAFavor.tenantId, ctx.tenantId),
        eq(transaccionesCreditoAFavor.idFactura, idFactura),
        ne(transaccionesCreditoAFavor.estado, 'Anulado'),
      ),
    )
    .orderBy(asc(transaccionesCreditoAFavor.numero));
  return leidas.map((l) => aTransaccion(l.transaccion, l.numeroCredito));
}

/**
 * The shift summary's credit group (spec 002 §3 "credit balances and their transactions"; decision in
 * docs/payments.md): the transactions applied to the shift's invoices, all states, oldest first.
 */
export async function transaccionesDelTurno(
  ctx: Ctx,
  idTurno: string,
): Promise<
  {
    _id: string;
    numeroTransasccionDelCreditoAfavor: number;
    numeroCredito: number;
    comprobanteFactura: string;
    nombreCliente: string;
    monto: number;
    estado: string;
  }[]
> {
  const leidas = await filas<{
    id: string;
    numero: string;
    numero_credito: string;
    comprobante_factura: string;
    nombre_cliente: string;
    monto: string;
    estado: string;
  }>(
    ctx.tx,
    sql`select t.id, t.numero, c.numero as numero_credito, t.comprobante_factura, c.nombre_cliente, t.monto, t.estado
        from facturas f
        join transacciones_credito_a_favor t on t.tenant_id = f.tenant_id and t.id_factura = f.id
        join creditos_a_favor c on c.tenant_id = t.tenant_id and c.id = t.id_credito
        where f.tenant_id = ${ctx.tenantId} and f.id_turno = ${idTurno}
        order by t.numero`,
  );
  return leidas.map((t) => ({
    _id: t.id,
    numeroTransasccionDelCreditoAfavor: Number(t.numero),
    numeroCredito: Number(t.numero_credito),
    comprobanteFactura: t.comprobante_factura,
    nombreCliente: t.nombre_cliente,
    monto: Number(t.monto),
    estado: t.estado,
  }));
}
