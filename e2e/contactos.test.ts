import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaContactos } from './pages/contactos.ts';
import { PaginaLogin } from './pages/login.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

describe.skipIf(motivoSinNavegador !== null)('contactos y catálogo de cuentas desde las pantallas', () => {
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

  async function entrar(tenant = '1'): Promise<Page> {
    const pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar(tenant, 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL(`${servidor.url}/`);
    return pagina;
  }

  it('crea un cliente con una ruta nueva, «Guardar y nuevo» vuelve al formulario y la lista lo muestra', async () => {
    const pagina = await entrar();
    await pagina.getByRole('button', { name: 'Inicio' }).click();
    await pagina.getByRole('menuitem', { name: 'Clientes y proveedores' }).click();
    await pagina.waitForURL(`${servidor.url}/cliente/lista`);
    await pagina.getByRole('button', { name: 'Nuevo contacto' }).click();
    await pagina.waitForURL(`${servidor.url}/cliente/nuevocliente`);

    const contactos = new PaginaContactos(pagina);
    // A check digit that does not match warns, and the client is saved anyway.
    await contactos.llenar({
      nombre: 'Colmado Los Hermanos',
      rnc: '101581601',
      telefono: '8095551234',
      limite: '15000',
    });
    await pagina
      .getByText(/El dígito verificador del RNC no coincide/)
      .first()
      .waitFor();
    await contactos.crearRuta('Ruta Este');
    await expect
      .poll(() => pagina.getByLabel('Ruta', { exact: true }).first().inputValue())
      .toBe('Ruta Este');
    await pagina.getByRole('button', { name: 'Guardar y nuevo' }).click();
    await pagina.getByText('Revisa la identificación').waitFor();
    expect(new URL(pagina.url()).pathname).toBe('/cliente/nuevocliente');
    await expect.poll(() => pagina.getByLabel('Nombre o razón social').inputValue()).toBe('');

    await pagina.goto(`${servidor.url}/cliente/lista`);
    await contactos.buscar('Los Hermanos');
    const fila = contactos.fila('Colmado Los Hermanos');
    await fila.waitFor();
    expect(await fila.getByText('Ruta Este').count()).toBe(1);
    expect(await fila.textContent()).toContain('RD$15,000.00');

    // The read-only view, then a direct cancellation (the admin may cancel without approval).
    await fila.click();
    await pagina.waitForURL(/\/cliente\/vista_cliente\?id=/);
    await pagina.getByRole('heading', { name: 'Colmado Los Hermanos' }).waitFor();
    await pagina.getByText('8095551234').waitFor();
    await pagina.getByRole('button', { name: 'Anular' }).click();
    const dialogo = pagina.getByRole('dialog', { name: 'Anular contacto' });
    await dialogo.getByLabel('Motivo').fill('Cerró el negocio');
    await dialogo.getByRole('button', { name: 'Anular' }).click();
    await pagina.getByText('Contacto anulado: «Cerró el negocio»').waitFor();

    // Cancelled contacts leave the active list and show in the audit view.
    await pagina.goto(`${servidor.url}/cliente/lista`);
    await contactos.buscar('Los Hermanos');
    await pagina.getByText('Ningún contacto coincide con la búsqueda.').waitFor();
    await pagina.getByText('Anulados', { exact: true }).click();
    const anulado = contactos.fila('Colmado Los Hermanos');
    await anulado.waitFor();
    expect(await anulado.getByText('Cerró el negocio').count()).toBe(1);
  });

  it('el catálogo muestra el árbol sembrado y agrega una subcuenta', async () => {
    const pagina = await entrar();
    await pagina.goto(`${servidor.url}/contabilidad/catalogo_de_cuentas`);
    const arbol = pagina.getByRole('tree', { name: 'Catálogo de cuentas' });
    await arbol.getByRole('treeitem', { name: '1 Activos', exact: true }).waitFor();
    for (const grupo of ['2 Pasivos', '3 Capital', '4 Ingresos', '5 Costos', '6 Gastos']) {
      expect(await arbol.getByRole('treeitem', { name: grupo, exact: true }).count()).toBe(1);
    }
    await pagina.getByRole('button', { name: 'Expandir todo' }).click();
    await arbol.getByRole('treeitem', { name: /^1\.1\.01\.01 Caja general$/ }).waitFor();

    await pagina.getByLabel('Buscar cuenta').fill('Gastos generales');
    await pagina
      .getByRole('button', { name: 'Agregar subcuenta a Gastos generales y administrativos' })
      .click();
    const modal = pagina.getByRole('dialog', { name: 'Nueva subcuenta' });
    await modal.getByLabel('Nombre').fill('Fumigación del local');
    await modal.getByRole('button', { name: 'Crear cuenta' }).click();
    await modal.waitFor({ state: 'hidden' });
    await pagina.getByLabel('Buscar cuenta').fill('Fumigación');
    await arbol.getByRole('treeitem', { name: /Fumigación del local$/ }).waitFor();

    // It is a detail account now, so the assignment screen offers it.
    await pagina.goto(`${servidor.url}/configuraciones/asignacion_cuentas_contables/principal`);
    await pagina.getByLabel('Gastos menores', { exact: true }).first().click();
    await pagina.getByRole('option', { name: /Fumigación del local/ }).waitFor();
  });

  it('solo la empresa operadora ve Utilidades para importar el registro de la DGII', async () => {
    const demo = await entrar('1');
    await demo.getByRole('button', { name: 'Configuración' }).click();
    await demo.getByRole('menuitem', { name: 'Numeraciones' }).waitFor();
    expect(await demo.getByRole('menuitem', { name: 'Utilidades' }).count()).toBe(0);

    const operador = await entrar('2');
    await operador.goto(`${servidor.url}/configuraciones/general/utilidades`);
    await operador.getByRole('heading', { name: 'Registro de RNC de la DGII' }).waitFor();
    const linea =
      '101850043|FERRETERIA DEMO SRL| |COMERCIO|C/ DUARTE|12|CENTRO|8095550000|15/03/2010|ACTIVO|NORMAL';
    await operador.locator('input[type="file"]').setInputFiles({
      name: 'DGII_RNC.TXT',
      mimeType: 'text/plain',
      buffer: Buffer.from(`${linea}\r\n`, 'latin1'),
    });
    await operador.getByRole('button', { name: 'Importar' }).click();
    await operador.getByText('Registro importado').waitFor();
    await operador.getByText('1 contribuyente cargado').waitFor();
  });
});
