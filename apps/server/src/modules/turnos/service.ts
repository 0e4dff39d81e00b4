import {
  type AbrirTurno,
  type CerrarTurno,
  type DocumentosDelTurno,
  type LineaDeEfectivo,
  MENSAJE_EXISTE_TURNO_ABIERTO,
  MENSAJE_NO_EXISTE_TURNO,
  type Turno,
  type TurnoActual,
  tienePermiso,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  aTextoDecimal,
  type Centavos,
  calcularTotalesDelTurno,
  contarEfectivo,
  diferenciaDeCaja,
  rangoDeFechas,
} from '@pos/domain';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion, UsuarioSesion } from '../../http/handle.ts';
import { sqlAplicado } from '../cartera/service.ts';
import { existeTerminal, nombresDeTerminales } from '../configuracion/service.ts';
import { transaccionesDelTurno } from '../creditos/lectura.ts';
import { egresosDelTurno } from '../egresos/lectura.ts';
import { nombresDeUsuarios } from '../usuarios/service.ts';
import { type ResumenDeCierre, turnos } from './tables.ts';

const MENSAJE_TURNO_NO_EXISTE = 'El turno no existe.';
const MENSAJE_TERMINAL_NO_EXISTE = 'El terminal seleccionado no existe.';
const MENSAJE_TURNO_AJENO =
  'Solo puedes cerrar tu propio turno. Para cerrar el turno de otro usuario necesitas permiso para modificar terminales o para anular documentos.';
const FECHA = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The user's open shift, for the invoice service (spec 002 §5: a POS sale belongs to the seller's open
 * shift). One query on the partial unique index turnos_abierto_por_usuario. FOR KEY SHARE holds the row
 * until the sale commits: closing takes FOR UPDATE, so a shift cannot close between this check and the
 * invoice's insert (the closing then waits and its summary includes the sale), and a sale that waits on
 * a closing finds no open shift once it commits.
 */
export async function turnoAbiertoDe(
  ctx: Ctx,
  idUsuario: string,
): Promise<{ id: string; idTerminal: string } | null> {
  const [fila] = await ctx.tx
    .select({ id: turnos.id, idTerminal: turnos.idTerminal })
    .from(turnos)
    .where(abiertoDe(ctx, idUsuario))
    .limit(1)
    .for('key share');
  return fila ?? null;
}

/** turnoAbiertoDe as an SQL expression yielding { id, idTerminal } or null, with the same lock. */
export function sqlTurnoAbierto(ctx: Ctx, idUsuario: string): SQL {
  return sql`(select json_build_object('id', id, 'idTerminal', id_terminal) from turnos
    where tenant_id = ${ctx.tenantId} and id_usuario = ${idUsuario} and estado_del_turno
    for key share)`;
}

function abiertoDe(ctx: Ctx, idUsuario: string): SQL | undefined {
  return and(
    eq(turnos.tenantId, ctx.tenantId),
    eq(turnos.idUsuario, idUsuario),
    eq(turnos.estadoDelTurno, true),
  );
}

// ---------------------------------------------------------------- reading shifts

// The shift with its terminal's and user's names, joined from the read-only subqueries of the
// configuracion and usuarios modules (they own those tables).
function consultarTurnos(ctx: Ctx) {
  const terminal = nombresDeTerminales;
  const usuario = nombresDeUsuarios;
  return ctx.tx
    .select({ turno: turnos, nombreTerminal: terminal.nombre, nombreUsuario: usuario.username })
    .from(turnos)
    .innerJoin(terminal, and(eq(terminal.tenantId, turnos.tenantId), eq(terminal.id, turnos.idTerminal)))
    .innerJoin(usuario, and(eq(usuario.tenantId, turnos.tenantId), eq(usuario.id, turnos.idUsuario)));
}

type FilaTurno = {
  turno: typeof turnos.$inferSelect;
  nombreTerminal: string;
  nombreUsuario: string;
};

