import { sql } from 'drizzle-orm';
import type { BaseDeDatos } from './client.ts';

type Restriccion = {
  tabla: string;
  nombre: string;
  tipo: 'p' | 'f' | 'u';
  columnas: string[];
  referidas: string[] | null;
  /** The referenced table of a foreign key. */
  referida: string | null;
  /** Whether none of the key's columns can be NULL (so every row is checked). */
  obligatoria: boolean;
};

// Every row belongs to an existing company: its table references empresas, or reaches a table that
// does through a foreign key none of whose columns can be NULL (migration 0011).
function llegaAEmpresas(tablas: string[], restricciones: Restriccion[]): Set<string> {
  const llegan = new Set(['empresas']);
  let crecio = true;
  while (crecio) {
    crecio = false;
    for (const tabla of tablas) {
      const llega = restricciones.some(
        (r) => r.tabla === tabla && r.tipo === 'f' && r.obligatoria && llegan.has(r.referida ?? ''),
      );
      if (!llegan.has(tabla) && llega) {
        llegan.add(tabla);
        crecio = true;
      }
    }
  }
  return llegan;
}

/** Reads the catalog and lists every table of `public` that breaks invariant 1 (empty when all comply). */
export async function faltasDeAislamiento(db: BaseDeDatos): Promise<string[]> {
  const tablas = await db.consultarComoDueno<{ tabla: string; rls: boolean; forzada: boolean }>(sql`
      select c.relname as tabla, c.relrowsecurity as rls, c.relforcerowsecurity as forzada
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);

  const restricciones = await db.consultarComoDueno<Restriccion>(sql`
      select t.relname as tabla, con.conname as nombre, con.contype as tipo,
        array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columnas,
        case when con.contype = 'f' then array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) end as referidas,
        case when con.contype = 'f' then con.confrelid::regclass::text end as referida,
        (select bool_and(a.attnotnull) from unnest(con.conkey) k(n)
         join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as obligatoria
      from pg_constraint con join pg_class t on t.oid = con.conrelid join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and con.contype in ('p', 'f', 'u')`);
  const indicesUnicos = await db.consultarComoDueno<{
    tabla: string;
    indice: string;
    definicion: string;
  }>(sql`
      select tablename as tabla, indexname as indice, indexdef as definicion from pg_indexes
      where schemaname = 'public' and indexdef like 'CREATE UNIQUE INDEX%'`);
  const politicas = await db.consultarComoDueno<{ tabla: string; usando: string; comprobando: string }>(sql`
      select tablename as tabla, qual as usando, with_check as comprobando from pg_policies where schemaname = 'public'`);

  const faltas: string[] = [];
  const llegan = llegaAEmpresas(
    tablas.map((t) => t.tabla),
    restricciones,
  );
  for (const { tabla, rls, forzada } of tablas) {
    if (!llegan.has(tabla)) {
      faltas.push(`${tabla}: ninguna clave foránea obligatoria lleva a empresas`);
    }
    const pk = restricciones.find((r) => r.tabla === tabla && r.tipo === 'p');
    if (pk?.columnas[0] !== 'tenant_id') {
      faltas.push(`${tabla}: la clave primaria no empieza por tenant_id`);
    }
    for (const r of restricciones.filter((x) => x.tabla === tabla && x.tipo !== 'p')) {
      if (r.columnas[0] !== 'tenant_id' || (r.tipo === 'f' && r.referidas?.[0] !== 'tenant_id')) {
        faltas.push(`${tabla}: la restricción ${r.nombre} no empieza por tenant_id`);
      }
    }
    for (const indice of indicesUnicos.filter(
      (i) => i.tabla === tabla && !restricciones.some((r) => r.nombre === i.indice),
    )) {
      if (!/\(tenant_id[,)]/.test(indice.definicion)) {
        faltas.push(`${tabla}: el índice único ${indice.indice} no empieza por tenant_id`);
      }
    }
    if (!rls || !forzada) {
      faltas.push(`${tabla}: seguridad por filas no activa o no forzada`);
    }
    const politica = politicas.find((p) => p.tabla === tabla);
    if (
      !politica?.usando.includes("current_setting('app.tenant_id'") ||
      !politica.comprobando?.includes('tenant_id')
    ) {
      faltas.push(`${tabla}: sin política por app.tenant_id`);
    }
  }
  return faltas;
}
