import { buildApp } from '@pos/server/app';
import { abrirBaseDeDatos } from '@pos/server/db/client';
import { prepararBaseDeDatos } from '@pos/server/sistema/semilla';
import { opsPorSegundo } from './medir.ts';

// Baseline of the request pipeline on embedded PGlite: tenant transaction + session check + permission.
export default async function (): Promise<void> {
  const db = await abrirBaseDeDatos({});
  await prepararBaseDeDatos(db, { adminPassword: 'clave-bench-123' });
  const app = await buildApp({ db });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { tenantId: '1' },
    payload: { username: 'admin', password: 'clave-bench-123' },
  });
  const { token } = login.json<{ token: string }>();
  const cabeceras = { tenantId: '1', authorization: `Bearer ${token}` };
  const perfil = await opsPorSegundo(
    () => app.inject({ method: 'GET', url: '/api/profile', headers: cabeceras }),
    200,
  );
  const salud = await opsPorSegundo(
    () => app.inject({ method: 'GET', url: '/api/tenant/api-test', headers: { tenantId: '1' } }),
    200,
  );
  console.log(`GET /api/profile (PGlite, inject): ${perfil.toFixed(0)} solicitudes/s (mediana de 7 rondas)`);
  console.log(
    `GET /api/tenant/api-test (PGlite, inject): ${salud.toFixed(0)} solicitudes/s (mediana de 7 rondas)`,
  );
  await app.close();
  await db.cerrar();
}
