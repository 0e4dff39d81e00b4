import { randomUUID } from 'node:crypto';
import {
  type ActualizarIngreso,
  type AnularIngreso,
  type DetalleIngreso,
  type Ingreso,
  MENSAJE_INGRESO_NO_ACTIVO,
  MENSAJE_MOTIVO_INGRESO,
  MENSAJE_SIN_LINEAS_DE_INGRESO,
} from '@pos/contract';
import { aCentavos, aPesos, fechaYHoraEnSantoDomingo, sumarCentavos } from '@pos/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { anularDocumento, RESULTADO_EN_MASCULINO, registrarSolicitud } from '../anulaciones/service.ts';
import { revertir } from '../cartera/service.ts';
import { exigirCentroDeCosto } from '../centrosDeCosto/service.ts';
import { revertirAsientos } from '../contabilidad/asientos.service.ts';
import { anularCreditosDe } from '../creditos/crear.ts';
import { cuentaDelMetodo } from '../facturas/escritura.ts';
import { turnoAbiertoDe } from '../turnos/service.ts';
import {
  asentarYAcreditar,
  contextoDelRecibo,
  cuentaPorCobrarDe,
  exigirCuentasDeDetalle,
  exigirPermisoDeCuentas,
  insertarLineas,
  prepararYAplicar,
} from './crear.ts';
import { detalleDe, type FilaIngreso, filaDeIngreso, lineasDe, TIPO_DOCUMENTO_INGRESO } from './lectura.ts';
import { ingresosRecibidos, lineasIngreso } from './tables.ts';

// Receipts in (spec 001 §4, §7; docs/payments.md): editing, deleting and cancelling one. Each undoes
// what the receipt wrote (credit in favour, ledger applications, journal entry) first.

// A POS receipt belongs to its shift's cash count: once the shift closed it no longer changes
// (spec 001 §8, the same rule that refuses a receipt in on a closed shift).
async function exigirTurnoAbierto(ctx: Ctx, fila: FilaIngreso): Promise<void> {
  if (!fila.idTurno) {
    return;
  }
  const abierto = await turnoAbiertoDe(ctx, fila.idUsuarioCreador);
  if (abierto?.id !== fila.idTurno) {
    throw new AppError(
      'conflicto',
      `El turno del recibo ${fila.comprobante} ya se cerró; el recibo no se modifica.`,
      { datos: { estadoDelTurno: false } },
    );
  }
}

function exigirActivo(fila: FilaIngreso): void {
  if (fila.estado !== 'Activo') {
    throw new AppError(
      'conflicto',
      fila.estado === 'Anulado'
        ? `El recibo ${fila.comprobante} está anulado; ${MENSAJE_INGRESO_NO_ACTIVO.toLowerCase()}`
        : `El recibo ${fila.comprobante} tiene una solicitud de anulación pendiente; ${MENSAJE_INGRESO_NO_ACTIVO.toLowerCase()}`,
    );
  }
}

/**
 * PUT /ingresos-recibidos/update/ (spec 001 §7; docs/documents.md «Editar»): only an Activo receipt.
 * The final lines are the stored ones less `eliminar`, with each `update` line that has an `_id`
 * changed in its place and the others added. In one transaction the receipt's credit in favour is
 * cancelled (refused when already used), its ledger applications and journal entry are reverted, and
 * the final lines are checked, applied and posted again; the number, the customer and the kind of
 * receipt do not change.
 */
