import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DetalleFactura, Factura, NotaDeCreditoCreada, Turno } from '@pos/contract';
import { aCentavos, aPesos, calcularTotales, formatearDinero } from '@pos/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.ts';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaDevolucion } from './pages/devoluciones.ts';
import { PaginaLogin } from './pages/login.ts';
import { PaginaPos } from './pages/pos.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/devoluciones');

// Demo products (apps/server/src/modules/productos/demo.ts).
const ACEITE = { nombre: 'Aceite de soya Crisol 32 oz', codigo: '7461000100077' };
const REFRESCO = { nombre: 'Refresco Coca-Cola 20 oz', codigo: '7461000400016' };

const dinero = (pesos: number) => formatearDinero(aCentavos(pesos));

/** The total of one unit of each invoice line, as sold (price, discount, taxes), by the domain's rules. */
function totalDeUnaUnidad(lineas: DetalleFactura['linea_facturasRef']): number {
  return aPesos(
    calcularTotales(
      lineas.map((l) => ({
        cantidad: 1,
        precio: l.precio,
        descuento: l.descuento,
        impuestos: l.impuestos.map((i) => ({
          name: i.name ?? '',
          tipoDeImpuesto: i.tipoDeImpuesto ?? '',
          tasa: i.tasa,
        })),
      })),
    ).total,
  );
}

