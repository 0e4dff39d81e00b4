import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { PaginaMaestro } from './pages/maestros.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

describe.skipIf(motivoSinNavegador !== null)('datos maestros desde las pantallas', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let pagina: Page;
  let maestros: PaginaMaestro;
  beforeAll(async () => {
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    maestros = new PaginaMaestro(pagina);
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL(`${servidor.url}/`);
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('clic derecho en «Impuestos» abre el nuevo impuesto; se valida, se crea y aparece en la lista', async () => {
    await maestros.abrirDesdeMenu('Configuración', 'Impuestos', 'right');
    await pagina.waitForURL(`${servidor.url}/configuraciones/impuestos/nuevo_impuesto`);
    await maestros.guardar();
    await pagina.getByText('Debes poner el nombre del impuesto').first().waitFor();

    // The name offers the spec's tax options as the user types.
    await pagina.getByRole('combobox', { name: 'Nombre' }).fill('Impuesto al alcohol');
    await pagina.getByLabel('Tasa').fill('1.1');
    await maestros.guardar();
    await pagina.waitForURL(`${servidor.url}/configuraciones/impuestos/lista_impuesto`);
    const fila = maestros.fila('Impuesto al alcohol');
    await fila.waitFor();
    // 1.1 is a factor: the rate is 10%.
    expect(await fila.getByRole('cell', { name: '10%' }).count()).toBe(1);

    // Loading one opens its edit screen with ?id=.
    await fila.getByRole('cell', { name: 'Impuesto al alcohol', exact: true }).click();
    await pagina.waitForURL(/\/configuraciones\/impuestos\/editar_impuesto\?id=/);
    await expect.poll(() => pagina.getByLabel('Tasa').inputValue()).toBe('0.1');
  });

  it('una lista de precios con descuento se crea y aparece en su lista', async () => {
    await maestros.abrirDesdeMenu('Inventario', 'Listas de precios');
    await pagina.waitForURL(`${servidor.url}/configuraciones/lista-precios/lista_precios/`);
    await pagina.getByRole('button', { name: 'Nueva lista de precios' }).click();
    await pagina.waitForURL(`${servidor.url}/configuraciones/lista-precios/nuevo_precio/`);
    await pagina.getByLabel('Nombre').fill('Clientes VIP');
    await pagina.getByRole('switch', { name: 'Descuento porcentual' }).check();
    await pagina.getByRole('textbox', { name: 'Porcentaje de descuento' }).fill('7.5');
    await pagina.getByText('Sáb', { exact: true }).click();
    await maestros.guardar();
    await pagina.waitForURL(`${servidor.url}/configuraciones/lista-precios/lista_precios/`);
    const fila = maestros.fila('Clientes VIP');
    await fila.waitFor();
    expect(await fila.getByRole('cell', { name: '7.5%' }).count()).toBe(1);
    expect(await fila.getByRole('cell', { name: 'Sáb', exact: true }).count()).toBe(1);
  });

  it('un almacén creado se ofrece en el terminal hasta que se desactiva', async () => {
    await maestros.abrirDesdeMenu('Inventario', 'Almacenes', 'right');
    await pagina.waitForURL(`${servidor.url}/configuraciones/almacen/nuevo_almacen/`);
    await pagina.getByLabel('Nombre').fill('Almacén Norte');
    await maestros.guardar();
    await pagina.waitForURL(`${servidor.url}/configuraciones/almacen/lista_almacen/`);
    await maestros.fila('Almacén Norte').waitFor();

    await pagina.goto(`${servidor.url}/configuraciones/terminales/nueva_terminal`);
    expect(await maestros.opcionesDe('Almacén por defecto')).toContain('2. Almacén Norte');

    await pagina.goto(`${servidor.url}/configuraciones/almacen/lista_almacen/`);
    await maestros.desactivar('Almacén Norte', 'Se cerró la sucursal del norte');
    await maestros.fila('Almacén Norte').getByText('Desactivado').waitFor();

    await pagina.goto(`${servidor.url}/configuraciones/terminales/nueva_terminal`);
    const opciones = await maestros.opcionesDe('Almacén por defecto');
    expect(opciones).toContain('1. Almacén Principal');
    expect(opciones).not.toContain('2. Almacén Norte');
  });
});
