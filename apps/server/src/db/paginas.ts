import { and, eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from '../http/handle.ts';
import { filas } from './client.ts';

type TablaConId = PgTable & { tenantId: PgColumn; id: PgColumn };

/**
 * One page of a document list (spec 001 §2 paged lists, `{res, totalRows}`): the count and the page's
 * ids with plain SQL over the table aliased `d` (filters are SQL), then the whole rows typed by the table.
 */
export async function paginaDe<T extends TablaConId>(
  ctx: Ctx,
  tabla: T,
  pedido: { donde: SQL; orden: SQL; page: number; limit: number },
): Promise<{ filas: T['$inferSelect'][]; total: number }> {
  const nombre = sql.identifier(getTableName(tabla));
  const [cuenta] = await filas<{ total: string }>(
    ctx.tx,
    sql`select count(*) as total from ${nombre} d where ${pedido.donde}`,
  );
  const ids = await filas<{ id: string }>(
    ctx.tx,
    sql`select d.id from ${nombre} d where ${pedido.donde}
        order by ${pedido.orden} limit ${pedido.limit} offset ${(pedido.page - 1) * pedido.limit}`,
  );
  const leidas = (
    ids.length === 0
      ? []
      : await ctx.tx
          .select()
          .from(tabla as PgTable)
          .where(
            and(
              eq(tabla.tenantId, ctx.tenantId),
              inArray(
                tabla.id,
                ids.map((f) => f.id),
              ),
            ),
          )
  ) as (T['$inferSelect'] & { id: string })[];
  const porId = new Map(leidas.map((f) => [f.id, f]));
  return {
    filas: ids.flatMap((f) => {
      const leida = porId.get(f.id);
      return leida ? [leida] : [];
    }),
    total: Number(cuenta?.total ?? 0),
  };
}
