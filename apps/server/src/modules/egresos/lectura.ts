import type {
  CompraPendiente,
  CuentaContableRef,
  DetalleEgreso,
  Egreso,
  EgresosDelTurno,
  FiltroComprasPendientes,
  FiltroEgresos,
  LineaEgreso,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, estadoDePagoCompra, sumarCentavos } from '@pos/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { cuentaDeBanco } from '../bancos/service.ts';
import { sqlAplicado } from '../cartera/service.ts';
import { referenciasDeCuentas } from '../contabilidad/service.ts';
import { lineasEgreso, recibosEgresos } from './tables.ts';

// Payments out (spec 001 §3 "Payment out", §7 "Payments out"; docs/payments.md): reading one, its
// lines and accounts, the lists, the purchases still owed and a shift's payments out. Creating is in
// crear.ts, changing and cancelling in cambios.ts.

/** The ledger's and the journal's document type of payments out. */
export const TIPO_DOCUMENTO_EGRESO = 'egreso';
/** The ledger's target type of purchases (cartera DESTINOS.compra) and the debit notes' source type. */
export const TIPO_DESTINO_COMPRA = 'compra';
const TIPO_ORIGEN_NOTA_DE_DEBITO = 'notaDeDebito';

/** Spec 002 §3: a payment out counts in its shift until its cancellation is approved. */
export const EGRESO_EN_VIGOR = sql.raw(`('Activo', 'Por-Anular')`);

export type FilaEgreso = typeof recibosEgresos.$inferSelect;
export type FilaLineaEgreso = typeof lineasEgreso.$inferSelect;
type Cuentas = Map<string, CuentaContableRef>;

async function cuentasDe(ctx: Ctx, ids: readonly (string | null)[]): Promise<Cuentas> {
  return referenciasDeCuentas(
    ctx,
    ids.filter((id): id is string => id !== null),
  );
}

function cuenta(cuentas: Cuentas, id: string): CuentaContableRef {
  const encontrada = cuentas.get(id);
  if (!encontrada) {
    throw new Error(`La cuenta ${id} del recibo de egreso no existe`);
  }
  return encontrada;
}

function aEgreso(fila: FilaEgreso, cuentas: Cuentas): Egreso {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    idNumeracion: fila.idNumeracion,
    numeracionNombre: fila.numeracionNombre,
    numero: fila.numero,
    comprobante: fila.comprobante,
    tipoDeEgreso: fila.tipoDeEgreso,
    idCliente: fila.idCliente,
    nombreProveedor: fila.nombreProveedor,
    fechaDeEmision: fila.fechaDeEmision,
    formaDePago: fila.formaDePago,
    cuentaContableCredito: cuenta(cuentas, fila.idCuentaCredito),
    cuentaPorPagarProveedores: fila.idCuentaPorPagar ? cuenta(cuentas, fila.idCuentaPorPagar) : null,
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
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    notaAnular: fila.notaAnular,
    notaAutorizacion: fila.notaAutorizacion,
    idUsuarioCreador: fila.idUsuarioCreador,
    creadoPor: fila.creadoPor,
    creadoEn: fila.creadoEn.toISOString(),
  };
}

function aLinea(fila: FilaLineaEgreso, cuentas: Cuentas): LineaEgreso {
  return {
    _id: fila.id,
    idEgresosRef: fila.idEgreso,
    idCompra: fila.idCompra,
    comprobanteCompra: fila.comprobanteCompra,
    ncfCompra: fila.ncfCompra,
    numeroCompra: fila.numeroCompra,
    total: Number(fila.totalCompra),
    balancePendiente: Number(fila.balancePendiente),
    cobrado: Number(fila.cobrado),
    montoNotaDeDebitoRef: Number(fila.montoNotaDeDebitoRef),
    cuentaContableDebito: cuenta(cuentas, fila.idCuentaDebito),
    importe: Number(fila.importe),
    nota: fila.nota,
  };
}

export async function filaDeEgreso(ctx: Ctx, id: string, bloquear = false): Promise<FilaEgreso> {
  const consulta = ctx.tx
    .select()
    .from(recibosEgresos)
    .where(and(eq(recibosEgresos.tenantId, ctx.tenantId), eq(recibosEgresos.id, id)))
    .limit(1);
  const [fila] = bloquear ? await consulta.for('update') : await consulta;
  if (!fila) {
    throw new AppError('no_encontrado', 'El recibo de egreso no existe.');
  }
  return fila;
}

export async function lineasDe(ctx: Ctx, idEgreso: string): Promise<FilaLineaEgreso[]> {
  return ctx.tx
    .select()
    .from(lineasEgreso)
    .where(and(eq(lineasEgreso.tenantId, ctx.tenantId), eq(lineasEgreso.idEgreso, idEgreso)))
    .orderBy(asc(lineasEgreso.orden));
}

