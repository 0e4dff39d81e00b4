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
import { exigirActivo, filasFinales } from '../../documentos/cambios.ts';
import { anularNota, borrarGruposDeNota, eliminarNota, type FamiliaDeNota } from '../../documentos/notas.ts';
import { AppError } from '../../http/errors.ts';
import type { CtxConSesion } from '../../http/handle.ts';
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
  const lineasFinales = filasFinales(
    guardadas.lineas,
    entrada.borrarLineasNotasDeDebito,
    entrada.actualizarLineasNotasDeDebito,
    (l): LineaNotaDeDebitoEntrada => ({
      _id: l.id,
      idLineaCompra: l.idLineaCompra,
      cantidad: numero(l.cantidad),
      nota: l.nota,
      cuentaContableParaInventario: { idCuenta: l.idCuenta },
    }),
    'productos',
    'la nota de débito',
  );
  const devolucionesFinales = filasFinales(
    guardadas.devoluciones,
    entrada.borrarLineasDevoluciones,
    entrada.actualizarLineasDevoluciones,
    (d): LineaDevolucionProveedorEntrada => ({
      _id: d.id,
      fechaDeEmision: d.fechaDeEmision,
      cuentaContableDebito: { idCuenta: d.idCuenta },
      importe: numero(d.importe),
      nota: d.nota,
    }),
    'devoluciones',
    'la nota de débito',
  );
  const vinculadasFinales = filasFinales(
    guardadas.vinculadas,
    entrada.borrarLineasComprasVinculadas,
    entrada.actualizarLineasComprasVinculadas,
    (v): LineaDebitoCompraEntrada => ({ _id: v.id, idCompra: v.idCompra }),
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
  await borrarGruposDeNota(ctx, id, [
    [lineasNotaDeDebito, lineasNotaDeDebito.idDocumento],
    [devolucionesNotaDeDebito, devolucionesNotaDeDebito.idNotaDeDebito],
    [comprasNotaDeDebito, comprasNotaDeDebito.idNotaDeDebito],
  ]);
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

/** Debit notes for the notes' shared cancel and delete (documentos/notas.ts). */
const NOTA_DE_DEBITO: FamiliaDeNota<FilaNotaDeDebito> = {
  tabla: notasDeDebito,
  tipo: TIPO_DOCUMENTO_NOTA_DE_DEBITO,
  nombre: 'nota de débito',
  mensajeSinMotivo: MENSAJE_MOTIVO_NOTA_DE_DEBITO,
  fila,
  deshacer: deshacerEfectos,
};

/** PUT /notas-de-debito/anular/{id}: the kit's cancellation flow (documentos/notas.ts). */
export async function anularNotaDeDebito(ctx: CtxConSesion, id: string, entrada: AnularNotaDeDebito) {
  const { documento, resultado } = await anularNota(ctx, NOTA_DE_DEBITO, id, entrada);
  return { notaDeDebitoDb: await aNota(ctx, documento), resultado };
}

/**
 * DELETE /notas-de-debito/{id}: kept as Anulado («Eliminado por …») with its effects undone, so the
 * numbering has no gaps (documentos/notas.ts).
 */
export async function eliminarNotaDeDebito(ctx: CtxConSesion, id: string) {
  return { notaDeDebitoDb: await aNota(ctx, await eliminarNota(ctx, NOTA_DE_DEBITO, id)) };
}
