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
import { exigirActivo, filasFinales } from '../../documentos/cambios.ts';
import { anularNota, borrarGruposDeNota, eliminarNota, type FamiliaDeNota } from '../../documentos/notas.ts';
import { AppError } from '../../http/errors.ts';
import type { CtxConSesion } from '../../http/handle.ts';
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
  const lineasFinales = filasFinales(
    guardadas.lineas,
    entrada.borrarLineasNotasDeCredito,
    entrada.actualizarLineasNotasDeCredito,
    (l): LineaNotaDeCreditoEntrada => ({
      _id: l.id,
      idLineaFactura: l.idLineaFactura,
      cantidad: numero(l.cantidad),
      nota: l.nota,
    }),
    'productos',
    'la nota de crédito',
  );
  const devolucionesFinales = filasFinales(
    guardadas.devoluciones,
    entrada.borrarLineasDevoluciones,
    entrada.actualizarLineasDevoluciones,
    (d): LineaDevolucionEntrada => ({
      _id: d.id,
      fechaDeEmision: d.fechaDeEmision,
      afectarCuenta: { idCuenta: d.idCuenta },
      importe: numero(d.importe),
      nota: d.nota,
    }),
    'devoluciones',
    'la nota de crédito',
  );
  const vinculadasFinales = filasFinales(
    guardadas.vinculadas,
    entrada.borrarLineasFacturasViculada,
    entrada.actualizarLineasFacturasViculada,
    (v): LineaCreditoFacturaEntrada => ({ _id: v.id, idFactura: v.idFactura }),
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
  await borrarGruposDeNota(ctx, id, [
    [lineasNotaDeCredito, lineasNotaDeCredito.idDocumento],
    [devolucionesNotaDeCredito, devolucionesNotaDeCredito.idNotaDeCredito],
    [facturasNotaDeCredito, facturasNotaDeCredito.idNotaDeCredito],
  ]);
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

/** Credit notes for the notes' shared cancel and delete (documentos/notas.ts). */
const NOTA_DE_CREDITO: FamiliaDeNota<FilaNotaDeCredito> = {
  tabla: notasDeCredito,
  tipo: TIPO_DOCUMENTO_NOTA_DE_CREDITO,
  nombre: 'nota de crédito',
  mensajeSinMotivo: MENSAJE_MOTIVO_NOTA_DE_CREDITO,
  fila,
  deshacer: deshacerEfectos,
};

/** PUT /notas-de-credito/anular/{id}: the kit's cancellation flow (documentos/notas.ts). */
export async function anularNotaDeCredito(ctx: CtxConSesion, id: string, entrada: AnularNotaDeCredito) {
  const { documento, resultado } = await anularNota(ctx, NOTA_DE_CREDITO, id, entrada);
  return { notaDeCreditoDb: await aNota(ctx, documento), resultado };
}

/**
 * DELETE /notas-de-credito/{id}: kept as Anulado («Eliminado por …») with its effects undone, so the
 * B04 sequence has no gaps (documentos/notas.ts).
 */
export async function eliminarNotaDeCredito(ctx: CtxConSesion, id: string) {
  return { notaDeCreditoDb: await aNota(ctx, await eliminarNota(ctx, NOTA_DE_CREDITO, id)) };
}
