import { resolve } from 'node:path';
import { buildApp } from '@pos/server/app';
import { abrirBaseDeDatos } from '@pos/server/db/client';
import { prepararBaseDeDatos } from '@pos/server/sistema/semilla';

export const PASSWORD_ADMIN = 'clave-e2e-123';

/** The real server with the built web app and a fresh embedded database, on a free local port. */
export async function arrancarServidor(): Promise<{ url: string; cerrar: () => Promise<void> }> {
  const db = await abrirBaseDeDatos({});
  await prepararBaseDeDatos(db, { adminPassword: PASSWORD_ADMIN });
  const app = await buildApp({ db, webDir: resolve(import.meta.dirname, '../apps/web/dist') });
  const direccion = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: direccion,
    cerrar: async () => {
      await app.close();
      await db.cerrar();
    },
  };
}
