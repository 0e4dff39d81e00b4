import type {
  CuentaContableRef,
  DetalleIngreso,
  Factura,
  FiltroIngresos,
  Ingreso,
  LineaIngreso,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, sumarCentavos } from '@pos/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { cuentaDeBanco } from '../bancos/service.ts';
import { referenciasDeCuentas } from '../contabilidad/service.ts';
import { facturasConSaldo } from '../facturas/lectura.ts';
import { ingresosRecibidos, lineasIngreso } from './tables.ts';

// Receipts in (spec 001 §3 "Receipt in", §7; docs/payments.md): reading one, its lines and accounts,
// the lists and the invoices still pending. Creating is in crear.ts, changing and cancelling in cambios.ts.

/** The ledger's and the journal's document type of receipts in. */
export const TIPO_DOCUMENTO_INGRESO = 'ingreso';

export type FilaIngreso = typeof ingresosRecibidos.$inferSelect;
export type FilaLinea = typeof lineasIngreso.$inferSelect;
type Cuentas = Map<string, CuentaContableRef>;

// The accounts of a receipt, read together (referenciasDeCuentas); the foreign keys guarantee them.
async function cuentasDe(ctx: Ctx, ids: readonly (string | null)[]): Promise<Cuentas> {
  return referenciasDeCuentas(
    ctx,
    ids.filter((id): id is string => id !== null),
  );
}

function cuenta(cuentas: Cuentas, id: string): CuentaContableRef {
  const encontrada = cuentas.get(id);
  if (!encontrada) {
    throw new Error(`La cuenta ${id} del recibo no existe`);
  }
  return encontrada;
}

function aIngreso(fila: FilaIngreso, cuentas: Cuentas, creditoAFavor: Centavos): Ingreso {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    idNumeracion: fila.idNumeracion,
    numeracionNombre: fila.numeracionNombre,
    numero: fila.numero,
    comprobante: fila.comprobante,
    tipoDeIngreso: fila.tipoDeIngreso,
    idCliente: fila.idCliente,
    nombreCliente: fila.nombreCliente,
    fechaDeEmision: fila.fechaDeEmision,
    formaDePago: fila.formaDePago,
    cuentaContableDebito: cuenta(cuentas, fila.idCuentaDebito),
    cuentaPorCobrar: fila.idCuentaPorCobrar ? cuenta(cuentas, fila.idCuentaPorCobrar) : null,
    idCentroDeCosto: fila.idCentroDeCosto,
    centroDeCosto: fila.centroDeCosto,
    desdeElpos: {
      desdePos: fila.desdePos,
      idTerminalRef: fila.idTerminal,
      idUsuarioDelTurno: fila.desdePos ? fila.idUsuarioCreador : null,
    },
    idTurnoRef: fila.idTurno,
    total: Number(fila.total),
    detalles: fila.detalles,
    generarCreditoAfavor: fila.generarCreditoAFavor,
    creditoAFavor: aPesos(creditoAFavor),
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    notaAnular: fila.notaAnular,
    notaAutorizacion: fila.notaAutorizacion,
    idUsuarioCreador: fila.idUsuarioCreador,
    creadoPor: fila.creadoPor,
    creadoEn: fila.creadoEn.toISOString(),
  };
}

function aLinea(fila: FilaLinea, cuentas: Cuentas): LineaIngreso {
  return {
    _id: fila.id,
    idIngresosRef: fila.idIngreso,
    idFactura: fila.idFactura,
    comprobanteFactura: fila.comprobanteFactura,
    numeroFactura: fila.numeroFactura,
    total: Number(fila.totalFactura),
    balancePendiente: Number(fila.balancePendiente),
    cobrado: Number(fila.cobrado),
    montoNotaDeCreditoRef: Number(fila.montoNotaDeCreditoRef),
    rncCliente: fila.rncCliente,
    cuentaContableCredito: fila.idCuentaCredito ? cuenta(cuentas, fila.idCuentaCredito) : null,
    importe: Number(fila.importe),
    creditoAFavor: Number(fila.creditoAFavor),
    nota: fila.nota,
  };
}

