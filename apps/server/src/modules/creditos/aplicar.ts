import { randomUUID } from 'node:crypto';
import {
  type CrearTransaccionCreditoAFavor,
  MENSAJE_CREDITO_NO_EXISTE,
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
} from '@pos/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { resolverSolicitud } from '../anulaciones/service.ts';
import { aplicar, revertir, sqlAplicado } from '../cartera/service.ts';
import { registrarAsiento, revertirAsientos } from '../contabilidad/asientos.service.ts';
import { type CuentasAsignadas, cuentaDe, sqlCuentasAsignadas } from '../contabilidad/service.ts';
import { sqlCuentaPorCobrar } from '../facturas/escritura.ts';
import { tomarDelContador } from '../numeracion/service.ts';
import {
  aTransaccion,
  bloquearCreditos,
  type FilaCredito,
  type FilaTransaccion,
  obtenerCredito,
  TIPO_DOCUMENTO_TRANSACCION,
  TIPO_ORIGEN_CREDITO,
} from './lectura.ts';
import { creditosAFavor, transaccionesCreditoAFavor } from './tables.ts';

// Applying credits in favour to invoices (spec 001 §4, §7 "Credits in favour"; docs/payments.md): the
// invoice's own credits and POST /transaccion-del-credito-a-favor, and taking transactions back.
//
// The available balance (`disponible`) is changed only under a lock on the credit's row, taken in id
// order, and a CHECK keeps it between 0 and the amount: concurrent applications queue on the credit
// and the second reads what the first left. Lock order everywhere: the invoice first, then credits.

async function cambiarDisponible(ctx: Ctx, id: string, delta: Centavos): Promise<void> {
  await ctx.tx
    .update(creditosAFavor)
    .set({
      disponible: sql`${creditosAFavor.disponible} + ${String(aPesos(delta))}::numeric`,
      actualizadoEn: new Date(),
    })
    .where(and(eq(creditosAFavor.tenantId, ctx.tenantId), eq(creditosAFavor.id, id)));
}

// ---------------------------------------------------------------- apply

type FacturaAPagar = {
  id: string;
  id_cliente: string | null;
  etiqueta: string;
  estado: string;
  pendiente: string;
  /** The account its sale debited for what stayed owed (facturas' sqlCuentaPorCobrar). */
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
          ${sqlCuentaPorCobrar(ctx, sql`f.id`)} as cuenta_por_cobrar,
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
export async function deshacerTransaccion(
  ctx: Ctx,
  transaccion: FilaTransaccion,
  motivo: string,
): Promise<void> {
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
