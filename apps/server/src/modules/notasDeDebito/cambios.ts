import {
  type ActualizarNotaDeDebito,
  type AnularNotaDeDebito,
  type DetalleNotaDeDebito,
  type LineaDebitoCompraEntrada,
  type LineaDevolucionProveedorEntrada,
  type LineaNotaDeDebitoEntrada,
  MENSAJE_MOTIVO_NOTA_DE_DEBITO,
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
import { cuentasAsignadas } from '../compras/efectos.ts';
import {
  compraActiva,
  cuentaDeDevoluciones,
  devolucionesPreparadas,
  insertarFilas,
  prepararLineas,
  repartir,
} from './crear.ts';
import { calcular, deshacerEfectos, escribirEfectos } from './efectos.ts';
import {
  aNota,
  bloquearCompras,
  detalleDe,
  fila,
  filasDe,
  numero,
  TIPO_DOCUMENTO_NOTA_DE_DEBITO,
} from './lectura.ts';
import {
  comprasNotaDeDebito,
  devolucionesNotaDeDebito,
  type FilaCompraVinculada,
  type FilaDevolucionProveedor,
  type FilaLineaNotaDeDebito,
  type FilaNotaDeDebito,
  lineasNotaDeDebito,
  notasDeDebito,
} from './tables.ts';

// Debit notes (spec 001 §2, §4, §7 "Debit notes"; docs/documents.md «Notas de débito»): editing,
// cancelling and deleting one, as credit notes do (modules/notasDeCredito/cambios.ts). Each undoes the
// note's effects (efectos.ts); an edit writes them again with the final lines, checked by the same rules
// as a new note (crear.ts).

/**
 * PUT /notas-de-debito/{id}: an active note's header notes and its three line groups. Its effects are
 * undone, the rows rewritten with the final lines (the same rules as a new one, not counting this note's
 * own returns) and the effects written again. The number and the modified purchase stay. Spec 001 §5:
 * what the edit adds to the saved note is what came last ('TIENES UN DEBITO A COMPRA' when money returns
 * are added to a linked purchase, 'TIENES UN CREDITO A FACTURA' when a purchase is linked to returns).
 */
export async function actualizarNotaDeDebito(
  ctx: CtxConSesion,
  id: string,
  entrada: ActualizarNotaDeDebito,
): Promise<DetalleNotaDeDebito> {
  const sinBloquear = await fila(ctx, id);
  const vinculadasAntes = (await filasDe(ctx, id)).vinculadas.map((v) => v.idCompra);
  await bloquearCompras(ctx, [
    sinBloquear.idCompra,
    ...vinculadasAntes,
    ...entrada.actualizarLineasComprasVinculadas.map((v) => v.idCompra),
  ]);
  // The purchase first, as a new note locks it: notes of one purchase take turns in one order.
  const modificada = await compraActiva(ctx, sinBloquear.idCompra, 'notaDeDebito.idCompra');
  const actual = await fila(ctx, id, true);
  exigirActivo(actual, `La nota de débito ${actual.comprobante}`, true);
  if (entrada.notaDeDebito.idCompra && entrada.notaDeDebito.idCompra !== actual.idCompra) {
    throw new AppError(
      'solicitud_invalida',
      'La compra que modifica la nota de débito no cambia al editarla.',
    );
  }
  const guardadas = await filasDe(ctx, id);
  const lineasFinales = filasFinales<LineaNotaDeDebitoEntrada>(
    guardadas.lineas,
    entrada.borrarLineasNotasDeDebito,
    entrada.actualizarLineasNotasDeDebito,
    (idLinea) => {
      const l = guardadas.lineas.find((g) => g.id === idLinea) as FilaLineaNotaDeDebito;
      return {
        _id: l.id,
        idLineaCompra: l.idLineaCompra,
        cantidad: numero(l.cantidad),
        nota: l.nota,
        cuentaContableParaInventario: { idCuenta: l.idCuenta },
      };
    },
    'productos',
    'la nota de débito',
  );
  const devolucionesFinales = filasFinales<LineaDevolucionProveedorEntrada>(
    guardadas.devoluciones,
    entrada.borrarLineasDevoluciones,
    entrada.actualizarLineasDevoluciones,
    (idLinea) => {
      const d = guardadas.devoluciones.find((g) => g.id === idLinea) as FilaDevolucionProveedor;
      return {
        _id: d.id,
        fechaDeEmision: d.fechaDeEmision,
        cuentaContableDebito: { idCuenta: d.idCuenta },
        importe: numero(d.importe),
        nota: d.nota,
      };
    },
    'devoluciones',
    'la nota de débito',
  );
  const vinculadasFinales = filasFinales<LineaDebitoCompraEntrada>(
    guardadas.vinculadas,
    entrada.borrarLineasComprasVinculadas,
    entrada.actualizarLineasComprasVinculadas,
    (idLinea) => {
      const v = guardadas.vinculadas.find((g) => g.id === idLinea) as FilaCompraVinculada;
      return { _id: v.id, idCompra: v.idCompra };
    },
    'compras vinculadas',
    'la nota de débito',
  );
  await deshacerEfectos(ctx, actual, 'Edición');
  const asignadas = await cuentasAsignadas(ctx);
  const lineas = await prepararLineas(ctx, modificada, lineasFinales, id, asignadas);
  const { totales, cabecera: totalesCabecera } = calcular(lineas);
  const reparto = await repartir(
    ctx,
    totales.total,
    modificada,
    vinculadasFinales,
    devolucionesFinales,
    // A purchase was linked before the edit: the returns are what was added.
    guardadas.vinculadas.length > 0 ? 'devolucion' : 'vinculo',
  );
  const fechaEmision = entrada.notaDeDebito.fechaEmision ?? actual.fechaEmision;
  const devoluciones = await devolucionesPreparadas(ctx, devolucionesFinales, asignadas, fechaEmision);
  const idCuentaDevoluciones = entrada.notaDeDebito.CuentaContableDevolucionesAProveedores
    ? await cuentaDeDevoluciones(ctx, entrada.notaDeDebito, asignadas)
    : actual.idCuentaDevoluciones;
  // The three groups are rewritten whole (kept lines keep their ids).
  await ctx.tx
    .delete(lineasNotaDeDebito)
    .where(and(eq(lineasNotaDeDebito.tenantId, ctx.tenantId), eq(lineasNotaDeDebito.idDocumento, id)));
  await ctx.tx
    .delete(devolucionesNotaDeDebito)
    .where(
      and(
        eq(devolucionesNotaDeDebito.tenantId, ctx.tenantId),
        eq(devolucionesNotaDeDebito.idNotaDeDebito, id),
      ),
    );
  await ctx.tx
    .delete(comprasNotaDeDebito)
    .where(and(eq(comprasNotaDeDebito.tenantId, ctx.tenantId), eq(comprasNotaDeDebito.idNotaDeDebito, id)));
  const [cambiada] = await ctx.tx
    .update(notasDeDebito)
    .set({
      fechaEmision,
      hora: entrada.notaDeDebito.hora ?? actual.hora,
      ...totalesCabecera,
      notaPieDePagina: entrada.notaDeDebito.notaPieDePagina,
      notaInformacionInterna: entrada.notaDeDebito.notaInformacionInterna,
      tipoDeNotasDeDebito: entrada.notaDeDebito.tipoDeNotasDeDebito,
      tipoDeNotasDeDebitoDgii: entrada.notaDeDebito.tipoDeNotasDeDebitoDgii,
      metodoDePago: entrada.notaDeDebito.metodoDePago,
      idCuentaDevoluciones,
      montoAplicado: String(aPesos(reparto.aplicado)),
      montoDevuelto: String(aPesos(reparto.devuelto)),
      montoPorCobrar: String(aPesos(reparto.porCobrar)),
      actualizadoEn: new Date(),
    })
    .where(and(eq(notasDeDebito.tenantId, ctx.tenantId), eq(notasDeDebito.id, id)))
    .returning();
  const resultado = cambiada ?? actual;
  await insertarFilas(ctx, id, lineas, devoluciones, vinculadasFinales, reparto);
  await escribirEfectos(ctx, resultado);
  return detalleDe(ctx, await fila(ctx, id));
}

/** The note as the kit's cancel and delete flow needs it; `motivo` is why its effects are undone. */
function anulable(ctx: CtxConSesion, actual: FilaNotaDeDebito, motivo: 'Anulación' | 'Eliminación') {
  return {
    tabla: notasDeDebito,
    tipo: TIPO_DOCUMENTO_NOTA_DE_DEBITO,
    actual,
    nombre: `La nota de débito ${actual.comprobante}`,
    femenino: true,
    deshacer: () => deshacerEfectos(ctx, actual, motivo),
  };
}

/**
 * PUT /notas-de-debito/anular/{id}: the cancellation flow of every document (spec 001 §4): direct with
 * anularYEliminarDocumentos (its effects undone), else a request a supervisor approves (undone then) or
 * rejects. A free-text reason.
 */
export async function anularNotaDeDebito(ctx: CtxConSesion, id: string, entrada: AnularNotaDeDebito) {
  const actual = await fila(ctx, id, true);
  const { documento, resultado } = await anularConMotivo(
    ctx,
    { ...anulable(ctx, actual, 'Anulación'), mensajeSinMotivo: MENSAJE_MOTIVO_NOTA_DE_DEBITO },
    entrada,
  );
  return { notaDeDebitoDb: await aNota(ctx, documento), resultado: RESULTADO_EN_FEMENINO[resultado] };
}

/**
 * DELETE /notas-de-debito/{id}: as the kit does, kept as Anulado («Eliminado por …») with its effects
 * undone, so the numbering has no gaps and the audit screen records who did it.
 */
export async function eliminarNotaDeDebito(ctx: CtxConSesion, id: string) {
  const actual = await fila(ctx, id, true);
  const eliminada = await eliminarConservandoNumero(ctx, {
    ...anulable(ctx, actual, 'Eliminación'),
    enFrase: `la nota de débito ${actual.comprobante}`,
  });
  return { notaDeDebitoDb: await aNota(ctx, eliminada) };
}
