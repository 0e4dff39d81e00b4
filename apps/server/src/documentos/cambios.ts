import type { AnularDocumentoEntrada } from '@pos/contract';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../http/errors.ts';
import type { Ctx, CtxConSesion } from '../http/handle.ts';
import {
  anularDocumento,
  type CambioDeAnulacion,
  registrarSolicitud,
} from '../modules/anulaciones/service.ts';

// Changing a document (spec 000 §4, 001 §4-§5; docs/documents.md): the guard against changing one that
// is not active, the final rows of a group-by-group edit, and the one cancel and delete flow. Used by
// the kit's builder (documento.ts) and by the documents not declared with it (credit and debit notes,
// manual journal entries).

/**
 * Refuses a change to a document that is not Activo (cancelled, or with a cancellation request
 * pending): «La cotización COT1 está anulada y no se puede cambiar.» `nombre` is how messages name it.
 */
export function exigirActivo(documento: { estado: string }, nombre: string, femenino: boolean): void {
  if (documento.estado !== 'Activo') {
    const como = documento.estado === 'Anulado' ? (femenino ? 'anulada' : 'anulado') : 'por anular';
    throw new AppError('conflicto', `${nombre} está ${como} y no se puede cambiar.`);
  }
}

/**
 * The final rows of one line group of a document edited group by group (credit and debit notes: lines,
 * returns, linked documents): saved minus removed, changed in place by _id, plus new. A line named
 * twice, or not of this document, is refused. `documento` names it in the refusal ('la nota de crédito').
 */
export function filasFinales<T extends { _id?: string | null | undefined }, G extends { id: string }>(
  guardadas: readonly G[],
  borrar: readonly string[],
  cambios: readonly T[],
  comoEntrada: (guardada: G) => T,
  grupo: string,
  documento: string,
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
    throw new AppError('no_encontrado', `Una línea de ${grupo} no pertenece a ${documento}.`);
  }
  const cambiadas = new Map(cambios.flatMap((c) => (c._id ? [[c._id, c] as const] : [])));
  const quitadas = new Set(borrar);
  return [
    ...guardadas.filter((g) => !quitadas.has(g.id)).map((g) => cambiadas.get(g.id) ?? comoEntrada(g)),
    ...cambios.filter((c) => !c._id),
  ];
}

type TablaAnulable = PgTable & { tenantId: PgColumn; id: PgColumn };
type FilaAnulable = { id: string; comprobante: string; estado: CambioDeAnulacion['estado'] };

/**
 * A document being cancelled or deleted, as the shared flow below needs it. `actual` is its row, read
 * locked (FOR UPDATE) by the caller with its own "no existe" message.
 */
export type DocumentoAnulable<F extends FilaAnulable> = {
  /** Its header table: the flow writes the state, the reason and actualizadoEn on its row. */
  tabla: TablaAnulable;
  /** The document type of cancellation requests ('cotizacion', 'nota-de-credito' …). */
  tipo: string;
  actual: F;
  /** How messages name it: «La nota de crédito B0400000001». */
  nombre: string;
  femenino: boolean;
  /** The family's refusal of a cancellation (also of its approval) or a deletion, if it has one. */
  verificar?: (accion: 'anular' | 'eliminar') => Promise<void>;
  /** Undoes what the document wrote besides its rows (stock, journal, balances, links). */
  deshacer: () => Promise<void>;
};

async function guardarAnulacion<F extends FilaAnulable>(
  ctx: Ctx,
  documento: DocumentoAnulable<F>,
  cambio: Record<string, unknown>,
): Promise<F> {
  const { tabla, actual } = documento;
  // The row is locked by the caller, so it is there; its type is the family's (F), not drizzle's view.
  const [cambiada] = (await ctx.tx
    .update(tabla)
    .set({ ...cambio, actualizadoEn: new Date() } as never)
    .where(and(eq(tabla.tenantId, ctx.tenantId), eq(tabla.id, actual.id)))
    .returning()) as unknown as F[];
  return cambiada ?? actual;
}

/**
 * Cancelling a document (spec 000 §4, 001 §4-§5): a free-text reason; a user with
 * anularYEliminarDocumentos cancels at once (its effects undone), anyone else files a request a
 * supervisor approves (undone then) or rejects on the same call. Shared by the kit's families and by the
 * documents not declared with `documento()` (credit and debit notes), so the flow has one home.
 */
export async function anularConMotivo<F extends FilaAnulable>(
  ctx: CtxConSesion,
  documento: DocumentoAnulable<F> & { mensajeSinMotivo: string },
  entrada: AnularDocumentoEntrada,
): Promise<{ documento: F; resultado: 'directa' | 'solicitada' | 'aprobada' | 'rechazada' }> {
  const { actual, verificar, mensajeSinMotivo } = documento;
  return anularDocumento(
    ctx,
    {
      tipoDocumento: documento.tipo,
      id: actual.id,
      numero: actual.comprobante,
      estado: actual.estado,
      nombre: documento.nombre,
      anulado: documento.femenino ? 'anulada' : 'anulado',
    },
    entrada,
    {
      motivo: async () => {
        await verificar?.('anular');
        const nota = entrada.notaAnular.trim() || entrada.tipoDeAnulacion.trim();
        if (!nota) {
          throw new AppError('solicitud_invalida', mensajeSinMotivo, {
            errores: [{ campo: 'notaAnular', mensaje: mensajeSinMotivo }],
          });
        }
        return { tipoDeAnulacion: entrada.tipoDeAnulacion.trim(), notaAnular: nota };
      },
      deshacer: async () => {
        // A supervisor's approval skips `motivo`: the family's refusal holds there too.
        await verificar?.('anular');
        await documento.deshacer();
      },
      guardar: (cambio) => guardarAnulacion(ctx, documento, cambio),
    },
  );
}

/**
 * Deleting leaves the lists (spec 001 §4 "Deleted documents leave the list"). The document is kept as
 * Anulado («Eliminado por …») with its effects undone rather than removed, so the numbers stay without
 * gaps and the audit screen records who did it; deleting is for users who may cancel documents
 * directly. `enFrase` names it inside the refusal («la nota de crédito B0400000001»). Shared like
 * `anularConMotivo`.
 */
export async function eliminarConservandoNumero<F extends FilaAnulable>(
  ctx: CtxConSesion,
  documento: DocumentoAnulable<F> & { enFrase: string },
): Promise<F> {
  const { actual } = documento;
  if (!ctx.usuario.anularYEliminarDocumentos) {
    throw new AppError(
      'prohibido',
      `No tienes permiso para eliminar; solicita la anulación de ${documento.enFrase}.`,
    );
  }
  exigirActivo(actual, documento.nombre, documento.femenino);
  await documento.verificar?.('eliminar');
  await documento.deshacer();
  const nota = `Eliminado por ${ctx.usuario.username}`;
  const eliminada = await guardarAnulacion(ctx, documento, {
    estado: 'Anulado',
    autorizacion: 'Aprobada',
    notaAnular: nota,
  });
  await registrarSolicitud(ctx, {
    tipoDocumento: documento.tipo,
    idDocumento: actual.id,
    numeracioDocumento: actual.comprobante,
    directa: true,
    tipoDeAnulacion: 'Eliminado',
    notaAnular: nota,
  });
  return eliminada;
}
