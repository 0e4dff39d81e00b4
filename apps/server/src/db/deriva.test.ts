import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../testing/entorno.ts';

// The Drizzle tables the code reads and writes must be the tables the migrations create: a column
// declared in a tables.ts but missing (or nullable where Drizzle says NOT NULL) in SQL would fail only
// at run time, on the one path that touches it.

const MODULOS = join(import.meta.dirname, '..', 'modules');

async function tablasDeDrizzle(): Promise<PgTable[]> {
  const tablas: PgTable[] = [];
  for (const modulo of readdirSync(MODULOS)) {
    let exportado: Record<string, unknown>;
    try {
      exportado = await import(join(MODULOS, modulo, 'tables.ts'));
    } catch {
      continue;
    }
    tablas.push(...Object.values(exportado).filter((valor): valor is PgTable => is(valor, PgTable)));
  }
  return tablas;
}

// Drizzle's SQL type as PostgreSQL's catalog names it (udt_name): int4, timestamptz, _uuid for uuid[].
const EQUIVALENTES: Record<string, string> = {
  smallint: 'int2',
  integer: 'int4',
  bigint: 'int8',
  boolean: 'bool',
  'timestamp with time zone': 'timestamptz',
};
function udt(tipo: string): string {
  return tipo.endsWith('[]') ? `_${udt(tipo.slice(0, -2))}` : (EQUIVALENTES[tipo] ?? tipo);
}

type Columna = { tabla: string; columna: string; nula: 'YES' | 'NO'; tipo: string };

describe('las tablas de Drizzle son las de las migraciones', () => {
  let e: Entorno;
  beforeAll(async () => {
    e = await crearEntorno('pglite');
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('cada tabla declarada existe con sus columnas, su nulabilidad y su tipo', async () => {
    const enSql = await e.db.consultarComoDueno<Columna>(sql`
      select table_name as tabla, column_name as columna, is_nullable as nula, udt_name as tipo
      from information_schema.columns where table_schema = 'public'`);
    const porTabla = new Map<string, Map<string, Columna>>();
    for (const c of enSql) {
      const columnas = porTabla.get(c.tabla) ?? new Map<string, Columna>();
      columnas.set(c.columna, c);
      porTabla.set(c.tabla, columnas);
    }
    const tablas = await tablasDeDrizzle();
    expect(tablas.length).toBeGreaterThan(20);
    const diferencias: string[] = [];
    for (const tabla of tablas) {
      const { name, columns } = getTableConfig(tabla);
      const reales = porTabla.get(name);
      if (!reales) {
        diferencias.push(`${name}: no existe en las migraciones`);
        continue;
      }
      for (const columna of columns) {
        const real = reales.get(columna.name);
        if (!real) {
          diferencias.push(`${name}.${columna.name}: no existe en las migraciones`);
          continue;
        }
        if (columna.notNull && real.nula === 'YES') {
          diferencias.push(`${name}.${columna.name}: NOT NULL en Drizzle, admite NULL en SQL`);
        }
        const tipo = columna.getSQLType().replace(/\(.*\)/, '');
        if (udt(tipo) !== real.tipo) {
          diferencias.push(`${name}.${columna.name}: ${tipo} en Drizzle, ${real.tipo} en SQL`);
        }
      }
      const declaradas = new Set(columns.map((c) => c.name));
      for (const real of reales.keys()) {
        if (!declaradas.has(real)) {
          diferencias.push(`${name}.${real}: existe en SQL pero no en Drizzle`);
        }
      }
    }
    expect(diferencias).toEqual([]);
  });
});
