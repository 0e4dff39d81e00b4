import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type BaseDeDatos, ROL_EMPRESA } from './client.ts';

const CARPETA = join(import.meta.dirname, 'migrations');

// Applied after every migration run, so no table can be created without isolation (invariant 1).
const AISLAMIENTO = `
DO $$ BEGIN
  CREATE ROLE ${ROL_EMPRESA} NOLOGIN;
EXCEPTION WHEN OTHERS THEN
  -- Another database of the same cluster created it first (roles are cluster-wide).
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${ROL_EMPRESA}') THEN RAISE; END IF;
END $$;
DO $$ BEGIN
  EXECUTE format('GRANT %I TO %I', '${ROL_EMPRESA}', current_user);
EXCEPTION WHEN OTHERS THEN NULL; -- a superuser may already SET ROLE to it
END $$;
GRANT USAGE ON SCHEMA public TO ${ROL_EMPRESA};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${ROL_EMPRESA};
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${ROL_EMPRESA};
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.tablename);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.tablename);
    IF NOT EXISTS (SELECT 1 FROM pg_policies
                   WHERE schemaname = 'public' AND tablename = t.tablename AND policyname = 'aislamiento_por_empresa') THEN
      EXECUTE format(
        'CREATE POLICY aislamiento_por_empresa ON %I
           USING (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::integer)
           WITH CHECK (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::integer)',
        t.tablename);
    END IF;
  END LOOP;
END $$;
`;

/** Applies the checked-in SQL migrations not yet applied, in name order, then the isolation rules. */
export async function migrar(db: BaseDeDatos): Promise<string[]> {
  await db.ejecutarScript(
    'CREATE SCHEMA IF NOT EXISTS meta; CREATE TABLE IF NOT EXISTS meta.migraciones (nombre text PRIMARY KEY, aplicada_en timestamptz NOT NULL DEFAULT now());',
  );
  const aplicadas = new Set(
    (await db.consultarComoDueno<{ nombre: string }>(sql`select nombre from meta.migraciones`)).map(
      (f) => f.nombre,
    ),
  );
  const pendientes = readdirSync(CARPETA)
    .filter((nombre) => nombre.endsWith('.sql') && !aplicadas.has(nombre))
    .sort();
  for (const nombre of pendientes) {
    const script = readFileSync(join(CARPETA, nombre), 'utf8');
    await db.ejecutarScript(
      `${script};\nINSERT INTO meta.migraciones (nombre) VALUES ('${nombre.replaceAll("'", "''")}');`,
    );
  }
  await db.ejecutarScript(AISLAMIENTO);
  return pendientes;
}
