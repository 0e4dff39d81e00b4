import { randomUUID } from 'node:crypto';
import {
  type ActualizarGastoMenor,
  type AnularGastoMenor,
  type DetalleGastoMenor,
  MENSAJE_MOTIVO_GASTO_MENOR,
  MENSAJE_SIN_GASTOS,
} from '@pos/contract';
import { aPesos, fechaYHoraEnSantoDomingo } from '@pos/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { anularDocumento, RESULTADO_EN_MASCULINO, registrarSolicitud } from '../anulaciones/service.ts';
import { revertirAsientos } from '../contabilidad/asientos.service.ts';
import { asentar, cuentaQuePaga, insertarLineas, prepararLineas, totalesDe } from './crear.ts';
import {
  detalleDe,
  type FilaGastoMenor,
  filaDeGastoMenor,
  lineasDe,
  TIPO_DOCUMENTO_GASTO_MENOR,
} from './lectura.ts';
import { gastosMenores, lineasGastoMenor } from './tables.ts';

// Minor expenses (spec 001 §4, §7; docs/payments.md): editing, deleting and cancelling one. Each
// reverses the expense's journal entry first; its number stays used (gapless).

function exigirActivo(fila: FilaGastoMenor): void {
  if (fila.estado !== 'Activo') {
    throw new AppError(
      'conflicto',
      fila.estado === 'Anulado'
        ? `El gasto menor ${fila.comprobante} está anulado; solo se modifica un gasto menor activo.`
        : `El gasto menor ${fila.comprobante} tiene una solicitud de anulación pendiente; solo se modifica un gasto menor activo.`,
    );
  }
}

// A reversing entry dated today for what the expense posted (its rows stay: the number leaves no gap).
async function deshacer(ctx: Ctx, fila: FilaGastoMenor, descripcion: string): Promise<void> {
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_GASTO_MENOR,
    fila.id,
    fechaYHoraEnSantoDomingo(new Date()).fecha,
    descripcion,
  );
}

/**
 * PATCH /gastos-menores/{id} (spec 001 §7; docs/documents.md «Editar»): only an Activo expense. The
 * final lines are the stored ones less `itemEliminar`, each `listaDeGastos` line with an `_id` changed
 * in its place and the others added. In one transaction the expense's entry is reversed and the final
 * lines are checked, written and posted again; the number does not change.
 */
export async function actualizarGastoMenor(
  ctx: CtxConSesion,
  id: string,
  entrada: ActualizarGastoMenor,
): Promise<DetalleGastoMenor[]> {
  const actual = await filaDeGastoMenor(ctx, id, true);
  exigirActivo(actual);
  const guardadas = await lineasDe(ctx, actual.id);
  const porId = new Map(guardadas.map((l) => [l.id, l]));
  for (const idLinea of [
    ...entrada.itemEliminar,
    ...entrada.listaDeGastos.flatMap((l) => (l._id ? [l._id] : [])),
  ]) {
    if (!porId.has(idLinea)) {
      throw new AppError('no_encontrado', `La línea ${idLinea} no es del gasto menor ${actual.comprobante}.`);
    }
  }
  const quitadas = new Set(entrada.itemEliminar);
  const cambios = new Map(entrada.listaDeGastos.flatMap((l) => (l._id ? [[l._id, l] as const] : [])));
  const finales = [
    ...guardadas
      .filter((l) => !quitadas.has(l.id))
      .map((l) => {
        const cambio = cambios.get(l.id);
        return cambio
          ? {
              ...cambio,
              id: l.id,
              fechaDeEmision: cambio.fechaDeEmision ?? l.fechaDeEmision,
              cuentaContable: cambio.cuentaContable ??
                cambio.cuentaContableDebito ?? { idCuenta: l.idCuenta },
            }
          : {
              id: l.id,
              fechaDeEmision: l.fechaDeEmision,
              cuentaContable: { idCuenta: l.idCuenta },
              importe: Number(l.importe),
              impuestos: Number(l.impuestos),
              nota: l.nota,
            };
      }),
    ...entrada.listaDeGastos.filter((l) => !l._id).map((l) => ({ ...l, id: randomUUID() })),
  ];
  if (finales.length === 0) {
    throw new AppError('solicitud_invalida', MENSAJE_SIN_GASTOS, {
      errores: [{ campo: 'listaDeGastos', mensaje: MENSAJE_SIN_GASTOS }],
    });
  }
  const fecha = entrada.fechaDeEmision ?? actual.fechaDeEmision;
  const lineas = await prepararLineas(ctx, finales, fecha);
  const paga =
    entrada.cuentaContableCredito === undefined || entrada.cuentaContableCredito === null
      ? actual.idCuentaCredito
      : (await cuentaQuePaga(ctx, entrada.cuentaContableCredito)).idCuenta;
  await deshacer(ctx, actual, `Modificación del gasto menor ${actual.comprobante}`);
  const { subtotal, impuestos, total } = totalesDe(lineas);
  const [cambiado] = await ctx.tx
    .update(gastosMenores)
    .set({
      fechaDeEmision: fecha,
      ...(entrada.formaDePago === undefined ? {} : { formaDePago: entrada.formaDePago }),
      ...(entrada.afectarCuenta === undefined ? {} : { afectarCuenta: entrada.afectarCuenta }),
      ...(entrada.descripcion === undefined ? {} : { descripcion: entrada.descripcion }),
      idCuentaCredito: paga,
      subtotal: String(aPesos(subtotal)),
      impuestos: String(aPesos(impuestos)),
      total: String(aPesos(total)),
      actualizadoEn: new Date(),
    })
    .where(and(eq(gastosMenores.tenantId, ctx.tenantId), eq(gastosMenores.id, actual.id)))
    .returning();
  if (!cambiado) {
    throw new Error('La actualización del gasto menor no devolvió fila');
  }
  await ctx.tx
    .delete(lineasGastoMenor)
    .where(and(eq(lineasGastoMenor.tenantId, ctx.tenantId), eq(lineasGastoMenor.idGastoMenor, actual.id)));
  await insertarLineas(ctx, actual.id, lineas);
  await asentar(ctx, cambiado, lineas);
  return [await detalleDe(ctx, cambiado)];
}

