import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DetalleCotizacion } from '@pos/contract';
import { aCentavos, formatearDinero } from '@pos/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.ts';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaCotizaciones } from './pages/cotizaciones.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/cotizaciones');

// Demo products (apps/server/src/modules/productos/demo.ts).
const ACEITE = { nombre: 'Aceite de soya Crisol 32 oz', codigo: '7461000100077' };
const REFRESCO = { nombre: 'Refresco Coca-Cola 20 oz', codigo: '7461000400016' };

const dinero = (pesos: number) => formatearDinero(aCentavos(pesos));

describe.skipIf(motivoSinNavegador !== null)('cotizar a un cliente, verla en la lista y anularla', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let admin: Api;
  let pagina: Page;

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
    await admin.llamar('POST', '/cliente/crear', {
      identificadorUnico: crypto.randomUUID(),
      nombre: 'Constructora Bávaro SRL',
      tipoDeIdentificacion: 'RNC',
      rnc: '130000001',
    });
    pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
  }, 120_000);

  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('crea con dos productos, aparece con su número COT y su total, y se anula desde su vista', async () => {
    const cotizaciones = new PaginaCotizaciones(pagina);
    // The menu's «Cotizaciones» entry (inicio tab) leads to the list.
    await pagina.goto(`${servidor.url}/cotizacion/lista_cotizacion`);
    await pagina.getByRole('button', { name: 'Nueva cotización' }).click();
    await pagina.waitForURL((u) => u.pathname === '/cotizacion/nueva_cotizacion');

    await cotizaciones.elegirCliente('Bávaro', 'Constructora Bávaro SRL');
    await cotizaciones.escanear(ACEITE.codigo, ACEITE.nombre);
    await cotizaciones.escanear(REFRESCO.codigo, REFRESCO.nombre);
    await cotizaciones.cantidad(REFRESCO.nombre, '12');
    await pagina.getByLabel('Nota al pie de la cotización').fill('Precios válidos por 15 días.');
    await pagina.screenshot({ path: `${CAPTURAS}/1-formulario.png`, fullPage: true });
    const totalEnFormulario = await pagina
      .getByTestId('totales-cotizacion')
      .getByText('Total', { exact: true })
      .locator('xpath=following-sibling::*[1]')
      .textContent();

    const id = await cotizaciones.guardar();
    const { cotizacionDb, lineasCotizacion } = await admin.llamar<DetalleCotizacion>(
      'GET',
      `/cotizacion/${id}`,
    );
    expect(cotizacionDb.comprobante).toMatch(/^COT\d+$/);
    expect(cotizacionDb.nombre).toBe('Constructora Bávaro SRL');
    expect(lineasCotizacion.map((l) => [l.descripcion, l.cantidad])).toEqual([
      [ACEITE.nombre, 1],
      [REFRESCO.nombre, 12],
    ]);
    // What the form showed is what the server computed (the same domain rules).
    expect(totalEnFormulario).toBe(dinero(cotizacionDb.totalGral));
    await pagina.getByRole('heading', { level: 2, name: `Cotización ${cotizacionDb.comprobante}` }).waitFor();
    await cotizaciones.estadoEnLaVista('Activa').waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/2-vista.png`, fullPage: true });

    await pagina.getByRole('button', { name: 'Volver' }).click();
    await cotizaciones.buscar(cotizacionDb.comprobante);
    const fila = cotizaciones.fila(cotizacionDb.comprobante);
    await expect.poll(() => fila.count()).toBe(1);
    expect(await fila.textContent()).toContain(dinero(cotizacionDb.totalGral));
    expect(await fila.textContent()).toContain('Constructora Bávaro SRL');
    await pagina.screenshot({ path: `${CAPTURAS}/3-lista.png`, fullPage: true });
    await pagina.setViewportSize({ width: 390, height: 844 });
    await pagina.getByRole('button', { name: `Cotización ${cotizacionDb.comprobante}` }).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/4-lista-390.png`, fullPage: true });
    await pagina.setViewportSize({ width: 1366, height: 768 });

    await fila.click();
    await pagina.waitForURL((u) => u.pathname === '/cotizacion/vista_cotizacion');
    // The administrator has anularYEliminarDocumentos: the cancel is direct (spec 000 §4).
    await cotizaciones.anular('El cliente compró en otro lugar');
    await cotizaciones.estadoEnLaVista('Anulada').waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/5-anulada.png`, fullPage: true });
    const anulada = await admin.llamar<DetalleCotizacion>('GET', `/cotizacion/${id}`);
    expect(anulada.cotizacionDb).toMatchObject({
      estado: 'Anulado',
      activo: false,
      notaAnular: 'El cliente compró en otro lugar',
    });

    // It leaves the active list and shows in the audit view.
    await pagina.getByRole('button', { name: 'Volver' }).click();
    await cotizaciones.buscar(cotizacionDb.comprobante);
    await expect.poll(() => cotizaciones.fila(cotizacionDb.comprobante).count()).toBe(0);
    await pagina.getByRole('radiogroup', { name: 'Vista' }).getByText('Anuladas y por anular').click();
    await expect.poll(() => cotizaciones.fila(cotizacionDb.comprobante).count()).toBe(1);
  });
});