/** What the shift's active invoices brought in, in cents. */
type VentasDelTurno = {
  efectivo: Centavos;
  tarjetaCredito: Centavos;
  tarjetaDebito: Centavos;
  transferencia: Centavos;
  cheque: Centavos;
  credito: Centavos;
  cantidadDeFacturas: number;
  /** Cash collected by the shift's receipts in (ingresos recibidos en efectivo). */
  ingresoDeEfectivo: Centavos;
  /** Cash paid back by the shift's credit notes (refunds from the cash box). */
  devolucionesDeEfectivo: Centavos;
  /** Cash taken out by the shift's payments out (POS cash withdrawals, modules/egresos). */
  retiroDeEfectivo: Centavos;
};

const SIN_VENTAS: VentasDelTurno = {
  efectivo: 0 as Centavos,
  tarjetaCredito: 0 as Centavos,
  tarjetaDebito: 0 as Centavos,
  transferencia: 0 as Centavos,
  cheque: 0 as Centavos,
  credito: 0 as Centavos,
  cantidadDeFacturas: 0,
  ingresoDeEfectivo: 0 as Centavos,
  devolucionesDeEfectivo: 0 as Centavos,
  retiroDeEfectivo: 0 as Centavos,
};

type Monto = string | number | null;

function centavos(valor: Monto): Centavos {
  return aCentavos(valor ?? 0);
}

function pesos(valor: Monto): number {
  return aPesos(centavos(valor));
}

// Spec 002 §3 "Shift": totals per payment method. Invoices count until their cancellation is approved
// (CUENTAN_EN_EL_TURNO): one Por-Anular is still a sale in the books and its money is still in the
// drawer, the same rule as the receipts below. A payment is the amount applied to the invoice (change
// excluded), taken when it was issued (origen 'factura'; later receipts belong to the receipt's own
// shift). The facturas / pagos_factura tables are read directly: this is a read-only report of the
// shift; the unpaid part also subtracts what receipts applied since (the receivables ledger,
// cartera.sqlAplicado). Sums are done by PostgreSQL on numeric columns (exact) and only converted to cents here.
const CUENTAN_EN_EL_TURNO = sql.raw(`('Activo', 'Por-Anular')`);

