import {
  type ActualizarNotaDeCredito,
  type AnularNotaDeCredito,
  type DetalleNotaDeCredito,
  type LineaCreditoFacturaEntrada,
  type LineaDevolucionEntrada,
  type LineaNotaDeCreditoEntrada,
  MENSAJE_MOTIVO_NOTA_DE_CREDITO,
} from '@pos/contract';
import { aPesos } from '@pos/domain';
import { and, eq } from 'drizzle-orm';
import {
  anularConMotivo,
  eliminarConservandoNumero,
  exigirActivo,
  filasFinales,
} from '../../documentos/documento.ts';
import { AppError } from '../../http/errors.ts';
import type { CtxConSesion } from '../../http/handle.ts';
import { RESULTADO_EN_FEMENINO } from '../anulaciones/service.ts';
import {
  cuentaDeDevoluciones,
  devolucionesPreparadas,
  facturaActiva,
  insertarFilas,
  prepararLineas,
  repartir,
} from './crear.ts';
import { calcular, contextoDeCuentas, deshacerEfectos, escribirEfectos } from './efectos.ts';
import { aNota, detalleDe, fila, filasDe, numero, TIPO_DOCUMENTO_NOTA_DE_CREDITO } from './lectura.ts';
import {
  devolucionesNotaDeCredito,
  type FilaDevolucion,
  type FilaFacturaVinculada,
  type FilaLineaNotaDeCredito,
  type FilaNotaDeCredito,
  facturasNotaDeCredito,
  lineasNotaDeCredito,
  notasDeCredito,
} from './tables.ts';

// Credit notes (spec 001 §2, §4, §7 "Credit notes"; docs/documents.md «Notas de crédito»): editing,
// cancelling and deleting one. Each undoes the note's effects (efectos.ts); an edit writes them again
// with the final lines, checked by the same rules as a new note (crear.ts).

/**
 * PUT /notas-de-credito/{id}: an active note's header notes and its three line groups. Its effects are
 * undone, the rows rewritten with the final lines (the same rules as a new one, not counting this
 * note's own returns) and the effects written again. The number and the modified invoice stay.
 */
