import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/reportes');

// Spec 000 §2 "Reports (/reportes/)": the general summary with the index of reports, and a declared report
// drawn by the generic page (figures, table, totals row), at a desktop and at a phone width.
describe.skipIf(motivoSinNavegador !== null)('reportes: resumen general y página genérica', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;

  async function entrar(ancho: number, alto: number): Promise<Page> {
    const pagina = await (await navegador.newContext({ viewport: { width: ancho, height: alto } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
    return pagina;
  }

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
  }, 120_000);
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('el resumen general muestra sus cifras y el índice de reportes, que abre cada uno', async () => {
    const pagina = await entrar(1366, 768);
    await pagina.goto(`${servidor.url}/reportes/global`);
    await pagina.getByRole('heading', { name: 'Resumen general' }).waitFor();
    await pagina.getByText('Ventas netas', { exact: true }).first().waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/global-1366.png`, fullPage: true });
    await pagina.getByRole('link', { name: 'Valor del inventario' }).click();
    await pagina.getByRole('heading', { name: 'Valor del inventario' }).waitFor();
    const totales = pagina.getByRole('row', { name: 'Totales' });
    await totales.waitFor();
    expect(await totales.textContent()).toMatch(/RD\$/);
    await pagina.screenshot({ path: `${CAPTURAS}/valor-inventario-1366.png`, fullPage: true });
    await pagina.goto(`${servidor.url}/reportes/r-ajustes-inventario`);
    await pagina.getByRole('heading', { name: 'Reporte de ajustes de inventario' }).waitFor();
    await pagina.getByText('Salidas', { exact: true }).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/ajustes-1366.png`, fullPage: true });
  }, 120_000);

  it('en un teléfono (390 px) el reporte se lee: filtros uno bajo otro y la tabla se desplaza', async () => {
    const pagina = await entrar(390, 844);
    await pagina.goto(`${servidor.url}/reportes/r-existencia-inventario`);
    await pagina.getByRole('heading', { name: 'Existencia de inventario' }).waitFor();
    await pagina.getByRole('row', { name: 'Totales' }).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/existencia-390.png`, fullPage: true });
    await pagina.goto(`${servidor.url}/reportes/global`);
    await pagina.getByRole('heading', { name: 'Resumen general' }).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/global-390.png`, fullPage: true });
  }, 120_000);
});