/** The sales of each shift in `ids`, by payment method, with the unpaid part and the invoice count. */
async function ventasDeTurnos(ctx: Ctx, ids: readonly string[]): Promise<Map<string, VentasDelTurno>> {
  const resultado = new Map<string, VentasDelTurno>();
  if (ids.length === 0) {
    return resultado;
  }
  const lista = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await filas<{
    idTurno: string;
    cantidad: number;
    credito: Monto;
    efectivo: Monto;
    tarjeta: Monto;
    tarjetaDebito: Monto;
    transferencia: Monto;
    cheque: Monto;
  }>(
    ctx.tx,
    sql`select f.id_turno as "idTurno", count(*)::int as cantidad,
          sum(greatest(f.monto_a_pagar - f.cobrado - ${sqlAplicado(ctx, 'factura', sql`f.id`)}, 0)) as credito,
          sum(p.efectivo) as efectivo, sum(p.tarjeta) as tarjeta, sum(p.tarjeta_debito) as "tarjetaDebito",
          sum(p.transferencia) as transferencia, sum(p.cheque) as cheque
        from facturas f
        left join lateral (
          select sum(monto) filter (where metodo = 'Efectivo') as efectivo,
                 sum(monto) filter (where metodo = 'Tarjeta') as tarjeta,
                 sum(monto) filter (where metodo = 'Tarjeta-Debito') as tarjeta_debito,
                 sum(monto) filter (where metodo = 'Transferencia') as transferencia,
                 sum(monto) filter (where metodo = 'Cheque') as cheque
          from pagos_factura p
          where p.tenant_id = f.tenant_id and p.id_factura = f.id and p.origen = 'factura'
        ) p on true
        where f.tenant_id = ${ctx.tenantId} and f.id_turno in (${lista}) and f.estado in ${CUENTAN_EN_EL_TURNO}
        group by f.id_turno`,
  );
  for (const r of rows) {
    resultado.set(r.idTurno, {
      efectivo: centavos(r.efectivo),
      tarjetaCredito: centavos(r.tarjeta),
      tarjetaDebito: centavos(r.tarjetaDebito),
      transferencia: centavos(r.transferencia),
      cheque: centavos(r.cheque),
      credito: centavos(r.credito),
      cantidadDeFacturas: Number(r.cantidad),
      ingresoDeEfectivo: 0 as Centavos,
      devolucionesDeEfectivo: 0 as Centavos,
      retiroDeEfectivo: 0 as Centavos,
    });
  }
  // The cash of the shift's receipts in (invoices collected at the POS, modules/ingresos). One with a
  // pending cancellation still counts: its cash stays in the drawer until a supervisor approves it.
  const ingresos = await filas<{ idTurno: string; efectivo: Monto }>(
    ctx.tx,
    sql`select id_turno as "idTurno", sum(total) as efectivo from ingresos_recibidos
        where tenant_id = ${ctx.tenantId} and id_turno in (${lista}) and estado in ${CUENTAN_EN_EL_TURNO}
          and forma_de_pago = 'Efectivo'
        group by id_turno`,
  );
  for (const r of ingresos) {
    resultado.set(r.idTurno, {
      ...(resultado.get(r.idTurno) ?? SIN_VENTAS),
      ingresoDeEfectivo: centavos(r.efectivo),
    });
  }
  // The cash the shift's credit notes paid back (refunds from the cash box, modules/notasDeCredito);
  // one with a pending cancellation still counts, as its cash already left the drawer.
  const devoluciones = await filas<{ idTurno: string; efectivo: Monto }>(
    ctx.tx,
    sql`select d.id_turno as "idTurno", sum(d.importe) as efectivo from devoluciones_nota_de_credito d
        join notas_de_credito n on n.tenant_id = d.tenant_id and n.id = d.id_nota_de_credito
        where d.tenant_id = ${ctx.tenantId} and d.id_turno in (${lista}) and d.efectivo
          and n.estado in ${CUENTAN_EN_EL_TURNO}
        group by d.id_turno`,
  );
  for (const r of devoluciones) {
    resultado.set(r.idTurno, {
      ...(resultado.get(r.idTurno) ?? SIN_VENTAS),
      devolucionesDeEfectivo: centavos(r.efectivo),
    });
  }
  // The cash the shift's payments out took from the drawer (POS cash withdrawals, modules/egresos);
  // one with a pending cancellation still counts (spec 002 §3, as egresos.egresosDelTurno sums it).
  const retiros = await filas<{ idTurno: string; efectivo: Monto }>(
    ctx.tx,
    sql`select id_turno as "idTurno", sum(total) as efectivo from recibos_egresos
        where tenant_id = ${ctx.tenantId} and id_turno in (${lista}) and estado in ${CUENTAN_EN_EL_TURNO}
          and forma_de_pago = 'Efectivo'
        group by id_turno`,
  );
  for (const r of retiros) {
    resultado.set(r.idTurno, {
      ...(resultado.get(r.idTurno) ?? SIN_VENTAS),
      retiroDeEfectivo: centavos(r.efectivo),
    });
  }
  return resultado;
}

