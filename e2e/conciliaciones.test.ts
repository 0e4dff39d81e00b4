import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ConciliacionesDeLaCuenta, CuentaDeBanco } from '@pos/contract';
import { aCentavos, fechaYHoraEnSantoDomingo, formatearDinero } from '@pos/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.ts';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/conciliaciones');
const dinero = (pesos: number) => formatearDinero(aCentavos(pesos));

// The previous month, where the statement's movements are (AAAA-MM-DD).
function mesAnterior(): { desde: string; dia: (n: number) => string } {
  const [anio, mes] = fechaYHoraEnSantoDomingo(new Date()).fecha.split('-').map(Number) as [number, number];
  const inicio = new Date(Date.UTC(anio, mes - 2, 1)).toISOString().slice(0, 10);
  return { desde: inicio, dia: (n) => `${inicio.slice(0, 8)}${String(n).padStart(2, '0')}` };
}

// Spec 002 §2 (conciliar_cuenta, the reconcile modal, after closing go to /bancos/lista_banco), §4, §5,
// §8: a bank account with an opening of RD$2,000 sends RD$300 to another bank and receives RD$100
// back; the statement says RD$1,805 with RD$10 of interest and RD$5 of fees. The user opens the
// reconciliation, ticks both movements until the difference is 0 and closes it.
describe.skipIf(motivoSinNavegador !== null)('conciliación bancaria', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let admin: Api;
  let pagina: Page;
  let idBanco: string;

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    admin = await Api.entrar(servidor.url, 'admin', PASSWORD_ADMIN);
    const mes = mesAnterior();
    const banco = await admin.llamar<CuentaDeBanco>('POST', '/cuentas-banco/', {
      nombre: 'Banco Popular e2e',
      montoInicial: 2000,
      fechaInicial: mes.desde,
      identificadorUnico: crypto.randomUUID(),
    });
    const otro = await admin.llamar<CuentaDeBanco>('POST', '/cuentas-banco/', {
      nombre: 'Banreservas e2e',
      montoInicial: 0,
      fechaInicial: mes.desde,
      identificadorUnico: crypto.randomUUID(),
    });
    idBanco = banco._id;
    await admin.llamar('POST', '/cuentas-banco/transferencias', {
      idCuentaOrigen: banco._id,
      idCuentaDestino: otro._id,
      monto: 300,
      fecha: mes.dia(10),
      nota: 'Pago a suplidor',
      identificadorUnico: crypto.randomUUID(),
    });
    await admin.llamar('POST', '/cuentas-banco/transferencias', {
      idCuentaOrigen: otro._id,
      idCuentaDestino: banco._id,
      monto: 100,
      fecha: mes.dia(12),
      nota: 'Devolución',
      identificadorUnico: crypto.randomUUID(),
    });
    pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
  }, 180_000);

  afterEach(async (contexto) => {
    if (contexto.task.result?.state === 'fail') {
      await pagina.screenshot({ path: `${CAPTURAS}/fallo-1366.png`, fullPage: true });
    }
  });

  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('abre la conciliación, marca los movimientos hasta que la diferencia es 0 y la cierra', async () => {
    // 1. The bank detail's «Conciliar» opens the reconcile modal (no reconciliation is open yet).
    await pagina.goto(`${servidor.url}/bancos/detalles_banco/${idBanco}`);
    await pagina.getByRole('button', { name: 'Conciliar' }).click();
    await pagina.waitForURL((u) => u.pathname === `/bancos/conciliar_cuenta/${idBanco}`);
    const modal = pagina.getByRole('dialog', { name: 'Conciliar cuenta' });
    await modal.waitFor();
    await expect.poll(() => modal.getByText(dinero(2000)).count()).toBe(1);
    await modal.getByLabel(/Saldo final del estado/).fill('1805');
    await modal.getByLabel('Intereses ganados (ingresos bancarios)').fill('10');
    await modal.getByLabel('Comisiones y cargos (gastos bancarios)').fill('5');
    await pagina.screenshot({ path: `${CAPTURAS}/1-modal-conciliar-1366.png` });
    await modal.getByRole('button', { name: 'Abrir conciliación' }).click();
    await pagina.getByText('La conciliacion se actualizo correctamente').waitFor();

    // 2. The period's two movements, none ticked: 2,000 + 10 − 5 = 2,005 against 1,805.
    const diferencia = pagina.getByTestId('diferencia');
    await expect.poll(() => diferencia.textContent()).toBe(dinero(-200));
    const cerrar = pagina.getByRole('button', { name: 'Cerrar conciliación' });
    expect(await cerrar.isDisabled()).toBe(true);
    const casillas = pagina.getByRole('checkbox', { name: /^Verificar / });
    await expect.poll(() => casillas.count()).toBe(2);
    await pagina.screenshot({ path: `${CAPTURAS}/2-movimientos-sin-marcar-1366.png`, fullPage: true });

    // 3. Ticking the payment out (−300) and the transfer in (+100): the difference reaches 0.
    await casillas.nth(0).check();
    await expect.poll(() => diferencia.textContent()).toBe(dinero(100));
    await casillas.nth(1).check();
    await expect.poll(() => diferencia.textContent()).toBe(dinero(0));
    await pagina.screenshot({ path: `${CAPTURAS}/3-movimientos-cuadrados-1366.png`, fullPage: true });

    // 4. Closing posts interest and fees and goes back to the bank list.
    await cerrar.click();
    await pagina.waitForURL((u) => u.pathname === '/bancos/lista_banco');
    await pagina.getByText('Banco conciliado correctamente').waitFor();
    const { conciliaciones } = await admin.llamar<ConciliacionesDeLaCuenta>(
      'POST',
      '/conciliacio/conciliaciones-cuenta',
      { idCuentaDeBanco: idBanco },
    );
    expect(conciliaciones).toHaveLength(1);
    expect(conciliaciones[0]).toMatchObject({
      estado: 'Cerrada',
      totalIngresosVerificados: 100,
      totalEgresosVerificados: 300,
      diferencia: 0,
    });
    const cuenta = await admin.llamar<{ saldoTotal: number }>('GET', `/cuentas-banco/${idBanco}`);
    expect(cuenta.saldoTotal).toBe(1805);

    // 5. The reconciled-account view: read-only, with its exports.
    await pagina.goto(`${servidor.url}/bancos/cuenta_conciliada/${conciliaciones[0]?._id}`);
    await pagina.getByText('Movimientos verificados (2)').waitFor();
    expect(await pagina.getByRole('checkbox').count()).toBe(0);
    const descarga = pagina.waitForEvent('download');
    await pagina.getByRole('button', { name: 'Excel' }).click();
    expect((await descarga).suggestedFilename()).toBe('conciliacion.xlsx');
    await pagina.screenshot({ path: `${CAPTURAS}/4-cuenta-conciliada-1366.png`, fullPage: true });
  });
});
