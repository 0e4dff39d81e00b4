import { randomUUID } from 'node:crypto';
import { PERFIL_BARCODE_POR_DEFECTO } from '@pos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { insertarProducto, type ProductoDePrueba } from '../ajustes/pruebas.ts';
import { codificar, esEan13, hojaDeEtiquetas, simbologiaDe } from './etiquetas.ts';

/** Pages of a PDF: its page objects (`/Type /Page`, not `/Pages`). */
function paginasDelPdf(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

describe('códigos de barras con bwip-js', () => {
  it('EAN-13 cuando el código es un EAN-13 válido; Code 128 en los demás casos', () => {
    expect(esEan13('7501031311309')).toBe(true);
    expect(esEan13('7501031311308')).toBe(false);
    expect(simbologiaDe('7501031311309', 'auto')).toBe('ean13');
    expect(simbologiaDe('7501031311308', 'auto')).toBe('code128');
    expect(simbologiaDe('ARROZ-01', 'EAN13')).toBe('code128');
    expect(simbologiaDe('7501031311309', 'CODE128')).toBe('code128');
    const ean = codificar('7501031311309', 'auto');
    // 95 modules: guards 3 + 6×7 + 5 + 6×7 + 3; 30 bars.
    expect(ean).toMatchObject({ simbologia: 'ean13', modulos: 95 });
    expect(ean.barras).toHaveLength(30);
    const code128 = codificar('ARROZ-01', 'auto');
    expect(code128.simbologia).toBe('code128');
    // Start + 8 symbols + check + stop: 11 modules each, the stop 13.
    expect(code128.modulos).toBe(11 * 10 + 13);
    // Different codes give different bars.
    expect(codificar('ARROZ-02', 'auto').barras).not.toEqual(code128.barras);
  });

  it('una hoja: una página por etiqueta en papel de etiqueta, en cuadrícula en carta', async () => {
    const perfil = { ...PERFIL_BARCODE_POR_DEFECTO, nombreEmpresa: 'Colmado La Esquina' };
    const etiquetas = Array.from({ length: 5 }, (_, i) => ({
      nombre: `Producto ${i}`,
      codigo: i % 2 ? '7501031311309' : `COD-${i}`,
      precio: 125.5,
    }));
    const etiqueta = await hojaDeEtiquetas(etiquetas, perfil, 'etiqueta');
    expect(etiqueta.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(etiqueta.paginas).toBe(5);
    expect(paginasDelPdf(etiqueta.pdf)).toBe(5);
    // Letter 612×792 pt with 0.5 in margins and 50×25 mm labels: 3 columns × 10 rows.
    const muchas = Array.from({ length: 31 }, () => etiquetas[0] as (typeof etiquetas)[number]);
    const carta = await hojaDeEtiquetas(muchas, perfil, 'carta');
    expect(carta.paginas).toBe(2);
    expect(paginasDelPdf(carta.pdf)).toBe(2);
  });
});

describe.each(MOTORES)('perfiles de código de barras y etiquetas (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  let arroz: ProductoDePrueba;
  let refresco: ProductoDePrueba;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
    arroz = await insertarProducto(e, { nombre: 'Arroz Selecto 5 lb', codigo: '7460000000017', precio: 245 });
    refresco = await insertarProducto(e, { nombre: 'Refresco de cola 2 L', codigo: 'REF-2L', precio: 95.5 });
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  function crear(body: Record<string, unknown>, token = admin) {
    return e.api({
      method: 'POST',
      url: '/api/perfil-barcode/',
      token,
      body: { identificadorUnico: randomUUID(), ...body },
    });
  }

  it('crea, lee, cambia y elimina perfiles; el nombre es único', async () => {
    const vacio = await e.api({ method: 'POST', url: '/api/perfil-barcode/findOneFirst', token: admin });
    expect(vacio.statusCode).toBe(200);
    expect(vacio.json()).toBeNull();

    const r = await crear({ nombre: 'Góndola', alturaPaginaBarcode: 30, incluirNombreEmpresaBarcode: true });
    expect(r.statusCode).toBe(200);
    const gondola = r.json();
    expect(gondola).toMatchObject({
      nombre: 'Góndola',
      format: 'auto',
      alturaPaginaBarcode: 30,
      anchoPaginaBarcode: 50,
      incluirPrecioBarcode: true,
      textPosition: 'bottom',
      solicitudDuplicada: false,
    });
    const repetido = await crear({ nombre: 'góndola' });
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json().message).toBe('Ya existe un perfil de código de barras con ese nombre.');

    const reintento = await crear({ identificadorUnico: gondola.identificadorUnico, nombre: 'Góndola' });
    expect(reintento.json()).toMatchObject({ _id: gondola._id, solicitudDuplicada: true });

    const b = (await crear({ nombre: 'Balanza' })).json();
    const primero = await e.api({ method: 'POST', url: '/api/perfil-barcode/findOneFirst', token: admin });
    expect(primero.json()._id).toBe(b._id);
    const lista = await e.api({ method: 'GET', url: '/api/perfil-barcode/', token: admin });
    expect(lista.json().map((p: { nombre: string }) => p.nombre)).toEqual(['Balanza', 'Góndola']);

    const cambio = await e.api({
      method: 'PATCH',
      url: `/api/perfil-barcode/${b._id}`,
      token: admin,
      body: { fontSizePrecio: 12, textPosition: 'top' },
    });
    expect(cambio.json()).toMatchObject({
      nombre: 'Balanza',
      fontSizePrecio: 12,
      textPosition: 'top',
      height: 10,
    });
    const choque = await e.api({
      method: 'PATCH',
      url: `/api/perfil-barcode/${b._id}`,
      token: admin,
      body: { nombre: 'GÓNDOLA' },
    });
    expect(choque.statusCode).toBe(409);
    const malo = await e.api({
      method: 'PATCH',
      url: `/api/perfil-barcode/${b._id}`,
      token: admin,
      body: { textPosition: 'left', width: 0 },
    });
    expect(malo.statusCode).toBe(400);
    expect(
      malo
        .json()
        .errores.map((x: { campo: string }) => x.campo)
        .sort(),
    ).toEqual(['textPosition', 'width']);
    const sinNombre = await crear({ nombre: '  ' });
    expect(sinNombre.statusCode).toBe(400);
    expect(sinNombre.json().errores).toContainEqual({
      campo: 'nombre',
      mensaje: 'Debes poner el nombre del perfil',
    });

    const borrado = await e.api({ method: 'DELETE', url: `/api/perfil-barcode/${b._id}`, token: admin });
    expect(borrado.json()).toEqual({ message: 'Perfil de código de barras «Balanza» eliminado.' });
    expect(
      (await e.api({ method: 'GET', url: `/api/perfil-barcode/${b._id}`, token: admin })).statusCode,
    ).toBe(404);
  });

  it('imprime etiquetas: PDF válido con una página por etiqueta o en carta', async () => {
    const perfil = (
      await crear({ nombre: 'Estante 60x30', anchoPaginaBarcode: 60, alturaPaginaBarcode: 30 })
    ).json();
    const r = await e.api({
      method: 'POST',
      url: '/api/perfil-barcode/etiquetas',
      token: admin,
      body: {
        idPerfil: perfil._id,
        productos: [
          { idProducto: arroz._id, cantidad: 3 },
          { idProducto: refresco._id, cantidad: 2 },
        ],
      },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toContain('inline; filename="etiquetas.pdf"');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(paginasDelPdf(r.rawPayload)).toBe(5);
    // 60×30 mm = 170.08×85.04 pt pages.
    expect(r.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 170\.07\d* 85\.03\d*\]/);

    const carta = await e.api({
      method: 'POST',
      url: '/api/perfil-barcode/etiquetas',
      token: admin,
      body: { papel: 'carta', productos: [{ idProducto: arroz._id, cantidad: 40 }] },
    });
    expect(carta.statusCode).toBe(200);
    expect(paginasDelPdf(carta.rawPayload)).toBe(2);
    expect(carta.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 612 792]');
  });

  it('errores: producto sin código, de otra empresa, sin productos; permisos', async () => {
    const sinCodigo = await insertarProducto(e, { nombre: 'Pan de agua', codigo: '0' });
    const r = await e.api({
      method: 'POST',
      url: '/api/perfil-barcode/etiquetas',
      token: admin,
      body: { productos: [{ idProducto: sinCodigo._id }] },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('El producto «Pan de agua» no tiene código de barras');
    const vacio = await e.api({
      method: 'POST',
      url: '/api/perfil-barcode/etiquetas',
      token: admin,
      body: { productos: [] },
    });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().errores).toContainEqual({
      campo: 'productos',
      mensaje: 'Debes elegir al menos un producto',
    });

    const ajeno = await insertarProducto(e, { nombre: 'De la empresa 2', codigo: 'AJENO-1', tenant: 2 });
    const otro = await e.api({
      method: 'POST',
      url: '/api/perfil-barcode/etiquetas',
      token: admin,
      body: { productos: [{ idProducto: ajeno._id }] },
    });
    expect(otro.statusCode).toBe(400);
    expect(otro.json().message).toBe('El producto no existe');
    const token2 = await e.login(2);
    const perfiles2 = await e.api({ method: 'GET', url: '/api/perfil-barcode/', tenant: 2, token: token2 });
    expect(perfiles2.json()).toEqual([]);

    await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: { username: 'cajero-etiquetas', password: 'clave-cajero-1' },
    });
    const cajero = await e.login(1, 'cajero-etiquetas', 'clave-cajero-1');
    const prohibido = await e.api({
      method: 'POST',
      url: '/api/perfil-barcode/etiquetas',
      token: cajero,
      body: { productos: [{ idProducto: arroz._id }] },
    });
    expect(prohibido.statusCode).toBe(403);
    expect(prohibido.headers['content-type']).toContain('application/json');
    expect((await crear({ nombre: 'x' }, cajero)).statusCode).toBe(403);
  });
});
