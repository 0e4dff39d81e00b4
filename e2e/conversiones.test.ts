import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DetalleConduce, DetalleCotizacion, DetalleFactura } from '@pos/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.ts';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { PaginaProductos } from './pages/productos.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/conversiones');
const PRODUCTO = 'Tornillo galvanizado 3/8 (conversiones)';
const CLIENTE = 'Constructora Las Caobas SRL';

// Spec 001 §2, §4: quotations and a pre-invoice conduce become an invoice from the screens.
describe.skipIf(motivoSinNavegador !== null)('conversiones a factura', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let admin: Api;
  let pagina: Page;
  let idProducto: string;
  let idCliente: string;

  async function existenciaEnPantalla(): Promise<number> {
    const productos = new PaginaProductos(pagina);
    await pagina.goto(`${servidor.url}/producto/lista_producto`);
    await productos.buscar(PRODUCTO);
    const fila = productos.fila(PRODUCTO);
    await expect.poll(() => fila.count()).toBe(1);
    const texto = (await (await productos.celda(fila, 'Existencia')).textContent()) ?? '';
    return Number(texto.replace(/[^\d.-]/g, ''));
  }

  async function cotizar(cantidad: number): Promise<DetalleCotizacion> {
    return admin.llamar<DetalleCotizacion>('POST', '/cotizacion/', [
      { idCliente },
      [{ idProducto, cantidad }],
      crypto.randomUUID(),
    ]);
  }

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
    const principal = (await admin.llamar<{ _id: string }>('GET', '/almacen/principal'))._id;
    ({
      producto: { _id: idProducto },
    } = await admin.llamar<{ producto: { _id: string } }>('POST', '/registro-productos/', [
      { idCodigoDeBarra: 'E2E-CONV-1', nombre: PRODUCTO, precioDeVenta: 25 },
      [{ idAlmacen: principal, cantidadInicial: 500, cantidadMinima: 0 }],
      crypto.randomUUID(),
    ]));
    ({
      clientedb: { _id: idCliente },
    } = await admin.llamar<{ clientedb: { _id: string } }>('POST', '/cliente/crear', {
      identificadorUnico: crypto.randomUUID(),
      nombre: CLIENTE,
      tipoDeIdentificacion: 'RNC',
      rnc: '130000077',
    }));
    pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
  }, 120_000);

  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('dos cotizaciones de un cliente se facturan juntas desde la lista y quedan facturadas', async () => {
    const a = await cotizar(2);
    const b = await cotizar(3);
    await pagina.goto(`${servidor.url}/cotizacion/lista_cotizacion`);
    for (const c of [a, b]) {
      await pagina.getByRole('checkbox', { name: `Elegir cotización ${c.cotizacionDb.comprobante}` }).check();
    }
    await pagina.screenshot({ path: `${CAPTURAS}/1-lista-elegidas-1366.png` });
    await pagina.getByRole('button', { name: 'Facturar seleccionadas' }).click();
    await pagina.waitForURL((u) => u.pathname === '/factura/nueva_factura');
    expect(new URL(pagina.url()).searchParams.get('cotizaciones')).toBe(
      `${a.cotizacionDb._id},${b.cotizacionDb._id}`,
    );
    await pagina.getByText('Desde cotizaciones').waitFor();
    await expect.poll(() => pagina.getByLabel(`Cantidad de ${PRODUCTO}`).count()).toBe(2);
    await pagina.screenshot({ path: `${CAPTURAS}/2-factura-desde-cotizaciones-1366.png`, fullPage: true });
    // Cash: the amount received follows the total (paid in full).
    await pagina.getByRole('button', { name: 'Guardar factura' }).click();
    await pagina.waitForURL((u) => u.pathname === '/factura/lista_factura');

    const despues = await admin.llamar<DetalleCotizacion>('GET', `/cotizacion/${a.cotizacionDb._id}`);
    const idFactura = despues.cotizacionDb.idFactura ?? '';
    expect(idFactura).not.toBe('');
    const factura = await admin.llamar<DetalleFactura>('GET', `/factura/una/${idFactura}`);
    expect(factura.FacturaDb.idCotizaciones).toEqual([a.cotizacionDb._id, b.cotizacionDb._id]);
    expect(factura.FacturaDb.estadoDelCobro).toBe('Cobrada');
    expect(factura.linea_facturasRef.map((l) => l.cantidad)).toEqual([2, 3]);

    await pagina.goto(`${servidor.url}/cotizacion/lista_cotizacion`);
    for (const c of [a, b]) {
      const fila = pagina.getByRole('row').filter({ hasText: c.cotizacionDb.comprobante });
      await fila.getByText('Facturada').waitFor();
      // A billed quotation is not offered again.
      expect(await fila.getByRole('checkbox').count()).toBe(0);
    }
    await pagina.goto(`${servidor.url}/cotizacion/vista_cotizacion?id=${b.cotizacionDb._id}`);
    await pagina.getByText('Facturada', { exact: true }).waitFor();
    await pagina.getByRole('link', { name: `Ver factura ${factura.FacturaDb.comprobante}` }).waitFor();
    expect(await pagina.getByRole('button', { name: 'Facturar' }).count()).toBe(0);
    await pagina.screenshot({ path: `${CAPTURAS}/3-cotizacion-facturada-1366.png` });
  });

  it('un conduce pre-factura se factura desde su vista y la existencia baja una sola vez', async () => {
    const antes = await existenciaEnPantalla();
    const { conduceDb } = await admin.llamar<DetalleConduce>('POST', '/conduce/', [
      { identificadorUnico: crypto.randomUUID(), idCliente },
      [{ idProducto, cantidad: 4 }],
    ]);
    expect(await existenciaEnPantalla()).toBe(antes - 4);

    await pagina.goto(`${servidor.url}/conduce/ver_conduce?id=${conduceDb._id}`);
    await pagina.getByRole('button', { name: 'Facturar' }).click();
    await pagina.waitForURL((u) => u.pathname === '/factura/nueva_factura');
    const chip = pagina.getByRole('listitem').filter({ hasText: conduceDb.comprobante });
    await chip.waitFor();
    // The conduce's line is locked: its quantity is read-only and removing it alone is refused.
    const cantidad = pagina.getByLabel(`Cantidad de ${PRODUCTO}`);
    expect(await cantidad.getAttribute('readonly')).not.toBeNull();
    await pagina.getByRole('button', { name: `Quitar ${PRODUCTO}` }).click();
    await pagina.getByText('ARTICULO DE CONDUCE').waitFor();
    expect(await cantidad.count()).toBe(1);
    await pagina.screenshot({ path: `${CAPTURAS}/4-factura-con-conduce-1366.png`, fullPage: true });
    await pagina.getByRole('button', { name: 'Guardar factura' }).click();
    await pagina.waitForURL((u) => u.pathname === '/factura/lista_factura');

    const billed = await admin.llamar<DetalleConduce>('GET', `/conduce/${conduceDb._id}`);
    expect(billed.conduceDb.idFactura).not.toBeNull();
    expect(billed.conduceDb.totalGraltemRetirados).toBeGreaterThan(0);
    const factura = await admin.llamar<DetalleFactura>('GET', `/factura/una/${billed.conduceDb.idFactura}`);
    expect(factura.conduce_facturado.map((c) => c.id)).toEqual([conduceDb._id]);
    expect(factura.linea_facturasRef[0]?.idLineaConduce).toBe(billed.lineasConduce[0]?.idLineaConduce);

    // The invoice view names its source; the conduce's view has no «Facturar» any more.
    await pagina.goto(`${servidor.url}/factura/vista_factura?id=${factura.FacturaDb._id}`);
    await pagina.getByText('Creada desde').waitFor();
    await pagina.getByRole('link', { name: conduceDb.comprobante }).waitFor();
    await pagina.goto(`${servidor.url}/conduce/ver_conduce?id=${conduceDb._id}`);
    await pagina.getByText(/Este conduce ya fue facturado/).waitFor();
    expect(await pagina.getByRole('button', { name: 'Facturar' }).count()).toBe(0);

    // Stock went out with the conduce; the invoice took none again.
    expect(await existenciaEnPantalla()).toBe(antes - 4);
  });
});
