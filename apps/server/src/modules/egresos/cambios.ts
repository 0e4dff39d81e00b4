import { randomUUID } from 'node:crypto';
import {
  type ActualizarEgreso,
  type AnularEgreso,
  type DetalleEgreso,
  type Egreso,
  MENSAJE_CAMPOS_BASICOS_EGRESO,
  MENSAJE_EGRESO_NO_ACTIVO,
} from '@pos/contract';
import { aPesos, fechaYHoraEnSantoDomingo, sumarCentavos } from '@pos/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { anularDocumento, RESULTADO_EN_MASCULINO, registrarSolicitud } from '../anulaciones/service.ts';
import { revertir } from '../cartera/service.ts';
import { exigirCentroDeCosto } from '../centrosDeCosto/service.ts';
import { revertirAsientos } from '../contabilidad/asientos.service.ts';
import { turnoAbiertoDe } from '../turnos/service.ts';
import { asentar, insertarLineas, prepararYAplicar } from './crear.ts';
import { detalleDe, type FilaEgreso, filaDeEgreso, lineasDe, TIPO_DOCUMENTO_EGRESO } from './lectura.ts';
import {
  contextoDelEgreso,
  cuentaDelDinero,
  exigirCuentasDeDetalle,
  exigirPermisoDeEgreso,
} from './reglas.ts';
import { lineasEgreso, recibosEgresos } from './tables.ts';

// Payments out (spec 001 §4, §7; docs/payments.md): editing, deleting and cancelling one. Each undoes
// what the payment wrote (ledger applications, journal entry) first.

const MENSAJE_MOTIVO_EGRESO = 'Debes escribir el motivo de la anulación del recibo de egreso.';

// A POS payment out belongs to its shift's cash count: once the shift closed it no longer changes
// (spec 001 §8 "Payment out closed shift", the same rule as receipts in).
async function exigirTurnoAbierto(ctx: Ctx, fila: FilaEgreso): Promise<void> {
  if (!fila.idTurno) {
    return;
  }
  const abierto = await turnoAbiertoDe(ctx, fila.idUsuarioCreador);
  if (abierto?.id !== fila.idTurno) {
    throw new AppError(
      'conflicto',
      `El turno del recibo de egreso ${fila.comprobante} ya se cerró; el recibo no se modifica.`,
      { datos: { estadoDelTurno: false } },
    );
  }
}

function exigirActivo(fila: FilaEgreso): void {
  if (fila.estado !== 'Activo') {
    const regla = MENSAJE_EGRESO_NO_ACTIVO.toLowerCase();
    throw new AppError(
      'conflicto',
      fila.estado === 'Anulado'
        ? `El recibo de egreso ${fila.comprobante} está anulado; ${regla}`
        : `El recibo de egreso ${fila.comprobante} tiene una solicitud de anulación pendiente; ${regla}`,
    );
  }
}

/**
 * PUT /recibos-egresos/update/ (spec 001 §7; docs/documents.md «Editar»): only an Activo payment. The
 * final lines are the stored ones less `eliminar`, with each `update` line that has an `_id` changed
 * in its place and the others added. In one transaction its ledger applications and journal entry are
 * reverted and the final lines are checked, applied and posted again; the number, the supplier, the
 * kind of payment and its shift do not change.
 */
