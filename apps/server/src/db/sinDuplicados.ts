import { and, eq, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ReintentarSolicitud, violaIndiceUnico } from '../http/errors.ts';
import type { Tx } from './client.ts';

/** A table with the columns every create needs for duplicate protection (architecture invariant 4). */
export type TablaConIdentificador = PgTable & {
  tenantId: PgColumn;
  identificadorUnico: PgColumn;
};

export type Creado<T> = { fila: T; solicitudDuplicada: boolean };

/**
 * Inserts once per `(tenant_id, identificador_unico)`: a retried create (offline sync, double click)
 * gets the row created the first time and `solicitudDuplicada: true`, also under concurrent retries,
 * because the unique index decides, never a check-then-insert.
 */
export async function insertarSinDuplicar<T extends TablaConIdentificador>(
  tx: Tx,
  tabla: T,
  valores: InferInsertModel<T> & { tenantId: number; identificadorUnico: string },
): Promise<Creado<InferSelectModel<T>>> {
  const insertadas = (await tx
    .insert(tabla)
    .values(valores)
    .onConflictDoNothing({ target: [tabla.tenantId, tabla.identificadorUnico] })
    .returning()) as InferSelectModel<T>[];
  const [nueva] = insertadas;
  if (nueva) {
    return { fila: nueva, solicitudDuplicada: false };
  }
  const existentes = (await tx
    .select()
    .from(tabla as PgTable)
    .where(
      and(eq(tabla.tenantId, valores.tenantId), eq(tabla.identificadorUnico, valores.identificadorUnico)),
    )
    .limit(1)) as InferSelectModel<T>[];
  const [existente] = existentes;
  if (!existente) {
    // Only possible if the conflicting row belongs to a transaction that rolled back meanwhile.
    throw new Error('Conflicto de identificadorUnico sin fila existente');
  }
  return { fila: existente, solicitudDuplicada: true };
}

/**
 * The one duplicate protection of documents (architecture invariant 4; docs/documents.md): a create
 * whose identificadorUnico already has a row answers that row (`solicitudDuplicada: true`) and writes
 * nothing; otherwise it creates. Two concurrent creates with the same key both pass the lookup; the
 * unique index `indice` makes the second insert fail, its transaction (and the number it took) rolls
 * back, and `ruta` runs it once more (ReintentarSolicitud): the lookup then finds the first.
 */
export async function crearUnaVez<T>(pasos: {
  indice: string;
  buscar: () => Promise<T | undefined>;
  crear: () => Promise<T>;
}): Promise<Creado<T>> {
  const previa = await pasos.buscar();
  if (previa !== undefined) {
    return { fila: previa, solicitudDuplicada: true };
  }
  try {
    return { fila: await pasos.crear(), solicitudDuplicada: false };
  } catch (error) {
    if (violaIndiceUnico(error, pasos.indice)) {
      throw new ReintentarSolicitud();
    }
    throw error;
  }
}
