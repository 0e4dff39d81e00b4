import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../../testing/entorno.ts';
import { MENSAJE_SOLO_OPERADORA } from './importacionRnc.routes.ts';

function linea(rnc: string, nombre: string): string {
  return [
    rnc,
    nombre,
    '',
    'COMERCIO',
    'C/ EL CONDE',
    '5',
    'ZONA COLONIAL',
    '',
    '01/02/2015',
    'ACTIVO',
    'NORMAL',
  ].join('|');
}

function formulario(campo: string, contenido: Buffer) {
  const frontera = '----prueba-rnc';
  const cuerpo = Buffer.concat([
    Buffer.from(
      `--${frontera}\r\nContent-Disposition: form-data; name="${campo}"; filename="DGII_RNC.TXT"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    contenido,
    Buffer.from(`\r\n--${frontera}--\r\n`),
  ]);
  return { cuerpo, tipo: `multipart/form-data; boundary=${frontera}` };
}

describe.each(MOTORES)('POST /rnc-info/importar (%s)', (motor) => {
  let e: Entorno;
  let operador: string;
  let demo: string;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    operador = await e.login(2);
    demo = await e.login(1);
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  function subir(tenant: number, token: string | undefined, campo: string, contenido: Buffer) {
    const { cuerpo, tipo } = formulario(campo, contenido);
    return e.api({
      method: 'POST',
      url: '/api/rnc-info/importar',
      tenant,
      ...(token ? { token } : {}),
      headers: { 'content-type': tipo },
      body: cuerpo,
    });
  }

  it('la empresa operadora sube el archivo y todas las empresas consultan el registro', async () => {
    const contenido = Buffer.from(
      [linea('101850043', 'FERRETERÍA ÑOÑO SRL'), linea('00113918205', 'JUAN PÉREZ'), 'rota|x'].join('\r\n'),
      'latin1',
    );
    const r = await subir(2, operador, 'archivo', contenido);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ lineas: 3, importadas: 2, descartadas: 1 });
    expect(r.json().segundos).toBeGreaterThanOrEqual(0);
    const consulta = await e.api({ method: 'GET', url: '/api/rnc-info/101850043', token: demo });
    expect(consulta.json().nombre).toBe('FERRETERÍA ÑOÑO SRL');
  });

  it('otra empresa no puede reemplazar el registro común', async () => {
    const r = await subir(1, demo, 'archivo', Buffer.from(linea('131246796', 'OTRA SRL')));
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(MENSAJE_SOLO_OPERADORA);
    expect((await e.api({ method: 'GET', url: '/api/rnc-info/131246796', token: demo })).statusCode).toBe(
      404,
    );
  });

  it('sin sesión, sin archivo, con otro campo o con otro formato responde en español', async () => {
    expect((await subir(2, undefined, 'archivo', Buffer.from('x'))).statusCode).toBe(401);
    const otroCampo = await subir(2, operador, 'avatar', Buffer.from(linea('131246796', 'OTRA SRL')));
    expect(otroCampo.statusCode).toBe(400);
    expect(otroCampo.json().message).toBe('Envía el archivo DGII_RNC.TXT en el campo archivo.');
    const json = await e.api({
      method: 'POST',
      url: '/api/rnc-info/importar',
      tenant: 2,
      token: operador,
      body: { archivo: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const otroFormato = await subir(2, operador, 'archivo', Buffer.from('rnc;nombre\n1;x\n'));
    expect(otroFormato.statusCode).toBe(400);
    expect(otroFormato.json().message).toMatch(/^El archivo no tiene el formato del registro de RNC/);
    // The failed upload left the previous registry in place.
    const sigue = await e.api({ method: 'GET', url: '/api/rnc-info/00113918205', token: demo });
    expect(sigue.json().nombre).toBe('JUAN PÉREZ');
  });
});