export async function actualizarEgreso(ctx: CtxConSesion, entrada: ActualizarEgreso): Promise<DetalleEgreso> {
  const actual = await filaDeEgreso(ctx, entrada.idEgresosRef, true);
  exigirActivo(actual);
  const formaDePago = entrada.formaDePago ?? actual.formaDePago;
  exigirPermisoDeEgreso(ctx, {
    tipoDeEgreso: actual.tipoDeEgreso,
    desdePos: actual.desdePos,
    formaDePago,
    cuentaContableCredito: entrada.cuentaContableCredito,
  });
  await exigirTurnoAbierto(ctx, actual);
  await exigirCuentasDeDetalle(ctx, entrada);
  const guardadas = await lineasDe(ctx, actual.id);
  const porId = new Map(guardadas.map((l) => [l.id, l]));
  for (const id of [...entrada.eliminar, ...entrada.update.flatMap((l) => (l._id ? [l._id] : []))]) {
    if (!porId.has(id)) {
      throw new AppError('no_encontrado', `La línea ${id} no es del recibo de egreso ${actual.comprobante}.`);
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
          idCompra: cambio?.idCompra ?? l.idCompra,
          // A purchase line's account is the payable (chosen again below); an account line keeps its own.
          cuentaContableDebito: l.idCompra
            ? null
            : (cambio?.cuentaContableDebito ?? { idCuenta: l.idCuentaDebito }),
          importe: cambio ? cambio.importe : Number(l.importe),
          nota: cambio ? cambio.nota : l.nota,
        };
      }),
    ...entrada.update.filter((l) => !l._id).map((l) => ({ ...l, id: randomUUID() })),
  ];
  if (finales.length === 0) {
    throw new AppError('solicitud_invalida', MENSAJE_CAMPOS_BASICOS_EGRESO, {
      errores: [{ campo: 'update', mensaje: 'El recibo de egreso necesita por lo menos una línea.' }],
    });
  }
  const fecha = entrada.fechaDeEmision ?? actual.fechaDeEmision;
  const { terminal, asignadas } = await contextoDelEgreso(ctx, actual.idTerminal);
  // What the payment did is taken back first, so its purchases owe again what it had applied.
  await deshacerEgreso(ctx, actual, `Modificación del recibo de egreso ${actual.comprobante}`);
  const { lineas } = await prepararYAplicar(
    ctx,
    actual.id,
    {
      tipoDeEgreso: actual.tipoDeEgreso,
      idCliente: actual.idCliente,
      cuentaPorPagar: entrada.cuentaPorPagarProveedores?.idCuenta ?? actual.idCuentaPorPagar,
      desdePos: actual.desdePos,
      res: finales,
    },
    { fecha, formaDePago, comprobante: actual.comprobante, asignadas },
  );
  // The money's account: the one chosen now, else the one before if the method did not change, else
  // the (new) method's.
  const idCuentaCredito =
    entrada.cuentaContableCredito?.idCuenta ??
    (formaDePago === actual.formaDePago
      ? actual.idCuentaCredito
      : cuentaDelDinero(formaDePago, terminal, asignadas));
  const total = sumarCentavos(lineas.map((l) => l.importe));
  const [cambiado] = await ctx.tx
    .update(recibosEgresos)
    .set({
      fechaDeEmision: fecha,
      formaDePago,
      idCuentaCredito,
      idCuentaPorPagar: actual.tipoDeEgreso ? (lineas[0]?.idCuentaDebito ?? null) : null,
      ...(entrada.nombreProveedor === undefined ? {} : { nombreProveedor: entrada.nombreProveedor }),
      ...(entrada.idCentroDeCosto === undefined
        ? {}
        : { idCentroDeCosto: await exigirCentroDeCosto(ctx, entrada.idCentroDeCosto) }),
      ...(entrada.centroDeCosto === undefined ? {} : { centroDeCosto: entrada.centroDeCosto }),
      ...(entrada.detalles === undefined ? {} : { detalles: entrada.detalles }),
      total: String(aPesos(total)),
      actualizadoEn: new Date(),
    })
    .where(and(eq(recibosEgresos.tenantId, ctx.tenantId), eq(recibosEgresos.id, actual.id)))
    .returning();
  if (!cambiado) {
    throw new Error('La actualización del recibo de egreso no devolvió fila');
  }
  await ctx.tx
    .delete(lineasEgreso)
    .where(and(eq(lineasEgreso.tenantId, ctx.tenantId), eq(lineasEgreso.idEgreso, actual.id)));
  await insertarLineas(ctx, actual.id, lineas);
  await asentar(ctx, cambiado, lineas);
  return detalleDe(ctx, cambiado);
}

// The payment is undone: the ledger takes back its applications (its purchases owe again) and a
// reversing journal entry is posted. Its number stays used (gapless; the payment remains, Anulado, or
// is written again by an edit).
async function deshacerEgreso(ctx: Ctx, fila: FilaEgreso, descripcion: string): Promise<void> {
  await revertir(ctx, TIPO_DOCUMENTO_EGRESO, fila.id);
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_EGRESO,
    fila.id,
    fechaYHoraEnSantoDomingo(new Date()).fecha,
    descripcion,
  );
}

