import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { abrirBaseDeDatos, type BaseDeDatos, type Motor } from '../db/client.ts';
import { prepararBaseDeDatos } from '../sistema/semilla.ts';
import { PASSWORD_ADMIN, type PlantillaDeBase } from './plantilla.ts';

/** Database engines the suite runs on: PGlite always, PostgreSQL too when DATABASE_URL is set. */
export const MOTORES: Motor[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export { PASSWORD_ADMIN };

export type Entorno = {
  motor: Motor;
  app: FastifyInstance;
  db: BaseDeDatos;
  /** An injected API call with the tenantId header (and token when given). */
  api(opciones: {
    method: InjectOptions['method'];
    url: string;
    tenant?: number | string | null;
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
  login(tenant?: number, username?: string, password?: string): Promise<string>;
  cerrar(): Promise<void>;
};

/** The run's template (testing/plantilla.ts), or none when the suite runs without that global setup. */
function plantillaDeLaCorrida(): PlantillaDeBase | undefined {
  try {
    return inject('plantillaDeBase');
  } catch {
    return undefined;
  }
}

async function crearBaseDesde(plantilla: string | null, nombre: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(
      plantilla ? `CREATE DATABASE ${nombre} TEMPLATE ${plantilla}` : `CREATE DATABASE ${nombre}`,
    );
  } finally {
    await admin.end();
  }
}

/**
 * A fresh database for one suite: a copy of the run's migrated and seeded template when there is one
 * (PGlite from its dump, PostgreSQL with CREATE DATABASE … TEMPLATE), else an empty one that
 * `crearEntorno` migrates and seeds. `prepararBaseDeDatos` runs on either: on a copy it finds every
 * migration applied and both companies there, and does nothing.
 */
export async function baseDePrueba(motor: Motor): Promise<{ db: BaseDeDatos; borrar: () => Promise<void> }> {
  const plantilla = plantillaDeLaCorrida();
  if (motor === 'pglite') {
    const datosIniciales = plantilla ? new Blob([readFileSync(plantilla.pglite)]) : undefined;
    const db = await abrirBaseDeDatos({ datosIniciales });
    return { db, borrar: async () => {} };
  }
  // A fresh database per suite on the PostgreSQL server, dropped afterwards.
  const url = new URL(process.env.DATABASE_URL ?? '');
  const nombre = `prueba_${randomBytes(6).toString('hex')}`;
  await crearBaseDesde(plantilla?.postgres ?? null, nombre);
  url.pathname = `/${nombre}`;
  const db = await abrirBaseDeDatos({ databaseUrl: url.toString() });
  return {
    db,
    borrar: async () => {
      const cliente = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await cliente.connect();
      await cliente.query(`DROP DATABASE IF EXISTS ${nombre} WITH (FORCE)`);
      await cliente.end();
    },
  };
}

/** A migrated and seeded database with the app on top, for API tests through `inject`. */
export async function crearEntorno(motor: Motor): Promise<Entorno> {
  const { db, borrar } = await baseDePrueba(motor);
  await prepararBaseDeDatos(db, { adminPassword: PASSWORD_ADMIN });
  const app = await buildApp({ db });
  const entorno: Entorno = {
    motor,
    app,
    db,
    api({ method, url, tenant = 1, token, body, headers = {} }) {
      const cabeceras: Record<string, string> = { ...headers };
      if (tenant !== null) {
        cabeceras.tenantId = String(tenant);
      }
      if (token) {
        cabeceras.authorization = `Bearer ${token}`;
      }
      const opciones: InjectOptions = { method, url, headers: cabeceras };
      if (body !== undefined) {
        opciones.payload = body as InjectOptions['payload'];
      }
      return app.inject(opciones);
    },
    async login(tenant = 1, username = 'admin', password = PASSWORD_ADMIN) {
      const respuesta = await entorno.api({
        method: 'POST',
        url: '/api/auth/login',
        tenant,
        body: { username, password },
      });
      if (respuesta.statusCode !== 200) {
        throw new Error(`login falló: ${respuesta.statusCode} ${respuesta.body}`);
      }
      return respuesta.json<{ token: string }>().token;
    },
    async cerrar() {
      await app.close();
      await db.cerrar();
      await borrar();
    },
  };
  return entorno;
}