// Spec 002 §3 lists the fields, not the formulas; ours (docs/api.md "Turnos"): totalGral = sales by
// every method except credit; totalEnCaja = opening amount + cash sales + cash in − cash out − cash
// refunds (the domain's calcularTotalesDelTurno); diferencia = counted − expected.
/** The shift's figures in pesos; `contado` is the closing count (null while open: no difference). */
function resumir(montoDeInicio: Centavos, ventas: VentasDelTurno, contado: Centavos | null): ResumenDeCierre {
  const ingresoDeEfectivo = ventas.ingresoDeEfectivo;
  const retiroDeEfectivo = ventas.retiroDeEfectivo;
  const devolucionesDeEfectivo = ventas.devolucionesDeEfectivo;
  const { totalGral, totalEnCaja } = calcularTotalesDelTurno({
    montoDeInicio,
    efectivo: ventas.efectivo,
    tarjetaCredito: ventas.tarjetaCredito,
    tarjetaDebito: ventas.tarjetaDebito,
    transferencia: ventas.transferencia,
    cheque: ventas.cheque,
    ingresoDeEfectivo,
    retiroDeEfectivo,
    devolucionesDeEfectivo,
  });
  return {
    efectivo: aPesos(ventas.efectivo),
    tarjetaCredito: aPesos(ventas.tarjetaCredito),
    tarjetaDebito: aPesos(ventas.tarjetaDebito),
    transferencia: aPesos(ventas.transferencia),
    cheque: aPesos(ventas.cheque),
    credito: aPesos(ventas.credito),
    ingresoDeEfectivo: aPesos(ingresoDeEfectivo),
    retiroDeEfectivo: aPesos(retiroDeEfectivo),
    devolucionesDeEfectvo: aPesos(devolucionesDeEfectivo), // sic, spec 002 §3
    totalGral: aPesos(totalGral),
    totalEnCaja: aPesos(totalEnCaja),
    diferencia: contado === null ? 0 : aPesos(diferenciaDeCaja(contado, totalEnCaja)),
    cantidadDeFacturas: ventas.cantidadDeFacturas,
  };
}

function aJson(fila: FilaTurno, resumen: ResumenDeCierre): Turno {
  const t = fila.turno;
  return {
    _id: t.id,
    idTerminalRef: t.idTerminal,
    nombreTerminal: fila.nombreTerminal,
    idUserRef: t.idUsuario,
    nombreUsuario: fila.nombreUsuario,
    estadoDelTurno: t.estadoDelTurno,
    fechaDeInicio: t.fechaDeInicio.toISOString(),
    fechaDeCierre: t.fechaDeCierre?.toISOString() ?? null,
    montoDeInicio: pesos(t.montoDeInicio),
    montoDeCierre: t.montoDeCierre === null ? null : pesos(t.montoDeCierre),
    desgloseDeEfectivoApertura: t.desgloseDeEfectivoApertura,
    desgloseDeEfectivo: t.desgloseDeEfectivo,
    descripcion: t.descripcion,
    detallesDeCierre: t.detallesDeCierre,
    ...resumen,
    diferencia: t.estadoDelTurno ? null : resumen.diferencia,
  };
}

/** Shifts as the API shows them: a closed one with its frozen summary, an open one computed live. */
async function aTurnos(ctx: Ctx, filasDeTurno: readonly FilaTurno[]): Promise<Turno[]> {
  const abiertos = filasDeTurno.filter((f) => f.turno.estadoDelTurno || f.turno.resumenDeCierre === null);
  const ventas = await ventasDeTurnos(
    ctx,
    abiertos.map((f) => f.turno.id),
  );
  return filasDeTurno.map((f) => {
    const congelado = f.turno.estadoDelTurno ? null : f.turno.resumenDeCierre;
    const resumen =
      congelado ?? resumir(centavos(f.turno.montoDeInicio), ventas.get(f.turno.id) ?? SIN_VENTAS, null);
    return aJson(f, resumen);
  });
}

async function filaDelTurno(ctx: Ctx, id: string): Promise<FilaTurno> {
  const [fila] = await consultarTurnos(ctx)
    .where(and(eq(turnos.tenantId, ctx.tenantId), eq(turnos.id, id)))
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_TURNO_NO_EXISTE);
  }
  return fila;
}

/** PATCH /turno/actual-id/{id}: one shift of the company (404 otherwise, also for another company's). */
export async function obtenerTurno(ctx: Ctx, id: string): Promise<Turno> {
  const [turno] = await aTurnos(ctx, [await filaDelTurno(ctx, id)]);
  if (!turno) {
    throw new AppError('no_encontrado', MENSAJE_TURNO_NO_EXISTE);
  }
  return turno;
}

async function turnoAbiertoCompleto(ctx: Ctx, idUsuario: string): Promise<Turno | null> {
  const [fila] = await consultarTurnos(ctx).where(abiertoDe(ctx, idUsuario)).limit(1);
  if (!fila) {
    return null;
  }
  const [turno] = await aTurnos(ctx, [fila]);
  return turno ?? null;
}

