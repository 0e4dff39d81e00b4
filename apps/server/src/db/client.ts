import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Column, type ExtractTablesWithRelations, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgQueryResultHKT, PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ConexionPglite } from './conexionPglite.ts';

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
  /**
   * Runs `fn` only if no other process (another server of the same database) or call of this one holds
   * `clave`; otherwise answers at once without running it. `fn` opens its own transactions.
   */
  conBloqueo<T>(
    clave: string,
    fn: () => Promise<T>,
  ): Promise<{ obtenido: true; valor: T } | { obtenido: false }>;
  cerrar(): Promise<void>;
};

/** The role every request runs as: no superuser and no BYPASSRLS, so policies always apply. */
export const ROL_EMPRESA = 'app_empresa';

/**
 * Binds the rest of a company transaction to another company (the policies read app.tenant_id): only a
 * registration, which writes the new company and its customer in the operator company in one
 * transaction (modules/registro).
 */
export async function pasarAEmpresa(tx: Tx, tenantId: number): Promise<void> {
  await tx.execute(sql`select set_config('app.tenant_id', ${String(tenantId)}, true)`);
}

// One round trip: the company for the policies and `SET LOCAL ROLE` written as its GUC.
async function prepararTransaccion(tx: Tx, tenantId: number): Promise<void> {
  await tx.execute(
    sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', ${ROL_EMPRESA}, true)`,
  );
}

/**
 * Plans made for this transaction only. Foreign-key checks reuse a saved plan, and one made while a
 * table was small (a sequential scan) stays until the table is analyzed again: a bulk load that grows
 * a table inside one transaction (the product import) asks for fresh plans instead.
 */
