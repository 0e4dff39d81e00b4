import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DetalleFactura, DetallePedido, Pedido } from '@pos/contract';
import { aCentavos, formatearDinero } from '@pos/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.ts';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { PaginaPos } from './pages/pos.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/pedidos');

// Demo products (apps/server/src/modules/productos/demo.ts).
const ACEITE = { nombre: 'Aceite de soya Crisol 32 oz', codigo: '7461000100077' };
const REFRESCO = { nombre: 'Refresco Coca-Cola 20 oz', codigo: '7461000400016' };

// Sales orders at the POS (spec 001 §3-§4): a sale kept as an order (F6), found in the order
// list (F4), opened again in a tab and billed, which marks it invoiced.
describe.skipIf(motivoSinNavegador !== null)('pedidos en el punto de venta', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let admin: Api;
  let pagina: Page;

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
    const { res } = await admin.llamar<{ res: { _id: string; nombre: string }[] }>(
      'GET',
      '/terminales/?limit=10',
    );
    await admin.llamar('POST', '/turno/', {
      idTerminalRef: res.find((t) => t.nombre === 'Caja 1')?._id,
      desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 1 }],
    });
    pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('guarda la venta como pedido (F6), la abre desde la lista (F4) y al cobrarla queda facturado', async () => {
    await pagina.goto(`${servidor.url}/vistas_pos/facturacion`);
    const pos = new PaginaPos(pagina);
    await pos.esperarListo();
    await pos.escanear(ACEITE.codigo);
    await pos.escanear(REFRESCO.codigo);
    await pos.escanear(REFRESCO.codigo);
    // F6 saves what the screen holds: wait until the second scan is on the line (a loaded runner
    // pressed it while the scan's answer was still being applied).
    await expect.poll(() => pos.linea(REFRESCO.nombre).getByRole('cell').nth(2).textContent()).toBe('2');
    const creado = pagina.waitForResponse(
      (r) => r.url().endsWith('/api/pedido/') && r.request().method() === 'POST',
    );
    await pagina.keyboard.press('F6');
    const pedido = (await (await creado).json()) as DetallePedido;
    expect(pedido.lineasDelPedido.map((l) => [l.descripcion, l.cantidad])).toEqual([
      [ACEITE.nombre, 1],
      [REFRESCO.nombre, 2],
    ]);
    // The scan's answer can arrive before the screen shows it, so the saved order's total is the reference.
    const total = formatearDinero(aCentavos(pedido.pedidoDb.totalGral));
    await pagina.getByText(`Pedido ${pedido.pedidoDb.numeroPedido} guardado`).waitFor();
    await expect.poll(() => pos.lineas().count()).toBe(0);

    await pagina.keyboard.press('F4');
    await pagina.waitForURL(/lista_pedidos/);
    await pagina.getByRole('button', { name: `Abrir el pedido ${pedido.pedidoDb.numeroPedido}` }).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/lista.png` });
    await pagina.getByRole('button', { name: `Abrir el pedido ${pedido.pedidoDb.numeroPedido}` }).click();
    await pagina.waitForURL(/facturacion/);
    await pos.esperarListo();
    await expect.poll(() => pos.lineas().count()).toBe(2);
    await expect.poll(() => pos.total().textContent()).toBe(total);
    await pagina
      .getByRole('button', { name: `Guardar pedido ${pedido.pedidoDb.numeroPedido} (F6)` })
      .waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/abierto.png` });

    const cobro = await pos.abrirCobro();
    await cobro.getByRole('textbox', { name: 'Efectivo recibido (vacío = monto exacto)' }).fill('2000');
    const creada = pagina.waitForResponse((r) => r.url().endsWith('/api/factura/crear'));
    await cobro.getByRole('button', { name: /^Cobrar .* \(Enter\)$/ }).click();
    const factura = (await (await creada).json()) as DetalleFactura;
    expect(factura.FacturaDb.idPedido).toBe(pedido.pedidoDb._id);
    const leido = await admin.llamar<DetallePedido>('GET', `/pedido/${pedido.pedidoDb._id}`);
    expect(leido.pedidoDb).toMatchObject({
      estadoFacturado: true,
      facturas_vinculadas: [factura.FacturaDb._id],
    });
    const abiertos = await admin.llamar<{ res: Pedido[] }>('POST', '/pedido/todas', {
      estadoFacturado: false,
    });
    expect(abiertos.res.some((p) => p._id === pedido.pedidoDb._id)).toBe(false);
  });
});
