import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { registrarMovimientos, revertirMovimientos } from '../productos/movimientos.service.ts';
import { insertarProducto, type ProductoDePrueba } from './pruebas.ts';

describe.each(MOTORES)('reportes de productos desde el libro de inventario (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let principal: string;
  let queso: ProductoDePrueba;
  let salami: ProductoDePrueba;
  let venta: string;
  // The demo company has its own products: the inventory reports are read for this category only.
  let idCategoria: string;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    idCategoria = (
      await e.api({
        method: 'POST',
        url: '/api/categorias-productos/',
        token: admin,
        body: { identificadorUnico: randomUUID(), nombre: 'Embutidos y quesos de prueba' },
      })
    ).json()._id;
    queso = await insertarProducto(e, {
      nombre: 'Queso de freír Geo',
      codigo: 'QUESO-1',
      precio: 300,
      idCategoria,
    });
    salami = await insertarProducto(e, {
      nombre: 'Salami Induveca',
      codigo: 'SALAMI-1',
      precio: 150,
      idCategoria,
    });
    await insertarProducto(e, { nombre: 'Servicio de corte', inventariable: false, idCategoria });
    const r = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/',
      token: admin,
      body: [
        { nombre: 'Inventario inicial', idAlmacen: principal },
        [
          { idProducto: queso._id, cantidad: 10, costoUnitario: 200 },
          { idProducto: salami._id, cantidad: 2, costoUnitario: 90.5 },
        ],
        randomUUID(),
      ],
    });
    expect(r.statusCode).toBe(200);
    await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/',
      token: admin,
      body: [
        { nombre: 'Merma de queso', idAlmacen: principal },
        [{ idProducto: queso._id, cantidad: 1, tipoDeAjuste: false }],
        randomUUID(),
      ],
    });
    // A sale and a cancelled sale, as the invoices module will write them (the ledger's contract).
    venta = randomUUID();
    const anulada = randomUUID();
    await e.db.enEmpresa(1, async (tx) => {
      const ctx = { tx, tenantId: 1, ip: '127.0.0.1', usuario: null };
      await registrarMovimientos(ctx, [
        {
          idProducto: queso._id,
          idAlmacen: principal,
          cantidad: -2,
          tipoDocumento: 'factura',
          idDocumento: venta,
        },
        {
          idProducto: queso._id,
          idAlmacen: principal,
          cantidad: -1,
          tipoDocumento: 'factura',
          idDocumento: anulada,
        },
      ]);
      await revertirMovimientos(ctx, { tipoDocumento: 'factura', idDocumento: anulada });
    });
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  function post(url: string, body: unknown, token = admin) {
    return e.api({ method: 'POST', url: `/api/registro-productos/${url}`, token, body });
  }
  // The reports' exports are the report kit's (modules/reportes/routes.ts).
  function exportar(id: string, body: unknown, token = admin) {
    return e.api({ method: 'POST', url: `/api/reportes/exportar/${id}`, token, body });
  }

  it('facturas y compras del producto: los documentos del libro, sin los anulados', async () => {
    const facturas = await post('facturas-del-producto', { idProducto: queso._id, periodo: 1 });
    expect(facturas.statusCode).toBe(200);
    expect(facturas.json()).toMatchObject({
      totalRows: 1,
      cantidadTotal: -2,
      costoTotal: -400,
      res: [
        {
          tipoDocumento: 'factura',
          idDocumento: venta,
          cantidad: -2,
          costoUnitario: 200,
          almacen: 'Almacén Principal',
        },
      ],
    });
    const compras = await post('compras-del-producto', { idProducto: queso._id });
    expect(compras.json()).toEqual({ res: [], totalRows: 0, cantidadTotal: 0, costoTotal: 0 });
    const ayer = await post('facturas-del-producto', { idProducto: queso._id, periodo: 0 });
    expect(ayer.json().totalRows).toBe(0);
    const noExiste = await post('facturas-del-producto', { idProducto: randomUUID() });
    expect(noExiste.statusCode).toBe(404);
  });

  it('ajustes del producto con tipoDeAjuste', async () => {
    const todos = await post('ajuste-del-producto', { idProducto: queso._id });
    expect(
      todos
        .json()
        .lineas.map((l: { nombreAjuste: string }) => l.nombreAjuste)
        .sort(),
    ).toEqual(['Inventario inicial', 'Merma de queso']);
    const salidas = await post('ajuste-del-producto', { idProducto: queso._id, tipoDeAjuste: false });
    expect(salidas.json()).toMatchObject({ cantidadDeRegistros: 1, cantidadSalidas: 1, totalSalidas: 200 });
  });

  it('valor del inventario al costo promedio y al precio', async () => {
    const r = await post('r-valor-inventario/', { idCategoria });
    expect(r.statusCode).toBe(200);
    const cuerpo = r.json();
    // Queso 10 − 1 − 2 = 7 at 200; salami 2 at 90.50. The service is not inventoriable.
    expect(cuerpo.res).toEqual([
      expect.objectContaining({
        nombre: 'Queso de freír Geo',
        disponibilidad: 7,
        costoPromedio: 200,
        valorAlCosto: 1400,
        valorAlPrecio: 2100,
      }),
      expect.objectContaining({
        nombre: 'Salami Induveca',
        disponibilidad: 2,
        costoPromedio: 90.5,
        valorAlCosto: 181,
        valorAlPrecio: 300,
      }),
    ]);
    expect(cuerpo).toMatchObject({ totalRows: 2, totalUnidades: 9, totalAlCosto: 1581, totalAlPrecio: 2400 });
    const buscar = await post('r-valor-inventario/', { idCategoria, input: 'queso de FREIR' });
    expect(buscar.json().res.map((f: { nombre: string }) => f.nombre)).toEqual(['Queso de freír Geo']);
    const pagina = await post('r-valor-inventario/', { idCategoria, page: 2, limit: 1 });
    expect(pagina.json()).toMatchObject({
      totalRows: 2,
      totalAlCosto: 1581,
      res: [{ nombre: 'Salami Induveca' }],
    });
    const todo = (await post('r-valor-inventario/', {})).json();
    expect(todo.totalRows).toBeGreaterThan(2);
    expect(todo.res.some((f: { nombre: string }) => f.nombre === 'Servicio de corte')).toBe(false);
  });

  it('existencia por almacén con su estado; exportación a PDF y Excel', async () => {
    const r = await post('r-existencia-inventario/', { idCategoria, idAlmacen: principal });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ totalRows: 2, totalUnidades: 9, agotados: 0 });
    expect(r.json().res[0]).toMatchObject({
      nombre: 'Queso de freír Geo',
      almacen: 'Almacén Principal',
      estadoDeExistencia: 'normal',
    });

    const pdf = await exportar('r-existencia-inventario', { idCategoria, documentoOpcion: 'print' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const excel = await exportar('r-valor-inventario', { idCategoria, documentoOpcion: 'excel' });
    expect(excel.headers['content-disposition']).toMatch(/filename="valor-inventario.xlsx"/);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    const filas = hoja?.getSheetValues() ?? [];
    const queso = filas.find(
      (fila) => Array.isArray(fila) && fila.includes('Queso de freír Geo'),
    ) as unknown[];
    // Numbers stay numbers in the spreadsheet.
    expect(queso).toContain(1400);
    const vacio = await exportar('r-valor-inventario', {
      documentoOpcion: 'pdf',
      input: 'no existe nada así',
    });
    expect(vacio.statusCode).toBe(200);
    expect(vacio.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('aislamiento y permisos', async () => {
    const token2 = await e.login(2);
    const otra = await e.api({
      method: 'POST',
      url: '/api/registro-productos/r-valor-inventario/',
      tenant: 2,
      token: token2,
      body: {},
    });
    expect(otra.json()).toMatchObject({ totalRows: 0, res: [] });
    const ajeno = await e.api({
      method: 'POST',
      url: '/api/registro-productos/facturas-del-producto',
      tenant: 2,
      token: token2,
      body: { idProducto: queso._id },
    });
    expect(ajeno.statusCode).toBe(404);
    await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'vendedor-rep',
        password: 'clave-vendedor',
        privilegios: { productos: { acceso: true, ver: true } },
      },
    });
    const vendedor = await e.login(1, 'vendedor-rep', 'clave-vendedor');
    expect((await post('facturas-del-producto', { idProducto: queso._id }, vendedor)).statusCode).toBe(200);
    expect((await post('r-valor-inventario/', {}, vendedor)).statusCode).toBe(403);
    expect((await exportar('r-existencia-inventario', { documentoOpcion: 'pdf' }, vendedor)).statusCode).toBe(
      403,
    );
  });
});
