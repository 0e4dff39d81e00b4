import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DetalleEntradaDeDiario } from '@pos/contract';
import { aCentavos, formatearDinero } from '@pos/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const CAPTURAS = resolve(import.meta.dirname, '../test-results/entradasDeDiario');
const dinero = (pesos: number) => formatearDinero(aCentavos(pesos));

// Spec 002 §3 "Journal entry", §7 /entrada-de-diario/…: the bookkeeper records a manual entry (fuel
// paid from the general cash box, charged to a cost centre), sees the running difference close to zero,
// saves it and finds it in the list and in its view modal, in the journal (linked to that modal) and in the
// income statement of its cost centre (docs/accounting.md «Libro diario», «Estados financieros»).
describe.skipIf(motivoSinNavegador !== null)('entradas de diario', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let pagina: Page;
  let creada: DetalleEntradaDeDiario;

  beforeAll(async () => {
    mkdirSync(CAPTURAS, { recursive: true });
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  async function elegir(etiqueta: string, buscar: string, opcion: string) {
    const campo = pagina.locator(`input[aria-label="${etiqueta}"]`);
    await campo.click();
    await campo.fill(buscar);
    await pagina.getByRole('option', { name: opcion }).click();
  }

  it('registra una entrada manual y la ve en la lista y en su modal', async () => {
    await pagina.goto(`${servidor.url}/contabilidad/entrada-de-diario/nueva_entrada_de_dario`);
    await pagina.getByRole('heading', { name: 'Nueva entrada de diario' }).waitFor();
    // The entry option modal: a new option, created here, names the entry and notes its lines.
    await pagina.getByRole('button', { name: 'Opciones de entrada' }).click();
    const opciones = pagina.getByRole('dialog', { name: 'Opciones de entrada de diario' });
    await opciones.getByRole('button', { name: 'Nueva opción' }).click();
    await opciones.getByLabel('Nombre').fill('Combustible de la ruta norte');
    await opciones.getByLabel('Código').fill('COMB');
    await opciones.getByLabel('Nota').fill('Ruta norte');
    await pagina.screenshot({ path: `${CAPTURAS}/0-opcion-de-entrada-1366.png` });
    await opciones.getByRole('button', { name: 'Guardar y usar' }).click();
    await opciones.waitFor({ state: 'hidden' });
    expect(await pagina.getByLabel('Descripción general').inputValue()).toBe('Combustible de la ruta norte');
    expect(await pagina.getByLabel('Nota de la línea 1').inputValue()).toBe('Ruta norte');
    await elegir('Cuenta de la línea 1', 'Combustibles', '6.2.05 · Combustibles y lubricantes');
    await elegir('Centro de costo de la línea 1', 'Santiago', 'Sucursal Santiago');
    await pagina.getByLabel('Débito de la línea 1').fill('1250.50');
    await elegir('Cuenta de la línea 2', 'Caja general', '1.1.01.01 · Caja general');
    await pagina.getByLabel('Crédito de la línea 2').fill('1000');
    await pagina.getByText(`Diferencia ${dinero(250.5)}`).waitFor();
    const guardar = pagina.getByRole('button', { name: 'Guardar entrada de diario' });
    expect(await guardar.isDisabled()).toBe(true);
    await pagina.screenshot({ path: `${CAPTURAS}/1-nueva-descuadrada-1366.png` });
    await pagina.getByLabel('Crédito de la línea 2').fill('1250.50');
    await pagina.getByText(`Diferencia ${dinero(0)}`).waitFor();
    await pagina.screenshot({ path: `${CAPTURAS}/2-nueva-cuadrada-1366.png` });

    const respuesta = pagina.waitForResponse(
      (r) => r.url().endsWith('/api/entrada-de-diario/') && r.request().method() === 'POST',
    );
    await guardar.click();
    creada = (await (await respuesta).json()) as DetalleEntradaDeDiario;
    expect(creada).toMatchObject({ totalDebito: 1250.5, totalCredito: 1250.5, estado: 'Activo' });
    expect(creada.comprobante).toMatch(/^ED\d{8}$/);

    // The list opens the entry's view modal.
    await pagina.waitForURL(
      (u) => u.pathname.endsWith('/lista_entrada_de_diario') && u.search === `?id=${creada._id}`,
    );
    const modal = pagina.getByRole('dialog');
    await modal.getByText(`Entrada de diario ${creada.comprobante}`).waitFor();
    const lineas = modal.getByRole('table', { name: 'Líneas de la entrada' });
    await lineas.getByText('Combustibles y lubricantes').waitFor();
    await lineas.getByText('Sucursal Santiago').waitFor();
    // The option's note went on both lines.
    expect(await lineas.getByText('Ruta norte').count()).toBe(2);
    expect(await lineas.getByText(dinero(1250.5)).count()).toBe(4);
    await pagina.screenshot({ path: `${CAPTURAS}/3-modal-1366.png` });
    await pagina.keyboard.press('Escape');

    // And it is in the list, newest first, with its totals.
    const fila = pagina.getByRole('row', { name: new RegExp(creada.comprobante) });
    await fila.waitFor();
    expect(await fila.textContent()).toContain('Combustible de la ruta norte');
    expect(await fila.textContent()).toContain(dinero(1250.5));
    await pagina.screenshot({ path: `${CAPTURAS}/4-lista-1366.png` });
  });

  it('la entrada está en el diario y en el estado de resultados de su centro de costo', async () => {
    await pagina.goto(`${servidor.url}/contabilidad/asientos_contables`);
    await pagina.getByRole('heading', { name: 'Asientos contables' }).waitFor();
    await pagina.getByLabel('Buscar asientos').fill(creada.comprobante);
    const enlace = pagina.getByRole('link', { name: creada.comprobante });
    await enlace.waitFor();
    expect(await enlace.getAttribute('href')).toContain(`?id=${creada._id}`);
    const fila = pagina.getByRole('row').filter({ has: enlace });
    expect(await fila.textContent()).toContain('1,250.50');

    await pagina.goto(`${servidor.url}/reportes/r-estado-de-resultado`);
    await pagina.getByRole('heading', { name: 'Estado de resultados' }).waitFor();
    await pagina.getByRole('combobox', { name: 'Centro de costo' }).click();
    await pagina.getByRole('option', { name: 'Sucursal Santiago' }).click();
    const combustibles = pagina.getByRole('row').filter({ hasText: 'Combustibles y lubricantes' });
    await expect.poll(async () => combustibles.textContent(), { timeout: 10_000 }).toContain('1,250.50');
  });
});