// Spec 002 §7 "PATCH /turno/actual/{userId} {idTerminalRef, cajaEfectivoDelTerminal}". A user has at
// most one open shift whatever the terminal (spec 002 §5), so the body does not narrow the answer.
/** The user's shift in progress, and whether there is one. */
export async function turnoActual(ctx: Ctx, idUsuario: string): Promise<TurnoActual> {
  const turnoEnCurso = await turnoAbiertoCompleto(ctx, idUsuario);
  return { turnoEnCurso, estadoDelTurno: turnoEnCurso !== null };
}

function offset(page: number, limit: number): number {
  return (page - 1) * limit;
}

async function contarTurnos(ctx: Ctx, donde: SQL | undefined): Promise<number> {
  const [fila] = await ctx.tx.select({ total: count() }).from(turnos).where(donde);
  return fila?.total ?? 0;
}

/** POST /turno/abiertos/: the company's open shifts (estadoDelTurno true) or closed ones, newest first. */
export async function listarTurnos(
  ctx: Ctx,
  consulta: { page: number; limit: number; estadoDelTurno: boolean },
): Promise<{ res: Turno[]; totalRows: number }> {
  const donde = and(eq(turnos.tenantId, ctx.tenantId), eq(turnos.estadoDelTurno, consulta.estadoDelTurno));
  const orden = consulta.estadoDelTurno
    ? [desc(turnos.fechaDeInicio), asc(turnos.id)]
    : [desc(turnos.fechaDeCierre), asc(turnos.id)];
  const pagina = await consultarTurnos(ctx)
    .where(donde)
    .orderBy(...orden)
    .limit(consulta.limit)
    .offset(offset(consulta.page, consulta.limit));
  return { res: await aTurnos(ctx, pagina), totalRows: await contarTurnos(ctx, donde) };
}

function invalido(campo: string, mensaje: string): AppError {
  return new AppError('solicitud_invalida', mensaje, { errores: [{ campo, mensaje }] });
}

// Spec 002 §7 "PATCH /turno/terminal/{userId} {idTerminalRef, rangoFecha, page, limit}": rangoFecha
// holds whole days in Santo Domingo (spec 000 §5: ranges run 00:00:00 to 23:59:59); one date is that day.
/** A user's shifts (optionally of one terminal) started in the date range, newest first. */
export async function turnosDelUsuario(
  ctx: Ctx,
  idUsuario: string,
  consulta: {
    idTerminalRef?: string | null | undefined;
    rangoFecha?: string[] | null | undefined;
    page: number;
    limit: number;
  },
): Promise<{ res: Turno[]; totalRows: number }> {
  const condiciones: SQL[] = [eq(turnos.tenantId, ctx.tenantId), eq(turnos.idUsuario, idUsuario)];
  if (consulta.idTerminalRef) {
    condiciones.push(eq(turnos.idTerminal, consulta.idTerminalRef));
  }
  const rango = (consulta.rangoFecha ?? []).filter((fecha) => fecha !== '');
  if (rango.length > 0) {
    const [desde, hasta = desde] = rango as [string, string?];
    if (
      !FECHA.test(desde) ||
      !FECHA.test(hasta) ||
      Number.isNaN(Date.parse(desde)) ||
      Number.isNaN(Date.parse(hasta))
    ) {
      throw invalido('rangoFecha', 'El rango de fechas debe tener el formato AAAA-MM-DD.');
    }
    if (desde > hasta) {
      throw invalido('rangoFecha', 'La fecha inicial no puede ser posterior a la final.');
    }
    const { fechaInicial, fechaFinal } = rangoDeFechas(desde, hasta);
    condiciones.push(
      sql`${turnos.fechaDeInicio} between ${fechaInicial}::timestamptz and ${fechaFinal}::timestamptz`,
    );
  }
  const donde = and(...condiciones);
  const pagina = await consultarTurnos(ctx)
    .where(donde)
    .orderBy(desc(turnos.fechaDeInicio), asc(turnos.id))
    .limit(consulta.limit)
    .offset(offset(consulta.page, consulta.limit));
  return { res: await aTurnos(ctx, pagina), totalRows: await contarTurnos(ctx, donde) };
}