export async function actualizarIngreso(
  ctx: CtxConSesion,
  entrada: ActualizarIngreso,
): Promise<DetalleIngreso> {
  const actual = await filaDeIngreso(ctx, entrada.idIngresosRef, true);
  exigirActivo(actual);
  exigirPermisoDeCuentas(ctx, {
    tipoDeIngreso: actual.tipoDeIngreso,
    cuentaContableDebito: entrada.cuentaContableDebito,
  });
  await exigirTurnoAbierto(ctx, actual);
  await exigirCuentasDeDetalle(ctx, entrada);
  const guardadas = await lineasDe(ctx, actual.id);
  const porId = new Map(guardadas.map((l) => [l.id, l]));
  for (const id of [...entrada.eliminar, ...entrada.update.flatMap((l) => (l._id ? [l._id] : []))]) {
    if (!porId.has(id)) {
      throw new AppError('no_encontrado', `La línea ${id} no es del recibo ${actual.comprobante}.`);
    }
  }
  const quitadas = new Set(entrada.eliminar);
  const cambios = new Map(entrada.update.flatMap((l) => (l._id ? [[l._id, l] as const] : [])));
  const finales = [
    ...guardadas
      .filter((l) => !quitadas.has(l.id))
      .map((l) => {
        const cambio = cambios.get(l.id);
        return {
          id: l.id,
          // A changed line keeps its invoice unless it names another (an advance is added, not converted).
          idFactura: cambio?.idFactura ?? l.idFactura,
          cuentaContableCredito:
            cambio?.cuentaContableCredito ?? (l.idCuentaCredito ? { idCuenta: l.idCuentaCredito } : null),
          importe: cambio ? cambio.importe : Number(l.importe),
          nota: cambio ? cambio.nota : l.nota,
        };
      }),
    ...entrada.update.filter((l) => !l._id).map((l) => ({ ...l, id: randomUUID() })),
  ];
  if (finales.length === 0) {
    throw new AppError('solicitud_invalida', MENSAJE_SIN_LINEAS_DE_INGRESO);
  }
  const generarCreditoAfavor = entrada.generarCreditoAfavor ?? actual.generarCreditoAFavor;
  const fecha = entrada.fechaDeEmision ?? actual.fechaDeEmision;
  const formaDePago = entrada.formaDePago ?? actual.formaDePago;
  const { terminal, asignadas } = await contextoDelRecibo(ctx, actual.idTerminal);
  // What the receipt did is taken back first, so its invoices owe again what it had applied; its credit
  // in favour is dealt with once the final lines say what becomes credit now.
  const creditoAnterior = sumarCentavos(guardadas.map((l) => aCentavos(l.creditoAFavor)));
  await deshacerIngreso(ctx, actual, `Modificación del recibo ${actual.comprobante}`, false);
  const { lineas } = await prepararYAplicar(
    ctx,
    actual.id,
    {
      tipoDeIngreso: actual.tipoDeIngreso,
      generarCreditoAfavor,
      idCliente: actual.idCliente,
      cuentaPorCobrar: entrada.cuentaPorCobrar?.idCuenta ?? actual.idCuentaPorCobrar,
      res: finales,
    },
    { fecha, formaDePago, idTerminal: actual.idTerminal, asignadas },
  );
  // The money's account: the one chosen now, else the one chosen before if the method did not change,
  // else the account of the (new) payment method.
  const idCuentaDebito =
    entrada.cuentaContableDebito?.idCuenta ??
    (formaDePago === actual.formaDePago
      ? actual.idCuentaDebito
      : cuentaDelMetodo(formaDePago, terminal, asignadas));
  const creditoNuevo = sumarCentavos(lineas.map((l) => l.creditoAFavor));
  const conservarCredito = creditoNuevo === creditoAnterior;
  if (!conservarCredito) {
    // Refused when the customer already used part of it (creditos.anularCreditosDe); otherwise the
    // old credit is cancelled and asentarYAcreditar makes the new amount's (one in force per document).
    await anularCreditosDe(ctx, { tipo: TIPO_DOCUMENTO_INGRESO, id: actual.id });
  }
  const total = sumarCentavos(lineas.map((l) => l.importe));
  const [cambiado] = await ctx.tx
    .update(ingresosRecibidos)
    .set({
      fechaDeEmision: fecha,
      formaDePago,
      idCuentaDebito,
      idCuentaPorCobrar: cuentaPorCobrarDe(
        actual.tipoDeIngreso,
        lineas,
        entrada.cuentaPorCobrar ?? (actual.idCuentaPorCobrar ? { idCuenta: actual.idCuentaPorCobrar } : null),
      ),
      ...(entrada.nombreCliente === undefined ? {} : { nombreCliente: entrada.nombreCliente }),
      ...(entrada.idCentroDeCosto === undefined
        ? {}
        : { idCentroDeCosto: await exigirCentroDeCosto(ctx, entrada.idCentroDeCosto) }),
      ...(entrada.centroDeCosto === undefined ? {} : { centroDeCosto: entrada.centroDeCosto }),
      ...(entrada.detalles === undefined ? {} : { detalles: entrada.detalles }),
      generarCreditoAFavor: generarCreditoAfavor,
      total: String(aPesos(total)),
      actualizadoEn: new Date(),
    })
    .where(and(eq(ingresosRecibidos.tenantId, ctx.tenantId), eq(ingresosRecibidos.id, actual.id)))
    .returning();
  if (!cambiado) {
    throw new Error('La actualización del recibo no devolvió fila');
  }
  await ctx.tx
    .delete(lineasIngreso)
    .where(and(eq(lineasIngreso.tenantId, ctx.tenantId), eq(lineasIngreso.idIngreso, actual.id)));
  await insertarLineas(ctx, actual.id, lineas);
  await asentarYAcreditar(ctx, cambiado, lineas, conservarCredito);
  return detalleDe(ctx, cambiado);
}