export async function planesAMedida(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('plan_cache_mode', 'force_custom_plan', true)`);
}

// PostgreSQL's autovacuum re-analyzes a table that grew, which also invalidates saved plans on it.
// Embedded PGlite has no autovacuum (and keeps no table statistics to drive one), so every minute
// the tables whose size on disk outgrew what the last ANALYZE saw by a fifth are analyzed.
const TABLAS_CRECIDAS = `select c.oid::regclass::text as tabla from pg_class c
  where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
    and pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 4`;
const CADA_CUANTO_ANALIZAR_MS = 60_000;

/** Analyzes the PGlite tables that grew since their last ANALYZE; returns their names. */
export async function analizarTablasCrecidas(base: {
  query(texto: string): Promise<{ rows: unknown[] }>;
}): Promise<string[]> {
  const tablas = ((await base.query(TABLAS_CRECIDAS)).rows as { tabla: string }[]).map((fila) => fila.tabla);
  if (tablas.length > 0) {
    await base.query(`ANALYZE ${tablas.join(', ')}`);
  }
  return tablas;
}

// What a column's SQL default gives, for a row written whole (`filaCompleta`).
function valorPorDefecto(columna: Column): unknown {
  if (columna.defaultFn) {
    return columna.defaultFn();
  }
  if (!is(columna.default, SQL)) {
    return columna.default;
  }
  if (columna.columnType === 'PgUUID') {
    return randomUUID();
  }
  if (columna.columnType === 'PgTimestamp' || columna.columnType === 'PgTimestampString') {
    return new Date();
  }
  throw new Error(`La columna ${columna.name} tiene un valor por defecto que solo conoce la base de datos`);
}

/**
 * A whole row of `tabla` as JSON for `jsonb_populate_record(null::tabla, …)` in an SQL function:
 * every column by its database name, as the driver would send it, and the omitted ones with their
 * default (a new uuid, now, or the declared value), since populating leaves an absent key NULL.
 * JSON columns keep their value (the driver would send them as text).
 */
export function filaCompleta<T extends PgTable>(
  tabla: T,
  valores: Partial<T['$inferInsert']>,
): Record<string, unknown> {
  const fila: Record<string, unknown> = {};
  for (const [clave, columna] of Object.entries(getTableColumns(tabla))) {
    const dado = (valores as Record<string, unknown>)[clave];
    const valor = dado === undefined ? valorPorDefecto(columna) : dado;
    fila[columna.name] =
      valor === null || valor === undefined
        ? null
        : columna.columnType === 'PgJsonb' || columna.columnType === 'PgJson'
          ? valor
          : columna.mapToDriverValue(valor);
  }
  return fila;
}

/**
 * A table's row from a raw result (a CTE's `returning *`, or a row of `json_agg`): database column
 * names to the table's keys, each value through its column's driver mapping as drizzle's own
 * `.returning()` would. A numeric that came inside JSON arrives as a number: exact for money (up to
 * 15 significant digits), printed back without trailing zeros.
 */
export function filaDeTabla<T extends PgTable>(tabla: T, cruda: Record<string, unknown>): T['$inferSelect'] {
  const fila: Record<string, unknown> = {};
  for (const [clave, columna] of Object.entries(getTableColumns(tabla))) {
    const valor = cruda[columna.name];
    fila[clave] = valor === null || valor === undefined ? null : columna.mapFromDriverValue(valor);
  }
  return fila as T['$inferSelect'];
}

/** Rows of a raw query, whatever the driver. */
export async function filas<T>(tx: Tx, query: SQL): Promise<T[]> {
  const resultado = (await tx.execute(query)) as unknown as { rows: T[] };
  return resultado.rows;
}

export type OpcionesBaseDeDatos = {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** An in-memory PGlite starts as a copy of this dump (`volcarBaseEmbebida`): the tests' template. */
  datosIniciales?: Blob | undefined;
};

// The PGlite under each embedded database, for `volcarBaseEmbebida`.
const pglitesDe = new WeakMap<BaseDeDatos, PGlite>();

/**
 * A dump of an embedded (PGlite) database's data directory, to open copies of it
 * (`datosIniciales`): the test suites clone one migrated and seeded database instead of preparing
 * their own.
 */
export async function volcarBaseEmbebida(db: BaseDeDatos): Promise<Blob> {
  const pglite = pglitesDe.get(db);
  if (!pglite) {
    throw new Error('Solo una base de datos embebida (PGlite) se puede volcar.');
  }
  return pglite.dumpDataDir('none');
}

/**
 * PostgreSQL when `databaseUrl` is given, otherwise embedded PGlite (on disk in `dataDir`, or in
 * memory). Both are reached through a node-postgres pool (PGlite's connection is `ConexionPglite`),
 * so one driver, one drizzle dialect and the same prepared statements serve both engines.
 */
export async function abrirBaseDeDatos(opciones: OpcionesBaseDeDatos): Promise<BaseDeDatos> {
  if (opciones.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opciones.databaseUrl,
      max: Number(process.env.DB_POOL_MAX ?? 10),
    });
    return sobrePool('postgres', pool, () => pool.end());
  }
  return abrirPglite(opciones.dataDir, opciones.datosIniciales);
}

// What both engines share once each has its pool: the company transaction, owner queries and scripts.
function sobrePool(motor: Motor, pool: pg.Pool, cerrar: () => Promise<void>): BaseDeDatos {
  pool.on('connect', prepararSentencias);
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', (error) =>
    console.error('Error en una conexión inactiva de la base de datos:', error.message),
  );
  const orm = drizzleNodePg(pool);
  // PGlite lives in this one process, so a set of held keys is its whole lock table; PostgreSQL is
  // shared by every server, so there it is a session advisory lock held on a connection of its own.
  const retenidas = new Set<string>();
  return {
    motor,
    async conBloqueo(clave, fn) {
      if (retenidas.has(clave)) {
        return { obtenido: false };
      }
      retenidas.add(clave);
      try {
        if (motor === 'pglite') {
          return { obtenido: true, valor: await fn() };
        }
        const conexion = await pool.connect();
        try {
          const { rows } = await conexion.query<{ obtenido: boolean }>(
            'select pg_try_advisory_lock(hashtext($1)) as obtenido',
            [clave],
          );
          if (!rows[0]?.obtenido) {
            return { obtenido: false };
          }
          try {
            return { obtenido: true, valor: await fn() };
          } finally {
            await conexion.query('select pg_advisory_unlock(hashtext($1))', [clave]);
          }
        } finally {
          conexion.release();
        }
      } finally {
        retenidas.delete(clave);
      }
    },
    enEmpresa(tenantId, fn) {
      return orm.transaction(async (tx) => {
        const t = tx as unknown as Tx;
        await prepararTransaccion(t, tenantId);
        return fn(t);
      });
    },
    async consultarComoDueno<T>(query: SQL) {
      const resultado = await orm.execute(query);
      return resultado.rows as T[];
    },
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
    cerrar,
  };
}

async function abrirPglite(
  dataDir: string | undefined,
  datosIniciales: Blob | undefined,
): Promise<BaseDeDatos> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
  }
  // The contrib extensions the migrations create (0006: the product name search; 0042: the
  // reservations' exclusion constraints).
  const extensions = { pg_trgm, btree_gin, btree_gist };
  const cliente = dataDir
    ? new PGlite(dataDir, { extensions })
    : new PGlite({ extensions, ...(datosIniciales ? { loadDataDir: datosIniciales } : {}) });
  await cliente.waitReady;
  // PGlite is a single session: one connection, never closed for being idle. Everything (the periodic
  // ANALYZE too) queues on it.
  class ClienteDePglite extends pg.Client {
    constructor(config: pg.ClientConfig = {}) {
      super({ ...config, connection: new ConexionPglite(cliente) } as pg.ClientConfig);
    }
  }
  const pool = new pg.Pool({ Client: ClienteDePglite, max: 1, idleTimeoutMillis: 0 });
  const analisis = setInterval(() => {
    analizarTablasCrecidas(pool).catch((error: Error) =>
      console.error('No se pudieron analizar las tablas de PGlite:', error.message),
    );
  }, CADA_CUANTO_ANALIZAR_MS);
  analisis.unref();
  const db = sobrePool('pglite', pool, async () => {
    clearInterval(analisis);
    await pool.end();
    await cliente.close();
  });
  pglitesDe.set(db, cliente);
  return db;
}

// At most this many statements prepared per connection: the texts that vary without end (an IN list of
// any length) then run unnamed instead of growing a backend's memory.
const SENTENCIAS_POR_CONEXION = 300;

/**
 * Every parameterised statement of `cliente` is prepared once under a name of its own, so the
 * database parses and plans it once per connection (a generic plan after five runs, when it is as good as the
 * custom ones) instead of on every request: the reads of a sale spent 0.8 ms planning each time
 * (the sale's throughput, bench/). A statement without parameters keeps the simple protocol, which allows
 * several statements in one text (migrations).
 */
function prepararSentencias(cliente: pg.PoolClient): void {
  const nombres = new Map<string, string>();
  const consultar = cliente.query.bind(cliente) as (config: unknown, ...resto: unknown[]) => unknown;
  const conNombre = (config: unknown, valores: unknown): unknown => {
    if (typeof config !== 'object' || config === null || (config as pg.QueryConfig).name) {
      return config;
    }
    const { text, values } = config as pg.QueryConfig;
    if (!(Array.isArray(valores) ? valores : values)?.length) {
      return config;
    }
    let nombre = nombres.get(text);
    if (nombre === undefined) {
      if (nombres.size >= SENTENCIAS_POR_CONEXION) {
        return config;
      }
      nombre = `s${nombres.size + 1}`;
      nombres.set(text, nombre);
    }
    return { ...config, name: nombre };
  };
  cliente.query = ((config: unknown, ...resto: unknown[]) =>
    consultar(conNombre(config, resto[0]), ...resto)) as typeof cliente.query;
}
