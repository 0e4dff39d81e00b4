import { randomUUID } from 'node:crypto';
import {
  type AnularCreditoAFavor,
  type CrearCreditoAFavor,
  type CrearTransaccionCreditoAFavor,
  type CreditoAFavor,
  type FiltroCreditosDelCliente,
  type FiltroCreditosGeneral,
  MENSAJE_CREDITO_NO_EXISTE,
  MENSAJE_MOTIVO_CREDITO,
  MENSAJE_TRANSACCION_NO_EXISTE,
  type TransaccionCreada,
  type TransaccionCreditoAFavor,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  fechaYHoraEnSantoDomingo,
  formatearDinero,
  sumarCentavos,
  validarMotivoDeAnulacion,
} from '@pos/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { paginaDe } from '../../db/paginas.ts';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { anularDocumento, RESULTADO_EN_MASCULINO, resolverSolicitud } from '../anulaciones/service.ts';
import { aplicar, revertir, sqlAplicado } from '../cartera/service.ts';
import { type CuentasDelTerminal, sqlCuentasDelTerminal } from '../configuracion/service.ts';
import { registrarAsiento, revertirAsientos } from '../contabilidad/asientos.service.ts';
import { cuentaDeDetalle, sqlCuentasAsignadas } from '../contabilidad/service.ts';
import { contactoDeUnaVenta } from '../contactos/service.ts';
import { cuentaDe, cuentaDelMetodo } from '../facturas/escritura.ts';
import type { CuentasAsignadas } from '../facturas/venta.ts';
import { tomarDelContador } from '../numeracion/service.ts';
import { creditosAFavor, transaccionesCreditoAFavor } from './tables.ts';

// ---------------------------------------------------------------------------------------------
// Credits in favour (spec 001 §3 "Credit in favour", §4, §5, §7; docs/payments.md). This module is
// the only writer of creditos_a_favor and transacciones_credito_a_favor:
//
//   crearCredito        a credit a document made (a receipt's over-payment, a credit note's rest);
//                       the document posts its own entry crediting cuentaDeAnticipos.
//   crearAnticipo       POST /credito-a-favor: an advance with its money side and its own entry.
//   aplicarCreditos     credits applied to an invoice: one transaction each, a receivables-ledger
//                       application each (cartera.aplicar) and an entry Dr advances / Cr receivable.
//   anularCreditosDe    the credits of a cancelled document.
//   revertirAplicacionesA  the transactions applied to a cancelled, deleted or edited invoice.
//
// The available balance (`disponible`) is changed only under a lock on the credit's row, taken in id
// order, and a CHECK keeps it between 0 and the amount: concurrent applications queue on the credit
// and the second reads what the first left. Lock order everywhere: the invoice first, then credits.
// ---------------------------------------------------------------------------------------------

/** The journal's document type of an advance taken directly. */
export const TIPO_DOCUMENTO_CREDITO = 'creditoAFavor';
/** The ledger's source type and the journal's document type of one transaction. */
export const TIPO_ORIGEN_CREDITO = 'creditoAFavor';
export const TIPO_DOCUMENTO_TRANSACCION = 'transaccionCreditoAFavor';

type FilaCredito = typeof creditosAFavor.$inferSelect;
type FilaTransaccion = typeof transaccionesCreditoAFavor.$inferSelect;

