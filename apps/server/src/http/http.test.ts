import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../testing/entorno.ts';

describe.each(MOTORES)('HTTP: encabezado de empresa, forma de los errores (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('sin encabezado tenantId o con uno mal formado: 400', async () => {
    for (const tenant of [null, 'abc', '0', '-1', '1.5', '']) {
      const r = await e.api({ method: 'GET', url: '/api/tenant/api-test', tenant });
      expect(r.statusCode, String(tenant)).toBe(400);
      expect(r.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Falta el encabezado tenantId o no es un número de empresa válido.',
        errores: [{ campo: 'tenantId', mensaje: 'Debe ser el número de la empresa' }],
      });
    }
  });

  it('un token de otra empresa: 403 en cualquier ruta no pública', async () => {
    const token2 = await e.login(2);
    for (const [method, url] of [
      ['GET', '/api/profile'],
      ['GET', '/api/users/'],
      ['GET', '/api/general/1001'],
      ['POST', '/api/users/varlidar-token/'],
    ] as const) {
      const r = await e.api({ method, url, tenant: 1, token: token2 });
      expect(r.statusCode, url).toBe(403);
      expect(r.json().message).toBe('La sesión pertenece a otra empresa.');
    }
  });

  it('sin token: 401 en rutas con sesión', async () => {
    const r = await e.api({ method: 'GET', url: '/api/profile' });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Debes iniciar sesión.' });
  });

  it('JSON inválido, tipos equivocados, cuerpo enorme e identificadores desconocidos: 4xx claros, nunca 500', async () => {
    const invalido = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: '{"username": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().message).toBe('El cuerpo de la solicitud no es un JSON válido.');

    const tipos = await e.api({ method: 'POST', url: '/api/users/', token: admin, body: [1, 2, 3] });
    expect(tipos.statusCode).toBe(400);
    expect(tipos.json().errores[0].campo).toBe('cuerpo');

    const enorme = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: { username: 'grande', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(enorme.statusCode).toBe(413);
    expect(enorme.json().message).toBe('El cuerpo de la solicitud es demasiado grande.');

    const idMalo = await e.api({ method: 'GET', url: '/api/users/123', token: admin });
    expect(idMalo.statusCode).toBe(400);
    expect(idMalo.json().errores).toEqual([{ campo: 'id', mensaje: 'El identificador no es válido' }]);

    const desconocido = await e.api({
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000',
      token: admin,
    });
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'El usuario no existe.',
    });

    const texto = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: 'username=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(texto.statusCode).toBe(400);
    expect(texto.json().message).toBe('Tipo de contenido no admitido; envíe application/json.');

    const sinRuta = await e.api({ method: 'GET', url: '/api/no-existe', token: admin });
    expect(sinRuta.statusCode).toBe(404);
    expect(sinRuta.json().message).toBe('No existe la ruta GET /api/no-existe.');

    expect(
      (await e.api({ method: 'GET', url: '/api/users/', token: admin }))
        .json()
        .map((u: { username: string }) => u.username),
    ).toEqual(['admin']);
  });
});