// ---------------------------------------------------------------- opening and closing

/** Counts a cash breakdown (spec 002 §9 denominations); a wrong line is a 400 with the domain's message. */
function contar(
  campo: string,
  desglose: readonly LineaDeEfectivo[],
): { total: Centavos; lineas: LineaDeEfectivo[] } {
  const conteo = contarEfectivo(desglose);
  if (!conteo.ok) {
    throw invalido(campo, conteo.mensaje);
  }
  // Only the denomination and quantity are kept (ValoresGlobales is a client-side leftover).
  return { total: conteo.valor, lineas: desglose.map(({ monto, cantidad }) => ({ monto, cantidad })) };
}

function existeTurnoAbierto(turno: Turno): AppError {
  return new AppError('conflicto', MENSAJE_EXISTE_TURNO_ABIERTO, {
    datos: { existeUnTurnoAbierto: true, turno },
  });
}

// Spec 002 §4 "Shift: none to open on opening (rejected if one is already open, and the open shift is
// then loaded)", §5, §8.
/** POST /turno/: opens a shift for the signed-in user on a terminal with the opening cash count. */
export async function abrirTurno(ctx: CtxConSesion, entrada: AbrirTurno): Promise<Turno> {
  const { total, lineas } = contar('desgloseDeEfectivoApertura', entrada.desgloseDeEfectivoApertura);
  if (!(await existeTerminal(ctx, entrada.idTerminalRef))) {
    throw new AppError('no_encontrado', MENSAJE_TERMINAL_NO_EXISTE, {
      errores: [{ campo: 'idTerminalRef', mensaje: MENSAJE_TERMINAL_NO_EXISTE }],
    });
  }
  // The partial unique index turnos_abierto_por_usuario decides between two openings that race: the
  // loser's insert waits for the winner, then does nothing (ON CONFLICT rather than catching the
  // unique violation, so the transaction stays usable to read the winner's shift for the 409). A
  // second attempt covers the winner's shift closing in between.
  for (let intento = 0; intento < 2; intento++) {
    const [creado] = await ctx.tx
      .insert(turnos)
      .values({
        tenantId: ctx.tenantId,
        idTerminal: entrada.idTerminalRef,
        idUsuario: ctx.usuario._id,
        montoDeInicio: aTextoDecimal(total),
        desgloseDeEfectivoApertura: lineas,
        descripcion: entrada.descripcion,
      })
      .onConflictDoNothing({ target: [turnos.tenantId, turnos.idUsuario], where: sql`estado_del_turno` })
      .returning({ id: turnos.id });
    if (creado) {
      return obtenerTurno(ctx, creado.id);
    }
    const abierto = await turnoAbiertoCompleto(ctx, ctx.usuario._id);
    if (abierto) {
      throw existeTurnoAbierto(abierto);
    }
  }
  throw new AppError('conflicto', 'Otra operación modificó los mismos datos; intenta de nuevo.');
}

// Our rule (the spec is silent): a cashier closes only their own shift; a supervisor who may change
// terminals, or who may cancel documents, closes anyone's (e.g. a cashier who left without closing).
function puedeCerrarTurnosAjenos(usuario: UsuarioSesion): boolean {
  return tienePermiso(usuario.privilegios, 'terminales', 'modificar') || usuario.anularYEliminarDocumentos;
}

