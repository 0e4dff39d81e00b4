import { type SQL, sql } from 'drizzle-orm';

// Accent-insensitive product search without extensions: PGlite has no `unaccent` and loads pg_trgm
// only when built with it, so the name is normalised here and its trigrams are kept in a text[] with a
// GIN index (core array_ops). A search of 3+ characters asks for rows holding every trigram of the
// input (index) and then checks the substring (exact "contains" semantics).

/** Lower case, without accents or repeated spaces: "Habichuelas  ROJAS Goya®" → "habichuelas rojas goya®". */
export function normalizarBusqueda(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The distinct 3-character substrings of a normalised text. */
export function trigramasDe(normalizado: string): string[] {
  const conjunto = new Set<string>();
  for (let i = 0; i + 3 <= normalizado.length; i++) {
    conjunto.add(normalizado.slice(i, i + 3));
  }
  return [...conjunto];
}

function escaparLike(texto: string): string {
  return texto.replace(/[\\%_]/g, '\\$&');
}

/** The WHERE part of a name search on `productos p` (true when the input is empty). */
export function condicionDeBusqueda(input: string): SQL {
  const normalizado = normalizarBusqueda(input);
  if (normalizado === '') {
    return sql`true`;
  }
  const patron = `%${escaparLike(normalizado)}%`;
  const trigramas = trigramasDe(normalizado);
  return trigramas.length > 0
    ? sql`(p.trigramas @> ${`{${trigramas.map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[] and p.nombre_busqueda like ${patron})`
    : sql`p.nombre_busqueda like ${patron}`;
}
