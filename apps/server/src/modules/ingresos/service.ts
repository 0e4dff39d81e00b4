import { randomUUID } from 'node:crypto';
import {
  type AnularIngreso,
  type CrearIngreso,
  type CuentaContableRef,
  type DetalleIngreso,
  type Factura,
  type FiltroIngresos,
  type Ingreso,
  type LineaIngreso,
  MENSAJE_MOTIVO_INGRESO,
  MENSAJE_TURNO_CERRADO,
  tienePermiso,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, fechaYHoraEnSantoDomingo, sumarCentavos } from '@pos/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { anularDocumento, RESULTADO_EN_MASCULINO } from '../anulaciones/service.ts';
import { aplicar, revertir } from '../cartera/service.ts';
import { type CuentasDelTerminal, sqlCuentasDelTerminal } from '../configuracion/service.ts';
import { type LineaDeAsiento, registrarAsiento, revertirAsientos } from '../contabilidad/asientos.service.ts';
import { cuentaDeDetalle, referenciasDeCuentas, sqlCuentasAsignadas } from '../contabilidad/service.ts';
import { contactoDeUnaVenta, obtenerContacto } from '../contactos/service.ts';
import { cuentaDe, cuentaDelMetodo } from '../facturas/escritura.ts';
import { facturasConSaldo, TIPO_DOCUMENTO_FACTURA } from '../facturas/lectura.ts';
import type { CuentasAsignadas } from '../facturas/venta.ts';
import { tomarNumero } from '../numeracion/service.ts';
import { turnoAbiertoDe } from '../turnos/service.ts';
import { ingresosRecibidos, lineasIngreso } from './tables.ts';

/** The ledger's and the journal's document type of receipts in. */
export const TIPO_DOCUMENTO_INGRESO = 'ingreso';

type FilaIngreso = typeof ingresosRecibidos.$inferSelect;
type FilaLinea = typeof lineasIngreso.$inferSelect;
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

function aIngreso(fila: FilaIngreso, cuentas: Cuentas): Ingreso {
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
    cuentaContableCredito: fila.idCuentaCredito ? cuenta(cuentas, fila.idCuentaCredito) : null,
    importe: Number(fila.importe),
    nota: fila.nota,
  };
}

