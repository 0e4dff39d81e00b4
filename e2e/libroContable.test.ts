import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.ts';
import { abrirNavegador, describirPantalla, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/libroContable');

// Spec 002 §7 "Accounting": an invoice posted just now shows in the journal (/contabilidad/asientos_contables)
// with its lines and a link to the invoice, and the income statement of its cost centre shows its sales.
describe.skipIf(motivoSinNavegador !== null)('libro diario y estado de resultados', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let admin: Api;
  let pagina: Page;
  let comprobante: string;

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
    const centro = await admin.llamar<{ _id: string }>('POST', '/centro-de-costo/', {
      identificadorUnico: crypto.randomUUID(),
      nombre: 'Sucursal del libro',
    });
    const principal = (await admin.llamar<{ _id: string }>('GET', '/almacen/principal'))._id;
    // An ITBIS-exempt product: the sale's income is its price, 1,250.00 × 2.
    const producto = await admin.llamar<{ producto: { _id: string } }>('POST', '/registro-productos/', [
      { idCodigoDeBarra: 'E2E-LIBRO-1', nombre: 'Servicio del libro', precioDeVenta: 1250, costo: 0 },
      [{ idAlmacen: principal, cantidadInicial: 100, cantidadMinima: 0 }],
      crypto.randomUUID(),
    ]);
    const terminales = await admin.llamar<{ res: Array<{ _id: string; nombre: string }> }>(
      'GET',
      '/terminales/?limit=50',
    );
    const terminal = terminales.res.find((t) => t.nombre === 'Caja 1')?._id;
    const factura = await admin.llamar<{ facturadb: { comprobante: string } }>('POST', '/factura/crear', [
      {
        identificadorUnico: crypto.randomUUID(),
        idCliente: null,
        efectivoRecibido: 2500,
        idCentroDeCosto: centro._id,
        centroDeCosto: 'Sucursal del libro',
      },
      [{ idProducto: producto.producto._id, cantidad: 2 }],
      [],
      null,
      { desdePos: false, idTerminalRef: terminal },
      [],
      { _id: terminal },
      'Efectivo',
      {},
    ]);
    comprobante = factura.facturadb.comprobante;
    pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
  }, 120_000);
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('el diario muestra el asiento de la factura con sus líneas y el estado de resultados su venta', async () => {
    await pagina.goto(`${servidor.url}/contabilidad/asientos_contables`);
    await pagina.getByRole('heading', { name: 'Asientos contables' }).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/diario.png` });
    await pagina.getByLabel('Buscar asientos').fill(comprobante);
    const enlace = pagina.getByRole('link', { name: comprobante });
    await enlace.waitFor();
    const fila = pagina.getByRole('row').filter({ has: enlace });
    await fila.getByRole('button', { name: /Ver líneas del asiento/ }).click();
    // The innermost row (the entry's row holds the lines' table too).
    const ventas = pagina.getByRole('row').filter({ hasText: 'Ventas de mercancías' }).last();
    await ventas.waitFor();
    expect(await ventas.textContent()).toContain('2,500.00');
    expect(await ventas.textContent()).toContain('Sucursal del libro');
    await pagina.screenshot({ path: `${CAPTURAS}/diario-lineas.png` });
    expect(await enlace.getAttribute('href')).toMatch(/^\/factura\/vista_factura\?id=/);

    await pagina.goto(`${servidor.url}/reportes/r-estado-de-resultado`);
    await pagina
      .getByRole('heading', { name: 'Estado de resultados' })
      .waitFor()
      .catch(async (error) => {
        throw new Error(`${error}\n${await describirPantalla(pagina)}`);
      });
    await pagina.getByRole('row').filter({ hasText: 'Total ingresos' }).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/estado-de-resultados.png` });
    await pagina.getByRole('combobox', { name: 'Centro de costo' }).click();
    await pagina.getByRole('option', { name: 'Sucursal del libro' }).click();
    const ingresos = pagina.getByRole('row').filter({ hasText: 'Total ingresos' });
    await expect.poll(async () => ingresos.textContent(), { timeout: 10_000 }).toContain('2,500.00');
    await pagina.screenshot({ path: `${CAPTURAS}/estado-de-resultados-centro.png` });

    for (const [ruta, titulo, nombre] of [
      ['/reportes/r-situacion-financiera', 'Estado de situación financiera', 'situacion-financiera'],
      ['/contabilidad/balanza_de_comprobacion', 'Balanza de comprobación', 'balanza'],
    ] as const) {
      await pagina.goto(`${servidor.url}${ruta}`);
      await pagina.getByRole('heading', { name: titulo }).waitFor();
      await pagina.getByRole('table').waitFor();
      await pagina.screenshot({ path: `${CAPTURAS}/${nombre}.png` });
    }
    // The ledger of a detail account from the trial balance.
    await pagina.getByRole('link', { name: 'Caja general' }).click();
    await pagina.getByRole('heading', { name: 'Libro mayor' }).waitFor();
    await pagina.getByText('Saldo inicial').first().waitFor();
    await pagina.getByRole('table').waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/libro-mayor.png` });
  }, 120_000);
});
