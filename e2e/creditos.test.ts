import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CreditoAFavor, DetalleFactura, Factura } from '@pos/contract';
import { aCentavos, aPesos, formatearDinero } from '@pos/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.ts';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { PaginaPos } from './pages/pos.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/creditos');

// Demo product (apps/server/src/modules/productos/demo.ts).
const ACEITE = { nombre: 'Aceite de soya Crisol 32 oz', codigo: '7461000100077' };

const dinero = (pesos: number) => formatearDinero(aCentavos(pesos));

// Spec 001 §3 "Receipt in" (generarCreditoAfavor) and "Credit in favour": a receipt pays a demo credit
// invoice RD$ 1,000 over what it owes; the excess becomes the customer's credit in favour, which then
// pays that customer's next sale at the POS from the charge dialog.
describe.skipIf(motivoSinNavegador !== null)('crédito a favor de un recibo pagado de más', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let admin: Api;
  let pagina: Page;

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
    pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('el excedente del recibo queda como crédito y paga la siguiente venta en el punto de venta', async () => {
    // 1. The over-payment receipt (area «recibos»: generarCreditoAfavor).
    const { listaDeFacturas } = await admin.llamar<{ listaDeFacturas: Factura[] }>(
      'POST',
      '/factura/r-cuentas-por-cobrar/',
      {},
    );
    const debe = listaDeFacturas.find((f) => f.nombre.includes('Martillo'));
    if (!debe?.idCliente) {
      throw new Error('La demo no trae una factura a crédito de Martillo');
    }
    await admin.llamar('POST', '/ingresos-recibidos/', {
      identificadorUnico: crypto.randomUUID(),
      generarCreditoAfavor: true,
      res: [{ idFactura: debe._id, importe: debe.pendiente + 1000 }],
    });
    const { res: creditos } = await admin.llamar<{ res: CreditoAFavor[] }>(
      'POST',
      '/credito-a-favor/findAll',
      {
        idCliente: debe.idCliente,
        soloDisponibles: true,
      },
    );
    expect(creditos).toEqual([expect.objectContaining({ Monto: 1000, disponible: 1000, estado: 'Activo' })]);
    const credito = creditos[0] as CreditoAFavor;

    // 2. The POS sale to that customer, paid with the credit.
    const { res: terminales } = await admin.llamar<{ res: { _id: string; nombre: string }[] }>(
      'GET',
      '/terminales/?limit=10',
    );
    await admin.llamar('POST', '/turno/', {
      idTerminalRef: terminales.find((t) => t.nombre === 'Caja 1')?._id,
      desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 1 }],
    });
    const pos = new PaginaPos(pagina);
    await pagina.goto(`${servidor.url}/vistas_pos/facturacion`);
    await pos.esperarListo();
    await pos.escanear(ACEITE.codigo);
    await expect.poll(() => pos.lineas().count()).toBe(1);
    await pagina.getByRole('textbox', { name: 'Buscar cliente' }).fill('Martillo');
    await pagina
      .getByRole('option', { name: /Martillo/ })
      .first()
      .click();
    const cobro = await pos.abrirCobro();
    await cobro.getByRole('button', { name: 'Crédito a favor (1)' }).click();
    const modal = pagina.getByRole('dialog', { name: 'Crédito a favor' });
    await modal.getByRole('checkbox', { name: `Usar el crédito ${credito.numeroCredito}` }).check();
    const total = aCentavos(
      Number((await modal.getByLabel('Total de créditos a usar').textContent())?.replace(/[^\d.]/g, '')),
    );
    await pagina.screenshot({ path: `${CAPTURAS}/1-modal-credito.png` });
    await modal.getByRole('button', { name: 'Usar créditos' }).click();
    await modal.waitFor({ state: 'hidden' });
    // The aceite costs less than the credit: it pays the whole sale and nothing is left for money.
    await expect.poll(() => cobro.getByLabel('Por pagar con dinero').textContent()).toBe(dinero(0));
    await pagina.screenshot({ path: `${CAPTURAS}/2-cobro-con-credito.png` });
    const creada = pagina.waitForResponse((r) => r.url().endsWith('/api/factura/crear'));
    await cobro.getByRole('button', { name: /^Cobrar .* \(Enter\)$/ }).click();
    const respuesta = await creada;
    expect(respuesta.status(), await respuesta.text()).toBe(200);
    const venta = (await respuesta.json()) as DetalleFactura;
    expect(venta.FacturaDb.idCliente).toBe(debe.idCliente);
    expect(venta.pendiente).toBe(0);
    expect(venta.listaDeCredtosAfavor).toEqual([
      expect.objectContaining({ idCreditoAFavor: credito._id, monto: aPesos(total) }),
    ]);
    await pagina.getByRole('dialog', { name: 'Venta realizada' }).waitFor();

    // 3. The credit keeps the rest.
    const despues = await admin.llamar<CreditoAFavor>('GET', `/credito-a-favor/${credito._id}`);
    expect(aCentavos(despues.disponible)).toBe(aCentavos(1000) - total);
    expect(despues.transacciones).toEqual([
      expect.objectContaining({ idFactura: venta.FacturaDb._id, estado: 'Activo' }),
    ]);
    await pagina.goto(`${servidor.url}/pagos_ingresos/creditos_a_favor?cliente=${debe.idCliente}`);
    await pagina
      .getByRole('row', { name: new RegExp(dinero(despues.disponible).replace('$', '\\$')) })
      .waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/3-creditos-del-cliente.png` });
  });
});