/**
 * DELETE /ingresos-recibidos/{id} (docs/documents.md «Eliminar»): only a user who cancels directly;
 * the receipt is undone like a cancellation and stays Anulado with «Eliminado por …», so its number
 * leaves no gap and the audit screen records who did it. It leaves the lists (spec 001 §4).
 */
export async function eliminarIngreso(ctx: CtxConSesion, id: string): Promise<{ ingresoDb: Ingreso }> {
  const actual = await filaDeIngreso(ctx, id, true);
  if (!ctx.usuario.anularYEliminarDocumentos) {
    throw new AppError('prohibido', 'No tienes permiso para eliminar; solicita la anulación del recibo.');
  }
  exigirActivo(actual);
  await deshacerIngreso(ctx, actual, `Eliminación del recibo ${actual.comprobante}`);
  const nota = `Eliminado por ${ctx.usuario.username}`;
  const [eliminado] = await ctx.tx
    .update(ingresosRecibidos)
    .set({ estado: 'Anulado', autorizacion: 'Aprobada', notaAnular: nota, actualizadoEn: new Date() })
    .where(and(eq(ingresosRecibidos.tenantId, ctx.tenantId), eq(ingresosRecibidos.id, id)))
    .returning();
  await registrarSolicitud(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_INGRESO,
    idDocumento: id,
    numeracioDocumento: actual.comprobante,
    directa: true,
    tipoDeAnulacion: 'Eliminado',
    notaAnular: nota,
  });
  return { ingresoDb: (await detalleDe(ctx, eliminado ?? actual)).ingresoReferenciadoGral };
}

// The receipt is undone: its credit in favour is cancelled (refused when the customer already used
// part of it; creditos.anularCreditosDe), the ledger takes back its applications (its invoices owe
// again) and a reversing journal entry is posted. Its number stays used (gapless; the receipt remains,
// Anulado, or is written again by an edit).
async function deshacerIngreso(
  ctx: CtxConSesion,
  fila: FilaIngreso,
  descripcion: string,
  anularCredito = true,
): Promise<void> {
  if (anularCredito) {
    await anularCreditosDe(ctx, { tipo: TIPO_DOCUMENTO_INGRESO, id: fila.id });
  }
  await revertir(ctx, TIPO_DOCUMENTO_INGRESO, fila.id);
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_INGRESO,
    fila.id,
    fechaYHoraEnSantoDomingo(new Date()).fecha,
    descripcion,
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
      deshacer: () => deshacerIngreso(ctx, fila, `Anulación del recibo ${fila.comprobante}`),
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