export async function detalleDe(ctx: Ctx, fila: FilaEgreso): Promise<DetalleEgreso> {
  const lineas = await lineasDe(ctx, fila.id);
  const cuentas = await cuentasDe(ctx, [
    fila.idCuentaCredito,
    fila.idCuentaPorPagar,
    ...lineas.map((l) => l.idCuentaDebito),
  ]);
  return { res: lineas.map((l) => aLinea(l, cuentas)), egresoReferenciadoGral: aEgreso(fila, cuentas) };
}

/** GET /recibos-egresos/{id}. */
export async function obtenerEgreso(ctx: Ctx, id: string): Promise<DetalleEgreso> {
  return detalleDe(ctx, await filaDeEgreso(ctx, id));
}

/** GET /recibos-egresos/egreso-cc/{id} (spec 001 §7): the lines as listaDeEgresos. */
export async function egresoCc(
  ctx: Ctx,
  id: string,
): Promise<{ listaDeEgresos: LineaEgreso[]; egresoReferenciadoGral: Egreso }> {
  const { res, egresoReferenciadoGral } = await obtenerEgreso(ctx, id);
  return { listaDeEgresos: res, egresoReferenciadoGral };
}

async function aEgresos(ctx: Ctx, pagina: readonly FilaEgreso[]): Promise<Egreso[]> {
  const cuentas = await cuentasDe(
    ctx,
    pagina.flatMap((f) => [f.idCuentaCredito, f.idCuentaPorPagar]),
  );
  return pagina.map((f) => aEgreso(f, cuentas));
}

