import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/tablero');
// The first visit to a cold server on a busy machine: the figures and the charts' chunk take a moment.
const ESPERA = { timeout: 30_000 };

// docs/reports.md «Tablero»: the demo's administrator opens /inicio and sees the figures with their
// charts (SVG drawn by Recharts), on a laptop screen and on a phone.
describe.skipIf(motivoSinNavegador !== null)('tablero', () => {
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

  async function entrar(ancho: number, alto: number): Promise<Page> {
    const pagina = await (await navegador.newContext({ viewport: { width: ancho, height: alto } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
    await pagina.goto(`${servidor.url}/inicio`);
    return pagina;
  }

  async function comprobarTablero(pagina: Page) {
    const tablero = pagina.getByRole('region', { name: 'Resumen del negocio' });
    await expect.poll(() => tablero.getByText('Ventas de hoy').count(), ESPERA).toBe(1);
    await expect.poll(() => tablero.getByText(/Ventas por (día|mes)/).count(), ESPERA).toBe(1);
    // Recharts draws the per-day bars and the payment-method donut as SVG.
    await expect.poll(() => tablero.locator('.recharts-bar-rectangle').count(), ESPERA).toBeGreaterThan(0);
    await expect.poll(() => tablero.locator('.recharts-pie-sector').count(), ESPERA).toBeGreaterThan(0);
    for (const titulo of ['Cuentas por cobrar', 'Cuentas por pagar', 'Existencia baja', 'Turnos abiertos']) {
      expect(await tablero.getByText(titulo, { exact: true }).count(), titulo).toBe(1);
    }
    await expect.poll(() => tablero.getByText('Últimas 25 facturas').count()).toBe(1);
    await expect.poll(() => tablero.locator('tbody tr').count(), ESPERA).toBeGreaterThan(0);
    expect(await pagina.getByText('Accesos directos').count()).toBe(1);
  }

  it('el tablero de la demo con sus gráficos en una laptop (1366×768)', async () => {
    const pagina = await entrar(1366, 768);
    await comprobarTablero(pagina);
    mkdirSync(CAPTURAS, { recursive: true });
    await pagina.screenshot({ path: resolve(CAPTURAS, 'laptop.png') });
    await pagina.screenshot({ path: resolve(CAPTURAS, 'laptop-completo.png'), fullPage: true });
  });

  it('en un teléfono de 390 px las tarjetas se apilan y nada se desborda', async () => {
    const pagina = await entrar(390, 844);
    await comprobarTablero(pagina);
    const ancho = await pagina.evaluate(() => document.documentElement.scrollWidth);
    expect(ancho).toBeLessThanOrEqual(390);
    mkdirSync(CAPTURAS, { recursive: true });
    await pagina.screenshot({ path: resolve(CAPTURAS, 'telefono.png'), fullPage: true });
  });
});
