import { resolve } from 'node:path';
import { buildApp } from './app.ts';
import { abrirBaseDeDatos } from './db/client.ts';
import { prepararBaseDeDatos } from './sistema/semilla.ts';
import { iniciarTareasProgramadas } from './sistema/tareas.ts';

const raiz = resolve(import.meta.dirname, '../../..');
const puerto = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const dataDir = resolve(raiz, process.env.DATA_DIR ?? 'data');
const databaseUrl = process.env.DATABASE_URL || undefined;

const db = await abrirBaseDeDatos({ databaseUrl, dataDir });
const preparacion = await prepararBaseDeDatos(db, { adminPassword: process.env.ADMIN_PASSWORD || undefined });
if (preparacion.migraciones.length > 0) {
  console.log(`Migraciones aplicadas: ${preparacion.migraciones.join(', ')}`);
}
if (preparacion.empresasCreadas.length > 0) {
  console.log(`Empresas creadas: ${preparacion.empresasCreadas.join(', ')} (usuario «admin» en cada una).`);
  if (preparacion.passwordGenerada) {
    console.log(
      `Contraseña generada para «admin» (se muestra una sola vez): ${preparacion.passwordGenerada}`,
    );
  }
}

const app = await buildApp({
  db,
  webDir: resolve(raiz, 'apps/web/dist'),
  archivosDir: resolve(dataDir, 'archivos'),
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  trustProxy: process.env.TRUST_PROXY === 'true',
});

// Recurring invoices and plan states (sistema/tareas.ts); docs/deploy.md tells how to move it outside.
const detenerTareas = iniciarTareasProgramadas(db, Number(process.env.TAREAS_CADA_MINUTOS ?? 60));

async function detener(senal: string): Promise<void> {
  console.log(`${senal} recibido; cerrando…`);
  detenerTareas();
  await app.close();
  await db.cerrar();
  process.exit(0);
}
process.once('SIGINT', () => void detener('SIGINT'));
process.once('SIGTERM', () => void detener('SIGTERM'));

await app.listen({ port: puerto, host });
console.log(
  `Listo en http://localhost:${puerto} (base de datos: ${db.motor === 'pglite' ? `PGlite en ${dataDir}` : 'PostgreSQL'})`,
);
