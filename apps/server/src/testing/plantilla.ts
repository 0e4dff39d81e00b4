import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { abrirBaseDeDatos, volcarBaseEmbebida } from '../db/client.ts';
import { prepararBaseDeDatos } from '../sistema/semilla.ts';

// Vitest's global setup of the server and e2e suites (vitest.config.ts): migrating and seeding took
// 15 s on PostgreSQL and up to a minute on PGlite, in every suite. It is done once per run here, and
// each suite opens a copy (testing/entorno.ts `baseDePrueba`): PGlite from a dump of the data
// directory, PostgreSQL with CREATE DATABASE … TEMPLATE.

export const PASSWORD_ADMIN = 'clave-de-prueba-123';

/** Where the run's template is: a PGlite dump file, and the PostgreSQL template database (or null). */
export type PlantillaDeBase = { pglite: string; postgres: string | null };

declare module 'vitest' {
  export interface ProvidedContext {
    plantillaDeBase: PlantillaDeBase;
  }
}

async function plantillaPglite(): Promise<string> {
  const db = await abrirBaseDeDatos({});
  try {
    await prepararBaseDeDatos(db, { adminPassword: PASSWORD_ADMIN });
    const volcado = await volcarBaseEmbebida(db);
    const archivo = join(tmpdir(), `pos-plantilla-${randomBytes(6).toString('hex')}.tar`);
    writeFileSync(archivo, Buffer.from(await volcado.arrayBuffer()));
    return archivo;
  } finally {
    await db.cerrar();
  }
}

async function comoAdministrador<T>(fn: (cliente: pg.Client) => Promise<T>): Promise<T> {
  const cliente = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await cliente.connect();
  try {
    return await fn(cliente);
  } finally {
    await cliente.end();
  }
}

async function plantillaPostgres(): Promise<string | null> {
  if (!process.env.DATABASE_URL) {
    return null;
  }
  const nombre = `plantilla_${randomBytes(6).toString('hex')}`;
  await comoAdministrador((c) => c.query(`CREATE DATABASE ${nombre}`));
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${nombre}`;
  const db = await abrirBaseDeDatos({ databaseUrl: url.toString() });
  try {
    await prepararBaseDeDatos(db, { adminPassword: PASSWORD_ADMIN });
  } finally {
    // A template must have no session open when it is copied.
    await db.cerrar();
  }
  return nombre;
}

// Both projects (server, e2e) run this setup in the same process: one template serves both.
let preparada: Promise<PlantillaDeBase> | undefined;
let usuarios = 0;

export default async function prepararPlantilla(project: TestProject): Promise<() => Promise<void>> {
  preparada ??= Promise.all([plantillaPglite(), plantillaPostgres()]).then(([pglite, postgres]) => ({
    pglite,
    postgres,
  }));
  const plantilla = await preparada;
  usuarios += 1;
  project.provide('plantillaDeBase', plantilla);
  return async () => {
    usuarios -= 1;
    if (usuarios > 0) {
      return;
    }
    rmSync(plantilla.pglite, { force: true });
    if (plantilla.postgres) {
      const nombre = plantilla.postgres;
      await comoAdministrador((c) => c.query(`DROP DATABASE IF EXISTS ${nombre} WITH (FORCE)`));
    }
  };
}
