import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

if (motivoSinNavegador) {
  console.warn(`Pruebas de navegador omitidas: ${motivoSinNavegador}`);
}

describe.skipIf(motivoSinNavegador !== null)('la aplicación construida en Chromium', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  beforeAll(async () => {
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('carga en cualquier ruta (history fallback) y el login responde a través de ella', async () => {
    const pagina = await navegador.newPage({ viewport: { width: 1366, height: 768 } });
    const respuesta = await pagina.goto(`${servidor.url}/factura/lista_factura?lista=1`);
    expect(respuesta?.status()).toBe(200);
    await expect(pagina.getByRole('heading', { name: 'Iniciar sesión' }).isVisible()).resolves.toBe(true);
    expect(await pagina.getByLabel('Empresa').inputValue()).toBe('1');

    await pagina.getByLabel('Usuario').fill('admin');
    await pagina.getByLabel('Contraseña').fill('equivocada');
    await pagina.getByRole('button', { name: 'Entrar' }).click();
    await pagina.getByRole('alert').waitFor();
    expect(await pagina.getByRole('alert').textContent()).toBe('Usuario o contraseña incorrectos.');

    await pagina.getByLabel('Contraseña').fill(PASSWORD_ADMIN);
    await pagina.getByRole('button', { name: 'Entrar' }).click();
    await pagina.getByRole('heading', { name: 'Sesión iniciada' }).waitFor();
    expect(await pagina.locator('main').textContent()).toContain('Usuario admin en la empresa 1');
    await pagina.screenshot({ path: resolve(import.meta.dirname, '../test-results/login.png') });
  });

  it('una ruta desconocida de la API responde 404 en JSON, no la página', async () => {
    const pagina = await navegador.newPage();
    const respuesta = await pagina.goto(`${servidor.url}/api/no-existe`);
    expect(respuesta?.status()).toBe(404);
    expect(await respuesta?.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
