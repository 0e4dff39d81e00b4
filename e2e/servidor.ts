import { resolve } from 'node:path';
import { buildApp } from '@pos/server/app';
import { prepararBaseDeDatos } from '@pos/server/sistema/semilla';
import { baseDePrueba } from '@pos/server/testing/entorno';
import { PASSWORD_ADMIN } from '@pos/server/testing/plantilla';

export { PASSWORD_ADMIN };

/**
 * The real server with the built web app and a fresh embedded database (a copy of the run's seeded
 * template, testing/plantilla.ts), on a free local port.
 */
export async function arrancarServidor(
  opciones: { archivosDir?: string } = {},
): Promise<{ url: string; cerrar: () => Promise<void> }> {
  const { db, borrar } = await baseDePrueba('pglite');
  await prepararBaseDeDatos(db, { adminPassword: PASSWORD_ADMIN });
  const app = await buildApp({
    db,
    webDir: resolve(import.meta.dirname, '../apps/web/dist'),
    archivosDir: opciones.archivosDir,
  });
  const direccion = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: direccion,
    cerrar: async () => {
      await app.close();
      await db.cerrar();
      await borrar();
    },
  };
}
