import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Conduce, DetalleConduce, DetalleFactura, Factura } from '@pos/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.ts';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaConduces } from './pages/conduces.ts';
import { PaginaLogin } from './pages/login.ts';
import { PaginaProductos } from './pages/productos.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/conduces');

// A demo product (apps/server/src/modules/productos/demo.ts).
const ACEITE = { nombre: 'Aceite de soya Crisol 32 oz', codigo: '7461000100077' };

const ANCHOS = [
  { nombre: '1366', width: 1366, height: 768 },
  { nombre: '800', width: 800, height: 900 },
] as const;

describe.skipIf(motivoSinNavegador !== null)('conduces pre-factura y post-factura', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let admin: Api;
  let pagina: Page;

  /** A full-page capture at both widths (the layout is checked by eye, spec style). */
  async function capturar(nombre: string): Promise<void> {
    for (const ancho of ANCHOS) {
      await pagina.setViewportSize({ width: ancho.width, height: ancho.height });
      await pagina.waitForTimeout(150);
      await pagina.screenshot({ path: `${CAPTURAS}/${nombre}-${ancho.nombre}.png`, fullPage: true });
    }
    await pagina.setViewportSize({ width: 1366, height: 768 });
  }

  /** The «Existencia» the product list shows for the demo oil, in the browser. */
  async function existenciaEnPantalla(): Promise<number> {
    const productos = new PaginaProductos(pagina);
    await pagina.goto(`${servidor.url}/producto/lista_producto`);
    await productos.buscar(ACEITE.nombre);
    const fila = productos.fila(ACEITE.nombre);
    await expect.poll(() => fila.count()).toBe(1);
    const texto = (await (await productos.celda(fila, 'Existencia')).textContent()) ?? '';
    return Number(texto.replace(/[^\d.-]/g, ''));
  }

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
    await admin.llamar('POST', '/cliente/crear', {
      identificadorUnico: crypto.randomUUID(),
      nombre: 'Ferretería Los Alcarrizos SRL',
      tipoDeIdentificacion: 'RNC',
      rnc: '130000002',
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

  it('un conduce pre-factura saca la mercancía de la existencia, y anularlo la devuelve', async () => {
    const antes = await existenciaEnPantalla();
    const conduces = new PaginaConduces(pagina);
    await pagina.goto(`${servidor.url}/conduce/lista_conduce`);
    await conduces.fila('CON').first().waitFor();
    await capturar('1-lista');
    await pagina.getByRole('button', { name: 'Nuevo conduce' }).click();
    await pagina.getByRole('dialog', { name: 'Nuevo conduce' }).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/2-dialogo-1366.png` });
    await pagina.keyboard.press('Escape');
    await conduces.nuevo('Pre-Factura');
    await pagina.waitForURL((u) => u.pathname === '/conduce/nuevo_conduce');
    await pagina.getByText(/la mercancía sale de la existencia del almacén/).waitFor();

    await conduces.elegirCliente('Alcarrizos', 'Ferretería Los Alcarrizos SRL');
    await conduces.escanear(ACEITE.codigo, ACEITE.nombre);
    await conduces.cantidad(ACEITE.nombre, '5');
    await pagina.getByLabel('Nota al pie del conduce').fill('Recibe: Juan Pérez, almacén del cliente.');
    await capturar('3-pre-factura');
    const id = await conduces.guardar();
    const { conduceDb } = await admin.llamar<DetalleConduce>('GET', `/conduce/${id}`);
    expect(conduceDb).toMatchObject({ tipo: 'preFactura', nombre: 'Ferretería Los Alcarrizos SRL' });
    expect(conduceDb.comprobante).toMatch(/^CON\d+$/);
    await pagina.getByRole('heading', { level: 2, name: `Conduce ${conduceDb.comprobante}` }).waitFor();
    await conduces.estadoEnLaVista('Activo').waitFor();
    await capturar('4-vista');

    // Spec 001 §2: a pre-invoice conduce takes the goods out of stock when issued.
    expect(await existenciaEnPantalla()).toBe(antes - 5);

    await pagina.goto(`${servidor.url}/conduce/lista_conduce`);
    await conduces.buscar(conduceDb.comprobante);
    const fila = conduces.fila(conduceDb.comprobante);
    await expect.poll(() => fila.count()).toBe(1);
    expect(await fila.textContent()).toContain('Pre-Factura');
    await fila.click();
    await pagina.waitForURL((u) => u.pathname === '/conduce/ver_conduce');
    // The administrator has anularYEliminarDocumentos: the cancel is direct (spec 001 §4).
    await conduces.anular('El cliente no recibió la mercancía');
    await conduces.estadoEnLaVista('Anulado').waitFor();
    const anulado = await admin.llamar<DetalleConduce>('GET', `/conduce/${id}`);
    expect(anulado.conduceDb).toMatchObject({ estado: 'Anulado', activo: false });
    // Cancelling gives back exactly what it took.
    expect(await existenciaEnPantalla()).toBe(antes);
  });

  it('un conduce post-factura entrega parte de una factura y el servidor niega entregar más de lo vendido', async () => {
    // An active demo invoice no conduce delivers yet.
    const { res: entregas } = await admin.llamar<{ res: Conduce[] }>('POST', '/conduce/todos', {
      limit: 200,
    });
    const entregadas = new Set(entregas.map((c) => c.idFactura));
    const { res: facturas } = await admin.llamar<{ res: Factura[] }>('POST', '/factura/lista-de-facturas', {
      page: 1,
      limit: 50,
    });
    const factura = facturas.find((f) => f.estado === 'Activo' && !entregadas.has(f._id));
    expect(factura).toBeDefined();
    const detalle = await admin.llamar<DetalleFactura>('GET', `/factura/una/${factura?._id}`);
    const primera = detalle.linea_facturasRef[0];
    if (!factura?.comprobante || !primera) {
      throw new Error('La factura demo no tiene número o líneas');
    }

    const conduces = new PaginaConduces(pagina);
    await pagina.goto(`${servidor.url}/conduce/lista_conduce`);
    await conduces.nuevo('Post-Factura');
    await pagina.waitForURL((u) => u.pathname === '/conduce/nuevo_conduce_post_factura');
    await conduces.elegirFactura(factura.comprobante);
    await expect
      .poll(() => pagina.getByLabel(/^Cantidad de /).count())
      .toBe(detalle.linea_facturasRef.length);

    // One more than sold: the server refuses with its own message, shown by the lines.
    await conduces.cantidad(primera.descripcion, String(primera.cantidad + 1));
    await pagina.getByRole('button', { name: 'Guardar conduce' }).click();
    await pagina
      .getByRole('alert')
      .filter({ hasText: `Los conduces de la factura ${factura.comprobante} entregarían` })
      .first()
      .waitFor();
    await capturar('5-post-factura-rechazo');

    await conduces.cantidad(primera.descripcion, '1');
    const id = await conduces.guardar();
    const { conduceDb, lineasConduce } = await admin.llamar<DetalleConduce>('GET', `/conduce/${id}`);
    expect(conduceDb).toMatchObject({ tipo: 'postFactura', idFactura: factura._id });
    expect(lineasConduce[0]).toMatchObject({ idProducto: primera.idProducto, cantidad: 1 });
    await pagina.getByRole('heading', { level: 2, name: `Conduce ${conduceDb.comprobante}` }).waitFor();
    await pagina.getByRole('link', { name: factura.comprobante }).waitFor();
    await capturar('6-vista-post-factura');

    await pagina.goto(`${servidor.url}/conduce/lista_conduce`);
    const fila = conduces.fila(conduceDb.comprobante);
    await fila.getByText(factura.comprobante).waitFor();
    expect(await fila.textContent()).toContain('Post-Factura');
    await capturar('7-lista-con-ambos');
  });
});
