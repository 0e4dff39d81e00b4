import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** A transaction bound to one company; every query in a request runs in one of these. */
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;

export type Motor = 'pglite' | 'postgres';

export type BaseDeDatos = {
  motor: Motor;
  /** Runs `fn` in a transaction restricted by row-level security to `tenantId`. */
  enEmpresa<T>(tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script as the owner, in one transaction (migrations only). */
  ejecutarScript(script: string): Promise<void>;
  /** Runs one parameterised query as the owner, outside any company (migrations, catalog checks). */
  consultarComoDueno<T>(query: SQL): Promise<T[]>;
  cerrar(): Promise<void>;
};

/** The role every request runs as: no superuser and no BYPASSRLS, so policies always apply. */
export const ROL_EMPRESA = 'app_empresa';

// One round trip: the company for the policies, `SET LOCAL ROLE` written as its GUC, and custom plans.
// Foreign-key checks run cached plans; a generic plan made while a table was small (a sequential scan)
// would otherwise be kept for the life of the connection, which for embedded PGlite (one session, no
// autovacuum to invalidate it) is the life of the server: every check on a grown table scanned it all.
async function prepararTransaccion(tx: Tx, tenantId: number): Promise<void> {
  await tx.execute(
    sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', ${ROL_EMPRESA}, true),
          set_config('plan_cache_mode', 'force_custom_plan', true)`,
  );
}

/** Rows of a raw query, whatever the driver. */
export async function filas<T>(tx: Tx, query: SQL): Promise<T[]> {
  const resultado = (await tx.execute(query)) as unknown as { rows: T[] };
  return resultado.rows;
}

export type OpcionesBaseDeDatos = { databaseUrl?: string | undefined; dataDir?: string | undefined };

/** PostgreSQL when `databaseUrl` is given, otherwise embedded PGlite (on disk in `dataDir`, or in memory). */
export async function abrirBaseDeDatos(opciones: OpcionesBaseDeDatos): Promise<BaseDeDatos> {
  if (opciones.databaseUrl) {
    return abrirPostgres(opciones.databaseUrl);
  }
  return abrirPglite(opciones.dataDir);
}

type OrmConTransacciones = {
  transaction<T>(fn: (tx: never) => Promise<T>): Promise<T>;
  execute(query: SQL): Promise<unknown>;
};

// What both engines share once each has its drizzle instance: the company transaction and owner queries.
function sobreOrm(
  motor: Motor,
  orm: OrmConTransacciones,
  resto: Pick<BaseDeDatos, 'ejecutarScript' | 'cerrar'>,
): BaseDeDatos {
  return {
    motor,
    enEmpresa(tenantId, fn) {
      return orm.transaction(async (tx: never) => {
        const t = tx as unknown as Tx;
        await prepararTransaccion(t, tenantId);
        return fn(t);
      });
    },
    async consultarComoDueno<T>(query: SQL) {
      const resultado = (await orm.execute(query)) as { rows: T[] };
      return resultado.rows;
    },
    ...resto,
  };
}

async function abrirPglite(dataDir: string | undefined): Promise<BaseDeDatos> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
  }
  // The contrib extensions the migrations create (0006: the product name search).
  const extensions = { pg_trgm, btree_gin };
  const cliente = dataDir ? new PGlite(dataDir, { extensions }) : new PGlite({ extensions });
  await cliente.waitReady;
  return sobreOrm('pglite', drizzlePglite(cliente) as unknown as OrmConTransacciones, {
    async ejecutarScript(script) {
      await cliente.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    async cerrar() {
      await cliente.close();
    },
  });
}

async function abrirPostgres(databaseUrl: string): Promise<BaseDeDatos> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', (error) => console.error('Error en una conexión inactiva de PostgreSQL:', error.message));
  return sobreOrm('postgres', drizzleNodePg(pool) as unknown as OrmConTransacciones, {
    async ejecutarScript(script) {
      const conexion = await pool.connect();
      try {
        await conexion.query('BEGIN');
        await conexion.query(script);
        await conexion.query('COMMIT');
      } catch (error) {
        await conexion.query('ROLLBACK');
        throw error;
      } finally {
        conexion.release();
      }
    },
    async cerrar() {
      await pool.end();
    },
  });
}