export async function filaDeIngreso(ctx: Ctx, id: string, bloquear = false): Promise<FilaIngreso> {
  const consulta = ctx.tx
    .select()
    .from(ingresosRecibidos)
    .where(and(eq(ingresosRecibidos.tenantId, ctx.tenantId), eq(ingresosRecibidos.id, id)))
    .limit(1);
  const [fila] = bloquear ? await consulta.for('update') : await consulta;
  if (!fila) {
    throw new AppError('no_encontrado', 'El recibo de ingreso no existe.');
  }
  return fila;
}

export async function lineasDe(ctx: Ctx, idIngreso: string): Promise<FilaLinea[]> {
  return ctx.tx
    .select()
    .from(lineasIngreso)
    .where(and(eq(lineasIngreso.tenantId, ctx.tenantId), eq(lineasIngreso.idIngreso, idIngreso)))
    .orderBy(asc(lineasIngreso.orden));
}

export async function detalleDe(ctx: Ctx, fila: FilaIngreso): Promise<DetalleIngreso> {
  const lineas = await lineasDe(ctx, fila.id);
  const cuentas = await cuentasDe(ctx, [
    fila.idCuentaDebito,
    fila.idCuentaPorCobrar,
    ...lineas.map((l) => l.idCuentaCredito),
  ]);
  const credito = sumarCentavos(lineas.map((l) => aCentavos(l.creditoAFavor)));
  return {
    res: lineas.map((l) => aLinea(l, cuentas)),
    ingresoReferenciadoGral: aIngreso(fila, cuentas, credito),
  };
}

/** GET /ingresos-recibidos/{id}. */
export async function obtenerIngreso(ctx: Ctx, id: string): Promise<DetalleIngreso> {
  return detalleDe(ctx, await filaDeIngreso(ctx, id));
}

/** The receipt created with this identificadorUnico (a sync's twin), as its header. */
export async function ingresoPorIdentificador(ctx: Ctx, identificadorUnico: string): Promise<Ingreso> {
  const [fila] = await ctx.tx
    .select()
    .from(ingresosRecibidos)
    .where(
      and(
        eq(ingresosRecibidos.tenantId, ctx.tenantId),
        eq(ingresosRecibidos.identificadorUnico, identificadorUnico),
      ),
    )
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', 'El recibo de ingreso no existe.');
  }
  return (await detalleDe(ctx, fila)).ingresoReferenciadoGral;
}

/** GET /ingresos-recibidos/ingreso-cc/{id} (spec 001 §7): the lines as listaDeIngesos (sic). */
export async function ingresoCc(
  ctx: Ctx,
  id: string,
): Promise<{ listaDeIngesos: LineaIngreso[]; ingresoReferenciadoGral: Ingreso }> {
  const { res, ingresoReferenciadoGral } = await obtenerIngreso(ctx, id);
  return { listaDeIngesos: res, ingresoReferenciadoGral };
}

