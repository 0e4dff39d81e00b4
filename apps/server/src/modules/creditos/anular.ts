import {
  type AnularCreditoAFavor,
  type CreditoAFavor,
  MENSAJE_MOTIVO_CREDITO,
  type TransaccionCreditoAFavor,
} from '@pos/contract';
import { fechaYHoraEnSantoDomingo, validarMotivoDeAnulacion } from '@pos/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { anularDocumento, RESULTADO_EN_MASCULINO } from '../anulaciones/service.ts';
import { revertirAsientos } from '../contabilidad/asientos.service.ts';
import { deshacerTransaccion } from './aplicar.ts';
import {
  aTransaccion,
  conTransacciones,
  type FilaCredito,
  type FilaTransaccion,
  filaDeCredito,
  filaDeTransaccion,
  obtenerCredito,
  TIPO_DOCUMENTO_CREDITO,
  TIPO_DOCUMENTO_TRANSACCION,
} from './lectura.ts';
import { creditosAFavor, transaccionesCreditoAFavor } from './tables.ts';

// Cancelling a credit in favour or one of its transactions (spec 001 §4 "Credit in favour
// cancellation", §5): the shared cancellation flow (anulaciones.anularDocumento), direct or by request.

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

/**
 * Refuses (conflicto) to cancel a credit with transactions not cancelled: they are cancelled first
 * (spec 001 §4 "Credit in favour cancellation"). Used by anularCredito and anularCreditosDe.
 */
export async function exigirSinTransacciones(ctx: Ctx, credito: FilaCredito): Promise<void> {
  const vigentes = await transaccionesVigentes(ctx, credito.id);
  if (vigentes.length === 0) {
    return;
  }
  const facturas = [...new Set(vigentes.map((t) => t.comprobanteFactura))].join(', ');
  throw new AppError(
    'conflicto',
    `El crédito a favor ${credito.numero} ya se aplicó a facturas (${facturas}); anula primero esas transacciones.`,
  );
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
    await exigirSinTransacciones(ctx, fila);
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
