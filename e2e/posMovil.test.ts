import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, ConsoleMessage, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.ts';
import { abrirNavegador, describirPantalla, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { PaginaPos } from './pages/pos.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/pos-movil');

// A demo product (apps/server/src/modules/productos/demo.ts) with a plain barcode.
const ACEITE = { nombre: 'Aceite de soya Crisol 32 oz', codigo: '7461000100077' };

/** Whether an element shows all its content: nothing cut inside it, and the whole box on screen. */
async function completamenteVisible(pagina: Page, elemento: Locator) {
  const { recortado, caja } = await elemento.evaluate((nodo) => {
    const e = nodo as HTMLElement;
    const r = e.getBoundingClientRect();
    return {
      recortado: e.scrollWidth > e.clientWidth,
      caja: { x: r.x, y: r.y, ancho: r.width, alto: r.height },
    };
  });
  const vista = pagina.viewportSize() ?? { width: 0, height: 0 };
  return {
    recortado,
    enPantalla:
      caja.x >= 0 &&
      caja.y >= 0 &&
      caja.x + caja.ancho <= vista.width &&
      caja.y + caja.alto <= vista.height &&
      caja.ancho > 0,
  };
}

/**
 * What the page prints to the console as a warning or an error, apart from Chromium's own line for a
 * request answered 4xx («Failed to load resource: the server responded with a status of 404»): the
 * browser writes it for every such answer, and the spec's API answers an unknown code or a wrong
 * password that way.
 */
function escucharConsola(pagina: Page): string[] {
  const mensajes: string[] = [];
  pagina.on('console', (mensaje: ConsoleMessage) => {
    if (mensaje.type() !== 'error' && mensaje.type() !== 'warning') {
      return;
    }
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(mensaje.text())) {
      return;
    }
    mensajes.push(`${mensaje.type()}: ${mensaje.text()}`);
  });
  pagina.on('pageerror', (error) => mensajes.push(`pageerror: ${error.message}`));
  return mensajes;
}

describe.skipIf(motivoSinNavegador !== null)('el punto de venta en un teléfono (390 px)', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    // The POS charges on an open shift: the administrator opens one on Caja 1.
    const admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
    const { res } = await admin.llamar<{ res: { _id: string; nombre: string }[] }>(
      'GET',
      '/terminales/?limit=10',
    );
    const caja = res.find((t) => t.nombre === 'Caja 1');
    await admin.llamar('POST', '/turno/', {
      idTerminalRef: caja?._id,
      desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 2 }],
    });
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  async function entrarAlPos(ancho: number, alto: number) {
    const contexto = await navegador.newContext({ viewport: { width: ancho, height: alto } });
    const pagina = await contexto.newPage();
    const consola = escucharConsola(pagina);
    await pagina.goto(`${servidor.url}/login?redirect=${encodeURIComponent('/vistas_pos/facturacion')}`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL(`${servidor.url}/vistas_pos/facturacion`);
    const pos = new PaginaPos(pagina);
    await pos.esperarListo();
    return { contexto, pagina, pos, consola };
  }

  it('a 390 px el total y «Cobrar» se ven completos, y la venta se cobra con el dedo', async () => {
    const { contexto, pagina, pos, consola } = await entrarAlPos(390, 844);
    try {
      // Signing in and opening the POS print nothing to the console (no React Router warning, no error).
      expect(consola).toEqual([]);
      await pos.campoDeCodigo().click();
      await pos.escanear(ACEITE.codigo);
      await pos.linea(ACEITE.nombre).waitFor();
      await pagina.screenshot({ path: `${CAPTURAS}/390-venta.png` });

      const total = pos.total();
      expect(await total.textContent()).toMatch(/^RD\$\d/);
      expect(await completamenteVisible(pagina, total)).toEqual({ recortado: false, enPantalla: true });
      const cobrar = pagina.getByRole('button', { name: 'Cobrar (F12)' });
      expect(await completamenteVisible(pagina, cobrar)).toEqual({ recortado: false, enPantalla: true });
      const cliente = pagina.getByRole('textbox', { name: 'Buscar cliente' });
      expect((await completamenteVisible(pagina, cliente)).recortado).toBe(false);
      const caja = await cliente.boundingBox();
      expect(caja?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((caja?.x ?? 0) + (caja?.width ?? 0)).toBeLessThanOrEqual(390);
      expect(caja?.width ?? 0).toBeGreaterThan(200);

      // Charged with a tap: the dialog's own charge button is on screen too.
      await cobrar.click();
      const dialogo = pagina.getByRole('dialog', { name: 'Cobrar' });
      await dialogo.waitFor();
      const confirmar = dialogo.getByRole('button', { name: /^Cobrar RD\$/ });
      expect((await completamenteVisible(pagina, confirmar)).enPantalla).toBe(true);
      await pagina.screenshot({ path: `${CAPTURAS}/390-cobro.png` });
      const creada = pagina.waitForResponse((r) => r.url().endsWith('/api/factura/crear'));
      await confirmar.click();
      expect((await creada).status()).toBe(200);
      await pagina.getByRole('dialog', { name: 'Venta realizada' }).waitFor();
      await pagina.screenshot({ path: `${CAPTURAS}/390-venta-realizada.png` });
      expect(consola).toEqual([]);
    } catch (error) {
      throw new Error(`${String(error)}\n${await describirPantalla(pagina)}`);
    } finally {
      await contexto.close();
    }
  });

  it('a 1366 px el total y «Cobrar» siguen a la derecha, completos; un código desconocido no escribe errores de la app en la consola', async () => {
    const { contexto, pagina, pos, consola } = await entrarAlPos(1366, 768);
    try {
      expect(consola).toEqual([]);
      await pos.escanear(ACEITE.codigo);
      await pos.linea(ACEITE.nombre).waitFor();
      await pagina.screenshot({ path: `${CAPTURAS}/1366-venta.png` });
      const total = pos.total();
      expect(await completamenteVisible(pagina, total)).toEqual({ recortado: false, enPantalla: true });
      const cobrar = pagina.getByRole('button', { name: 'Cobrar (F12)' });
      expect(await completamenteVisible(pagina, cobrar)).toEqual({ recortado: false, enPantalla: true });
      // The desktop layout keeps the panel at the right of the lines.
      const lineas = await pagina.getByRole('table', { name: 'Artículos de la venta' }).boundingBox();
      const caja = await cobrar.boundingBox();
      expect(caja?.x ?? 0).toBeGreaterThan((lineas?.x ?? 0) + (lineas?.width ?? 0) - 1);

      // An unknown code is an answer (404 with the spec's message), shown on screen, not a logged fault.
      const respuesta = pagina.waitForResponse((r) =>
        r.url().endsWith('/api/registro-productos/agregarproducto'),
      );
      await pagina.keyboard.type('0000000000000', { delay: 8 });
      await pagina.keyboard.press('Enter');
      expect((await respuesta).status()).toBeGreaterThanOrEqual(400);
      await pagina.getByRole('dialog').first().waitFor();
      expect(consola).toEqual([]);
    } catch (error) {
      throw new Error(`${String(error)}\n${await describirPantalla(pagina)}`);
    } finally {
      await contexto.close();
    }
  });
});
