import { randomBytes } from 'node:crypto';
import { abrirBaseDeDatos, type BaseDeDatos } from '@pos/server/db/client';
import pg from 'pg';

/** Median of a list of numbers. */
export function mediana(valores: number[]): number {
  const ordenados = [...valores].sort((a, b) => a - b);
  const medio = Math.floor(ordenados.length / 2);
  return ordenados.length % 2
    ? (ordenados[medio] ?? 0)
    : ((ordenados[medio - 1] ?? 0) + (ordenados[medio] ?? 0)) / 2;
}

/** Runs `operacion` `veces` times per round over `rondas` rounds; returns the median operations per second. */
export async function opsPorSegundo(operacion: () => unknown, veces: number, rondas = 7): Promise<number> {
  const tasas: number[] = [];
  for (let r = 0; r < rondas; r++) {
    const inicio = performance.now();
    for (let i = 0; i < veces; i++) {
      await operacion();
    }
    tasas.push((veces * 1000) / (performance.now() - inicio));
  }
  return mediana(tasas);
}

/** An empty database for a bench: PGlite in memory, or a fresh database on DATABASE_URL's server. */
export async function baseDeDatosDeBench(
  motor: 'pglite' | 'postgres',
  prefijo: string,
): Promise<{ db: BaseDeDatos; borrar: () => Promise<void>; url?: string }> {
  if (motor === 'pglite') {
    return { db: await abrirBaseDeDatos({}), borrar: async () => {} };
  }
  const url = new URL(process.env.DATABASE_URL ?? '');
  const nombre = `${prefijo}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${nombre}`);
  await admin.end();
  url.pathname = `/${nombre}`;
  return {
    db: await abrirBaseDeDatos({ databaseUrl: url.toString() }),
    url: url.toString(),
    borrar: async () => {
      const cliente = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await cliente.connect();
      await cliente.query(`DROP DATABASE IF EXISTS ${nombre} WITH (FORCE)`);
      await cliente.end();
    },
  };
}

/** Runs `medir` on PGlite and, when DATABASE_URL is set, on PostgreSQL; BENCH_MOTOR picks just one. */
export async function porMotor(medir: (motor: 'pglite' | 'postgres') => Promise<void>): Promise<void> {
  const solo = process.env.BENCH_MOTOR;
  if (!solo || solo === 'pglite') {
    await medir('pglite');
  }
  if (process.env.DATABASE_URL && (!solo || solo === 'postgres')) {
    await medir('postgres');
  }
}

/**
 * ANALYZE of the tables the bench seeded, not of the empty ones. An empty table analyzed as empty
 * gets its foreign-key checks planned as sequential scans, and those saved plans stay until the next
 * ANALYZE: during a bench that grows it by thousands of rows in seconds each check reads the whole
 * table. A real database does not analyze a table while it is empty; autovacuum (and, on PGlite, the
 * server every minute) analyzes one that grew.
 */
export async function analizarLoSembrado(db: BaseDeDatos): Promise<void> {
  await db.ejecutarScript(`DO $$ DECLARE t record; BEGIN
    FOR t IN SELECT c.oid::regclass::text AS tabla FROM pg_class c
             WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace AND pg_relation_size(c.oid) > 0 LOOP
      EXECUTE 'ANALYZE ' || t.tabla;
    END LOOP;
  END $$;`);
}
