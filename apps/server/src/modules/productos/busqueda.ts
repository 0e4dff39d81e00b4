import { normalizarBusqueda } from '@pos/domain';
import { type SQL, sql } from 'drizzle-orm';

// Accent-insensitive product search: the name is normalised here (productos.nombre_busqueda; PGlite has
// no unaccent dictionary at hand and the rule must match the web's) and searched with LIKE '%…%' through
// productos_por_nombre (migrations 0006, 0007): a SECURITY DEFINER function over the narrow
// productos_busqueda rows, so its pg_trgm GIN index is usable under row-level security.

function escaparLike(texto: string): string {
  return texto.replace(/[\\%_]/g, '\\$&');
}

/**
 * Where a list's candidates come from: the company's productos_busqueda rows whose name contains the
 * input, or all of them when it is empty. The rows carry the columns the lists filter and sort on.
 */
export function fuenteDeBusqueda(input: string): SQL {
  const normalizado = normalizarBusqueda(input);
  return normalizado === ''
    ? sql`productos_busqueda`
    : sql`productos_por_nombre(${`%${escaparLike(normalizado)}%`})`;
}

/** The WHERE part of a name search on `productos p` ("the name contains the input"; true when empty). */
export function condicionDeBusqueda(input: string): SQL {
  return normalizarBusqueda(input) === ''
    ? sql`true`
    : sql`p.id in (select b.id from ${fuenteDeBusqueda(input)} b)`;
}
