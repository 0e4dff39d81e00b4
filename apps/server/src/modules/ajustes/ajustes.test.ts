import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { existencia, insertarProducto, type ProductoDePrueba } from './pruebas.ts';

describe.each(MOTORES)('ajustes de inventario (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let principal: string;
  let segundo: string;
  let arroz: ProductoDePrueba;
  let habichuelas: ProductoDePrueba;
  let servicio: ProductoDePrueba;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    segundo = (
      await e.api({
        method: 'POST',
        url: '/api/almacen/',
        token: admin,
        body: { identificadorUnico: randomUUID(), nombre: 'Almacén del colmado 2' },
      })
    ).json()._id;
    arroz = await insertarProducto(e, { nombre: 'Arroz Selecto 5 lb', codigo: '7460000000017', precio: 245 });
    habichuelas = await insertarProducto(e, {
      nombre: 'Habichuelas rojas 1 lb',
      codigo: 'HAB-1',
      precio: 85,
    });
    servicio = await insertarProducto(e, { nombre: 'Entrega a domicilio', inventariable: false });
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  function encabezado(extra: Record<string, unknown> = {}) {
    return { nombre: 'Conteo de góndola', idAlmacen: principal, text: 'Almacén Principal', ...extra };
  }

  function crear(cabecera: Record<string, unknown>, lineas: unknown[], id = randomUUID(), token = admin) {
    return e.api({ method: 'POST', url: '/api/ajuste-inventario/', token, body: [cabecera, lineas, id] });
  }

  async function disponible(producto: ProductoDePrueba, almacen = principal): Promise<number> {
    const { disponibilidad, sumaDeMovimientos } = await existencia(e, producto._id, almacen);
    // Invariant 7: the balance is the sum of the ledger.
    expect(disponibilidad).toBe(sumaDeMovimientos);
    return disponibilidad;
  }

  it('una entrada y una salida mueven la disponibilidad por el libro de inventario', async () => {
    const r = await crear(encabezado({ nota: 'Llegó mercancía' }), [
      { idProducto: arroz._id, cantidad: 10, costoUnitario: 200 },
      { idProducto: habichuelas._id, cantidad: 4.5, tipoDeAjuste: true },
    ]);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ nombre: 'Conteo de góndola', solicitudDuplicada: false });
    expect(await disponible(arroz)).toBe(10);
    expect(await disponible(habichuelas)).toBe(4.5);

    const salida = await crear(encabezado({ nombre: 'Merma' }), [
      { idProducto: arroz._id, cantidad: 3, tipoDeAjuste: false },
    ]);
    expect(salida.statusCode).toBe(200);
    expect(await disponible(arroz)).toBe(7);

    const uno = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/un-inventario',
      token: admin,
      body: { _id: salida.json()._id },
    });
    expect(uno.statusCode).toBe(200);
    const { ajuste, lineasDelAjuste } = uno.json();
    expect(ajuste).toMatchObject({
      nombre: 'Merma',
      idAlmacen: principal,
      creadoPor: 'admin',
      cantidadDeLineas: 1,
      totalEntradas: 0,
      // Exits leave at the average cost: 3 × 200.
      totalSalidas: 600,
    });
    expect(ajuste.fechaDeAjuste).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lineasDelAjuste).toEqual([
      expect.objectContaining({
        idProducto: arroz._id,
        nombre: 'Arroz Selecto 5 lb',
        idCodigoDeBarra: '7460000000017',
        cantidad: 3,
        tipoDeAjuste: false,
        costoUnitario: 200,
        disponibilidad: 10,
        idAlmacen: principal,
        precio: 245,
      }),
    ]);
  });

  it('el mismo producto dos veces se suma en una línea; solo productos inventariables', async () => {
    const r = await crear(encabezado({ nombre: 'Repetidos' }), [
      { idProducto: habichuelas._id, cantidad: 1 },
      { idProducto: habichuelas._id, cantidad: 1 },
      { idProducto: habichuelas._id, cantidad: 0.25 },
    ]);
    const { lineasDelAjuste } = (
      await e.api({
        method: 'POST',
        url: '/api/ajuste-inventario/un-inventario',
        token: admin,
        body: { _id: r.json()._id },
      })
    ).json();
    expect(lineasDelAjuste).toHaveLength(1);
    expect(lineasDelAjuste[0].cantidad).toBe(2.25);
    expect(await disponible(habichuelas)).toBe(6.75);

    const antes = await disponible(arroz);
    const noInventariable = await crear(encabezado({ nombre: 'Con servicio' }), [
      { idProducto: arroz._id, cantidad: 1 },
      { idProducto: servicio._id, cantidad: 1 },
    ]);
    expect(noInventariable.statusCode).toBe(400);
    expect(noInventariable.json()).toMatchObject({
      message: 'Solo se pueden ajustar productos inventariables: «Entrega a domicilio» no lo es',
      errores: [{ campo: 'lineas.1.idProducto' }],
    });
    // Nothing half-written.
    expect(await disponible(arroz)).toBe(antes);
    const lista = (
      await e.api({
        method: 'POST',
        url: '/api/ajuste-inventario/todos',
        token: admin,
        body: { input: 'Con servicio' },
      })
    ).json();
    expect(lista.totalRows).toBe(0);
  });

  it('protege contra duplicados por identificadorUnico', async () => {
    const id = randomUUID();
    const antes = await disponible(arroz);
    const primero = await crear(
      encabezado({ nombre: 'Reintento' }),
      [{ idProducto: arroz._id, cantidad: 2 }],
      id,
    );
    const segundoIntento = await crear(
      encabezado({ nombre: 'Reintento' }),
      [{ idProducto: arroz._id, cantidad: 2 }],
      id,
    );
    expect(segundoIntento.statusCode).toBe(200);
    expect(segundoIntento.json()).toEqual({
      _id: primero.json()._id,
      nombre: 'Reintento',
      solicitudDuplicada: true,
    });
    expect(await disponible(arroz)).toBe(antes + 2);
    // Concurrent retries too.
    const otro = randomUUID();
    const [a, b] = await Promise.all([
      crear(encabezado({ nombre: 'Simultáneo' }), [{ idProducto: arroz._id, cantidad: 1 }], otro),
      crear(encabezado({ nombre: 'Simultáneo' }), [{ idProducto: arroz._id, cantidad: 1 }], otro),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().solicitudDuplicada, b.json().solicitudDuplicada].sort()).toEqual([false, true]);
    expect(await disponible(arroz)).toBe(antes + 3);
  });

  it('modificar revierte los movimientos viejos y escribe los nuevos; eliminar revierte', async () => {
    const a0 = await disponible(arroz);
    const h0 = await disponible(habichuelas);
    const creado = await crear(encabezado({ nombre: 'Para modificar' }), [
      { idProducto: arroz._id, cantidad: 5 },
      { idProducto: habichuelas._id, cantidad: 2, tipoDeAjuste: false },
    ]);
    const id = creado.json()._id;
    expect(await disponible(arroz)).toBe(a0 + 5);
    expect(await disponible(habichuelas)).toBe(h0 - 2);
    const { lineasDelAjuste } = (
      await e.api({
        method: 'POST',
        url: '/api/ajuste-inventario/un-inventario',
        token: admin,
        body: { _id: id },
      })
    ).json();
    const lineaArroz = lineasDelAjuste.find((l: { idProducto: string }) => l.idProducto === arroz._id);
    const lineaHabichuelas = lineasDelAjuste.find(
      (l: { idProducto: string }) => l.idProducto === habichuelas._id,
    );

    // Arroz 5 → 8; habichuelas deleted.
    const r = await e.api({
      method: 'PUT',
      url: `/api/ajuste-inventario/${id}`,
      token: admin,
      body: [
        encabezado({ _id: id, nombre: 'Modificado' }),
        [{ ...lineaArroz, cantidad: 8 }],
        [lineaHabichuelas._id],
      ],
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().ajuste).toMatchObject({ nombre: 'Modificado', cantidadDeLineas: 1 });
    expect(r.json().lineasDelAjuste[0]).toMatchObject({
      _id: lineaArroz._id,
      cantidad: 8,
      disponibilidad: a0,
    });
    expect(await disponible(arroz)).toBe(a0 + 8);
    expect(await disponible(habichuelas)).toBe(h0);

    // A saved line not mentioned stays; a new one is added.
    const r2 = await e.api({
      method: 'PUT',
      url: `/api/ajuste-inventario/${id}`,
      token: admin,
      body: [encabezado({ nombre: 'Modificado' }), [{ idProducto: habichuelas._id, cantidad: 1 }], []],
    });
    expect(r2.json().lineasDelAjuste).toHaveLength(2);
    expect(await disponible(arroz)).toBe(a0 + 8);
    expect(await disponible(habichuelas)).toBe(h0 + 1);

    const borrar = await e.api({ method: 'DELETE', url: `/api/ajuste-inventario/${id}`, token: admin });
    expect(borrar.statusCode).toBe(200);
    expect(borrar.json()).toEqual({ message: 'Ajuste de inventario «Modificado» eliminado.' });
    expect(await disponible(arroz)).toBe(a0);
    expect(await disponible(habichuelas)).toBe(h0);
    const otraVez = await e.api({ method: 'DELETE', url: `/api/ajuste-inventario/${id}`, token: admin });
    expect(otraVez.statusCode).toBe(404);
    expect(otraVez.json().message).toBe(
      'El ajuste de inventario no ha sido eliminado. El ajuste de inventario no existe.',
    );
    const noExiste = await e.api({
      method: 'PUT',
      url: `/api/ajuste-inventario/${id}`,
      token: admin,
      body: [encabezado(), [{ idProducto: arroz._id, cantidad: 1 }], []],
    });
    expect(noExiste.statusCode).toBe(404);
    expect(noExiste.json().message).toMatch(/^No se actualizo/);
  });

  it('cambiar el almacén borra las líneas guardadas y mueve el stock al nuevo almacén', async () => {
    const a0 = await disponible(arroz);
    const id = (
      await crear(encabezado({ nombre: 'Almacén equivocado' }), [{ idProducto: arroz._id, cantidad: 6 }])
    ).json()._id;
    const guardada = (
      await e.api({
        method: 'POST',
        url: '/api/ajuste-inventario/un-inventario',
        token: admin,
        body: { _id: id },
      })
    ).json().lineasDelAjuste[0];
    const r = await e.api({
      method: 'PUT',
      url: `/api/ajuste-inventario/${id}`,
      token: admin,
      // The form cleared the lines, marked the saved one for deletion and added the product again.
      body: [
        encabezado({ idAlmacen: segundo, text: 'Almacén del colmado 2' }),
        [{ idProducto: arroz._id, cantidad: 6 }],
        [guardada._id],
      ],
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().lineasDelAjuste).toEqual([expect.objectContaining({ idAlmacen: segundo, cantidad: 6 })]);
    expect(r.json().lineasDelAjuste[0]._id).not.toBe(guardada._id);
    expect(await disponible(arroz)).toBe(a0);
    expect(await disponible(arroz, segundo)).toBe(6);
    // A saved line sent back with its _id after a warehouse change is a new line of the new warehouse.
    const r2 = await e.api({
      method: 'PUT',
      url: `/api/ajuste-inventario/${id}`,
      token: admin,
      body: [encabezado(), [{ ...r.json().lineasDelAjuste[0], cantidad: 2 }], []],
    });
    expect(r2.json().lineasDelAjuste).toEqual([
      expect.objectContaining({ idAlmacen: principal, cantidad: 2 }),
    ]);
    expect(await disponible(arroz, segundo)).toBe(0);
    expect(await disponible(arroz)).toBe(a0 + 2);
  });

  it('producto a cero: saca lo que hay o entra lo que falta, una sola vez', async () => {
    await crear(encabezado({ nombre: 'Deja negativo' }), [
      { idProducto: habichuelas._id, cantidad: 50, tipoDeAjuste: false },
    ]);
    const a0 = await disponible(arroz);
    const h0 = await disponible(habichuelas);
    expect(a0).toBeGreaterThan(0);
    expect(h0).toBeLessThan(0);
    const identificadorUnico = randomUUID();
    const cuerpo = {
      ajuste: { idAlmacen: principal, identificadorUnico },
      lineas: [{ idProducto: arroz._id }, { idProducto: habichuelas._id }],
    };
    const r = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/producto-a-cero',
      token: admin,
      body: cuerpo,
    });
    expect(r.statusCode).toBe(200);
    const { ajuste, lineas, solicitudDuplicada } = r.json();
    expect(solicitudDuplicada).toBe(false);
    expect(ajuste).toMatchObject({ nombre: 'Producto a cero', cantidadDeLineas: 2 });
    expect(lineas).toEqual(
      expect.arrayContaining([
        {
          idProducto: arroz._id,
          nombre: 'Arroz Selecto 5 lb',
          disponibilidadAnterior: a0,
          disponibilidad: 0,
        },
        {
          idProducto: habichuelas._id,
          nombre: 'Habichuelas rojas 1 lb',
          disponibilidadAnterior: h0,
          disponibilidad: 0,
        },
      ]),
    );
    expect(await disponible(arroz)).toBe(0);
    expect(await disponible(habichuelas)).toBe(0);
    const reintento = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/producto-a-cero',
      token: admin,
      body: cuerpo,
    });
    expect(reintento.json()).toMatchObject({ solicitudDuplicada: true, ajuste: { _id: ajuste._id } });
    const yaEnCero = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/producto-a-cero',
      token: admin,
      body: { ajuste: { idAlmacen: principal }, lineas: [{ idProducto: arroz._id }] },
    });
    expect(yaEnCero.json()).toMatchObject({
      ajuste: null,
      lineas: [{ disponibilidadAnterior: 0, disponibilidad: 0 }],
    });
    const servicioACero = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/producto-a-cero',
      token: admin,
      body: { ajuste: { idAlmacen: principal }, lineas: [{ idProducto: servicio._id }] },
    });
    expect(servicioACero.statusCode).toBe(400);
  });

  it('validación: mensajes en español y el campo', async () => {
    const sinNombre = await crear({ idAlmacen: principal, nombre: ' ' }, [
      { idProducto: arroz._id, cantidad: 1 },
    ]);
    expect(sinNombre.statusCode).toBe(400);
    // Spec 002 §5 (sic).
    expect(sinNombre.json().errores).toContainEqual({
      campo: '0.nombre',
      mensaje: 'Debes poner el nombre del cliente',
    });
    const sinAlmacen = await crear({ nombre: 'x' }, [{ idProducto: arroz._id, cantidad: 1 }]);
    expect(sinAlmacen.json().errores).toContainEqual({
      campo: '0.idAlmacen',
      mensaje: 'Debes elegir el almacén del ajuste',
    });
    const almacenAjeno = await crear(encabezado({ idAlmacen: randomUUID() }), [
      { idProducto: arroz._id, cantidad: 1 },
    ]);
    expect(almacenAjeno.statusCode).toBe(400);
    expect(almacenAjeno.json().message).toBe('El almacén seleccionado no existe.');
    const sinLineas = await crear(encabezado(), []);
    expect(sinLineas.json().message).toBe('Debes agregar al menos un producto al ajuste');
    const cantidades = await crear(encabezado(), [
      { idProducto: arroz._id, cantidad: 0 },
      { idProducto: arroz._id, cantidad: 1.23456 },
    ]);
    expect(cantidades.json().errores).toEqual([
      { campo: '1.0.cantidad', mensaje: 'La cantidad debe ser mayor que 0' },
      { campo: '1.1.cantidad', mensaje: 'La cantidad admite hasta 4 decimales' },
    ]);
    const productoInexistente = await crear(encabezado(), [{ idProducto: randomUUID(), cantidad: 1 }]);
    expect(productoInexistente.json()).toMatchObject({
      message: 'El producto de la línea no existe o está anulado',
      errores: [{ campo: 'lineas.0.idProducto' }],
    });
    const formaIncorrecta = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/',
      token: admin,
      body: { nombre: 'x' },
    });
    expect(formaIncorrecta.statusCode).toBe(400);
  });

  it('lista por página, búsqueda y periodo; reporte y exportación', async () => {
    const lista = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/todos',
      token: admin,
      body: { limit: 2 },
    });
    expect(lista.statusCode).toBe(200);
    expect(lista.json().res).toHaveLength(2);
    expect(lista.json().totalRows).toBeGreaterThan(2);
    const hoy = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/todos',
      token: admin,
      body: { periodo: 1, input: 'merma' },
    });
    expect(hoy.json().res.map((a: { nombre: string }) => a.nombre)).toEqual(['Merma']);
    const ayer = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/todos',
      token: admin,
      body: { periodo: 0 },
    });
    expect(ayer.json().totalRows).toBe(0);
    const futuro = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/todos',
      token: admin,
      body: { fechaInicial: '2099-01-01', fechaFinal: '2099-01-31' },
    });
    expect(futuro.json()).toEqual({ res: [], totalRows: 0 });
    const alReves = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/todos',
      token: admin,
      body: { fechaInicial: '2024-02-01', fechaFinal: '2024-01-01' },
    });
    expect(alReves.statusCode).toBe(400);

    const reporte = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/reporte-ajustes-de-inventario',
      token: admin,
      body: { periodo: 4, idProducto: arroz._id, tipoDeAjuste: false },
    });
    expect(reporte.statusCode).toBe(200);
    const cuerpo = reporte.json();
    expect(
      cuerpo.lineas.every(
        (l: { tipoDeAjuste: boolean; idProducto: string }) => !l.tipoDeAjuste && l.idProducto === arroz._id,
      ),
    ).toBe(true);
    expect(cuerpo.lineas.map((l: { nombreAjuste: string }) => l.nombreAjuste)).toContain('Merma');
    expect(cuerpo.cantidadDeRegistros).toBe(cuerpo.lineas.length);
    expect(cuerpo.totalSalidas).toBe(
      Math.round(cuerpo.lineas.reduce((s: number, l: { costoTotal: number }) => s + l.costoTotal * 100, 0)) /
        100,
    );

    // One adjustment only (the printout of the adjustment screen).
    const [unaLinea] = cuerpo.lineas as Array<{ idAjuste: string }>;
    const delAjuste = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/reporte-ajustes-de-inventario',
      token: admin,
      body: { idAjuste: unaLinea?.idAjuste },
    });
    expect(delAjuste.json().lineas.length).toBeGreaterThan(0);
    expect(
      delAjuste.json().lineas.every((l: { idAjuste: string }) => l.idAjuste === unaLinea?.idAjuste),
    ).toBe(true);

    const pdf = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/pdf/ajustes-inventario',
      token: admin,
      body: { periodo: 4, documentoOpcion: 'pdf' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="ajustes-inventario.pdf"/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const imprimir = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/pdf/ajustes-inventario',
      token: admin,
      body: { documentoOpcion: 'print' },
    });
    expect(imprimir.headers['content-disposition']).toMatch(/^inline;/);
    const excel = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/pdf/ajustes-inventario',
      token: admin,
      body: { periodo: 4, documentoOpcion: 'excel' },
    });
    expect(excel.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    // An .xlsx is a zip.
    expect(excel.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const { default: ExcelJS } = await import('exceljs');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    expect(hoja?.getCell('A1').value).toBe('Reporte de ajustes de inventario');
    const valores =
      hoja
        ?.getSheetValues()
        .flat()
        .filter((v) => v !== undefined && v !== null) ?? [];
    expect(valores).toContain('Merma');
  });

  it('aislamiento por empresa y permisos', async () => {
    const id = (
      await crear(encabezado({ nombre: 'Solo empresa 1' }), [{ idProducto: arroz._id, cantidad: 1 }])
    ).json()._id;
    const token2 = await e.login(2);
    const ver2 = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/un-inventario',
      tenant: 2,
      token: token2,
      body: { _id: id },
    });
    expect(ver2.statusCode).toBe(404);
    const borrar2 = await e.api({
      method: 'DELETE',
      url: `/api/ajuste-inventario/${id}`,
      tenant: 2,
      token: token2,
    });
    expect(borrar2.statusCode).toBe(404);
    const lista2 = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/todos',
      tenant: 2,
      token: token2,
      body: {},
    });
    expect(lista2.json()).toEqual({ res: [], totalRows: 0 });
    // Company 2 cannot adjust company 1's product, even naming its own warehouse.
    const almacen2 = (
      await e.api({ method: 'GET', url: '/api/almacen/principal', tenant: 2, token: token2 })
    ).json()._id;
    const ajeno = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/',
      tenant: 2,
      token: token2,
      body: [{ nombre: 'x', idAlmacen: almacen2 }, [{ idProducto: arroz._id, cantidad: 1 }], randomUUID()],
    });
    expect(ajeno.statusCode).toBe(400);
    const almacenAjeno = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/',
      tenant: 2,
      token: token2,
      body: [{ nombre: 'x', idAlmacen: principal }, [], randomUUID()],
    });
    expect(almacenAjeno.json().message).toBe('El almacén seleccionado no existe.');

    await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'inventarista',
        password: 'clave-inventario',
        privilegios: { ajusteInventario: { acceso: true, ver: true } },
      },
    });
    const soloVer = await e.login(1, 'inventarista', 'clave-inventario');
    expect(
      (await e.api({ method: 'POST', url: '/api/ajuste-inventario/todos', token: soloVer, body: {} }))
        .statusCode,
    ).toBe(200);
    const crearSinPermiso = await crear(
      encabezado(),
      [{ idProducto: arroz._id, cantidad: 1 }],
      randomUUID(),
      soloVer,
    );
    expect(crearSinPermiso.statusCode).toBe(403);
    expect(crearSinPermiso.json().message).toBe('No tienes permiso para crear en Ajustes de inventario.');
    expect(
      (await e.api({ method: 'DELETE', url: `/api/ajuste-inventario/${id}`, token: soloVer })).statusCode,
    ).toBe(403);
    const reporte = await e.api({
      method: 'POST',
      url: '/api/ajuste-inventario/reporte-ajustes-de-inventario',
      token: soloVer,
      body: {},
    });
    expect(reporte.statusCode).toBe(403);
  });
});
