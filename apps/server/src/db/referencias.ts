import { sql } from 'drizzle-orm';
import { filas, type Tx } from './client.ts';

/** A table and column whose foreign key points at a row. */
export type Referencia = { tabla: string; columna: string };

/**
 * Every foreign key of `public` that points at `(tenant_id, id)` of `tabla`, read from the catalog, so
 * a table added by a later module (invoices pointing at a contact) is found without this code knowing it.
 */
export async function referenciasA(
  tx: Tx,
  tabla: string,
  opciones: { soloLasQueImpidenBorrar?: boolean } = {},
): Promise<Referencia[]> {
  // confdeltype 'a' (NO ACTION) and 'r' (RESTRICT): the keys that stop a delete, unlike CASCADE or SET NULL.
  const bloqueantes = opciones.soloLasQueImpidenBorrar ? sql`and con.confdeltype in ('a', 'r')` : sql``;
  return filas<Referencia>(
    tx,
    sql`select t.relname as tabla, a.attname as columna
        from pg_constraint con
        join pg_class t on t.oid = con.conrelid
        join pg_namespace n on n.oid = t.relnamespace
        join pg_class r on r.oid = con.confrelid
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[2]
        where con.contype = 'f' and n.nspname = 'public' and r.relname = ${tabla}
          and array_length(con.conkey, 1) = 2 ${bloqueantes}
        order by 1, 2`,
  );
}

/** The referencing tables (among `referencias`) that hold at least one row pointing at `id`. */
export async function tablasQueUsan(
  tx: Tx,
  tenantId: number,
  referencias: Referencia[],
  id: string,
): Promise<string[]> {
  const usadas: string[] = [];
  for (const { tabla, columna } of referencias) {
    const [fila] = await filas<{ existe: boolean }>(
      tx,
      sql`select exists (select 1 from ${sql.identifier(tabla)}
          where tenant_id = ${tenantId} and ${sql.identifier(columna)} = ${id}) as existe`,
    );
    if (fila?.existe) {
      usadas.push(tabla);
    }
  }
  return usadas;
}
