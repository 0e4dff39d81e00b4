import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { aCentavos, formatearDinero } from '@pos/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/bancos');
const dinero = (pesos: number) => formatearDinero(aCentavos(pesos));

// Spec 002 §2 "Banks", §8 'Transferencia completada': the demo's two banks (modules/bancos/demo.ts) in
// the list with their balances; a transfer from the list's modal moves money from one to the other.
describe.skipIf(motivoSinNavegador !== null)('bancos', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let pagina: Page;

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  function fila(nombre: string) {
    return pagina.getByRole('row').filter({ has: pagina.getByText(nombre, { exact: true }).first() });
  }

  it('la lista muestra los bancos de la demo y una transferencia mueve sus saldos', async () => {
    await pagina.goto(`${servidor.url}/bancos/lista_banco`);
    const popular = fila('Banco Popular — Cuenta corriente');
    const reservas = fila('Banreservas — Cuenta de ahorros');
    await expect.poll(() => reservas.count()).toBe(1);
    await expect.poll(() => reservas.textContent()).toContain(dinero(125000));
    const antes = (await popular.textContent()) ?? '';
    await pagina.screenshot({ path: resolve(CAPTURAS, 'lista.png') });

    await pagina.getByRole('button', { name: 'Transferir desde «Banco Popular — Cuenta corriente»' }).click();
    const modal = pagina.getByRole('dialog');
    await modal.getByLabel('Cuenta de destino').click();
    await pagina.getByRole('option', { name: /Banreservas/ }).click();
    await modal.getByLabel('Monto').fill('1500');
    await modal.getByLabel('Nota').fill('Prueba e2e');
    await pagina.screenshot({ path: resolve(CAPTURAS, 'transferencia.png') });
    await modal.getByRole('button', { name: 'Transferir' }).click();
    await expect.poll(() => pagina.getByText('Transferencia completada').count()).toBeGreaterThan(0);
    await expect.poll(() => reservas.textContent()).toContain(dinero(126500));
    expect(await popular.textContent()).not.toBe(antes);

    await reservas.click();
    await pagina.waitForURL((u) => u.pathname.startsWith('/bancos/detalles_banco/'));
    await pagina.getByRole('tab', { name: /Transferencias \(2\)/ }).click();
    await expect.poll(() => pagina.getByText('Prueba e2e').count()).toBe(1);
    await pagina.screenshot({ path: resolve(CAPTURAS, 'detalle.png') });
  });

  it('el formulario de banco nuevo', async () => {
    await pagina.goto(`${servidor.url}/bancos/nuevo_banco`);
    await pagina.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => pagina.getByText('Debes poner el nombre del banco').count()).toBeGreaterThan(0);
    await pagina.screenshot({ path: resolve(CAPTURAS, 'nuevo.png') });
  });
});
