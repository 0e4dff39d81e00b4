import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

if (motivoSinNavegador) {
  console.warn(`Pruebas de navegador omitidas: ${motivoSinNavegador}`);
}

const CAPTURAS = resolve(import.meta.dirname, '../test-results');

describe.skipIf(motivoSinNavegador !== null)('el marco de la aplicación en Chromium', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  async function nuevaPagina(ancho = 1366, alto = 768): Promise<Page> {
    const contexto = await navegador.newContext({ viewport: { width: ancho, height: alto } });
    return contexto.newPage();
  }

  it('una ruta privada sin sesión lleva al login y, tras entrar, vuelve a ella', async () => {
    const pagina = await nuevaPagina();
    await pagina.goto(`${servidor.url}/inicio?lista=1`);
    await pagina.waitForURL(/\/login\?redirect=/);
    expect(new URL(pagina.url()).searchParams.get('redirect')).toBe('/inicio?lista=1');
    const login = new PaginaLogin(pagina);
    await login.entrar('1', 'admin', 'equivocada');
    await expect(login.alerta().textContent()).resolves.toBe('Usuario o contraseña incorrectos.');
    await login.entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL(`${servidor.url}/inicio?lista=1`);
    await pagina.getByRole('heading', { name: 'Colmado Demo SRL', level: 2 }).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/inicio.png` });
  });

  it('un destino externo en ?redirect= se ignora', async () => {
    const pagina = await nuevaPagina();
    for (const malo of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      await pagina.goto(`${servidor.url}/login?redirect=${encodeURIComponent(malo)}`);
      // The login form or, signed in from the previous round, the shell: whichever renders first.
      const usuario = pagina.getByLabel('Usuario');
      await usuario
        .or(pagina.getByRole('button', { name: 'Salir' }))
        .first()
        .waitFor();
      if (!(await usuario.isVisible())) {
        // Already signed in from the previous round: sign out first.
        await pagina.getByRole('button', { name: 'Salir' }).click();
        await pagina.goto(`${servidor.url}/login?redirect=${encodeURIComponent(malo)}`);
      }
      await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
      await pagina.waitForURL(`${servidor.url}/`);
      expect(new URL(pagina.url()).host).toBe(new URL(servidor.url).host);
    }
  });

  it('el menú muestra las entradas permitidas, y Salir vuelve al login y revoca el token un segundo después', async () => {
    const pagina = await nuevaPagina();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL(`${servidor.url}/`);
    await pagina.getByRole('button', { name: 'Contabilidad' }).click();
    await pagina.getByRole('menuitem', { name: 'Tablero' }).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/menu.png` });
    await pagina.getByRole('menuitem', { name: 'Tablero' }).click();
    await pagina.waitForURL(`${servidor.url}/inicio`);

    const token = await pagina.evaluate(
      () => JSON.parse(localStorage.getItem('my-app-pos') ?? '{}').sesion.token,
    );
    const perfil = () =>
      pagina.evaluate(
        (t) =>
          fetch('/api/profile', { headers: { tenantId: '1', authorization: `Bearer ${t}` } }).then(
            (r) => r.status,
          ),
        token,
      );
    expect(await perfil()).toBe(200);
    await pagina.getByRole('button', { name: 'Salir' }).click();
    await pagina.waitForURL(`${servidor.url}/login`);
    await pagina.waitForTimeout(1500);
    expect(await perfil()).toBe(401);
    // The session is gone on this device: a private page asks for login again.
    await pagina.goto(`${servidor.url}/inicio`);
    await pagina.waitForURL(/\/login/);
  });

  it('login e inicio se ven bien en un teléfono (390 px) sin desbordarse', async () => {
    const pagina = await nuevaPagina(390, 844);
    await pagina.goto(`${servidor.url}/login?lista=1`);
    expect(await pagina.getByLabel('Empresa').inputValue()).toBe('1');
    await pagina.screenshot({ path: `${CAPTURAS}/login-telefono.png` });
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.getByRole('heading', { name: 'Colmado Demo SRL', level: 2 }).waitFor();
    const desborde = await pagina.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(desborde).toBeLessThanOrEqual(0);
    await pagina.getByRole('button', { name: 'Abrir el menú' }).click();
    await pagina.getByRole('dialog', { name: 'Menú' }).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/menu-telefono.png` });
  });

  it('una ruta desconocida muestra la página 404 en español; una de la API responde 404 en JSON', async () => {
    const pagina = await nuevaPagina();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL(`${servidor.url}/`);
    await pagina.goto(`${servidor.url}/no-existe`);
    await pagina.getByRole('heading', { name: 'Esta página no existe' }).waitFor();
    const api = await pagina.goto(`${servidor.url}/api/no-existe`);
    expect(api?.status()).toBe(404);
    expect(await api?.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