/** POST /recibos-egresos/todos: 14 per page (spec 001 §9), newest first; the audit view lists Por-Anular and Anulado. */
export async function listarEgresos(
  ctx: Ctx,
  filtro: FiltroEgresos,
): Promise<{ res: Egreso[]; totalRows: number }> {
  const condiciones = [sql`e.tenant_id = ${ctx.tenantId}`];
  condiciones.push(
    filtro.buscarPorEstado ? sql`e.estado in ('Por-Anular', 'Anulado')` : sql`e.estado <> 'Anulado'`,
  );
  const dias = entreDias(sql`e.fecha_de_emision`, diasDelFiltro(filtro));
  if (dias) {
    condiciones.push(dias);
  }
  if (filtro.egresosDelTurno && filtro.idTurnoRef) {
    condiciones.push(sql`e.id_turno = ${filtro.idTurnoRef}`);
  }
  if (filtro.idCuentaDeBanco) {
    // Spec 002 §7: the bank account's _id; what lands on the bank is its ledger account (docs/accounting.md
    // «Cuentas de banco y transferencias»).
    const banco = await cuentaDeBanco(ctx, filtro.idCuentaDeBanco);
    condiciones.push(sql`e.id_cuenta_credito = ${banco.idCuentaContable}`);
  }
  if (filtro.formaDePago) {
    condiciones.push(sql`e.forma_de_pago = ${filtro.formaDePago}`);
  }
  if (filtro.input) {
    const patron = `%${filtro.input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(sql`(e.comprobante ilike ${patron} or e.nombre_proveedor ilike ${patron})`);
  }
  const donde = sql.join(condiciones, sql` and `);
  const [total] = await filas<{ total: string }>(
    ctx.tx,
    sql`select count(*) as total from recibos_egresos e where ${donde}`,
  );
  const pagina = await ctx.tx
    .select()
    .from(recibosEgresos)
    .where(sql`${recibosEgresos.id} in (select e.id from recibos_egresos e where ${donde}
      order by e.fecha_de_emision desc, e.numero desc limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit})`)
    .orderBy(sql`${recibosEgresos.fechaDeEmision} desc, ${recibosEgresos.numero} desc`);
  return { res: await aEgresos(ctx, pagina), totalRows: Number(total?.total ?? 0) };
}

/**
 * POST /recibos-egresos/egresos-del-turno (spec 002 §7): the shift's payments out, all states, in the
 * order made; `efectivo` is the cash of those in force (the shift's retiroDeEfectivo, which
 * turnos.ventasDeTurnos sums with the same rule).
 */
export async function egresosDelTurno(ctx: Ctx, idTurno: string): Promise<EgresosDelTurno> {
  const delTurno = await ctx.tx
    .select()
    .from(recibosEgresos)
    .where(and(eq(recibosEgresos.tenantId, ctx.tenantId), eq(recibosEgresos.idTurno, idTurno)))
    .orderBy(asc(recibosEgresos.creadoEn), asc(recibosEgresos.numero));
  const vigentes = delTurno.filter((f) => f.estado !== 'Anulado');
  return {
    res: await aEgresos(ctx, delTurno),
    total: aPesos(sumarCentavos(vigentes.map((f) => aCentavos(f.total)))),
    efectivo: aPesos(
      sumarCentavos(vigentes.filter((f) => f.formaDePago === 'Efectivo').map((f) => aCentavos(f.total))),
    ),
  };
}

type FilaCompraPendiente = {
  id: string;
  id_cliente: string;
  nombre: string;
  rnc: string;
  comprobante: string;
  ncf: string;
  numero: string | number;
  fecha: string;
  vence: string | null;
  total_gral: string;
  monto_a_pagar: string;
  pagado: string;
  notas: string;
  otras: string;
  estado: string;
};

/**
 * What each purchase owes and has paid, read from the payables ledger (docs/payments.md «Pagos a
 * proveedores»): pending = monto_a_pagar − pagado − applications in force; cobrado = pagado + payments out
 * applied; montoNotaDeDebitoRef = what debit notes applied. `donde` narrows the purchases (alias c).
 */
export async function comprasConSaldo(
  ctx: Ctx,
  donde: ReturnType<typeof sql>,
  pagina: { limit: number; offset: number },
): Promise<CompraPendiente[]> {
  const leidas = await filas<FilaCompraPendiente>(
    ctx.tx,
    sql`select c.id, c.id_cliente, c.nombre, c.rnc, c.comprobante, c.ncf, c.numero,
          to_char(c.fecha_emision, 'YYYY-MM-DD') as fecha, to_char(c.vencimiento, 'YYYY-MM-DD') as vence,
          c.total_gral, c.monto_a_pagar, c.pagado, c.estado,
          coalesce(a.notas, 0) as notas, coalesce(a.otras, 0) as otras
        from compras c
        left join lateral (
          select sum(a.monto) filter (where a.tipo_origen = ${TIPO_ORIGEN_NOTA_DE_DEBITO}) as notas,
                 sum(a.monto) filter (where a.tipo_origen <> ${TIPO_ORIGEN_NOTA_DE_DEBITO}) as otras
          from aplicaciones_de_cartera a
          where a.tenant_id = c.tenant_id and a.tipo_destino = ${TIPO_DESTINO_COMPRA} and a.id_destino = c.id
            and a.revertida_en is null
        ) a on true
        where c.tenant_id = ${ctx.tenantId} and ${donde}
        order by c.fecha_emision, c.numero, c.creado_en
        limit ${pagina.limit} offset ${pagina.offset}`,
  );
  return leidas.map((c) => {
    const montoAPagar = aCentavos(c.monto_a_pagar);
    const cobrado = (aCentavos(c.pagado) + aCentavos(c.otras)) as Centavos;
    const notas = aCentavos(c.notas);
    const pendiente = (montoAPagar - cobrado - notas) as Centavos;
    return {
      _id: c.id,
      idCliente: c.id_cliente,
      nombre: c.nombre,
      rnc: c.rnc,
      comprobante: c.comprobante,
      ncf: c.ncf,
      numeroCompra: Number(c.numero),
      fechaEmision: c.fecha,
      vencimiento: c.vence ?? c.fecha,
      total: aPesos(aCentavos(c.total_gral)),
      montoAPagar: aPesos(montoAPagar),
      cobrado: aPesos(cobrado),
      montoNotaDeDebitoRef: aPesos(notas),
      pendiente: aPesos(pendiente),
      estadoDePago: estadoDePagoCompra({ estado: c.estado, pagado: cobrado, pendiente }),
    };
  });
}

/**
 * POST /recibos-egresos/pendientes/ and /una_pendiente/ (spec 001 §7): active purchases with a
 * balance, of one supplier (oldest first) or just one purchase.
 */
export async function comprasPendientes(
  ctx: Ctx,
  filtro: Partial<FiltroComprasPendientes> & { idCompra?: string | null | undefined },
): Promise<{ res: CompraPendiente[] }> {
  const condiciones = [
    sql`c.estado = 'Activo'`,
    sql`c.monto_a_pagar - c.pagado - ${sqlAplicado(ctx, TIPO_DESTINO_COMPRA, sql`c.id`)} > 0`,
  ];
  if (filtro.id) {
    condiciones.push(sql`c.id_cliente = ${filtro.id}`);
  }
  if (filtro.idCompra) {
    condiciones.push(sql`c.id = ${filtro.idCompra}`);
  }
  const limit = filtro.limit ?? 125;
  return {
    res: await comprasConSaldo(ctx, sql.join(condiciones, sql` and `), {
      limit,
      offset: ((filtro.page ?? 1) - 1) * limit,
    }),
  };
}