/**
 * DELETE /recibos-egresos/{id} (docs/documents.md «Eliminar»): only a user who cancels directly; the
 * payment is undone like a cancellation and stays Anulado with «Eliminado por …», so its number leaves
 * no gap and the audit screen records who did it. It leaves the lists (spec 001 §4).
 */
export async function eliminarEgreso(ctx: CtxConSesion, id: string): Promise<{ egresoDb: Egreso }> {
  const actual = await filaDeEgreso(ctx, id, true);
  if (!ctx.usuario.anularYEliminarDocumentos) {
    throw new AppError(
      'prohibido',
      'No tienes permiso para eliminar; solicita la anulación del recibo de egreso.',
    );
  }
  exigirActivo(actual);
  await deshacerEgreso(ctx, actual, `Eliminación del recibo de egreso ${actual.comprobante}`);
  const nota = `Eliminado por ${ctx.usuario.username}`;
  const [eliminado] = await ctx.tx
    .update(recibosEgresos)
    .set({ estado: 'Anulado', autorizacion: 'Aprobada', notaAnular: nota, actualizadoEn: new Date() })
    .where(and(eq(recibosEgresos.tenantId, ctx.tenantId), eq(recibosEgresos.id, id)))
    .returning();
  await registrarSolicitud(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_EGRESO,
    idDocumento: id,
    numeracioDocumento: actual.comprobante,
    directa: true,
    tipoDeAnulacion: 'Eliminado',
    notaAnular: nota,
  });
  return { egresoDb: (await detalleDe(ctx, eliminado ?? actual)).egresoReferenciadoGral };
}

/**
 * PUT /recibos-egresos/anular/ (spec 001 §4-§5: a free-text reason): a user with
 * anularYEliminarDocumentos cancels at once, anyone else files a request (Por-Anular / Pendiente) that
 * a supervisor approves (cancelled and undone) or rejects (back to Activo, 'Solicitud Denegada'),
 * sending autorizacion on the same call.
 */
export async function anularEgreso(
  ctx: CtxConSesion,
  entrada: AnularEgreso,
): Promise<{ egresoDb: Egreso; resultado: 'anulado' | 'solicitado' | 'aprobado' | 'rechazado' }> {
  const id = entrada.idEgresosRef;
  const fila = await filaDeEgreso(ctx, id, true);
  const { documento, resultado } = await anularDocumento(
    ctx,
    {
      tipoDocumento: TIPO_DOCUMENTO_EGRESO,
      id,
      numero: fila.comprobante,
      estado: fila.estado,
      nombre: `El recibo de egreso ${fila.comprobante}`,
      anulado: 'anulado',
    },
    entrada,
    {
      motivo: async () => {
        if (!entrada.notaAnular) {
          throw new AppError('solicitud_invalida', MENSAJE_MOTIVO_EGRESO, {
            errores: [{ campo: 'notaAnular', mensaje: MENSAJE_MOTIVO_EGRESO }],
          });
        }
        return { tipoDeAnulacion: '', notaAnular: entrada.notaAnular };
      },
      deshacer: () => deshacerEgreso(ctx, fila, `Anulación del recibo de egreso ${fila.comprobante}`),
      guardar: async (cambio) => {
        const [cambiada] = await ctx.tx
          .update(recibosEgresos)
          .set({
            estado: cambio.estado,
            autorizacion: cambio.autorizacion,
            ...(cambio.notaAutorizacion === undefined ? {} : { notaAutorizacion: cambio.notaAutorizacion }),
            ...(cambio.notaAnular === undefined ? {} : { notaAnular: cambio.notaAnular }),
            actualizadoEn: new Date(),
          })
          .where(and(eq(recibosEgresos.tenantId, ctx.tenantId), eq(recibosEgresos.id, id)))
          .returning();
        return cambiada ?? fila;
      },
    },
  );
  return {
    egresoDb: (await detalleDe(ctx, documento)).egresoReferenciadoGral,
    resultado: RESULTADO_EN_MASCULINO[resultado],
  };
}
