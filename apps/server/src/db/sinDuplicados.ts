import { and, eq, getTableName, type InferInsertModel, type InferSelectModel, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ReintentarSolicitud, violaIndiceUnico } from '../http/errors.ts';
import { filas, type Tx } from './client.ts';

/** A table with the columns every create needs for duplicate protection (architecture invariant 4). */
export type TablaConIdentificador = PgTable & {
  tenantId: PgColumn;
  identificadorUnico: PgColumn;
};

export type Creado<T> = { fila: T; solicitudDuplicada: boolean };

/**
 * Inserts once per `(tenant_id, identificador_unico)` (master data, contacts, numberings, adjustments):
 * `crearUnaVez` with the table's lookup and insert, and its unique index `<table>_identificador_unico`.
 */
export async function insertarSinDuplicar<T extends TablaConIdentificador>(
  tx: Tx,
  tabla: T,
  valores: InferInsertModel<T> & { tenantId: number; identificadorUnico: string },
): Promise<Creado<InferSelectModel<T>>> {
  return crearUnaVez({
    indice: `${getTableName(tabla)}_identificador_unico`,
    buscar: async () => {
      const [existente] = (await tx
        .select()
        .from(tabla as PgTable)
        .where(
          and(eq(tabla.tenantId, valores.tenantId), eq(tabla.identificadorUnico, valores.identificadorUnico)),
        )
        .limit(1)) as InferSelectModel<T>[];
      return existente;
    },
    crear: async () => {
      const [nueva] = (await tx.insert(tabla).values(valores).returning()) as InferSelectModel<T>[];
      if (!nueva) {
        throw new Error(`La inserción en ${getTableName(tabla)} no devolvió fila`);
      }
      return nueva;
    },
  });
}

/**
 * The one duplicate protection of every create (architecture invariant 4; docs/documents.md): a create
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

/**
 * For a create whose first writes are not its own row (a bank's ledger account, a payment's
 * applications to its purchases): twins of one request (a retry racing the first try) queue here until
 * the first commits, so the second's `crearUnaVez` lookup finds it instead of clashing on those writes
 * first (a duplicate account code, a purchase already paid). Called before `crearUnaVez`.
 */
export async function esperarGemela(
  ctx: { tx: Tx; tenantId: number },
  familia: string,
  identificadorUnico: string,
): Promise<void> {
  await filas(
    ctx.tx,
    sql`select pg_advisory_xact_lock(${ctx.tenantId}, hashtext(${`${familia}:${identificadorUnico}`}))`,
  );
}
