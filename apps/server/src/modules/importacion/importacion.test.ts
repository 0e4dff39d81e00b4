import { randomUUID } from 'node:crypto';
import { COLUMNAS_DE_IMPORTACION } from '@pos/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { existencia } from '../ajustes/pruebas.ts';

/** An .xlsx with `encabezados` in row 1 and `filas` below. */
export async function libroDePrueba(encabezados: string[], filas: unknown[][]): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Productos');
  hoja.addRow(encabezados);
  for (const fila of filas) {
    hoja.addRow(fila);
  }
  return Buffer.from(await libro.xlsx.writeBuffer());
}

function formulario(campos: Record<string, string>, archivo: Buffer | null, campoArchivo = 'avatar') {
  const frontera = '----frontera-importacion';
  const partes: Buffer[] = [];
  for (const [nombre, valor] of Object.entries(campos)) {
    partes.push(
      Buffer.from(`--${frontera}\r\nContent-Disposition: form-data; name="${nombre}"\r\n\r\n${valor}\r\n`),
    );
  }
  if (archivo) {
    partes.push(
      Buffer.from(
        `--${frontera}\r\nContent-Disposition: form-data; name="${campoArchivo}"; filename="productos.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      archivo,
      Buffer.from('\r\n'),
    );
  }
  partes.push(Buffer.from(`--${frontera}--\r\n`));
  return { cuerpo: Buffer.concat(partes), tipo: `multipart/form-data; boundary=${frontera}` };
}

const ENCABEZADOS = [
  'Nombre',
  'Código de barras',
  'Categoría',
  'Precio de venta',
  'Costo',
  'Impuesto',
  'Existencia inicial',
  'Cantidad mínima',
  'Inventariable',
];

describe.each(MOTORES)('importación de productos desde Excel (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let principal: string;
  let segundo: string;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    principal = (await e.api({ method: 'GET', url: '/api/almacen/principal', token: admin })).json()._id;
    segundo = (
      await e.api({
        method: 'POST',
        url: '/api/almacen/',
        token: admin,
        body: { identificadorUnico: randomUUID(), nombre: 'Depósito' },
      })
    ).json()._id;
    await e.api({
      method: 'POST',
      url: '/api/categorias-productos/',
      token: admin,
      body: { identificadorUnico: randomUUID(), nombre: 'Granos importados' },
    });
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  function importar(
    archivo: Buffer | null,
    campos: Record<string, string> = {},
    token = admin,
    campoArchivo = 'avatar',
  ) {
    const { cuerpo, tipo } = formulario(campos, archivo, campoArchivo);
    return e.api({
      method: 'POST',
      url: '/api/registro-productos/import-xlsx',
      token,
      headers: { 'content-type': tipo },
      body: cuerpo,
    });
  }

  async function productoPorNombre(nombre: string) {
    const [fila] = await e.db.consultarComoDueno<{
      id: string;
      precio: string;
      impuesto: string;
      inventariable: boolean;
    }>(
      sql`select id, precio_de_venta::text as precio, impuesto, producto_inventariable as inventariable
          from productos where tenant_id = 1 and nombre = ${nombre}`,
    );
    return fila;
  }

  it('la plantilla trae las columnas documentadas, un ejemplo y las instrucciones', async () => {
    const r = await e.api({ method: 'GET', url: '/api/registro-productos/plantilla-xlsx', token: admin });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="plantilla-productos.xlsx"/);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Productos');
    expect(((hoja?.getRow(1).values ?? []) as unknown[]).slice(1)).toEqual(
      COLUMNAS_DE_IMPORTACION.map((c) => c.titulo),
    );
    expect(hoja?.getCell('A2').value).toBe('Arroz Selecto 5 lb');
    expect(libro.getWorksheet('Instrucciones')?.getCell('A2').value).toBe('Nombre');
  });

  it('importa productos con su existencia inicial por el libro de inventario; un reintento no duplica', async () => {
    const archivo = await libroDePrueba(ENCABEZADOS, [
      ['Arroz Importado 10 lb', '7460000000024', 'granos importados', 480, 400, 'Itbis 18%', 12, 2, 'Sí'],
      ['Habichuelas Importadas', 'HAB-IMP-1', null, '95.50', null, 'Exento 0%', 3.5, null, null],
      [null, null, null, null, null, null, null, null, null],
      ['Servicio importado', null, null, 150, null, null, null, null, 'No'],
    ]);
    const r = await importar(archivo, { idAlmacen: segundo });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      message: 'Se importaron 3 productos.',
      importados: 3,
      yaImportados: 0,
      idAlmacen: segundo,
    });
    const arroz = await productoPorNombre('Arroz Importado 10 lb');
    expect(arroz).toMatchObject({ precio: '480.00', impuesto: 'Itbis 18%', inventariable: true });
    expect(await existencia(e, arroz?.id ?? '', segundo)).toEqual({
      disponibilidad: 12,
      sumaDeMovimientos: 12,
    });
    const habichuelas = await productoPorNombre('Habichuelas Importadas');
    expect(await existencia(e, habichuelas?.id ?? '', segundo)).toEqual({
      disponibilidad: 3.5,
      sumaDeMovimientos: 3.5,
    });
    expect((await productoPorNombre('Servicio importado'))?.inventariable).toBe(false);

    const otraVez = await importar(archivo, { idAlmacen: segundo });
    expect(otraVez.json()).toMatchObject({ importados: 0, yaImportados: 3 });
    expect(await existencia(e, arroz?.id ?? '', segundo)).toEqual({
      disponibilidad: 12,
      sumaDeMovimientos: 12,
    });

    // Without idAlmacen the stock goes to the main warehouse.
    const principalArchivo = await libroDePrueba(['nombre', 'EXISTENCIA INICIAL'], [['Azúcar importada', 7]]);
    const r2 = await importar(principalArchivo);
    expect(r2.json()).toMatchObject({ importados: 1, idAlmacen: principal });
    const azucar = await productoPorNombre('Azúcar importada');
    expect((await existencia(e, azucar?.id ?? '', principal)).disponibilidad).toBe(7);
  });

  it('errores por fila y columna; con un error no se importa nada', async () => {
    const [antes] = await e.db.consultarComoDueno<{ n: string }>(
      sql`select count(*)::text as n from productos where tenant_id = 1`,
    );
    const archivo = await libroDePrueba(ENCABEZADOS, [
      ['Producto bueno', 'BUENO-1', null, 10, 5, null, 1, null, null],
      [null, 'SIN-NOMBRE', null, 10, null, null, null, null, null],
      ['Precio malo', null, null, 'diez', null, null, null, null, null],
      ['Categoría mala', null, 'No existe', 10, null, 'Itbis 99%', null, null, 'quizás'],
      ['Repetido', 'BUENO-1', null, 10, null, null, null, null, null],
      ['Código ajeno', '7460000000024', null, 10, null, null, null, null, null],
      ['Servicio con existencia', null, null, 10, null, null, 5, null, 'No'],
      ['Negativo', null, null, -1, null, null, null, null, null],
    ]);
    const r = await importar(archivo);
    expect(r.statusCode).toBe(400);
    const cuerpo = r.json();
    expect(cuerpo.message).toBe('No se importó ningún producto: el archivo tiene 9 errores.');
    expect(
      cuerpo.errores.map((x: { fila: number; columna: string; mensaje: string }) => [
        x.fila,
        x.columna,
        x.mensaje,
      ]),
    ).toEqual([
      [3, 'Nombre', 'Debes poner el nombre del Producto'],
      [4, 'Precio de venta', 'Debe ser un número'],
      [5, 'Categoría', 'No existe la categoría «No existe»'],
      [5, 'Impuesto', 'No existe un impuesto activo llamado «Itbis 99%»'],
      [5, 'Inventariable', 'Debe ser Sí o No'],
      [6, 'Código de barras', 'El código BUENO-1 ya está en la fila 2'],
      [
        7,
        'Código de barras',
        'El código de barra 7460000000024 ya pertenece al artículo «Arroz Importado 10 lb»',
      ],
      [8, 'Existencia inicial', 'Un producto no inventariable no lleva existencia'],
      [9, 'Precio de venta', 'No puede ser negativo'],
    ]);
    expect(cuerpo.errores[0].campo).toBe('Fila 3, Nombre');
    const [despues] = await e.db.consultarComoDueno<{ n: string }>(
      sql`select count(*)::text as n from productos where tenant_id = 1`,
    );
    expect(despues?.n).toBe(antes?.n);
    expect(await productoPorNombre('Producto bueno')).toBeUndefined();
  });

  it('archivo inválido, sin columna Nombre, sin archivo, permisos', async () => {
    const basura = await importar(Buffer.from('esto no es un excel'));
    expect(basura.statusCode).toBe(400);
    expect(basura.json().message).toBe('El archivo no es una hoja de cálculo de Excel (.xlsx) válida.');
    const sinNombre = await importar(await libroDePrueba(['Producto', 'Precio'], [['x', 1]]));
    expect(sinNombre.json().message).toMatch(/^La hoja no tiene la columna «Nombre»/);
    const otroCampo = await importar(await libroDePrueba(['Nombre'], [['x']]), {}, admin, 'archivo');
    expect(otroCampo.statusCode).toBe(400);
    expect(otroCampo.json().errores).toContainEqual({
      campo: 'avatar',
      mensaje: 'Debes adjuntar la hoja de cálculo en el campo avatar',
    });
    const almacenAjeno = await importar(await libroDePrueba(['Nombre'], [['x']]), {
      idAlmacen: randomUUID(),
    });
    expect(almacenAjeno.json().message).toBe('El almacén seleccionado no existe.');
    await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: { username: 'sin-productos', password: 'clave-sin-productos' },
    });
    const cajero = await e.login(1, 'sin-productos', 'clave-sin-productos');
    expect((await importar(await libroDePrueba(['Nombre'], [['x']]), {}, cajero)).statusCode).toBe(403);
    expect(
      (await e.api({ method: 'GET', url: '/api/registro-productos/plantilla-xlsx', token: cajero }))
        .statusCode,
    ).toBe(403);
  });
});