/**
 * PUT /gastos-menores/anular/{id} (spec 000 §4, 001 §4): a free-text reason; a user with
 * anularYEliminarDocumentos cancels at once, anyone else files a request (Por-Anular / Pendiente) that a
 * supervisor approves (cancelled, the entry reversed) or rejects (back to Activo, 'Solicitud Denegada'),
 * sending autorizacion on the same call.
 */
export async function anularGastoMenor(
  ctx: CtxConSesion,
  id: string,
  entrada: AnularGastoMenor,
): Promise<{
  gastosMenore: DetalleGastoMenor;
  resultado: 'anulado' | 'solicitado' | 'aprobado' | 'rechazado';
}> {
  const fila = await filaDeGastoMenor(ctx, id, true);
  const { documento, resultado } = await anularDocumento(
    ctx,
    {
      tipoDocumento: TIPO_DOCUMENTO_GASTO_MENOR,
      id,
      numero: fila.comprobante,
      estado: fila.estado,
      nombre: `El gasto menor ${fila.comprobante}`,
      anulado: 'anulado',
    },
    entrada,
    {
      motivo: async () => {
        if (!entrada.notaAnular) {
          throw new AppError('solicitud_invalida', MENSAJE_MOTIVO_GASTO_MENOR, {
            errores: [{ campo: 'notaAnular', mensaje: MENSAJE_MOTIVO_GASTO_MENOR }],
          });
        }
        return { tipoDeAnulacion: '', notaAnular: entrada.notaAnular };
      },
      deshacer: () => deshacer(ctx, fila, `Anulación del gasto menor ${fila.comprobante}`),
      guardar: async (cambio) => {
        const [cambiada] = await ctx.tx
          .update(gastosMenores)
          .set({
            estado: cambio.estado,
            autorizacion: cambio.autorizacion,
            ...(cambio.notaAutorizacion === undefined ? {} : { notaAutorizacion: cambio.notaAutorizacion }),
            ...(cambio.notaAnular === undefined ? {} : { notaAnular: cambio.notaAnular }),
            actualizadoEn: new Date(),
          })
          .where(and(eq(gastosMenores.tenantId, ctx.tenantId), eq(gastosMenores.id, id)))
          .returning();
        return cambiada ?? fila;
      },
    },
  );
  return { gastosMenore: await detalleDe(ctx, documento), resultado: RESULTADO_EN_MASCULINO[resultado] };
}

/**
 * DELETE /gastos-menores/{id} (docs/documents.md «Eliminar»): only a user who cancels directly; the
 * expense is undone like a cancellation and stays Anulado with «Eliminado por …», so its number leaves
 * no gap (a B13 NCF must be reported, 608) and the audit screen records who did it. It leaves the lists
 * (spec 001 §4).
 */
export async function eliminarGastoMenor(
  ctx: CtxConSesion,
  id: string,
): Promise<{ EgresoDelete: DetalleGastoMenor }> {
  const actual = await filaDeGastoMenor(ctx, id, true);
  if (!ctx.usuario.anularYEliminarDocumentos) {
    throw new AppError(
      'prohibido',
      'No tienes permiso para eliminar; solicita la anulación del gasto menor.',
    );
  }
  exigirActivo(actual);
  await deshacer(ctx, actual, `Eliminación del gasto menor ${actual.comprobante}`);
  const nota = `Eliminado por ${ctx.usuario.username}`;
  const [eliminado] = await ctx.tx
    .update(gastosMenores)
    .set({ estado: 'Anulado', autorizacion: 'Aprobada', notaAnular: nota, actualizadoEn: new Date() })
    .where(and(eq(gastosMenores.tenantId, ctx.tenantId), eq(gastosMenores.id, id)))
    .returning();
  await registrarSolicitud(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_GASTO_MENOR,
    idDocumento: id,
    numeracioDocumento: actual.comprobante,
    directa: true,
    tipoDeAnulacion: 'Eliminado',
    notaAnular: nota,
  });
  return { EgresoDelete: await detalleDe(ctx, eliminado ?? actual) };
}
