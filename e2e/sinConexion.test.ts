import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Contacto, Factura } from '@pos/contract';
import { aCentavos, formatearDinero } from '@pos/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api } from './api.ts';
import { abrirNavegador, describirPantalla, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { PaginaPos } from './pages/pos.ts';
import { PaginaSinConexion } from './pages/sinConexion.ts';
import { PaginaTurnos } from './pages/turnos.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/sin-conexion');
const CAJERA = { usuario: 'cajera.offline', clave: 'clave-cajera-offline' };
// Demo products (apps/server/src/modules/productos/demo.ts).
const ACEITE = { nombre: 'Aceite de soya Crisol 32 oz', codigo: '7461000100077' };
const REFRESCO = { nombre: 'Refresco Coca-Cola 20 oz', codigo: '7461000400016', paquete: 'Paca de 24' };
const MALTA = { nombre: 'Malta Morena 12 oz', busqueda: 'malta morena' };
const CLIENTE = 'Colmado La Esquina Sin Red';

const dinero = (pesos: number) => formatearDinero(aCentavos(pesos));

describe.skipIf(motivoSinNavegador !== null)('punto de venta sin conexión', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let admin: Api;
  let contexto: BrowserContext;
  let cajera: Page;

  const api = <T>(metodo: string, ruta: string, cuerpo?: unknown) => admin.llamar<T>(metodo, ruta, cuerpo);

  /** Scans one product with no network, charges it exactly and starts the next sale (F1). */
  async function venderSinConexion(producto: { codigo: string; nombre: string }): Promise<void> {
    const pos = new PaginaPos(cajera);
    await new PaginaSinConexion(cajera).escanear(producto.codigo);
    await pos.linea(producto.nombre).waitFor();
    const cobro = await pos.abrirCobro();
    await cobro.getByRole('button', { name: /^Cobrar RD\$/ }).click();
    const guardada = cajera.getByRole('dialog', { name: 'Venta guardada sin conexión' });
    await guardada.waitFor();
    await cajera.keyboard.press('F1');
    await guardada.waitFor({ state: 'hidden' });
  }

  /** From the ready POS, the network goes away; returns the server's invoices from before. */
  async function cortarLaRed(): Promise<Factura[]> {
    const pos = new PaginaPos(cajera);
    await pos.campoDeCodigo().click();
    await pos.esperarListo();
    const antes = await facturas();
    await contexto.setOffline(true);
    await new PaginaSinConexion(cajera).insignia().waitFor({ timeout: 30_000 });
    return antes;
  }

  /** Every invoice on the server (the demo company has few). */
  async function facturas(): Promise<Factura[]> {
    const { res } = await api<{ res: Factura[] }>('POST', '/factura/lista-de-facturas', { limit: 200 });
    return res;
  }

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
    await api('POST', '/users/', {
      username: CAJERA.usuario,
      password: CAJERA.clave,
      perfilSeleccionado: 'Cajera',
      privilegios: {
        puntoDeVentas: { acceso: true, ver: true, crear: true },
        facturas: { acceso: true, ver: true },
        clientes: { acceso: true, ver: true, crear: true },
      },
    });
    contexto = await navegador.newContext({ viewport: { width: 1366, height: 768 } });
    cajera = await contexto.newPage();
    await cajera.goto(`${servidor.url}/login`);
    await new PaginaLogin(cajera).entrar('1', CAJERA.usuario, CAJERA.clave);
    await cajera.waitForURL((u) => !u.pathname.startsWith('/login'));
    const turnos = new PaginaTurnos(cajera);
    await cajera.goto(`${servidor.url}/vistas_pos/detalles_turnos`);
    await turnos.estado('Sin turno abierto').waitFor();
    await turnos.contar({ 1000: 1 });
    await turnos.abrir();
    await turnos.estado('Abierto').waitFor();
  });
  beforeEach(async ({ onTestFailed }) => {
    onTestFailed(async () => {
      console.error(`Pantalla de la cajera al fallar:\n${await describirPantalla(cajera)}`);
      await cajera.screenshot({ path: `${CAPTURAS}/fallo.png` }).catch(() => undefined);
    });
    // Each test starts online with no intercepted calls, whatever the previous one left behind.
    await contexto.unrouteAll({ behavior: 'ignoreErrors' });
    await contexto.setOffline(false);
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('prepara, vende 3 facturas sin red (una a un cliente nuevo), recarga sin red y sincroniza solo al volver', async () => {
    const pos = new PaginaPos(cajera);
    const offline = new PaginaSinConexion(cajera);
    await cajera.goto(`${servidor.url}/vistas_pos/facturacion`);
    await pos.esperarListo();
    await offline.preparar();
    // The service worker controls the page from the next load: reload once online.
    await cajera.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await cajera.reload();
    await pos.esperarListo();
    expect(await cajera.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const antes = await facturas();

    // No network, and a server that would not answer either.
    await contexto.setOffline(true);
    await contexto.route('**/api/**', (ruta) => ruta.abort('internetdisconnected'));
    await cajera.reload();
    await pos.esperarListo();
    await offline.insignia().waitFor();

    // 1. By barcode, from the local catalogue; charged in cash.
    await offline.escanear(ACEITE.codigo);
    await pos.linea(ACEITE.nombre).waitFor();
    await offline.escanear(REFRESCO.codigo);
    // F7 acts on the selected line: the scanned one, once the table marks it.
    await pos.linea(REFRESCO.nombre).and(cajera.locator('[aria-selected="true"]')).waitFor();
    // F7 turns the selected line into its package, from the local catalogue too.
    await cajera.keyboard.press('F7');
    await pos.linea(REFRESCO.nombre).getByText(`${REFRESCO.paquete} × 24`, { exact: true }).waitFor();
    const total1 = await pos.total().textContent();
    let cobro = await pos.abrirCobro();
    await cobro.getByRole('button', { name: /^Cobrar RD\$/ }).click();
    const guardada = cajera.getByRole('dialog', { name: 'Venta guardada sin conexión' });
    await guardada.waitFor();
    await guardada.getByText('NCF: PENDIENTE').waitFor();
    await cajera.waitForTimeout(400);
    expect(await guardada.textContent()).toContain(total1 ?? 'sin total');
    await cajera.screenshot({ path: `${CAPTURAS}/1-recibo-pendiente.png` });
    await cajera.keyboard.press('F1');
    await guardada.waitFor({ state: 'hidden' });

    // 2. By name (F8), searched in memory.
    await pos.esperarListo();
    await cajera.keyboard.press('F8');
    await cajera.getByRole('textbox', { name: 'Buscar producto por nombre' }).waitFor();
    await cajera.keyboard.type(MALTA.busqueda);
    await cajera.keyboard.press('Enter');
    const lista = cajera.getByRole('dialog', { name: 'Buscar producto' });
    // Enter adds the marked row: wait until the list marks it (as PaginaPos.agregarPorNombre does).
    await lista
      .getByRole('option', { name: new RegExp(MALTA.nombre) })
      .and(cajera.locator('[aria-selected="true"]'))
      .waitFor();
    await lista.getByRole('textbox', { name: 'Buscar producto por nombre' }).press('Enter');
    await pos.linea(MALTA.nombre).waitFor();
    await cajera.keyboard.press('F8');
    cobro = await pos.abrirCobro();
    await cobro.getByRole('button', { name: /^Cobrar RD\$/ }).click();
    await guardada.waitFor();
    await cajera.keyboard.press('F1');
    await guardada.waitFor({ state: 'hidden' });

    // 3. To a customer created offline.
    await cajera.getByRole('button', { name: 'Nuevo cliente' }).click();
    const nuevo = cajera.getByRole('dialog', { name: 'Nuevo cliente (sin conexión)' });
    await nuevo.getByRole('textbox', { name: 'Nombre' }).fill(CLIENTE);
    await nuevo.getByRole('textbox', { name: 'Teléfono' }).fill('809-555-0101');
    await nuevo.getByRole('button', { name: 'Guardar cliente' }).click();
    await nuevo.waitFor({ state: 'hidden' });
    await cajera.getByText(CLIENTE, { exact: true }).first().waitFor();
    await pos.esperarListo();
    await offline.escanear(ACEITE.codigo);
    await pos.linea(ACEITE.nombre).waitFor();
    cobro = await pos.abrirCobro();
    await cobro.getByRole('button', { name: /^Cobrar RD\$/ }).click();
    await guardada.waitFor();
    expect(await guardada.textContent()).toContain(CLIENTE);
    await cajera.keyboard.press('F1');
    await guardada.waitFor({ state: 'hidden' });

    // Three invoices and one contact wait on this device; the server has none of them.
    await expect
      .poll(() => offline.pendientes().textContent(), { timeout: 10_000 })
      .toBe('4 por sincronizar');
    const panel = await offline.abrirPanel();
    await expect
      .poll(() => panel.getByRole('row').filter({ hasText: 'Por enviar' }).count(), { timeout: 10_000 })
      .toBe(4);
    // The drawer slides in: the picture once it is still.
    await cajera.waitForTimeout(400);
    await cajera.screenshot({ path: `${CAPTURAS}/2-panel-pendientes.png` });
    await cajera.setViewportSize({ width: 820, height: 1180 });
    await cajera.waitForTimeout(400);
    await cajera.screenshot({ path: `${CAPTURAS}/2-panel-pendientes-tableta.png` });
    await cajera.setViewportSize({ width: 1366, height: 768 });
    await cajera.keyboard.press('Escape');
    expect(await facturas()).toHaveLength(antes.length);

    // A second tab of the same POS is open too: only one of them may send the queue (Web Locks).
    const segunda = await contexto.newPage();
    await segunda.goto(`${servidor.url}/vistas_pos/facturacion`);
    await new PaginaSinConexion(segunda).pendientes().waitFor();
    const envios: string[] = [];
    contexto.on('request', (solicitud) => {
      if (solicitud.url().endsWith('/api/factura/sincronizar-facturas-offline')) {
        envios.push(solicitud.url());
      }
    });

    // The network comes back: the monitor sees it and, 5 s later, the queue goes out by itself.
    await contexto.unroute('**/api/**');
    await contexto.setOffline(false);
    await offline.insignia().waitFor({ state: 'hidden', timeout: 30_000 });
    await offline.pendientes().waitFor({ state: 'hidden', timeout: 30_000 });
    await new PaginaSinConexion(segunda).pendientes().waitFor({ state: 'hidden', timeout: 30_000 });
    expect(envios).toHaveLength(1);
    await segunda.close();

    const despues = await facturas();
    const nuevas = despues.filter((f) => !antes.some((a) => a._id === f._id));
    expect(nuevas).toHaveLength(3);
    for (const factura of nuevas) {
      expect(factura.comprobante).toMatch(/^B0[12]\d{8}$/);
      expect(factura.estado).toBe('Activo');
    }
    const contactos = await api<Contacto[]>('GET', '/cliente/');
    const creados = contactos.filter((c) => c.nombre === CLIENTE);
    expect(creados).toHaveLength(1);
    expect(nuevas.filter((f) => f.idCliente === creados[0]?._id)).toHaveLength(1);
    expect(nuevas.map((f) => dinero(f.total))).toContain(total1);
    await cajera.screenshot({ path: `${CAPTURAS}/3-sincronizado.png` });
  }, 180_000);

  it('si la respuesta de la sincronización se corta, el reintento no duplica nada', async () => {
    const pos = new PaginaPos(cajera);
    const offline = new PaginaSinConexion(cajera);
    const antes = await cortarLaRed();
    for (let i = 0; i < 2; i++) {
      await venderSinConexion(ACEITE);
      await pos.esperarListo();
    }
    await expect
      .poll(() => offline.pendientes().textContent(), { timeout: 10_000 })
      .toBe('2 por sincronizar');

    // The first sync reaches the server, which creates both, but its answer never arrives.
    let cortadas = 0;
    await contexto.route('**/api/factura/sincronizar-facturas-offline', async (ruta) => {
      if (cortadas === 0) {
        cortadas++;
        await ruta.fetch();
        await ruta.abort('connectionreset');
        return;
      }
      await ruta.continue();
    });
    await contexto.setOffline(false);
    await offline.pendientes().waitFor({ state: 'hidden', timeout: 60_000 });
    expect(cortadas).toBe(1);

    const nuevas = (await facturas()).filter((f) => !antes.some((a) => a._id === f._id));
    expect(nuevas).toHaveLength(2);
    expect(new Set(nuevas.map((f) => f.identificadorUnico)).size).toBe(2);
    expect(new Set(nuevas.map((f) => f.comprobante)).size).toBe(2);
  }, 180_000);

  it('una sesión que vence sin conexión no pierde la cola: se envía después del siguiente inicio de sesión', async () => {
    const antes = await cortarLaRed();
    await venderSinConexion(REFRESCO);

    // Meanwhile the session ends on the server (expired, or closed from elsewhere).
    const tokenDeLaCajera = await cajera.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('my-app-pos') ?? '{}') as { sesion?: { token?: string } }).sesion
          ?.token,
    );
    expect(tokenDeLaCajera).toBeTruthy();
    const salida = await fetch(`${servidor.url}/api/auth/logout`, {
      method: 'POST',
      headers: { tenantId: '1', authorization: `Bearer ${tokenDeLaCajera}` },
    });
    expect(salida.status).toBe(200);

    // Back online: the sync is refused (401), the POS goes to the login, and the invoice stays queued.
    await contexto.setOffline(false);
    await cajera.waitForURL((u) => u.pathname.startsWith('/login'), { timeout: 60_000 });
    expect(await facturas()).toHaveLength(antes.length);
    const enCola = await cajera.evaluate(async () => {
      const abierta = indexedDB.open('pos-empresa-1');
      const base = await new Promise<IDBDatabase>((ok, mal) => {
        abierta.onsuccess = () => ok(abierta.result);
        abierta.onerror = () => mal(abierta.error);
      });
      const cuenta = base.transaction('facturasPendientes').objectStore('facturasPendientes').count();
      return new Promise<number>((ok) => {
        cuenta.onsuccess = () => ok(cuenta.result);
      });
    });
    expect(enCola).toBe(1);

    await new PaginaLogin(cajera).entrar('1', CAJERA.usuario, CAJERA.clave);
    await cajera.waitForURL((u) => !u.pathname.startsWith('/login'));
    await expect.poll(async () => (await facturas()).length, { timeout: 60_000 }).toBe(antes.length + 1);
  }, 180_000);
});
