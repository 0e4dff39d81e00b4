import { type SQL, sql } from 'drizzle-orm';

// Accent-insensitive product search: the name is normalised here (productos.nombre_busqueda; PGlite has
// no unaccent dictionary at hand and the rule must match the web's) and searched with LIKE '%…%' through
// productos_por_nombre (migration 0006), which can use the pg_trgm GIN index under row-level security.

/** Lower case, without accents or repeated spaces: "Habichuelas  ROJAS Goya®" → "habichuelas rojas goya®". */
export function normalizarBusqueda(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function escaparLike(texto: string): string {
  return texto.replace(/[\\%_]/g, '\\$&');
}

/** The WHERE part of a name search on `productos p` ("the name contains the input"; true when empty). */
export function condicionDeBusqueda(input: string): SQL {
  const normalizado = normalizarBusqueda(input);
  if (normalizado === '') {
    return sql`true`;
  }
  return sql`p.id in (select productos_por_nombre(${`%${escaparLike(normalizado)}%`}))`;
}
