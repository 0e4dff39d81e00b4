import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DetalleFactura, EgresoCreado, Turno } from '@pos/contract';
import { aCentavos, formatearDinero } from '@pos/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Api } from './api.ts';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { PaginaPos } from './pages/pos.ts';
import { PaginaRetiro } from './pages/retiros.ts';
import { PaginaTurnos } from './pages/turnos.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/egresos');

// Demo products (apps/server/src/modules/productos/demo.ts), both ITBIS-exempt: 225 + 75 = 300.
const ARROZ = { nombre: 'Arroz Campo 5 lb', codigo: '7461000100015' };
const HABICHUELAS = { nombre: 'Habichuelas negras Goya 15.5 oz', codigo: '7461000100046' };
// The demo chart's bank account (apps/server/src/modules/contabilidad/catalogoInicial.ts).
const BANCO = 'Banco principal';
const CAJERO = { usuario: 'cajero.retiros', clave: 'Cajero-Retiros-2026' };

const dinero = (pesos: number) => formatearDinero(aCentavos(pesos));

// Spec 000 §2 «Retiro de Efectivo», 001 §3 "Payment out", 002 §3 (retiroDeEfectivo, totalEnCaja, the
// summary's expenses): a cashier opens the shift with RD$1,000, sells RD$300 in cash, takes RD$500 out
// to the bank, and the shift expects RD$800 in the drawer, with the withdrawal in its report.
describe.skipIf(motivoSinNavegador !== null)('retiro de efectivo en el punto de venta', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let admin: Api;
  let cajero: Page;

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
    // A cashier: the POS only (a withdrawal needs puntoDeVentas.crear or egresos.crear).
    await admin.llamar('POST', '/users/', {
      username: CAJERO.usuario,
      password: CAJERO.clave,
      perfilSeleccionado: 'Cajero',
      anularYEliminarDocumentos: false,
      privilegios: { puntoDeVentas: { acceso: true, ver: true, crear: true } },
    });
    cajero = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await cajero.goto(`${servidor.url}/login`);
    await new PaginaLogin(cajero).entrar('1', CAJERO.usuario, CAJERO.clave);
    await cajero.waitForURL((u) => !u.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  async function tableta(nombre: string): Promise<void> {
    await cajero.setViewportSize({ width: 820, height: 1180 });
    await cajero.screenshot({ path: `${CAPTURAS}/${nombre}-tableta.png`, fullPage: true });
    await cajero.setViewportSize({ width: 1366, height: 768 });
  }

  it('abre con RD$1,000, vende RD$300 al contado, retira RD$500 y el turno espera RD$800 con el retiro en su reporte', async () => {
    const turnos = new PaginaTurnos(cajero);
    const pos = new PaginaPos(cajero);

    // 1. The shift opens with one 1,000 note.
    await cajero.goto(`${servidor.url}/vistas_pos/detalles_turnos`);
    await turnos.estado('Sin turno abierto').waitFor();
    await turnos.contar({ 1000: 1 });
    await turnos.abrir();
    await turnos.estado('Abierto').waitFor();

    // 2. A cash sale of RD$300.
    await cajero.getByRole('button', { name: 'Ir al punto de venta' }).click();
    await cajero.waitForURL(`${servidor.url}/vistas_pos/facturacion`);
    await pos.esperarListo();
    await pos.escanear(ARROZ.codigo);
    await pos.escanear(HABICHUELAS.codigo);
    await expect.poll(() => pos.total().textContent()).toBe(dinero(300));
    const cobro = await pos.abrirCobro();
    const creada = cajero.waitForResponse((r) => r.url().endsWith('/api/factura/crear'));
    await cobro.getByRole('button', { name: /^Cobrar .* \(Enter\)$/ }).click();
    const venta = (await (await creada).json()) as DetalleFactura;
    expect(venta.FacturaDb.total).toBe(300);
    await cajero.getByRole('dialog', { name: 'Venta realizada' }).waitFor();
    await cajero.keyboard.press('Escape');

    // 3. «Retiro de Efectivo» in the POS menu: the shift's withdrawals, none yet; then a new one.
    await cajero.getByRole('button', { name: 'POS', exact: true }).click();
    await cajero.getByRole('menuitem', { name: 'Retiro de Efectivo' }).click();
    await cajero.waitForURL(/\/vistas_pos\/lista_retiros$/);
    await cajero.getByText('Todavía no hay retiros en este turno.').waitFor();
    await cajero.getByRole('button', { name: 'Nuevo retiro' }).click();
    await cajero.waitForURL(/\/vistas_pos\/nuevo_retiro$/);
    const retiro = new PaginaRetiro(cajero);
    // What the drawer should hold now: the opening plus the cash sale.
    await expect.poll(() => cajero.getByTestId('efectivo-en-caja').textContent()).toBe(dinero(1300));
    await retiro.llenar(500, BANCO, 'Depósito de la tarde');
    await cajero.screenshot({ path: `${CAPTURAS}/1-nuevo-retiro-1366.png` });
    await tableta('1-nuevo-retiro');
    const respuesta = await retiro.guardar();
    expect(respuesta.status()).toBe(200);
    const [linea] = (await respuesta.json()) as z.output<typeof EgresoCreado>;
    expect(linea).toMatchObject({ importe: 500, nota: 'Depósito de la tarde', idCompra: null });
    expect(linea?.cuentaContableDebito?.nombre).toContain(BANCO);

    // 4. Its receipt on the roll, to print and sign.
    await cajero.waitForURL(/\/vistas_pos\/vista_recibo_egreso\/[0-9a-f-]{36}$/);
    const rollo = cajero.getByRole('article', { name: 'Recibo de egreso' });
    await rollo.getByText('Retiro de efectivo').waitFor();
    const textoDelRollo = await rollo.textContent();
    expect(textoDelRollo).toContain(`TOTAL RETIRADO${dinero(500)}`);
    expect(textoDelRollo).toContain('Depósito de la tarde');
    await cajero.screenshot({ path: `${CAPTURAS}/2-recibo-retiro-1366.png` });
    await tableta('2-recibo-retiro');

    // 5. The list of the shift's withdrawals.
    await cajero.getByRole('button', { name: 'Retiros', exact: true }).click();
    await cajero.waitForURL(/\/vistas_pos\/lista_retiros$/);
    await cajero.getByText(`1 retiro · retirado en efectivo ${dinero(500)}`).waitFor();
    await cajero.screenshot({ path: `${CAPTURAS}/3-lista-retiros-1366.png` });
    await tableta('3-lista-retiros');

    // 6. On the server: the shift's cash out and the drawer's expected cash (spec 002 §3).
    const idTurno = venta.FacturaDb.idTurnoRef;
    const turno = await admin.llamar<Turno>('PATCH', `/turno/actual-id/${idTurno}`, {});
    expect(turno.retiroDeEfectivo).toBe(500);
    expect(turno.totalEnCaja).toBe(800);

    // 7. The shift screen: the report lists the withdrawal; the closing expects RD$800 and it squares.
    await cajero.goto(`${servidor.url}/vistas_pos/detalles_turnos`);
    const fila = cajero.getByText('Retiros de efectivo', { exact: true }).locator('..');
    await expect.poll(() => fila.textContent()).toContain(dinero(-500));
    await cajero.getByRole('button', { name: /Retiros y egresos/ }).click();
    const tabla = cajero.getByRole('table', { name: 'Egresos del turno' });
    await tabla.getByText('Depósito de la tarde').waitFor();
    expect(await tabla.textContent()).toContain(dinero(500));
    await expect.poll(() => turnos.esperado().textContent()).toBe(dinero(800));
    await turnos.contar({ 500: 1, 200: 1, 100: 1 });
    expect(await turnos.diferencia().textContent()).toBe(dinero(0));
    await cajero.screenshot({ path: `${CAPTURAS}/4-turno-1366.png`, fullPage: true });
    await turnos.cerrar('Cierre con un retiro');
    await turnos.estado('Sin turno abierto').waitFor();
    const cerrado = await admin.llamar<Turno>('PATCH', `/turno/actual-id/${idTurno}`, {});
    expect(cerrado).toMatchObject({
      estadoDelTurno: false,
      totalEnCaja: 800,
      montoDeCierre: 800,
      diferencia: 0,
    });

    // 8. Without a shift the withdrawal screen says so and offers to open one (spec 001 §8).
    await cajero.goto(`${servidor.url}/vistas_pos/nuevo_retiro/`);
    await cajero.getByText('No hay un turno abierto').waitFor();
    expect(await cajero.getByRole('button', { name: 'Guardar retiro (F12)' }).isDisabled()).toBe(true);
  });

  it('en el back office paga el alquiler por transferencia desde el banco, lo ve en la lista y lo anula con un motivo', async () => {
    const oficina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await oficina.goto(`${servidor.url}/login`);
    // The first load of a new context (the app and its service worker) can take a while on 2 cores.
    await oficina.getByLabel('Empresa').waitFor({ timeout: 60_000 });
    await new PaginaLogin(oficina).entrar('1', 'admin', PASSWORD_ADMIN);
    await oficina.waitForURL((u) => !u.pathname.startsWith('/login'));

    // 1. The list holds the cashier's withdrawal (from the POS).
    await oficina.goto(`${servidor.url}/recibos_egresos/lista_recibo_egreso`);
    await oficina
      .getByRole('row', { name: /Depósito de la tarde|Retiro de efectivo · POS/ })
      .first()
      .waitFor();
    await oficina.screenshot({ path: `${CAPTURAS}/5-lista-egresos-1366.png` });

    // 2. A new payment to accounts: rent, by transfer, out of the bank.
    await oficina.getByRole('button', { name: 'Nuevo recibo' }).click();
    await oficina.waitForURL(/\/recibos_egresos\/nuevo_recibo_egreso$/);
    // Paying purchases is the default; without a supplier it says what is missing (spec 001 §5).
    await oficina.getByRole('button', { name: 'Guardar recibo' }).click();
    await oficina.getByText('Debes llenar los campos básicos').waitFor();
    await oficina.getByText('A cuentas contables').click();
    await oficina.getByRole('combobox', { name: 'Forma de pago' }).click();
    await oficina.getByRole('option', { name: 'Transferencia' }).click();
    await oficina.getByRole('combobox', { name: 'Cuenta de donde sale el dinero' }).fill('Banco principal');
    await oficina.getByRole('option', { name: /Banco principal/ }).click();
    await oficina.getByRole('combobox', { name: 'Cuenta de la línea 1' }).fill('Alquileres');
    await oficina.getByRole('option', { name: /Alquileres/ }).click();
    await oficina.getByRole('textbox', { name: 'Nota de la línea 1' }).fill('Alquiler de noviembre');
    await oficina.getByRole('textbox', { name: 'Importe de la línea 1' }).fill('25000');
    await oficina.getByText(`Total a pagar ${dinero(25_000)}`).waitFor();
    await oficina.screenshot({ path: `${CAPTURAS}/6-nuevo-egreso-1366.png` });
    const creado = oficina.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/recibos-egresos/',
    );
    await oficina.getByRole('button', { name: 'Guardar recibo' }).click();
    const [linea] = (await (await creado).json()) as z.output<typeof EgresoCreado>;
    expect(linea).toMatchObject({ importe: 25_000, nota: 'Alquiler de noviembre', idCompra: null });
    expect(linea?.cuentaContableDebito?.nombre).toBe('Alquileres');

    // 3. Its view opens: from the bank, by transfer; it is cancelled with a free-text reason (spec 001 §5).
    const vista = oficina.getByRole('dialog', { name: /^Recibo de egreso / });
    await vista.getByText('Transferencia').waitFor();
    expect(await vista.textContent()).toContain('Banco principal');
    await oficina.screenshot({ path: `${CAPTURAS}/7-vista-egreso-1366.png` });
    await vista.getByRole('button', { name: 'Anular' }).click();
    await vista.getByRole('textbox', { name: 'Motivo de la anulación' }).fill('Se pagó dos veces');
    const anulado = oficina.waitForResponse((r) => r.url().endsWith('/api/recibos-egresos/anular/'));
    await vista.getByRole('button', { name: 'Anular recibo' }).click();
    expect((await anulado).status()).toBe(200);
    await vista.getByText('Motivo de anulación: Se pagó dos veces').waitFor();
    await oficina.keyboard.press('Escape');

    // 4. The audit view lists it (only Por-Anular and Anulado, spec 001 §2).
    await oficina.goto(`${servidor.url}/recibos_egresos/lista_recibo_egreso`);
    await oficina.getByText('Anulados y por anular', { exact: true }).click();
    await oficina.getByRole('row', { name: new RegExp(`${dinero(25_000).replace('$', '\\$')}`) }).waitFor();
    await oficina.screenshot({ path: `${CAPTURAS}/8-auditoria-egresos-1366.png` });
  });
});
