import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, motivoSinNavegador } from './navegador.ts';
import { PaginaLogin } from './pages/login.ts';
import { PaginaProductos } from './pages/productos.ts';
import { arrancarServidor, PASSWORD_ADMIN } from './servidor.ts';

const NOMBRE = 'Néctar de Piña Colonial';
const CODIGO = '7460987654321';

describe.skipIf(motivoSinNavegador !== null)('productos e inventario desde las pantallas', () => {
  let servidor: Awaited<ReturnType<typeof arrancarServidor>>;
  let navegador: Browser;
  let pagina: Page;
  let productos: PaginaProductos;
  beforeAll(async () => {
    servidor = await arrancarServidor();
    navegador = await abrirNavegador();
    pagina = await (await navegador.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    productos = new PaginaProductos(pagina);
    await pagina.goto(`${servidor.url}/login`);
    await new PaginaLogin(pagina).entrar('1', 'admin', PASSWORD_ADMIN);
    await pagina.waitForURL(`${servidor.url}/`);
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.cerrar();
  });

  it('crea un producto con empaque y variante, le da entrada con un ajuste y la lista muestra su existencia', async () => {
    // 1. The list, from the Inventario tab of the menu, and its «Nuevo producto».
    await pagina.getByRole('button', { name: 'Inventario' }).click();
    await pagina.getByRole('menuitem', { name: 'Productos y servicios' }).click();
    await pagina.waitForURL(`${servidor.url}/producto/lista_producto`);
    await pagina.getByRole('button', { name: 'Nuevo producto' }).click();
    await pagina.waitForURL(`${servidor.url}/producto/nuevo_producto`);
    await pagina.getByRole('heading', { name: 'Nuevo producto' }).waitFor();

    // 2. General: name and a barcode nobody holds (checked live).
    await productos.campo('Nombre').fill(NOMBRE);
    await productos.campo('Código de barras').fill(CODIGO);
    await pagina.getByText('Código disponible').waitFor();

    // Prices: the shelf price with ITBIS 18 % gives 100.00 before tax, live.
    await productos.pestana('Precios e impuestos');
    // The company's ITBIS is chosen for a new product.
    const formulario = pagina.getByRole('form', { name: 'Nuevo producto' });
    await formulario.getByText('Itbis 18%', { exact: true }).waitFor();
    await productos.campo('Precio de venta (con impuesto)').fill('118');
    await expect.poll(() => productos.campo('Precio sin impuesto').inputValue()).toBe('100.00');
    expect(await productos.dato('Impuesto por unidad').textContent()).toBe('RD$18.00');
    expect(await productos.dato('Precio con impuesto').textContent()).toBe('RD$118.00');
    await productos.campo('Costo (sin impuesto)').fill('60');

    // Package: a box of 12 with its own price.
    await productos.pestana('Empaque');
    expect(await productos.campo('Nombre del empaque').isDisabled()).toBe(true);
    await pagina.getByRole('switch', { name: /Se vende también por empaque/ }).check();
    await productos.campo('Nombre del empaque').fill('Caja de 12');
    await productos.campo('Unidades por empaque').fill('12');
    await productos.campo('Precio del empaque (con impuesto)').fill('1298');
    await expect.poll(() => productos.dato('Empaque sin impuesto (exacto)').textContent()).toBe('1100');
    expect(await productos.dato('Impuesto del empaque').textContent()).toBe('RD$198.00');

    // Variant: «Grande» adds 10 before tax, so it sells at 110 × 1.18.
    await productos.pestana('Variantes');
    await pagina.getByRole('button', { name: 'Agregar variante' }).click();
    await productos.campo('Nombre de la variante 1').fill('Grande');
    await productos.campo('Valor de la variante 1').fill('10');
    const variante = pagina.getByRole('row').filter({ has: productos.campo('Nombre de la variante 1') });
    await variante.getByRole('cell', { name: 'RD$129.80', exact: true }).waitFor();

    // It is stocked in the main warehouse from the start.
    await productos.pestana('Existencia por almacén');
    expect(
      await pagina.getByRole('checkbox', { name: 'Lleva el producto en «Almacén Principal»' }).isChecked(),
    ).toBe(true);

    await productos.guardar();
    await pagina.waitForURL(`${servidor.url}/producto/lista_producto`);
    await pagina.getByText('Producto creado.').waitFor();

    // 3. An adjustment from the Inventario tab: the new product scanned in as an entry of 12.
    await pagina.getByRole('button', { name: 'Inventario' }).click();
    await pagina
      .getByRole('menuitem', { name: 'Ajustes de inventario', exact: true })
      .click({ button: 'right' });
    await pagina.waitForURL(`${servidor.url}/configuraciones/ajuste_inventario/nuevo_ajuste_inventario`);
    await pagina.getByRole('heading', { name: 'Nuevo ajuste de inventario' }).waitFor();
    await productos.campo('Nombre del ajuste').fill('Entrada inicial de néctar');
    // The finder waits for the main warehouse.
    await expect
      .poll(() => pagina.getByRole('combobox', { name: 'Almacén' }).inputValue())
      .toBe('Almacén Principal');
    expect(
      await pagina
        .getByRole('radiogroup', { name: 'Agregar como' })
        .getByRole('radio', { name: 'Entrada' })
        .isChecked(),
    ).toBe(true);
    await productos.escanear(CODIGO);
    const linea = pagina
      .getByRole('table', { name: 'Líneas del ajuste' })
      .getByRole('row')
      .filter({ hasText: NOMBRE });
    await linea.waitFor();
    const cantidad = productos.campo(`Cantidad de ${NOMBRE}`);
    expect(await cantidad.inputValue()).toBe('1');
    await cantidad.fill('12');
    expect(
      await pagina
        .getByRole('radiogroup', { name: `Tipo de ajuste de ${NOMBRE}` })
        .getByRole('radio', { name: 'Entrada' })
        .isChecked(),
    ).toBe(true);
    // The proposed cost is the catalogue cost (never bought yet): 12 × 60; stock goes 0 → 12.
    expect(await productos.campo(`Costo unitario de ${NOMBRE}`).inputValue()).toBe('60');
    await linea.getByRole('cell', { name: 'RD$720.00', exact: true }).waitFor();
    expect(await (await productos.celda(linea, 'Existencia')).textContent()).toBe('0');
    expect(await (await productos.celda(linea, 'Queda')).textContent()).toBe('12');
    await productos.guardar();
    await pagina.waitForURL(`${servidor.url}/configuraciones/ajuste_inventario/lista_ajuste_inventario`);
    await pagina.getByText('Ajuste de inventario guardado.').waitFor();

    // 4. The list finds it typed without accents and in lower case, with its 12 in stock.
    await pagina.getByRole('button', { name: 'Inventario' }).click();
    await pagina.getByRole('menuitem', { name: 'Productos y servicios' }).click();
    await pagina.waitForURL(`${servidor.url}/producto/lista_producto`);
    await productos.buscar('nectar de pina');
    const fila = productos.fila(NOMBRE);
    await fila.waitFor();
    // Only it matches (header row + 1).
    await expect.poll(() => pagina.getByRole('row').count()).toBe(2);
    expect(await fila.textContent()).toContain(CODIGO);
    expect(await (await productos.celda(fila, 'Precio')).textContent()).toBe('RD$118.00');
    expect(await (await productos.celda(fila, 'Existencia')).textContent()).toBe('12');

    // The same in the main warehouse alone (wait for that list, not the previous one kept on screen).
    const filtrada = pagina.waitForResponse(
      (r) =>
        r.url().includes('/registro-productos/porAlmacen/') &&
        (r.request().postData() ?? '').includes('"idAlmacen":"'),
    );
    await productos.elegir('Almacén', 'Almacén Principal');
    const respuesta = await filtrada;
    expect(respuesta.ok()).toBe(true);
    await respuesta.finished();
    await pagina.getByText('Solo los productos que lleva este almacén, con su existencia allí.').waitFor();
    await expect.poll(() => pagina.getByRole('row').count()).toBe(2);
    const existencia = await productos.celda(fila, 'Existencia');
    await expect.poll(() => existencia.textContent()).toBe('12');

    // 5. Opened again, the package, the variant and the stock were saved.
    await fila.getByText(NOMBRE, { exact: true }).click();
    await pagina.waitForURL(/\/producto\/editar_producto\?id=/);
    await pagina.getByRole('heading', { name: NOMBRE }).waitFor();
    await expect.poll(() => productos.campo('Código de barras').inputValue()).toBe(CODIGO);
    await productos.pestana('Precios e impuestos');
    expect(await productos.campo('Precio de venta (con impuesto)').inputValue()).toBe('118.00');
    expect(await productos.campo('Precio sin impuesto').inputValue()).toBe('100.00');
    await productos.pestana('Empaque');
    expect(await pagina.getByRole('switch', { name: /Se vende también por empaque/ }).isChecked()).toBe(true);
    expect(await productos.campo('Nombre del empaque').inputValue()).toBe('Caja de 12');
    expect(await productos.campo('Unidades por empaque').inputValue()).toBe('12');
    expect(await productos.campo('Precio del empaque (con impuesto)').inputValue()).toBe('1,298.00');
    await productos.pestana('Variantes');
    expect(await productos.campo('Nombre de la variante 1').inputValue()).toBe('Grande');
    expect(await productos.campo('Valor de la variante 1').inputValue()).toBe('10');
    await productos.pestana('Existencia por almacén');
    const almacen = productos.fila('Almacén Principal');
    await almacen.waitFor();
    expect(await (await productos.celda(almacen, 'Existencia')).textContent()).toBe('12');
  });
});