async function filaDeIngreso(ctx: Ctx, id: string, bloquear = false): Promise<FilaIngreso> {
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

async function lineasDe(ctx: Ctx, idIngreso: string): Promise<FilaLinea[]> {
  return ctx.tx
    .select()
    .from(lineasIngreso)
    .where(and(eq(lineasIngreso.tenantId, ctx.tenantId), eq(lineasIngreso.idIngreso, idIngreso)))
    .orderBy(asc(lineasIngreso.orden));
}

async function detalleDe(ctx: Ctx, fila: FilaIngreso): Promise<DetalleIngreso> {
  const lineas = await lineasDe(ctx, fila.id);
  const cuentas = await cuentasDe(ctx, [
    fila.idCuentaDebito,
    fila.idCuentaPorCobrar,
    ...lineas.map((l) => l.idCuentaCredito),
  ]);
  return { res: lineas.map((l) => aLinea(l, cuentas)), ingresoReferenciadoGral: aIngreso(fila, cuentas) };
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

// ---------------------------------------------------------------- create

type FacturaACobrar = {
  id: string;
  identificador_unico: string;
  comprobante: string | null;
  numero_factura: string | null;
  id_cliente: string | null;
  nombre: string;
  total: string;
  estado: string;
  /** The account its sale debited for what stayed owed (its journal's 'Por cobrar' line). */
  cuenta_por_cobrar: string | null;
};

// The invoices a receipt pays, locked in id order (the order the ledger locks them in, cartera.aplicar)
// so that two receipts paying the same invoices queue instead of deadlocking, and a cancellation of one
// waits. Each is found by its id or, for one sold offline and collected on the same device before
// either synced (spec 000 §7 offline mode), by its identificadorUnico.
async function facturasACobrar(ctx: Ctx, ids: readonly string[]): Promise<Map<string, FacturaACobrar>> {
  const leidas = await filas<FacturaACobrar>(
    ctx.tx,
    sql`select f.id, f.identificador_unico, f.comprobante, f.numero_factura, f.id_cliente, f.nombre, f.total, f.estado,
          (select la.id_cuenta from asientos_contables a
             join lineas_asiento la on la.tenant_id = a.tenant_id and la.id_asiento = a.id
           where a.tenant_id = f.tenant_id and a.tipo_documento = ${TIPO_DOCUMENTO_FACTURA}
             and a.id_documento = f.id and a.id_asiento_revertido is null
             and la.debito > 0 and la.nota = 'Por cobrar'
           order by a.numero desc limit 1) as cuenta_por_cobrar
        from facturas f where f.tenant_id = ${ctx.tenantId}
          and (f.id in ${ids} or f.identificador_unico in ${ids})
        order by f.id for update of f`,
  );
  return new Map(leidas.flatMap((f) => [[f.id, f] as const, [f.identificador_unico, f] as const]));
}

type LineaACrear = {
  idFactura: string | null;
  comprobanteFactura: string;
  numeroFactura: number | null;
  totalFactura: Centavos;
  idCuentaCredito: string | null;
  /** The account the line credits: the invoice's receivable, or the line's own account. */
  cuentaAcreditada: string;
  importe: Centavos;
  nota: string;
};

// Spec 001 §3: paying invoices, to active invoices of one customer, one line each. What a line may
// apply (at most what its invoice still owes) is the ledger's rule, checked when it applies
// (cartera.aplicar). Credit in favour (paying more) is not available: generarCreditoAfavor changes
// nothing and an amount above the balance is refused.
async function lineasDeFacturas(
  ctx: Ctx,
  entrada: CrearIngreso,
  asignadas: CuentasAsignadas,
): Promise<{ lineas: LineaACrear[]; idCliente: string | null; nombre: string }> {
  const ids = entrada.res.map((linea, indice) => {
    if (!linea.idFactura) {
      throw new AppError('solicitud_invalida', `La línea ${indice + 1} del recibo no tiene factura.`, {
        errores: [{ campo: `res.${indice}.idFactura`, mensaje: 'Elige la factura que se paga.' }],
      });
    }
    return linea.idFactura;
  });
  const leidas = await facturasACobrar(ctx, ids);
  // Compared by the invoice found: one line may name it by its id and another by its identificadorUnico.
  const encontradas = ids.map((id) => leidas.get(id)?.id ?? id);
  if (encontradas.some((id, indice) => encontradas.indexOf(id) !== indice)) {
    throw new AppError(
      'solicitud_invalida',
      'Una factura aparece dos veces en el recibo; deja una sola línea por factura.',
    );
  }
  let idCliente = entrada.idCliente ?? null;
  let nombre = '';
  const lineas = entrada.res.map((linea, indice): LineaACrear => {
    const factura = leidas.get(ids[indice] as string);
    if (!factura) {
      throw new AppError('no_encontrado', `La factura de la línea ${indice + 1} no existe.`);
    }
    const comprobante = factura.comprobante ?? String(factura.numero_factura ?? '');
    if (factura.estado !== 'Activo') {
      throw new AppError(
        'conflicto',
        factura.estado === 'Anulado'
          ? `La factura ${comprobante} está anulada.`
          : `La factura ${comprobante} tiene una solicitud de anulación pendiente.`,
      );
    }
    if (!factura.id_cliente) {
      throw new AppError(
        'conflicto',
        `La factura ${comprobante} es de consumidor final y no tiene cliente a quien cobrar.`,
      );
    }
    if (idCliente === null) {
      idCliente = factura.id_cliente;
    }
    if (factura.id_cliente !== idCliente) {
      throw new AppError(
        'solicitud_invalida',
        `La factura ${comprobante} es de otro cliente; un recibo cobra a un solo cliente.`,
      );
    }
    nombre = factura.nombre;
    return {
      idFactura: factura.id,
      comprobanteFactura: comprobante,
      numeroFactura: factura.numero_factura === null ? null : Number(factura.numero_factura),
      totalFactura: aCentavos(factura.total),
      idCuentaCredito: null,
      cuentaAcreditada:
        factura.cuenta_por_cobrar ??
        entrada.cuentaPorCobrar?.idCuenta ??
        cuentaDe(asignadas, 'cuentasPorCobrarClientes'),
      importe: aCentavos(linea.importe),
      nota: linea.nota,
    };
  });
  return { lineas, idCliente, nombre };
}

// Spec 001 §3: to accounting accounts, each line credits its own account, a detail account (entries
// post to detail accounts only, contabilidad.cuentaDeDetalle).
async function lineasDeCuentas(ctx: Ctx, entrada: CrearIngreso): Promise<LineaACrear[]> {
  const lineas: LineaACrear[] = [];
  for (const [indice, linea] of entrada.res.entries()) {
    if (!linea.cuentaContableCredito) {
      throw new AppError(
        'solicitud_invalida',
        `La línea ${indice + 1} del recibo no tiene cuenta contable.`,
        {
          errores: [
            { campo: `res.${indice}.cuentaContableCredito`, mensaje: 'Elige la cuenta que se acredita.' },
          ],
        },
      );
    }
    const { idCuenta } = await cuentaDeDetalle(
      ctx,
      linea.cuentaContableCredito.idCuenta,
      `la línea ${indice + 1} del recibo`,
    );
    lineas.push({
      idFactura: null,
      comprobanteFactura: '',
      numeroFactura: null,
      totalFactura: 0 as Centavos,
      idCuentaCredito: idCuenta,
      cuentaAcreditada: idCuenta,
      importe: aCentavos(linea.importe),
      nota: linea.nota,
    });
  }
  return lineas;
}

/**
 * POST /ingresos-recibidos/ (spec 001 §3, §4, §7): one transaction. A retry with the same
 * identificadorUnico answers the receipt already created (solicitudDuplicada) and writes nothing.
 * From the POS it needs the seller's open shift (spec 001 §8) and belongs to it. The number comes
 * from the 'recibos' numbering; each invoice line applies its amount to its invoice in the receivables
 * ledger (cartera.aplicar, which refuses more than the invoice owes); the journal entry
 * debits the money's account (chosen, or by payment method: the terminal's card, debit-card or
 * transfer account, else the cash box; spec 001 §4) and credits each invoice's receivable account or
 * each line's account.
 */
export async function crearIngreso(
  ctx: CtxConSesion,
  entrada: CrearIngreso,
): Promise<(LineaIngreso & { solicitudDuplicada: boolean })[]> {
  // Twins of one receipt (a retry racing the first try) queue here, so the second finds the first
  // created instead of finding its invoices already paid and refusing (invariant 4).
  await filas(
    ctx.tx,
    sql`select pg_advisory_xact_lock(${ctx.tenantId}, hashtext(${`ingreso:${entrada.identificadorUnico}`}))`,
  );
  // Spec 002 §3: the POS right collects invoices into its payment method's account; posting to other
  // accounts, or choosing the account, is the receipts module's (ingresos.crear).
  if (
    (!entrada.tipoDeIngreso || entrada.cuentaContableDebito) &&
    !tienePermiso(ctx.usuario.privilegios, 'ingresos', 'crear')
  ) {
    throw new AppError(
      'prohibido',
      'Con el permiso del punto de venta solo se cobran facturas, a la cuenta de la forma de pago.',
    );
  }
  const { fila, solicitudDuplicada } = await crearUnaVez({
    indice: 'ingresos_recibidos_identificador_unico',
    buscar: async () => {
      const [existente] = await ctx.tx
        .select()
        .from(ingresosRecibidos)
        .where(
          and(
            eq(ingresosRecibidos.tenantId, ctx.tenantId),
            eq(ingresosRecibidos.identificadorUnico, entrada.identificadorUnico),
          ),
        )
        .limit(1);
      return existente;
    },
    crear: () => escribirIngreso(ctx, entrada),
  });
  return (await detalleDe(ctx, fila)).res.map((l) => ({ ...l, solicitudDuplicada }));
}

/** The receipt's rows, applications and journal entry (crearIngreso checked it is not a replay). */
async function escribirIngreso(ctx: CtxConSesion, entrada: CrearIngreso): Promise<FilaIngreso> {
  const { desdeElpos } = entrada;
  const turno = desdeElpos.desdePos
    ? await turnoAbiertoDe(ctx, desdeElpos.idUsuarioDelTurno ?? ctx.usuario._id)
    : null;
  if (desdeElpos.desdePos && !turno) {
    throw new AppError('conflicto', MENSAJE_TURNO_CERRADO, { datos: { estadoDelTurno: false } });
  }
  const idTerminal = desdeElpos.idTerminalRef ?? turno?.idTerminal ?? null;
  const [contexto] = await filas<{ terminal: CuentasDelTerminal | null; cuentas: CuentasAsignadas | null }>(
    ctx.tx,
    sql`select ${sqlCuentasDelTerminal(ctx, sql`${idTerminal}::uuid`)} as terminal, ${sqlCuentasAsignadas(ctx)} as cuentas`,
  );
  if (idTerminal && !contexto?.terminal) {
    throw new AppError('no_encontrado', 'El terminal del recibo no existe.');
  }
  const asignadas = contexto?.cuentas ?? {};
  // Chosen accounts must be detail accounts, like every account an entry posts to.
  if (entrada.cuentaContableDebito) {
    await cuentaDeDetalle(ctx, entrada.cuentaContableDebito.idCuenta, 'la cuenta que recibe el dinero');
  }
  if (entrada.cuentaPorCobrar) {
    await cuentaDeDetalle(ctx, entrada.cuentaPorCobrar.idCuenta, 'la cuenta por cobrar');
  }
  // The customer as the POS names it: by id, or by the identificadorUnico of a contact created offline
  // (spec 000 §4), so its invoices compare with its real id.
  const cliente = entrada.idCliente ? await contactoDeUnaVenta(ctx, entrada.idCliente) : null;
  const conCliente = { ...entrada, idCliente: cliente?._id ?? null };
  const deFacturas = entrada.tipoDeIngreso ? await lineasDeFacturas(ctx, conCliente, asignadas) : null;
  const lineas = deFacturas ? deFacturas.lineas : await lineasDeCuentas(ctx, entrada);
  const fecha = entrada.fechaDeEmision ?? fechaYHoraEnSantoDomingo(new Date()).fecha;
  // The receipt's id is chosen here so that its applications name it; they are checked and written
  // before the number is taken, as the invoice lines were always checked first.
  const idIngreso = randomUUID();
  const aplicadas = await aplicar(
    ctx,
    lineas.flatMap((l, indice) =>
      l.idFactura === null
        ? []
        : [
            {
              tipoDestino: TIPO_DOCUMENTO_FACTURA,
              idDestino: l.idFactura,
              tipoOrigen: TIPO_DOCUMENTO_INGRESO,
              idOrigen: idIngreso,
              monto: l.importe,
              fecha,
              metodo: entrada.formaDePago,
              campo: `res.${indice}.importe`,
            },
          ],
    ),
  );
  // What each invoice owed before this receipt (balancePendiente), in line order; 0 on account lines.
  const pendientesAntes = deFacturas ? aplicadas.map((a) => a.pendienteAntes) : [];
  const idCliente = deFacturas?.idCliente ?? conCliente.idCliente;
  const contacto = cliente ?? (idCliente ? await obtenerContacto(ctx, idCliente) : null);
  const nombreCliente =
    entrada.nombreCliente ||
    (contacto ? `${contacto.nombre} ${contacto.apellidos}`.trim() : (deFacturas?.nombre ?? ''));
  const idCuentaDebito =
    entrada.cuentaContableDebito?.idCuenta ??
    cuentaDelMetodo(entrada.formaDePago, contexto?.terminal ?? null, asignadas);
  const total = sumarCentavos(lineas.map((l) => l.importe));
  const numero = await tomarNumero(ctx, 'recibos', entrada.idNumeracion ?? undefined);
  const [cabecera] = await ctx.tx
    .insert(ingresosRecibidos)
    .values({
      tenantId: ctx.tenantId,
      id: idIngreso,
      identificadorUnico: entrada.identificadorUnico,
      idNumeracion: numero.idNumeracion,
      numeracionNombre: numero.numeracionNombre,
      numero: numero.numero,
      comprobante: numero.comprobante,
      tipoDeIngreso: entrada.tipoDeIngreso,
      idCliente,
      nombreCliente,
      fechaDeEmision: fecha,
      formaDePago: entrada.formaDePago,
      idCuentaDebito,
      idCuentaPorCobrar: deFacturas
        ? (lineas[0]?.cuentaAcreditada ?? null)
        : (entrada.cuentaPorCobrar?.idCuenta ?? null),
      idCentroDeCosto: entrada.idCentroDeCosto ?? null,
      centroDeCosto: entrada.centroDeCosto,
      desdePos: desdeElpos.desdePos,
      idTerminal,
      idTurno: turno?.id ?? null,
      total: String(aPesos(total)),
      detalles: entrada.detalles,
      idUsuarioCreador: ctx.usuario._id,
      creadoPor: ctx.usuario.username,
    })
    .returning();
  if (!cabecera) {
    throw new Error('La inserción del recibo no devolvió fila');
  }
  await ctx.tx.insert(lineasIngreso).values(
    lineas.map((l, orden) => ({
      tenantId: ctx.tenantId,
      idIngreso,
      orden,
      idFactura: l.idFactura,
      comprobanteFactura: l.comprobanteFactura,
      numeroFactura: l.numeroFactura,
      totalFactura: String(aPesos(l.totalFactura)),
      balancePendiente: String(aPesos(pendientesAntes[orden] ?? (0 as Centavos))),
      idCuentaCredito: l.idCuentaCredito,
      importe: String(aPesos(l.importe)),
      nota: l.nota,
    })),
  );
  const asiento: LineaDeAsiento[] = [
    { idCuenta: idCuentaDebito, debito: total, nota: entrada.formaDePago },
    ...lineas.map((l) => ({
      idCuenta: l.cuentaAcreditada,
      credito: l.importe,
      nota: l.comprobanteFactura ? `Cobro ${l.comprobanteFactura}` : l.nota || 'Ingreso',
    })),
  ];
  await registrarAsiento(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_INGRESO,
    idDocumento: idIngreso,
    fecha,
    descripcion: `Recibo ${numero.comprobante}${nombreCliente ? ` · ${nombreCliente}` : ''}`,
    comprobante: numero.comprobante,
    lineas: asiento,
  });
  return cabecera;
}

// ---------------------------------------------------------------- lists

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
    condiciones.push(sql`i.id_cuenta_debito = ${filtro.idCuentaDeBanco}`);
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
  return { res: pagina.map((f) => aIngreso(f, cuentas)), totalRows: Number(cuenta?.total ?? 0) };
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

// ---------------------------------------------------------------- cancel

// The receipt is undone: the ledger takes back its applications (its invoices owe again) and a
// reversing journal entry is posted. Its number stays used (gapless; the receipt remains, Anulado).
async function deshacerIngreso(ctx: Ctx, fila: FilaIngreso): Promise<void> {
  await revertir(ctx, TIPO_DOCUMENTO_INGRESO, fila.id);
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_INGRESO,
    fila.id,
    fechaYHoraEnSantoDomingo(new Date()).fecha,
    `Anulación del recibo ${fila.comprobante}`,
  );
}

