import {
  type ActualizarNotaDeDebito,
  type AnularNotaDeDebito,
  type DetalleNotaDeDebito,
  type LineaDebitoCompraEntrada,
  type LineaDevolucionProveedorEntrada,
  type LineaNotaDeDebitoEntrada,
  MENSAJE_MOTIVO_NOTA_DE_DEBITO,
  MENSAJE_NOTA_DE_DEBITO_NO_EXISTE,
} from '@pos/contract';
import { aPesos } from '@pos/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { anularDocumento, registrarSolicitud } from '../anulaciones/service.ts';
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

function exigirActiva(nota: FilaNotaDeDebito): void {
  if (nota.estado !== 'Activo') {
    const como = nota.estado === 'Anulado' ? 'anulada' : 'por anular';
    throw new AppError(
      'conflicto',
      `La nota de débito ${nota.comprobante} está ${como} y no se puede cambiar.`,
    );
  }
}

/** The final rows of a group after an edit: saved minus removed, changed in place by _id, plus new. */
function finales<T extends { _id?: string | null | undefined }>(
  guardadas: readonly { id: string }[],
  borrar: readonly string[],
  cambios: readonly T[],
  comoEntrada: (id: string) => T,
  grupo: string,
): T[] {
  const ids = new Set(guardadas.map((g) => g.id));
  const mencionadas = [...borrar, ...cambios.flatMap((c) => (c._id ? [c._id] : []))];
  if (new Set(mencionadas).size !== mencionadas.length) {
    throw new AppError(
      'solicitud_invalida',
      `Una línea de ${grupo} viene repetida o se borra y se cambia a la vez.`,
    );
  }
  if (mencionadas.some((id) => !ids.has(id))) {
    throw new AppError('no_encontrado', `Una línea de ${grupo} no pertenece a la nota de débito.`);
  }
  const cambiadas = new Map(cambios.flatMap((c) => (c._id ? [[c._id, c] as const] : [])));
  const quitadas = new Set(borrar);
  return [
    ...guardadas.filter((g) => !quitadas.has(g.id)).map((g) => cambiadas.get(g.id) ?? comoEntrada(g.id)),
    ...cambios.filter((c) => !c._id),
  ];
}

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
  exigirActiva(actual);
  if (entrada.notaDeDebito.idCompra && entrada.notaDeDebito.idCompra !== actual.idCompra) {
    throw new AppError(
      'solicitud_invalida',
      'La compra que modifica la nota de débito no cambia al editarla.',
    );
  }
  const guardadas = await filasDe(ctx, id);
  const lineasFinales = finales<LineaNotaDeDebitoEntrada>(
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
  );
  const devolucionesFinales = finales<LineaDevolucionProveedorEntrada>(
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
  );
  const vinculadasFinales = finales<LineaDebitoCompraEntrada>(
    guardadas.vinculadas,
    entrada.borrarLineasComprasVinculadas,
    entrada.actualizarLineasComprasVinculadas,
    (idLinea) => {
      const v = guardadas.vinculadas.find((g) => g.id === idLinea) as FilaCompraVinculada;
      return { _id: v.id, idCompra: v.idCompra };
    },
    'compras vinculadas',
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

async function guardarCambio(ctx: Ctx, id: string, cambio: Partial<FilaNotaDeDebito>) {
  const [cambiada] = await ctx.tx
    .update(notasDeDebito)
    .set({ ...cambio, actualizadoEn: new Date() })
    .where(and(eq(notasDeDebito.tenantId, ctx.tenantId), eq(notasDeDebito.id, id)))
    .returning();
  if (!cambiada) {
    throw new AppError('no_encontrado', MENSAJE_NOTA_DE_DEBITO_NO_EXISTE);
  }
  return cambiada;
}

const RESULTADO = {
  directa: 'anulada',
  solicitada: 'solicitada',
  aprobada: 'aprobada',
  rechazada: 'rechazada',
} as const;

/**
 * PUT /notas-de-debito/anular/{id}: the cancellation flow of every document (spec 001 §4): direct with
 * anularYEliminarDocumentos (its effects undone), else a request a supervisor approves (undone then) or
 * rejects. A free-text reason.
 */
export async function anularNotaDeDebito(ctx: CtxConSesion, id: string, entrada: AnularNotaDeDebito) {
  const actual = await fila(ctx, id, true);
  const { documento, resultado } = await anularDocumento(
    ctx,
    {
      tipoDocumento: TIPO_DOCUMENTO_NOTA_DE_DEBITO,
      id,
      numero: actual.comprobante,
      estado: actual.estado,
      nombre: `La nota de débito ${actual.comprobante}`,
      anulado: 'anulada',
    },
    entrada,
    {
      motivo: async () => {
        const nota = entrada.notaAnular.trim() || entrada.tipoDeAnulacion.trim();
        if (!nota) {
          throw new AppError('solicitud_invalida', MENSAJE_MOTIVO_NOTA_DE_DEBITO, {
            errores: [{ campo: 'notaAnular', mensaje: MENSAJE_MOTIVO_NOTA_DE_DEBITO }],
          });
        }
        return { tipoDeAnulacion: entrada.tipoDeAnulacion.trim(), notaAnular: nota };
      },
      deshacer: () => deshacerEfectos(ctx, actual, 'Anulación'),
      guardar: (cambio) => guardarCambio(ctx, id, cambio),
    },
  );
  return { notaDeDebitoDb: await aNota(ctx, documento), resultado: RESULTADO[resultado] };
}

/**
 * DELETE /notas-de-debito/{id}: as the kit does, kept as Anulado («Eliminado por …») with its effects
 * undone, so the numbering has no gaps and the audit screen records who did it.
 */
export async function eliminarNotaDeDebito(ctx: CtxConSesion, id: string) {
  const actual = await fila(ctx, id, true);
  if (!ctx.usuario.anularYEliminarDocumentos) {
    throw new AppError(
      'prohibido',
      `No tienes permiso para eliminar; solicita la anulación de la nota de débito ${actual.comprobante}.`,
    );
  }
  exigirActiva(actual);
  await deshacerEfectos(ctx, actual, 'Eliminación');
  const nota = `Eliminado por ${ctx.usuario.username}`;
  const eliminada = await guardarCambio(ctx, id, {
    estado: 'Anulado',
    autorizacion: 'Aprobada',
    notaAnular: nota,
  });
  await registrarSolicitud(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_NOTA_DE_DEBITO,
    idDocumento: id,
    numeracioDocumento: actual.comprobante,
    directa: true,
    tipoDeAnulacion: 'Eliminado',
    notaAnular: nota,
  });
  return { notaDeDebitoDb: await aNota(ctx, eliminada) };
}
