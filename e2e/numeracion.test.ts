import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { PaginaNumeraciones } from './pages/numeraciones.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

describe.skipIf(motivoSinNavegador !== null)('numeraciones desde las pantallas', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  beforeAll(async () => {
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('un rango que se cruza con otro se rechaza con el mensaje del servidor; se crea una numeración fiscal casi agotada y la lista la muestra con su aviso', async () => {
    const pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL(`${servidor.url}/`);

    await pagina.getByRole('button', { name: 'Configuración' }).click();
    await pagina.getByRole('menuitem', { name: 'Numeraciones' }).click({ button: 'right' });
    await pagina.waitForURL(`${servidor.url}/configuraciones/numeraciones/nueva_numeracion`);

    await pagina.getByRole('button', { name: 'Guardar' }).click();
    await pagina.getByText('Debes poner el nombre de la numeración').waitFor();

    const numeraciones = new PaginaNumeraciones(pagina);
    await numeraciones.llenar({
      nombre: 'Crédito fiscal sucursal',
      comprobante: 'B01 · Factura de Crédito Fiscal',
      desde: '1',
      hasta: '50',
      vence: '31/12/2030',
    });
    // The demo's B01 numbering has 1–500: the server refuses a range that crosses it, and says which.
    await numeraciones.guardar();
    const rechazo = pagina.locator('.mantine-Notification-root').filter({
      hasText:
        'El rango B0100000001–B0100000050 se cruza con la numeración «Factura de crédito fiscal» (B0100000001–B0100000500).',
    });
    await rechazo.waitFor();
    await pagina.getByText('El rango se cruza con la numeración «Factura de crédito fiscal»').waitFor();
    // The toast sits over the Guardar button (and stays while the pointer is on it): the user closes it.
    await rechazo.getByRole('button').click();
    await rechazo.waitFor({ state: 'hidden' });
    await pagina.getByLabel('Desde').fill('501');
    await pagina.getByLabel('Hasta').fill('550');
    await pagina.getByLabel('Próximo número').fill('548');
    expect(await pagina.getByText('B0100000548').count()).toBe(1);
    await numeraciones.guardar();
    await pagina.waitForURL(`${servidor.url}/configuraciones/numeraciones/lista_numeraciones/`);

    await pagina.getByLabel('Buscar numeración').fill('sucursal');
    const fila = numeraciones.fila('Crédito fiscal sucursal');
    await fila.waitFor();
    expect(await fila.getByText('Quedan 3').count()).toBe(1);
    expect(await fila.getByText('B0100000548').count()).toBe(1);
    expect(await fila.getByText('31/12/2030').count()).toBe(1);
    await pagina.getByText('La numeración «Crédito fiscal sucursal» le quedan 3 números.').waitFor();

    // Editing opens from the row; the sequence is shown, not sent.
    await fila.click();
    await pagina.waitForURL(/editar_numeracion\?id=/);
    await expect.poll(() => pagina.getByLabel('Nombre').inputValue()).toBe('Crédito fiscal sucursal');
    await expect.poll(() => pagina.getByLabel('Secuencia actual').inputValue()).toBe('548');
  });
});
