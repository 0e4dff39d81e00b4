import type { AnularDocumentoEntrada } from '@pos/contract';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CtxConSesion } from '../http/handle.ts';
import { type CambioDeAnulacion, RESULTADO_EN_FEMENINO } from '../modules/anulaciones/service.ts';
import { anularConMotivo, eliminarConservandoNumero } from './cambios.ts';

// What credit notes (modules/notasDeCredito, on an invoice) and debit notes (modules/notasDeDebito, on a
// purchase) share when they change (spec 001 §4, §7; docs/documents.md «Notas de crédito», «Notas de
// débito»): they are not declared with `documento()`, so their cancel and delete go through the kit's
// one flow here, once for both, and an edit rewrites their line groups the same way.

type FilaDeNota = { id: string; comprobante: string; estado: CambioDeAnulacion['estado'] };

/** A note family as its cancel and delete need it: the credit note's or the debit note's. */
export type FamiliaDeNota<F extends FilaDeNota> = {
  /** Its header table. */
  tabla: PgTable & { tenantId: PgColumn; id: PgColumn };
  /** The document type of its cancellation requests and audit rows. */
  tipo: string;
  /** How messages name it, lower case: 'nota de crédito'. */
  nombre: string;
  /** Spec 001 §8: the refusal of a cancellation without a reason. */
  mensajeSinMotivo: string;
  /** Its row by id, locked when `bloquear` (with the family's «no existe»). */
  fila: (ctx: CtxConSesion, id: string, bloquear: boolean) => Promise<F>;
  /** Undoes what the note wrote besides its rows; `motivo` is why. */
  deshacer: (ctx: CtxConSesion, nota: F, motivo: 'Anulación' | 'Eliminación') => Promise<void>;
};

function anulable<F extends FilaDeNota>(
  ctx: CtxConSesion,
  familia: FamiliaDeNota<F>,
  actual: F,
  motivo: 'Anulación' | 'Eliminación',
) {
  return {
    tabla: familia.tabla,
    tipo: familia.tipo,
    actual,
    nombre: `La ${familia.nombre} ${actual.comprobante}`,
    femenino: true,
    deshacer: () => familia.deshacer(ctx, actual, motivo),
  };
}

/**
 * PUT /notas-de-…/anular/{id}: the cancellation flow of every document (spec 001 §4): direct with
 * anularYEliminarDocumentos (its effects undone), else a request a supervisor approves (undone then) or
 * rejects. A free-text reason. The result in the feminine, as the notes answer it.
 */
export async function anularNota<F extends FilaDeNota>(
  ctx: CtxConSesion,
  familia: FamiliaDeNota<F>,
  id: string,
  entrada: AnularDocumentoEntrada,
) {
  const actual = await familia.fila(ctx, id, true);
  const { documento, resultado } = await anularConMotivo(
    ctx,
    { ...anulable(ctx, familia, actual, 'Anulación'), mensajeSinMotivo: familia.mensajeSinMotivo },
    entrada,
  );
  return { documento, resultado: RESULTADO_EN_FEMENINO[resultado] };
}

/**
 * DELETE /notas-de-…/{id}: as the kit does, kept as Anulado («Eliminado por …») with its effects undone,
 * so the numbering has no gaps and the audit screen records who did it.
 */
export async function eliminarNota<F extends FilaDeNota>(
  ctx: CtxConSesion,
  familia: FamiliaDeNota<F>,
  id: string,
): Promise<F> {
  const actual = await familia.fila(ctx, id, true);
  return eliminarConservandoNumero(ctx, {
    ...anulable(ctx, familia, actual, 'Eliminación'),
    enFrase: `la ${familia.nombre} ${actual.comprobante}`,
  });
}

/**
 * An edit rewrites a note's line groups whole (products, money returns, linked documents; kept lines
 * keep their ids): each group's rows of the note are removed before the final ones are inserted.
 */
export async function borrarGruposDeNota(
  ctx: CtxConSesion,
  id: string,
  grupos: readonly (readonly [PgTable & { tenantId: PgColumn }, PgColumn])[],
): Promise<void> {
  for (const [tabla, columnaDeLaNota] of grupos) {
    await ctx.tx.delete(tabla).where(and(eq(tabla.tenantId, ctx.tenantId), eq(columnaDeLaNota, id)));
  }
}