// Spec 002 §4 "open to closed on closing (rejected if none is open)", §8.
/** PATCH /turno/{userId}: closes the user's open shift with the closing count and freezes its summary. */
export async function cerrarTurno(
  ctx: CtxConSesion,
  idUsuario: string,
  entrada: CerrarTurno,
): Promise<Turno> {
  if (idUsuario !== ctx.usuario._id && !puedeCerrarTurnosAjenos(ctx.usuario)) {
    throw new AppError('prohibido', MENSAJE_TURNO_AJENO);
  }
  const { total: contado, lineas } = contar('desgloseDeEfectivo', entrada.desgloseDeEfectivo);
  // FOR UPDATE waits for sales that hold the shift (turnoAbiertoDe), so the summary includes them, and
  // makes a second closing that races this one find no open shift.
  const [abierto] = await ctx.tx
    .select({ id: turnos.id, montoDeInicio: turnos.montoDeInicio })
    .from(turnos)
    .where(abiertoDe(ctx, idUsuario))
    .limit(1)
    .for('update');
  if (!abierto) {
    throw new AppError('conflicto', MENSAJE_NO_EXISTE_TURNO, { datos: { noExisteUnTurnoAbierto: true } });
  }
  const ventas = (await ventasDeTurnos(ctx, [abierto.id])).get(abierto.id) ?? SIN_VENTAS;
  const resumenDeCierre = resumir(centavos(abierto.montoDeInicio), ventas, contado);
  await ctx.tx
    .update(turnos)
    .set({
      estadoDelTurno: false,
      fechaDeCierre: sql`now()`,
      montoDeCierre: aTextoDecimal(contado),
      desgloseDeEfectivo: lineas,
      detallesDeCierre: entrada.detallesDeCierre,
      resumenDeCierre,
      actualizadoEn: sql`now()`,
    })
    .where(and(eq(turnos.tenantId, ctx.tenantId), eq(turnos.id, abierto.id)));
  return obtenerTurno(ctx, abierto.id);
}

// ---------------------------------------------------------------- the shift's documents

type FilaFactura = {
  id: string;
  comprobante: string | null;
  numeroFactura: string | number | null;
  nombre: string;
  hora: string;
  metodoDePago: string;
  total: Monto;
  cobrado: Monto;
  pendiente: Monto;
  estado: string;
};