function aTransaccion(fila: FilaTransaccion, numeroCredito: number): TransaccionCreditoAFavor {
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
async function conTransacciones(ctx: Ctx, creditos: FilaCredito[]): Promise<CreditoAFavor[]> {
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

async function filaDeCredito(ctx: Ctx, id: string, bloquear = false): Promise<FilaCredito> {
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

async function filaDeTransaccion(ctx: Ctx, id: string, bloquear = false): Promise<FilaTransaccion> {
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
async function bloquearCreditos(ctx: Ctx, ids: readonly string[]): Promise<Map<string, FilaCredito>> {
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

async function cambiarDisponible(ctx: Ctx, id: string, delta: Centavos): Promise<void> {
  await ctx.tx
    .update(creditosAFavor)
    .set({
      disponible: sql`${creditosAFavor.disponible} + ${String(aPesos(delta))}::numeric`,
      actualizadoEn: new Date(),
    })
    .where(and(eq(creditosAFavor.tenantId, ctx.tenantId), eq(creditosAFavor.id, id)));
}

// ---------------------------------------------------------------- accounts

/**
 * The customer-advances liability account (spec 002 §3 terminal field cuentaPagoAnticiposClientes):
 * the terminal's, else the company's account assignment 'anticiposDeClientes'.
 */
export async function cuentaDeAnticipos(ctx: Ctx, idTerminal?: string | null): Promise<string> {
  const [fila] = await filas<{ terminal: string | null; cuentas: CuentasAsignadas | null }>(
    ctx.tx,
    sql`select (select t.cuenta_pago_anticipos_clientes->>'idCuenta' from terminales t
                 where t.tenant_id = ${ctx.tenantId} and t.id = ${idTerminal ?? null}::uuid) as terminal,
               ${sqlCuentasAsignadas(ctx)} as cuentas`,
  );
  return fila?.terminal || cuentaDe(fila?.cuentas ?? {}, 'anticiposDeClientes');
}

// ---------------------------------------------------------------- create

type NuevoCredito = {
  idCliente: string;
  monto: Centavos;
  descripcion: string;
  fecha: string;
  origen: { tipo: 'ingreso' | 'notaDeCredito'; id: string };
  /** The advances account the caller's entry credited; cuentaDeAnticipos(ctx) when absent. */
  idCuentaAnticipos?: string;
};

async function escribirCredito(
  ctx: CtxConSesion,
  nuevo: {
    id?: string;
    identificadorUnico: string;
    idCliente: string;
    monto: Centavos;
    descripcion: string;
    fecha: string;
    tipoOrigen: FilaCredito['tipoOrigen'];
    idOrigen: string | null;
    idCuentaAnticipos: string;
  },
): Promise<FilaCredito> {
  if (nuevo.monto <= 0) {
    throw new Error('Un crédito a favor no es un monto positivo');
  }
  const cliente = await contactoDeUnaVenta(ctx, nuevo.idCliente);
  const numero = await tomarDelContador(ctx, 'creditosAFavor');
  const [fila] = await ctx.tx
    .insert(creditosAFavor)
    .values({
      tenantId: ctx.tenantId,
      ...(nuevo.id ? { id: nuevo.id } : {}),
      identificadorUnico: nuevo.identificadorUnico,
      numero,
      idCliente: cliente._id,
      nombreCliente: `${cliente.nombre} ${cliente.apellidos}`.trim(),
      monto: String(aPesos(nuevo.monto)),
      disponible: String(aPesos(nuevo.monto)),
      descripcion: nuevo.descripcion,
      fecha: nuevo.fecha,
      tipoOrigen: nuevo.tipoOrigen,
      idOrigen: nuevo.idOrigen,
      idCuentaAnticipos: nuevo.idCuentaAnticipos,
      idUsuarioCreador: ctx.usuario._id,
      creadaPor: ctx.usuario.username,
    })
    .returning();
  if (!fila) {
    throw new Error('La inserción del crédito a favor no devolvió fila');
  }
  return fila;
}

/**
 * A new credit in favour of a customer made by a document (area contract, docs/payments.md): the caller
 * posts its own journal entry crediting `await cuentaDeAnticipos(ctx, idTerminal)` (pass that account
 * as `idCuentaAnticipos` so applying the credit debits the same one). Numbered from the counter
 * 'creditosAFavor'. One credit per document (its identificadorUnico is '<tipo>:<id>').
 */
export async function crearCredito(
  ctx: CtxConSesion,
  nuevo: NuevoCredito,
): Promise<{ id: string; numeroCredito: number }> {
  const fila = await escribirCredito(ctx, {
    identificadorUnico: `${nuevo.origen.tipo}:${nuevo.origen.id}`,
    idCliente: nuevo.idCliente,
    monto: nuevo.monto,
    descripcion: nuevo.descripcion,
    fecha: nuevo.fecha,
    tipoOrigen: nuevo.origen.tipo,
    idOrigen: nuevo.origen.id,
    idCuentaAnticipos: nuevo.idCuentaAnticipos ?? (await cuentaDeAnticipos(ctx)),
  });
  return { id: fila.id, numeroCredito: fila.numero };
}

/**
 * POST /credito-a-favor: an advance taken directly, with its money side (decision, docs/payments.md):
 * the entry debits the account that received the money (chosen, or by formaDePago and the terminal,
 * like a receipt) and credits the advances account. A replay answers the credit already created.
 */
export async function crearAnticipo(
  ctx: CtxConSesion,
  entrada: CrearCreditoAFavor,
): Promise<{ creditoAFavor: CreditoAFavor; solicitudDuplicada: boolean }> {
  const { fila, solicitudDuplicada } = await crearUnaVez({
    indice: 'creditos_a_favor_identificador_unico',
    buscar: async () => {
      const [existente] = await ctx.tx
        .select()
        .from(creditosAFavor)
        .where(
          and(
            eq(creditosAFavor.tenantId, ctx.tenantId),
            eq(creditosAFavor.identificadorUnico, entrada.identificadorUnico),
          ),
        )
        .limit(1);
      return existente;
    },
    crear: async () => {
      const idTerminal = entrada.idTerminalRef ?? null;
      const [contexto] = await filas<{
        terminal: CuentasDelTerminal | null;
        cuentas: CuentasAsignadas | null;
      }>(
        ctx.tx,
        sql`select ${sqlCuentasDelTerminal(ctx, sql`${idTerminal}::uuid`)} as terminal, ${sqlCuentasAsignadas(ctx)} as cuentas`,
      );
      if (idTerminal && !contexto?.terminal) {
        throw new AppError('no_encontrado', 'El terminal del anticipo no existe.');
      }
      const idCuentaDebito = entrada.cuentaContableDebito
        ? (
            await cuentaDeDetalle(
              ctx,
              entrada.cuentaContableDebito.idCuenta,
              'la cuenta que recibe el dinero',
            )
          ).idCuenta
        : cuentaDelMetodo(entrada.formaDePago, contexto?.terminal ?? null, contexto?.cuentas ?? {});
      const idCuentaAnticipos = await cuentaDeAnticipos(ctx, idTerminal);
      const monto = aCentavos(entrada.Monto);
      const fecha = entrada.fecha ?? fechaYHoraEnSantoDomingo(new Date()).fecha;
      const fila = await escribirCredito(ctx, {
        identificadorUnico: entrada.identificadorUnico,
        idCliente: entrada.idCliente,
        monto,
        descripcion: entrada.descripcion || 'Anticipo',
        fecha,
        tipoOrigen: 'anticipo',
        idOrigen: null,
        idCuentaAnticipos,
      });
      await registrarAsiento(ctx, {
        tipoDocumento: TIPO_DOCUMENTO_CREDITO,
        idDocumento: fila.id,
        fecha,
        descripcion: `Anticipo · crédito a favor ${fila.numero} · ${fila.nombreCliente}`,
        comprobante: String(fila.numero),
        lineas: [
          { idCuenta: idCuentaDebito, debito: monto, nota: entrada.formaDePago },
          { idCuenta: idCuentaAnticipos, credito: monto, nota: 'Anticipo de cliente' },
        ],
      });
      return fila;
    },
  });
  const [credito] = await conTransacciones(ctx, [fila]);
  return { creditoAFavor: credito as CreditoAFavor, solicitudDuplicada };
}

// ---------------------------------------------------------------- apply

type FacturaAPagar = {
  id: string;
  id_cliente: string | null;
  etiqueta: string;
  estado: string;
  pendiente: string;
  /** The account its sale debited for what stayed owed (its journal's 'Por cobrar' line). */
  cuenta_por_cobrar: string | null;
  cuentas: CuentasAsignadas | null;
};

/** One credit to use: how much (all it can when absent) and, from the API, the transaction's key. */
export type CreditoAUsar = { idCredito: string; monto?: Centavos | undefined; identificadorUnico?: string };

/**
 * Applies credits to an invoice (the invoice's creation with IdCreditoAfavor / IdsCreditoAfavor, and
 * POST /transaccion-del-credito-a-favor): the invoice is locked, then the credits in id order; each
 * credit must be active, of the invoice's customer, with a balance; an amount above its balance is
 * refused, and without an amount it uses what it has up to what the invoice still owes. One
 * transaction per credit used (numbered from 'transaccionesCreditoAFavor'), a receivables-ledger
 * application each (cartera.aplicar refuses more than the invoice owes) and an entry each: Dr the
 * credit's advances account / Cr the invoice's receivable. Answers the transactions written.
 */
export async function aplicarCreditos(
  ctx: CtxConSesion,
  pedido: { idFactura: string; creditos: readonly CreditoAUsar[]; fecha?: string },
): Promise<{ transacciones: TransaccionCreditoAFavor[]; aplicado: Centavos }> {
  if (pedido.creditos.length === 0) {
    return { transacciones: [], aplicado: 0 as Centavos };
  }
  const [factura] = await filas<FacturaAPagar>(
    ctx.tx,
    sql`select f.id, f.id_cliente, coalesce(f.comprobante, f.numero_factura::text, '') as etiqueta, f.estado,
          f.monto_a_pagar - f.cobrado - ${sqlAplicado(ctx, 'factura', sql`f.id`)} as pendiente,
          (select la.id_cuenta from asientos_contables a
             join lineas_asiento la on la.tenant_id = a.tenant_id and la.id_asiento = a.id
           where a.tenant_id = f.tenant_id and a.tipo_documento = 'factura'
             and a.id_documento = f.id and a.id_asiento_revertido is null
             and la.debito > 0 and la.nota = 'Por cobrar'
           order by a.numero desc limit 1) as cuenta_por_cobrar,
          ${sqlCuentasAsignadas(ctx)} as cuentas
        from facturas f where f.tenant_id = ${ctx.tenantId} and f.id = ${pedido.idFactura}
        for update of f`,
  );
  if (!factura) {
    throw new AppError('no_encontrado', 'La factura no existe.');
  }
  if (factura.estado !== 'Activo') {
    throw new AppError(
      'conflicto',
      `La factura ${factura.etiqueta} no está activa; no se le aplica crédito a favor.`,
    );
  }
  if (!factura.id_cliente) {
    throw new AppError(
      'solicitud_invalida',
      `La factura ${factura.etiqueta} es de consumidor final; un crédito a favor solo paga facturas de su cliente.`,
    );
  }
  const ids = pedido.creditos.map((c) => c.idCredito);
  if (new Set(ids).size !== ids.length) {
    throw new AppError('solicitud_invalida', 'Un crédito a favor aparece dos veces; deja uno solo.');
  }
  const creditos = await bloquearCreditos(ctx, ids);
  let pendiente = aCentavos(factura.pendiente);
  const usos: { credito: FilaCredito; monto: Centavos; identificadorUnico: string; id: string }[] = [];
  for (const [indice, uso] of pedido.creditos.entries()) {
    const credito = creditos.get(uso.idCredito);
    if (!credito) {
      throw new AppError('no_encontrado', MENSAJE_CREDITO_NO_EXISTE);
    }
    if (credito.estado !== 'Activo') {
      throw new AppError(
        'conflicto',
        credito.estado === 'Anulado'
          ? `El crédito a favor ${credito.numero} está anulado.`
          : `El crédito a favor ${credito.numero} tiene una solicitud de anulación pendiente.`,
      );
    }
    if (credito.idCliente !== factura.id_cliente) {
      throw new AppError(
        'solicitud_invalida',
        `El crédito a favor ${credito.numero} es de otro cliente; solo paga facturas de ${credito.nombreCliente}.`,
      );
    }
    const disponible = aCentavos(credito.disponible);
    if (uso.monto !== undefined && uso.monto > disponible) {
      throw new AppError(
        'solicitud_invalida',
        `Del crédito a favor ${credito.numero} se aplican ${formatearDinero(uso.monto)} y solo tiene ${formatearDinero(disponible)} disponible.`,
        {
          errores: [
            { campo: `creditos.${indice}.monto`, mensaje: `Disponible: ${formatearDinero(disponible)}.` },
          ],
        },
      );
    }
    const monto = uso.monto ?? (Math.min(disponible, Math.max(pendiente, 0)) as Centavos);
    if (monto <= 0) {
      if (uso.monto === undefined && disponible <= 0) {
        throw new AppError('conflicto', `El crédito a favor ${credito.numero} no tiene saldo disponible.`);
      }
      continue;
    }
    pendiente = (pendiente - monto) as Centavos;
    const id = randomUUID();
    usos.push({
      credito,
      monto,
      id,
      // A transaction the invoice itself makes is keyed by its own id: the invoice is the replayable
      // document, and an edit applies the same credit again.
      identificadorUnico: uso.identificadorUnico ?? `factura:${factura.id}:${id}`,
    });
  }
  const fecha = pedido.fecha ?? fechaYHoraEnSantoDomingo(new Date()).fecha;
  // The ledger checks and writes first: more than the invoice owes is refused before anything else.
  await aplicar(
    ctx,
    usos.map((u) => ({
      tipoDestino: 'factura' as const,
      idDestino: factura.id,
      tipoOrigen: TIPO_ORIGEN_CREDITO,
      idOrigen: u.id,
      monto: u.monto,
      fecha,
      referencia: `Crédito a favor ${u.credito.numero}`,
      campo: 'monto',
    })),
  );
  const cuentaPorCobrar =
    factura.cuenta_por_cobrar ?? cuentaDe(factura.cuentas ?? {}, 'cuentasPorCobrarClientes');
  const transacciones: TransaccionCreditoAFavor[] = [];
  for (const uso of usos) {
    const numero = await tomarDelContador(ctx, 'transaccionesCreditoAFavor');
    const [fila] = await ctx.tx
      .insert(transaccionesCreditoAFavor)
      .values({
        tenantId: ctx.tenantId,
        id: uso.id,
        identificadorUnico: uso.identificadorUnico,
        numero,
        idCredito: uso.credito.id,
        idFactura: factura.id,
        comprobanteFactura: factura.etiqueta,
        monto: String(aPesos(uso.monto)),
        fecha,
        idUsuarioCreador: ctx.usuario._id,
        creadaPor: ctx.usuario.username,
      })
      .returning();
    if (!fila) {
      throw new Error('La inserción de la transacción del crédito a favor no devolvió fila');
    }
    await cambiarDisponible(ctx, uso.credito.id, -uso.monto as Centavos);
    await registrarAsiento(ctx, {
      tipoDocumento: TIPO_DOCUMENTO_TRANSACCION,
      idDocumento: fila.id,
      fecha,
      descripcion: `Crédito a favor ${uso.credito.numero} aplicado a la factura ${factura.etiqueta}`,
      comprobante: String(numero),
      lineas: [
        { idCuenta: uso.credito.idCuentaAnticipos, debito: uso.monto, nota: 'Anticipo de cliente aplicado' },
        { idCuenta: cuentaPorCobrar, credito: uso.monto, nota: `Cobro ${factura.etiqueta}` },
      ],
    });
    transacciones.push(aTransaccion(fila, uso.credito.numero));
  }
  return { transacciones, aplicado: sumarCentavos(usos.map((u) => u.monto)) };
}

/**
 * POST /transaccion-del-credito-a-favor: one credit applied to one invoice of its customer. A replay
 * with the same identificadorUnico answers the transaction already made (solicitudDuplicada).
 */
export async function crearTransaccion(
  ctx: CtxConSesion,
  entrada: CrearTransaccionCreditoAFavor,
): Promise<TransaccionCreada> {
  const buscar = async () => {
    const [existente] = await ctx.tx
      .select()
      .from(transaccionesCreditoAFavor)
      .where(
        and(
          eq(transaccionesCreditoAFavor.tenantId, ctx.tenantId),
          eq(transaccionesCreditoAFavor.identificadorUnico, entrada.identificadorUnico),
        ),
      )
      .limit(1);
    return existente;
  };
  const { fila, solicitudDuplicada } = await crearUnaVez({
    indice: 'transacciones_credito_a_favor_identificador_unico',
    buscar,
    crear: async () => {
      await aplicarCreditos(ctx, {
        idFactura: entrada.idFactura,
        creditos: [
          {
            idCredito: entrada.idCreditoAFavor,
            monto: aCentavos(entrada.monto),
            identificadorUnico: entrada.identificadorUnico,
          },
        ],
      });
      const creada = await buscar();
      if (!creada) {
        throw new Error('La transacción del crédito a favor no quedó escrita');
      }
      return creada;
    },
  });
  const credito = await obtenerCredito(ctx, fila.idCredito);
  return {
    transaccion: aTransaccion(fila, credito.numeroCredito),
    creditoAFavor: credito,
    solicitudDuplicada,
  };
}

// ---------------------------------------------------------------- undo

// A transaction is taken back: its ledger application and entry are reverted and its amount returns
// to the credit's balance. The caller locked the transaction's credit.
async function deshacerTransaccion(ctx: Ctx, transaccion: FilaTransaccion, motivo: string): Promise<void> {
  await revertir(ctx, TIPO_ORIGEN_CREDITO, transaccion.id);
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_TRANSACCION,
    transaccion.id,
    fechaYHoraEnSantoDomingo(new Date()).fecha,
    motivo,
  );
  await cambiarDisponible(ctx, transaccion.idCredito, aCentavos(transaccion.monto));
}

/**
 * Reverts the credit transactions applied to an invoice (its cancellation, deletion or edit): each one
 * not cancelled is cancelled (a pending request on it is approved), its application and entry are
 * reverted and the credit gets the amount back. The caller holds the invoice's lock.
 */
export async function revertirAplicacionesA(
  ctx: CtxConSesion,
  tipoDestino: 'factura',
  idDestino: string,
): Promise<void> {
  const vigentes = await ctx.tx
    .select()
    .from(transaccionesCreditoAFavor)
    .where(
      and(
        eq(transaccionesCreditoAFavor.tenantId, ctx.tenantId),
        eq(transaccionesCreditoAFavor.idFactura, idDestino),
        ne(transaccionesCreditoAFavor.estado, 'Anulado'),
      ),
    );
  if (vigentes.length === 0 || tipoDestino !== 'factura') {
    return;
  }
  await bloquearCreditos(
    ctx,
    vigentes.map((t) => t.idCredito),
  );
  for (const transaccion of vigentes) {
    const nota = `Anulación de la factura ${transaccion.comprobanteFactura}`.trim();
    await deshacerTransaccion(ctx, transaccion, nota);
    if (transaccion.estado === 'Por-Anular') {
      await resolverSolicitud(ctx, TIPO_DOCUMENTO_TRANSACCION, transaccion.id, 'Aprobada', nota);
    }
    await ctx.tx
      .update(transaccionesCreditoAFavor)
      .set({ estado: 'Anulado', autorizacion: 'Aprobada', notaAnular: nota, actualizadoEn: new Date() })
      .where(
        and(
          eq(transaccionesCreditoAFavor.tenantId, ctx.tenantId),
          eq(transaccionesCreditoAFavor.id, transaccion.id),
        ),
      );
  }
}

// The transactions of the credit not cancelled (a Por-Anular one still counts: it is still applied).
async function transaccionesVigentes(ctx: Ctx, idCredito: string): Promise<FilaTransaccion[]> {
  return ctx.tx
    .select()
    .from(transaccionesCreditoAFavor)
    .where(
      and(
        eq(transaccionesCreditoAFavor.tenantId, ctx.tenantId),
        eq(transaccionesCreditoAFavor.idCredito, idCredito),
        ne(transaccionesCreditoAFavor.estado, 'Anulado'),
      ),
    )
    .orderBy(asc(transaccionesCreditoAFavor.numero));
}

function rechazoPorTransacciones(credito: FilaCredito, vigentes: FilaTransaccion[]): AppError {
  const facturas = [...new Set(vigentes.map((t) => t.comprobanteFactura))].join(', ');
  return new AppError(
    'conflicto',
    `El crédito a favor ${credito.numero} ya se aplicó a facturas (${facturas}); anula primero esas transacciones.`,
  );
}

/**
 * Cancels the credits a document made (its own cancellation): Anulado with no balance. Refused
 * (conflicto) when a credit was already applied in part: those transactions are cancelled first.
 * The document reverses its own entry.
 */
export async function anularCreditosDe(
  ctx: CtxConSesion,
  origen: { tipo: string; id: string },
): Promise<void> {
  const suyos = await ctx.tx
    .select({ id: creditosAFavor.id })
    .from(creditosAFavor)
    .where(
      and(
        eq(creditosAFavor.tenantId, ctx.tenantId),
        eq(creditosAFavor.tipoOrigen, origen.tipo as FilaCredito['tipoOrigen']),
        eq(creditosAFavor.idOrigen, origen.id),
      ),
    );
  const bloqueados = await bloquearCreditos(
    ctx,
    suyos.map((c) => c.id),
  );
  for (const credito of bloqueados.values()) {
    if (credito.estado === 'Anulado') {
      continue;
    }
    const vigentes = await transaccionesVigentes(ctx, credito.id);
    if (vigentes.length > 0) {
      throw rechazoPorTransacciones(credito, vigentes);
    }
    if (credito.estado === 'Por-Anular') {
      await resolverSolicitud(
        ctx,
        TIPO_DOCUMENTO_CREDITO,
        credito.id,
        'Aprobada',
        'Anulación del documento que lo generó',
      );
    }
    await ctx.tx
      .update(creditosAFavor)
      .set({
        estado: 'Anulado',
        autorizacion: 'Aprobada',
        disponible: '0',
        notaAnular: credito.notaAnular || 'Anulación del documento que lo generó',
        actualizadoEn: new Date(),
      })
      .where(and(eq(creditosAFavor.tenantId, ctx.tenantId), eq(creditosAFavor.id, credito.id)));
  }
}

// ---------------------------------------------------------------- cancel (API)

function motivoDeCredito(notaAnular: string): { tipoDeAnulacion: string; notaAnular: string } {
  const motivo = validarMotivoDeAnulacion('creditoAFavor', notaAnular);
  if (!motivo.ok) {
    throw new AppError('solicitud_invalida', MENSAJE_MOTIVO_CREDITO, {
      errores: [{ campo: 'notaAnular', mensaje: MENSAJE_MOTIVO_CREDITO }],
    });
  }
  return { tipoDeAnulacion: motivo.valor, notaAnular: motivo.valor };
}

function nombreDeOrigen(tipo: FilaCredito['tipoOrigen']): string {
  return tipo === 'ingreso' ? 'un recibo de ingreso' : 'una nota de crédito';
}

/**
 * POST credito-a-favor/anularCreditoAFavor/ (spec 001 §4, §5): one of the seven reasons; directly with
 * anularYEliminarDocumentos, else a request a supervisor approves or rejects (autorizacion). Refused
 * while the credit has transactions not cancelled. Decision: only an advance taken directly is
 * cancelled here (its entry is reversed); a credit made by a receipt or a credit note is cancelled by
 * cancelling that document, which reverses the money side.
 */
export async function anularCredito(
  ctx: CtxConSesion,
  entrada: AnularCreditoAFavor,
): Promise<{ creditoAFavor: CreditoAFavor; resultado: 'anulado' | 'solicitado' | 'aprobado' | 'rechazado' }> {
  const fila = await filaDeCredito(ctx, entrada._id, true);
  const comprobarQueSePuede = async () => {
    if (fila.tipoOrigen !== 'anticipo') {
      throw new AppError(
        'conflicto',
        `El crédito a favor ${fila.numero} lo generó ${nombreDeOrigen(fila.tipoOrigen)}; se anula anulando ese documento.`,
      );
    }
    const vigentes = await transaccionesVigentes(ctx, fila.id);
    if (vigentes.length > 0) {
      throw rechazoPorTransacciones(fila, vigentes);
    }
  };
  const { documento, resultado } = await anularDocumento(
    ctx,
    {
      tipoDocumento: TIPO_DOCUMENTO_CREDITO,
      id: fila.id,
      numero: String(fila.numero),
      estado: fila.estado,
      nombre: `El crédito a favor ${fila.numero}`,
      anulado: 'anulado',
    },
    entrada,
    {
      motivo: async () => {
        const motivo = motivoDeCredito(entrada.notaAnular);
        await comprobarQueSePuede();
        return motivo;
      },
      deshacer: async () => {
        await comprobarQueSePuede();
        await revertirAsientos(
          ctx,
          TIPO_DOCUMENTO_CREDITO,
          fila.id,
          fechaYHoraEnSantoDomingo(new Date()).fecha,
          `Anulación del crédito a favor ${fila.numero}`,
        );
      },
      guardar: async (cambio) => {
        const [cambiada] = await ctx.tx
          .update(creditosAFavor)
          .set({
            ...cambio,
            ...(cambio.estado === 'Anulado' ? { disponible: '0' } : {}),
            actualizadoEn: new Date(),
          })
          .where(and(eq(creditosAFavor.tenantId, ctx.tenantId), eq(creditosAFavor.id, fila.id)))
          .returning();
        return cambiada ?? fila;
      },
    },
  );
  const [credito] = await conTransacciones(ctx, [documento]);
  return { creditoAFavor: credito as CreditoAFavor, resultado: RESULTADO_EN_MASCULINO[resultado] };
}

/**
 * POST credito-a-favor/anularTransaccionCreditoAFavor/ (spec 001 §4 "Credit in favour cancellation": a
 * transaction is cancelled directly or by request, per the same rule): one of the seven reasons. Once
 * cancelled, its application and entry are reverted, the invoice owes it again and the credit gets the
 * balance back. While Por-Anular it stays applied.
 */
export async function anularTransaccion(
  ctx: CtxConSesion,
  entrada: AnularCreditoAFavor,
): Promise<{
  transaccion: TransaccionCreditoAFavor;
  creditoAFavor: CreditoAFavor;
  resultado: 'anulada' | 'solicitada' | 'aprobada' | 'rechazada';
}> {
  const previa = await filaDeTransaccion(ctx, entrada._id);
  // The credit first, then the transaction: the order revertirAplicacionesA takes them in.
  const credito = await filaDeCredito(ctx, previa.idCredito, true);
  const fila = await filaDeTransaccion(ctx, entrada._id, true);
  const { documento, resultado } = await anularDocumento(
    ctx,
    {
      tipoDocumento: TIPO_DOCUMENTO_TRANSACCION,
      id: fila.id,
      numero: String(fila.numero),
      estado: fila.estado,
      nombre: `La transacción ${fila.numero} del crédito a favor ${credito.numero}`,
      anulado: 'anulada',
    },
    entrada,
    {
      motivo: async () => motivoDeCredito(entrada.notaAnular),
      deshacer: () =>
        deshacerTransaccion(
          ctx,
          fila,
          `Anulación de la transacción ${fila.numero} del crédito a favor ${credito.numero}`,
        ),
      guardar: async (cambio) => {
        const [cambiada] = await ctx.tx
          .update(transaccionesCreditoAFavor)
          .set({ ...cambio, actualizadoEn: new Date() })
          .where(
            and(
              eq(transaccionesCreditoAFavor.tenantId, ctx.tenantId),
              eq(transaccionesCreditoAFavor.id, fila.id),
            ),
          )
          .returning();
        return cambiada ?? fila;
      },
    },
  );
  const resultados = {
    directa: 'anulada',
    solicitada: 'solicitada',
    aprobada: 'aprobada',
    rechazada: 'rechazada',
  } as const;
  return {
    transaccion: aTransaccion(documento, credito.numero),
    creditoAFavor: await obtenerCredito(ctx, credito.id),
    resultado: resultados[resultado],
  };
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
