import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` as a person runs it: the server started by tsx (not by Vitest's transform), on a new
// PGlite data directory, seeds the demo and answers. tsx's transform names functions at load time, so a
// circular import that calls a function before its module ran breaks here and nowhere else.
describe('npm run serve en una carpeta de datos nueva', () => {
  const datos = mkdtempSync(join(tmpdir(), 'pos-arranque-'));
  let servidor: ChildProcess | undefined;

  afterAll(() => {
    servidor?.kill('SIGTERM');
    rmSync(datos, { recursive: true, force: true });
  });

  it('arranca con la demo, entra como admin y lista sus cotizaciones', async () => {
    const puerto = 40_000 + Math.floor(Math.random() * 10_000);
    servidor = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: datos,
        PORT: String(puerto),
        ADMIN_PASSWORD: 'clave-de-arranque-1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let salida = '';
    const listo = new Promise<void>((aceptar, rechazar) => {
      const leer = (trozo: Buffer) => {
        salida += trozo.toString();
        if (salida.includes('Listo en')) {
          aceptar();
        }
      };
      servidor?.stdout?.on('data', leer);
      servidor?.stderr?.on('data', leer);
      servidor?.on('exit', (codigo) => rechazar(new Error(`El servidor terminó (${codigo}):\n${salida}`)));
    });
    await listo;
    const base = `http://127.0.0.1:${puerto}/api`;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', tenantid: '1' },
      body: JSON.stringify({ username: 'admin', password: 'clave-de-arranque-1' }),
    });
    expect(login.status, salida).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const lista = await fetch(`${base}/cotizacion/todas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', tenantid: '1', authorization: `Bearer ${token}` },
      body: '{}',
    });
    expect(lista.status).toBe(200);
    expect(((await lista.json()) as { totalRows: number }).totalRows).toBeGreaterThan(0);
  }, 180_000);
});