// Spec 002 §7 "Shifts" and §3: the shift summary groups cash invoices, credit invoices and voided
// invoices (incomes, expenses and credit notes join when those documents exist). One waiting for its
// cancellation's approval stays with the cash or credit ones, as it still counts. Read-only report:
// the facturas / pagos_factura tables are read directly.
/** POST /factura/r-documentos-del-turno: the shift with its invoices grouped and totals per method. */
export async function documentosDelTurno(ctx: Ctx, idTurno: string): Promise<DocumentosDelTurno> {
  const turno = await obtenerTurno(ctx, idTurno);
  const facturasDelTurno = await filas<FilaFactura>(
    ctx.tx,
    sql`select id, comprobante, numero_factura as "numeroFactura", nombre, hora,
            metodo_de_pago as "metodoDePago", total, cobrado + s.aplicado as cobrado,
            greatest(monto_a_pagar - cobrado - s.aplicado, 0) as pendiente, estado
          from facturas
          cross join lateral (select ${sqlAplicado(ctx, 'factura', sql`facturas.id`)} as aplicado) s
          where tenant_id = ${ctx.tenantId} and id_turno = ${idTurno}
          order by creado_en, numero_factura`,
  );
  const metodos = await filas<{ metodo: string; cantidad: number; monto: Monto }>(
    ctx.tx,
    sql`select p.metodo, count(distinct p.id_factura)::int as cantidad, sum(p.monto) as monto
          from facturas f
          join pagos_factura p on p.tenant_id = f.tenant_id and p.id_factura = f.id and p.origen = 'factura'
          where f.tenant_id = ${ctx.tenantId} and f.id_turno = ${idTurno} and f.estado in ${CUENTAN_EN_EL_TURNO}
          group by p.metodo
          order by p.metodo`,
  );
  const totales = await filas<{ total: Monto; itbis: Monto }>(
    ctx.tx,
    sql`select sum(total) as total, sum(itbis) as itbis
          from facturas
          where tenant_id = ${ctx.tenantId} and id_turno = ${idTurno} and estado in ${CUENTAN_EN_EL_TURNO}`,
  );
  const grupos: Pick<DocumentosDelTurno, 'facturasAlContado' | 'facturasACredito' | 'facturasAnuladas'> = {
    facturasAlContado: [],
    facturasACredito: [],
    facturasAnuladas: [],
  };
  for (const f of facturasDelTurno) {
    const factura = {
      _id: f.id,
      comprobante: f.comprobante,
      numeroFactura: f.numeroFactura === null ? null : Number(f.numeroFactura),
      nombre: f.nombre,
      hora: f.hora,
      metodoDePago: f.metodoDePago,
      total: pesos(f.total),
      cobrado: pesos(f.cobrado),
      pendiente: pesos(f.pendiente),
      estado: f.estado,
    };
    if (f.estado === 'Anulado') {
      grupos.facturasAnuladas.push(factura);
    } else if (centavos(f.pendiente) > 0) {
      grupos.facturasACredito.push(factura);
    } else {
      grupos.facturasAlContado.push(factura);
    }
  }
  // The shift's credit notes (modules/notasDeCredito), read-only like the invoices above.
  const notas = await filas<{
    id: string;
    comprobante: string;
    ncf_modificado: string;
    nombre: string;
    hora: string;
    total_gral: Monto;
    efectivo: Monto;
    estado: string;
  }>(
    ctx.tx,
    sql`select n.id, n.comprobante, n.ncf_modificado, n.nombre, n.hora, n.total_gral, n.estado,
          (select sum(d.importe) from devoluciones_nota_de_credito d
            where d.tenant_id = n.tenant_id and d.id_nota_de_credito = n.id and d.efectivo) as efectivo
          from notas_de_credito n
          where n.tenant_id = ${ctx.tenantId} and n.id_turno = ${idTurno}
          order by n.creado_en, n.numero`,
  );
  // Spec 002 §3 «expenses» and «voided expenses»: the shift's payments out (modules/egresos).
  const { res: egresos } = await egresosDelTurno(ctx, idTurno);
  return {
    turno,
    ...grupos,
    egresos: egresos.filter((e) => e.estado !== 'Anulado'),
    egresosAnulados: egresos.filter((e) => e.estado === 'Anulado'),
    notasDeCredito: notas.map((n) => ({
      _id: n.id,
      comprobante: n.comprobante,
      ncfModificado: n.ncf_modificado,
      nombre: n.nombre,
      hora: n.hora,
      totalGral: pesos(n.total_gral),
      devueltoEnEfectivo: pesos(n.efectivo ?? 0),
      estado: n.estado,
    })),
    porMetodoDePago: metodos.map((m) => ({
      metodo: m.metodo,
      cantidad: Number(m.cantidad),
      monto: pesos(m.monto),
    })),
    creditosAFavor: await transaccionesDelTurno(ctx, idTurno),
    totalFacturado: pesos(totales[0]?.total ?? 0),
    totalItbis: pesos(totales[0]?.itbis ?? 0),
  };
}

// Spec 002 §7 "Shifts": the products sold in the shift (read-only report over lineas_factura).
/** POST /factura/productos-vendidos-del-turno: quantity and total per product of the invoices that count. */
export async function productosVendidosDelTurno(
  ctx: Ctx,
  idTurno: string,
): Promise<{ res: { idProducto: string; descripcion: string; cantidad: number; total: number }[] }> {
  await filaDelTurno(ctx, idTurno);
  const rows = await filas<{
    idProducto: string;
    descripcion: string;
    cantidad: string | number;
    total: Monto;
  }>(
    ctx.tx,
    sql`select l.id_producto as "idProducto",
          (array_agg(l.descripcion order by f.creado_en desc, l.orden))[1] as descripcion,
          sum(l.cantidad) as cantidad, sum(l.total) as total
        from facturas f
        join lineas_factura l on l.tenant_id = f.tenant_id and l.id_factura = f.id
        where f.tenant_id = ${ctx.tenantId} and f.id_turno = ${idTurno} and f.estado in ${CUENTAN_EN_EL_TURNO}
        group by l.id_producto
        order by sum(l.total) desc, 2`,
  );
  return {
    res: rows.map((r) => ({
      idProducto: r.idProducto,
      descripcion: r.descripcion,
      cantidad: Number(r.cantidad),
      total: pesos(r.total),
    })),
  };
}