/**
 * PUT /ingresos-recibidos/anular/ (spec 000 §4, 001 §4-§5): a free-text reason; a user with
 * anularYEliminarDocumentos cancels at once, anyone else files a request (Por-Anular / Pendiente) that a
 * supervisor approves (cancelled and undone) or rejects (back to Activo, 'Solicitud Denegada'), sending
 * autorizacion on the same call.
 */
export async function anularIngreso(
  ctx: CtxConSesion,
  entrada: AnularIngreso,
): Promise<{ ingresoDb: Ingreso; resultado: 'anulado' | 'solicitado' | 'aprobado' | 'rechazado' }> {
  const id = entrada.idIngresosRef;
  const fila = await filaDeIngreso(ctx, id, true);
  const { documento, resultado } = await anularDocumento(
    ctx,
    {
      tipoDocumento: TIPO_DOCUMENTO_INGRESO,
      id,
      numero: fila.comprobante,
      estado: fila.estado,
      nombre: `El recibo ${fila.comprobante}`,
      anulado: 'anulado',
    },
    entrada,
    {
      // Spec 001 §5: a receipt's reason is free text.
      motivo: async () => {
        if (!entrada.notaAnular) {
          throw new AppError('solicitud_invalida', MENSAJE_MOTIVO_INGRESO, {
            errores: [{ campo: 'notaAnular', mensaje: MENSAJE_MOTIVO_INGRESO }],
          });
        }
        return { tipoDeAnulacion: '', notaAnular: entrada.notaAnular };
      },
      deshacer: () => deshacerIngreso(ctx, fila),
      guardar: async (cambio) => {
        const [cambiada] = await ctx.tx
          .update(ingresosRecibidos)
          .set({
            estado: cambio.estado,
            autorizacion: cambio.autorizacion,
            ...(cambio.notaAutorizacion === undefined ? {} : { notaAutorizacion: cambio.notaAutorizacion }),
            ...(cambio.notaAnular === undefined ? {} : { notaAnular: cambio.notaAnular }),
            actualizadoEn: new Date(),
          })
          .where(and(eq(ingresosRecibidos.tenantId, ctx.tenantId), eq(ingresosRecibidos.id, id)))
          .returning();
        return cambiada ?? fila;
      },
    },
  );
  return {
    ingresoDb: (await detalleDe(ctx, documento)).ingresoReferenciadoGral,
    resultado: RESULTADO_EN_MASCULINO[resultado],
  };
}