/** POST /ingresos-recibidos/todos: 35 per page, newest first; the audit view lists Por-Anular and Anulado. */
export async function listarIngresos(
  ctx: CtxConSesion,
  filtro: FiltroIngresos,
): Promise<{ res: Ingreso[]; totalRows: number }> {
  const condiciones = [sql`i.tenant_id = ${ctx.tenantId}`];
  condiciones.push(
    filtro.buscarPorEstado ? sql`i.estado in ('Por-Anular', 'Anulado')` : sql`i.estado <> 'Anulado'`,
  );
  const dias = entreDias(sql`i.fecha_de_emision`, diasDelFiltro(filtro));
  if (dias) {
    condiciones.push(dias);
  }
  if (filtro.ingresosDelTurno && filtro.idTurnoRef) {
    condiciones.push(sql`i.id_turno = ${filtro.idTurnoRef}`);
  }
  if (filtro.idCuentaDeBanco) {
    // Spec 002 §7: the bank account's _id; what lands on the bank is its ledger account (docs/accounting.md
    // «Cuentas de banco y transferencias»).
    const banco = await cuentaDeBanco(ctx, filtro.idCuentaDeBanco);
    condiciones.push(sql`i.id_cuenta_debito = ${banco.idCuentaContable}`);
  }
  if (filtro.formaDePago) {
    condiciones.push(sql`i.forma_de_pago = ${filtro.formaDePago}`);
  }
  if (filtro.input) {
    const patron = `%${filtro.input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(sql`(i.comprobante ilike ${patron} or i.nombre_cliente ilike ${patron})`);
  }
  const donde = sql.join(condiciones, sql` and `);
  const [cuenta] = await filas<{ total: string }>(
    ctx.tx,
    sql`select count(*) as total from ingresos_recibidos i where ${donde}`,
  );
  const pagina = await ctx.tx
    .select()
    .from(ingresosRecibidos)
    .where(sql`${ingresosRecibidos.id} in (select i.id from ingresos_recibidos i where ${donde}
      order by i.fecha_de_emision desc, i.numero desc limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit})`)
    .orderBy(sql`${ingresosRecibidos.fechaDeEmision} desc, ${ingresosRecibidos.numero} desc`);
  const cuentas = await cuentasDe(
    ctx,
    pagina.flatMap((f) => [f.idCuentaDebito, f.idCuentaPorCobrar]),
  );
  const creditos =
    pagina.length === 0
      ? []
      : await filas<{ id_ingreso: string; credito: string }>(
          ctx.tx,
          sql`select id_ingreso, sum(credito_a_favor) as credito from lineas_ingreso
              where tenant_id = ${ctx.tenantId} and id_ingreso in ${pagina.map((f) => f.id)}
              group by id_ingreso`,
        );
  const credito = new Map(creditos.map((c) => [c.id_ingreso, aCentavos(c.credito)]));
  return {
    res: pagina.map((f) => aIngreso(f, cuentas, credito.get(f.id) ?? (0 as Centavos))),
    totalRows: Number(cuenta?.total ?? 0),
  };
}

/**
 * POST /ingresos-recibidos/ingresos-del-turno/ (spec 002 §7): the shift's receipts in, all states, in
 * the order made (the summary's «incomes» and «voided incomes»); `total` and `efectivo` of those in
 * force (Activo, Por-Anular), `efectivo` being the shift's ingresoDeEfectivo.
 */
export async function ingresosDelTurno(
  ctx: Ctx,
  idTurno: string,
): Promise<{ res: Ingreso[]; total: number; efectivo: number }> {
  const delTurno = await ctx.tx
    .select()
    .from(ingresosRecibidos)
    .where(and(eq(ingresosRecibidos.tenantId, ctx.tenantId), eq(ingresosRecibidos.idTurno, idTurno)))
    .orderBy(asc(ingresosRecibidos.creadoEn), asc(ingresosRecibidos.numero));
  const res: Ingreso[] = [];
  for (const fila of delTurno) {
    res.push((await detalleDe(ctx, fila)).ingresoReferenciadoGral);
  }
  const vigentes = delTurno.filter((f) => f.estado !== 'Anulado');
  return {
    res,
    total: aPesos(sumarCentavos(vigentes.map((f) => aCentavos(f.total)))),
    efectivo: aPesos(
      sumarCentavos(vigentes.filter((f) => f.formaDePago === 'Efectivo').map((f) => aCentavos(f.total))),
    ),
  };
}

/**
 * POST /ingresos-recibidos/pendientes/ and /una_pendiente/ (spec 001 §7): active invoices with a
 * balance, of one customer (oldest first) or just one invoice.
 */
export async function facturasPendientes(
  ctx: Ctx,
  filtro: { id?: string; idFactura?: string | null | undefined; page?: number; limit?: number },
): Promise<{ res: Factura[] }> {
  return {
    res: await facturasConSaldo(ctx, {
      idCliente: filtro.id,
      idFactura: filtro.idFactura,
      page: filtro.page ?? 1,
      limit: filtro.limit ?? 125,
    }),
  };
}