export async function actualizarNotaDeCredito(
  ctx: CtxConSesion,
  id: string,
  entrada: ActualizarNotaDeCredito,
): Promise<DetalleNotaDeCredito> {
  const sinBloquear = await fila(ctx, id);
  // The invoice first, as a new note locks it: notes of one invoice take turns in one order.
  const modificada = await facturaActiva(ctx, sinBloquear.idFactura, 'notaDeCredito.idFactura');
  const actual = await fila(ctx, id, true);
  exigirActivo(actual, `La nota de crédito ${actual.comprobante}`, true);
  // Its credit in favour, if any, is cancelled by deshacerEfectos (refused while the customer already
  // used part of it) and escribirEfectos makes the new one (docs/documents.md).
  if (entrada.notaDeCredito.idFactura && entrada.notaDeCredito.idFactura !== actual.idFactura) {
    throw new AppError(
      'solicitud_invalida',
      'La factura que modifica la nota de crédito no cambia al editarla.',
    );
  }
  const guardadas = await filasDe(ctx, id);
  const lineasFinales = filasFinales<LineaNotaDeCreditoEntrada>(
    guardadas.lineas,
    entrada.borrarLineasNotasDeCredito,
    entrada.actualizarLineasNotasDeCredito,
    (idLinea) => {
      const l = guardadas.lineas.find((g) => g.id === idLinea) as FilaLineaNotaDeCredito;
      return { _id: l.id, idLineaFactura: l.idLineaFactura, cantidad: numero(l.cantidad), nota: l.nota };
    },
    'productos',
    'la nota de crédito',
  );
  const devolucionesFinales = filasFinales<LineaDevolucionEntrada>(
    guardadas.devoluciones,
    entrada.borrarLineasDevoluciones,
    entrada.actualizarLineasDevoluciones,
    (idLinea) => {
      const d = guardadas.devoluciones.find((g) => g.id === idLinea) as FilaDevolucion;
      return {
        _id: d.id,
        fechaDeEmision: d.fechaDeEmision,
        afectarCuenta: { idCuenta: d.idCuenta },
        importe: numero(d.importe),
        nota: d.nota,
      };
    },
    'devoluciones',
    'la nota de crédito',
  );
  const vinculadasFinales = filasFinales<LineaCreditoFacturaEntrada>(
    guardadas.vinculadas,
    entrada.borrarLineasFacturasViculada,
    entrada.actualizarLineasFacturasViculada,
    (idLinea) => {
      const v = guardadas.vinculadas.find((g) => g.id === idLinea) as FilaFacturaVinculada;
      return { _id: v.id, idFactura: v.idFactura };
    },
    'facturas vinculadas',
    'la nota de crédito',
  );
  await deshacerEfectos(ctx, actual, 'Edición');
  const lineas = await prepararLineas(ctx, modificada, lineasFinales, id);
  const { totales, cabecera: totalesCabecera } = calcular(lineas);
  const contexto = await contextoDeCuentas(ctx, actual.idTerminal);
  const reparto = await repartir(ctx, totales.total, modificada, vinculadasFinales, devolucionesFinales, id);
  const fechaEmision = entrada.notaDeCredito.fechaEmision ?? actual.fechaEmision;
  const devoluciones = await devolucionesPreparadas(
    ctx,
    devolucionesFinales,
    contexto,
    fechaEmision,
    actual.idTurno,
  );
  const idCuentaDevoluciones = entrada.notaDeCredito.CuentaContableDevolucionesDeClientes
    ? await cuentaDeDevoluciones(ctx, entrada.notaDeCredito, contexto.cuentas ?? {})
    : actual.idCuentaDevoluciones;
  // The three groups are rewritten whole (kept lines keep their ids).
  await ctx.tx
    .delete(lineasNotaDeCredito)
    .where(and(eq(lineasNotaDeCredito.tenantId, ctx.tenantId), eq(lineasNotaDeCredito.idDocumento, id)));
  await ctx.tx
    .delete(devolucionesNotaDeCredito)
    .where(
      and(
        eq(devolucionesNotaDeCredito.tenantId, ctx.tenantId),
        eq(devolucionesNotaDeCredito.idNotaDeCredito, id),
      ),
    );
  await ctx.tx
    .delete(facturasNotaDeCredito)
    .where(
      and(eq(facturasNotaDeCredito.tenantId, ctx.tenantId), eq(facturasNotaDeCredito.idNotaDeCredito, id)),
    );
  const [cambiada] = await ctx.tx
    .update(notasDeCredito)
    .set({
      fechaEmision,
      hora: entrada.notaDeCredito.hora ?? actual.hora,
      ...totalesCabecera,
      notaPieDePagina: entrada.notaDeCredito.notaPieDePagina,
      notaInformacionInterna: entrada.notaDeCredito.notaInformacionInterna,
      tipoDeNotasDeCredito: entrada.notaDeCredito.tipoDeNotasDeCredito,
      tipoDeNotasDeCreditoDgii: entrada.notaDeCredito.tipoDeNotasDeCreditoDgii,
      metodoDePago: entrada.notaDeCredito.metodoDePago,
      idCuentaDevoluciones,
      montoAplicado: String(aPesos(reparto.aplicado)),
      montoDevuelto: String(aPesos(reparto.devuelto)),
      montoCredito: String(aPesos(reparto.credito)),
      actualizadoEn: new Date(),
    })
    .where(and(eq(notasDeCredito.tenantId, ctx.tenantId), eq(notasDeCredito.id, id)))
    .returning();
  const resultado = cambiada ?? actual;
  await insertarFilas(ctx, id, lineas, devoluciones, vinculadasFinales, reparto);
  await escribirEfectos(ctx, resultado);
  return detalleDe(ctx, await fila(ctx, id));
}

/** The note as the kit's cancel and delete flow needs it; `motivo` is why its effects are undone. */
function anulable(ctx: CtxConSesion, actual: FilaNotaDeCredito, motivo: 'Anulación' | 'Eliminación') {
  return {
    tabla: notasDeCredito,
    tipo: TIPO_DOCUMENTO_NOTA_DE_CREDITO,
    actual,
    nombre: `La nota de crédito ${actual.comprobante}`,
    femenino: true,
    deshacer: () => deshacerEfectos(ctx, actual, motivo),
  };
}

/**
 * PUT /notas-de-credito/anular/{id}: the cancellation flow of every document (spec 001 §4): direct with
 * anularYEliminarDocumentos (its effects undone), else a request a supervisor approves (undone then) or
 * rejects. A free-text reason.
 */
export async function anularNotaDeCredito(ctx: CtxConSesion, id: string, entrada: AnularNotaDeCredito) {
  const actual = await fila(ctx, id, true);
  const { documento, resultado } = await anularConMotivo(
    ctx,
    { ...anulable(ctx, actual, 'Anulación'), mensajeSinMotivo: MENSAJE_MOTIVO_NOTA_DE_CREDITO },
    entrada,
  );
  return { notaDeCreditoDb: await aNota(ctx, documento), resultado: RESULTADO_EN_FEMENINO[resultado] };
}

/**
 * DELETE /notas-de-credito/{id}: as the kit does, kept as Anulado («Eliminado por …») with its effects
 * undone, so the B04 sequence has no gaps and the audit screen records who did it.
 */
export async function eliminarNotaDeCredito(ctx: CtxConSesion, id: string) {
  const actual = await fila(ctx, id, true);
  const eliminada = await eliminarConservandoNumero(ctx, {
    ...anulable(ctx, actual, 'Eliminación'),
    enFrase: `la nota de crédito ${actual.comprobante}`,
  });
  return { notaDeCreditoDb: await aNota(ctx, eliminada) };
}