// Spec 001 §2 (nueva_devolucion), §3 "Credit note", 002 §3 (devolucionesDeEfectvo): a sale of several
// items at the POS, then the return of 2 of them with the money back in cash, which leaves the shift's
// cash as a cash refund.
describe.skipIf(motivoSinNavegador !== null)('devolución en el punto de venta', () => {
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

  it('vende varios artículos, devuelve 2 con reembolso en efectivo y el turno lo cuenta en devolucionesDeEfectvo', async () => {
    const { res } = await admin.llamar<{ res: { _id: string; nombre: string }[] }>(
      'GET',
      '/terminales/?limit=10',
    );
    const caja = res.find((t) => t.nombre === 'Caja 1');
    const turno = await admin.llamar<Turno>('POST', '/turno/', {
      idTerminalRef: caja?._id,
      desgloseDeEfectivoApertura: [{ monto: 1000, cantidad: 2 }],
    });

    // 1. The sale: 2 oils and 3 soft drinks, paid in cash.
    const pos = new PaginaPos(pagina);
    await pagina.goto(`${servidor.url}/vistas_pos/facturacion`);
    await pos.esperarListo();
    await pos.escanear(ACEITE.codigo);
    await pos.escanear(ACEITE.codigo);
    await pos.escanear(REFRESCO.codigo);
    await pos.escanear(REFRESCO.codigo);
    await pos.escanear(REFRESCO.codigo);
    await expect.poll(() => pos.lineas().count()).toBe(2);
    const cobro = await pos.abrirCobro();
    const creada = pagina.waitForResponse((r) => r.url().endsWith('/api/factura/crear'));
    await cobro.getByRole('button', { name: /^Cobrar .* \(Enter\)$/ }).click();
    const venta = (await (await creada).json()) as DetalleFactura;
    const ncf = venta.FacturaDb.comprobante ?? '';
    expect(venta.linea_facturasRef.map((l) => [l.descripcion, l.cantidad])).toEqual([
      [ACEITE.nombre, 2],
      [REFRESCO.nombre, 3],
    ]);
    await pagina.getByRole('dialog', { name: 'Venta realizada' }).waitFor();
    const antes = await admin.llamar<Turno>('PATCH', `/turno/actual-id/${turno._id}`, {});
    expect(antes.devolucionesDeEfectvo).toBe(0);

    // 2. The return from the POS menu: the sale's NCF, 1 oil and 1 soft drink back, cash (the default).
    await pagina.keyboard.press('Escape');
    await pagina.getByRole('button', { name: 'POS', exact: true }).click();
    await pagina.getByRole('menuitem', { name: 'Nueva devolución' }).click();
    await pagina.waitForURL(/\/vistas_pos\/nueva_devolucion$/);
    const devolucion = new PaginaDevolucion(pagina);
    await devolucion.buscarFactura(ncf);
    // Everything sold is proposed; the cashier lowers it to what comes back.
    await expect.poll(() => devolucion.cantidad(ACEITE.nombre).inputValue()).toBe('2');
    await expect.poll(() => devolucion.cantidad(REFRESCO.nombre).inputValue()).toBe('3');
    await devolucion.devolver(ACEITE.nombre, 1);
    await devolucion.devolver(REFRESCO.nombre, 1);
    // The amount as sold (price, discount and taxes of the invoice lines), by the domain's rules.
    const esperado = totalDeUnaUnidad(venta.linea_facturasRef);
    await expect.poll(() => devolucion.total().textContent()).toBe(dinero(esperado));
    await pagina.screenshot({ path: `${CAPTURAS}/1-nueva-devolucion-1366.png` });
    await pagina.setViewportSize({ width: 820, height: 1180 });
    await pagina.screenshot({ path: `${CAPTURAS}/2-nueva-devolucion-tableta.png`, fullPage: true });
    await pagina.setViewportSize({ width: 1366, height: 768 });

    const respuesta = await devolucion.guardar();
    expect(respuesta.status()).toBe(200);
    const nota = (await respuesta.json()) as NotaDeCreditoCreada;
    expect(nota.notaDeCreditoDb).toMatchObject({
      desdePos: true,
      idTurno: turno._id,
      ncfModificado: ncf,
      totalGral: esperado,
      montoDevuelto: esperado,
      montoCredito: 0,
    });
    expect(nota.lineasDevoluciones).toEqual([expect.objectContaining({ efectivo: true, importe: esperado })]);

    // 3. The roll to print, with the note's NCF and the money given back.
    await pagina.waitForURL(/\/vistas_pos\/vista_devolucion\?id=/);
    const rollo = pagina.getByRole('article', { name: 'Recibo de la devolución' });
    await rollo.getByText(`NCF: ${nota.notaDeCreditoDb.comprobante}`).waitFor();
    expect(await rollo.textContent()).toContain(`Entregado en dinero${dinero(esperado)}`);
    await pagina.screenshot({ path: `${CAPTURAS}/3-vista-devolucion.png` });

    // 4. The shift: the refund left its cash (spec 002 §3 devolucionesDeEfectvo), on the server and on screen.
    const despues = await admin.llamar<Turno>('PATCH', `/turno/actual-id/${turno._id}`, {});
    expect(despues.devolucionesDeEfectvo).toBe(esperado);
    expect(aCentavos(despues.totalEnCaja)).toBe(aCentavos(antes.totalEnCaja) - aCentavos(esperado));
    await pagina.goto(`${servidor.url}/vistas_pos/detalles_turnos`);
    const fila = pagina.getByText('Devoluciones en efectivo', { exact: true }).locator('..');
    await expect.poll(() => fila.textContent()).toContain(dinero(-esperado));
    await pagina.screenshot({ path: `${CAPTURAS}/4-turno.png`, fullPage: true });

    // 5. The shift's returns list.
    await pagina.goto(`${servidor.url}/vistas_pos/lista_devoluciones`);
    await pagina.getByRole('row', { name: new RegExp(nota.notaDeCreditoDb.comprobante) }).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/5-lista-devoluciones.png` });
  });
  it('en la administración, una nota de crédito de parte de una factura a crédito baja lo que debe', async () => {
    const { listaDeFacturas } = await admin.llamar<{ listaDeFacturas: Factura[] }>(
      'POST',
      '/factura/r-cuentas-por-cobrar/',
      {},
    );
    const debe = listaDeFacturas.find((f) => f.nombre.includes('Martillo'));
    if (!debe) {
      throw new Error('El Martillo no debe nada');
    }
    const factura = await admin.llamar<DetalleFactura>('GET', `/factura/una/${debe._id}`);
    const [primera, ...otras] = factura.linea_facturasRef;
    if (!primera) {
      throw new Error('La factura no tiene líneas');
    }

    await pagina.goto(`${servidor.url}/notas_de_credito/lista_nota_credito`);
    await pagina.getByRole('button', { name: 'Nueva nota de crédito' }).click();
    await pagina.waitForURL(/nueva_nota_credito/);
    await pagina.getByRole('combobox', { name: 'Cliente' }).fill('Martillo');
    await pagina.getByRole('option', { name: /Martillo/ }).click();
    await pagina.getByRole('button', { name: 'Buscar facturas para crédito' }).click();
    const modal = pagina.getByRole('dialog', { name: 'Buscar facturas para crédito' });
    await modal.getByRole('row', { name: `Elegir la factura ${debe.comprobante}` }).click();
    // One unit of the first line comes back; the other lines are removed.
    const cantidad = pagina.getByRole('textbox', { name: `Cantidad de ${primera.descripcion}`, exact: true });
    await cantidad.waitFor();
    for (const l of otras) {
      await pagina.getByRole('button', { name: `Quitar ${l.descripcion}`, exact: true }).click();
    }
    await cantidad.fill('1');
    const esperado = totalDeUnaUnidad([primera]);
    // The invoice owes: the note goes to its balance by default.
    await pagina.getByTestId('reparto-de-la-nota').getByText(dinero(esperado)).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/6-nueva-nota-1366.png`, fullPage: true });
    const creada = pagina.waitForResponse(
      (r) => r.url().endsWith('/api/notas-de-credito/') && r.request().method() === 'POST',
    );
    await pagina.getByRole('button', { name: 'Guardar nota de crédito' }).click();
    const nota = (await (await creada).json()) as NotaDeCreditoCreada;
    expect(nota.notaDeCreditoDb).toMatchObject({
      totalGral: esperado,
      montoAplicado: esperado,
      montoDevuelto: 0,
    });
    await pagina.waitForURL(/vista_nota_credito\?id=/);
    await pagina
      .getByText(`Aplicado a la factura ${dinero(esperado)}`)
      .first()
      .waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/7-vista-nota-1366.png`, fullPage: true });
    const despues = await admin.llamar<DetalleFactura>('GET', `/factura/una/${debe._id}`);
    expect(aCentavos(despues.pendiente)).toBe(aCentavos(debe.pendiente) - aCentavos(esperado));

    // Editing: the note stops applying to the invoice and stays as a credit in favour.
    await pagina.getByRole('button', { name: 'Editar' }).click();
    await pagina.waitForURL(/editar_nota_credito\?id=/);
    await pagina.getByRole('textbox', { name: `Cantidad de ${primera.descripcion}`, exact: true }).waitFor();
    await pagina.getByText('Crédito a favor', { exact: true }).click();
    const actualizada = pagina.waitForResponse(
      (r) => r.url().includes('/api/notas-de-credito/') && r.request().method() === 'PUT',
    );
    await pagina.getByRole('button', { name: 'Guardar nota de crédito' }).click();
    expect((await actualizada).status()).toBe(200);
    await pagina.waitForURL(/vista_nota_credito\?id=/);
    const editada = await admin.llamar<NotaDeCreditoCreada>(
      'GET',
      `/notas-de-credito/${nota.notaDeCreditoDb._id}`,
    );
    expect(editada.notaDeCreditoDb).toMatchObject({ montoAplicado: 0, montoCredito: esperado });
    expect(editada.lineasCreditoFacturas).toEqual([]);
    expect((await admin.llamar<DetalleFactura>('GET', `/factura/una/${debe._id}`)).pendiente).toBe(
      debe.pendiente,
    );

    await pagina.goto(`${servidor.url}/notas_de_credito/lista_nota_credito`);
    await pagina.getByRole('row', { name: new RegExp(nota.notaDeCreditoDb.comprobante) }).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/8-lista-notas-1366.png` });
  });
});
