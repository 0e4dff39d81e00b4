import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES, PASSWORD_ADMIN } from '../../testing/entorno.ts';

describe.each(MOTORES)('autenticación (%s)', (motor) => {
  let e: Entorno;
  beforeAll(async () => {
    e = await crearEntorno(motor);
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('POST /auth/login devuelve un token Bearer que abre /profile', async () => {
    const token = await e.login();
    expect(token).toMatch(/^1\.[0-9a-f-]{36}\.[\w-]+$/);
    const perfil = await e.api({ method: 'GET', url: '/api/profile', token });
    expect(perfil.statusCode).toBe(200);
    const cuerpo = perfil.json();
    expect(cuerpo.username).toBe('admin');
    expect(cuerpo.tenantId).toBe(1);
    expect(cuerpo.privilegios.usuarios).toEqual({ acceso: true, crear: true, modificar: true, ver: true });
    expect(cuerpo.privilegios.puntoDeVentas.verExistenciaDelInventario).toBe(true);
    // A restriction, not a grant: the administrator sees the POS menu (spec 000 §2).
    expect(cuerpo.privilegios.puntoDeVentas.verSoloPedidos).toBe(false);
    expect(JSON.stringify(cuerpo)).not.toMatch(/scrypt|password/i);
  });

  it('credenciales incorrectas: 401 con mensaje en español, sin distinguir usuario inexistente', async () => {
    const mala = await e.api({
      method: 'POST',
      url: '/api/auth/login',
      body: { username: 'admin', password: 'x' },
    });
    expect(mala.statusCode).toBe(401);
    expect(mala.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Usuario o contraseña incorrectos.',
    });
    const inexistente = await e.api({
      method: 'POST',
      url: '/api/auth/login',
      body: { username: 'nadie', password: 'x' },
    });
    expect(inexistente.statusCode).toBe(401);
    expect(inexistente.json().message).toBe(mala.json().message);
  });

  it('los nombres de usuario son por empresa: admin de la empresa 2 no entra con la clave en la 1 si no existe allí', async () => {
    const token2 = await e.login(2);
    expect(token2.startsWith('2.')).toBe(true);
    const noExiste = await e.api({
      method: 'POST',
      url: '/api/auth/login',
      tenant: 99,
      body: { username: 'admin', password: PASSWORD_ADMIN },
    });
    expect(noExiste.statusCode).toBe(404);
    expect(noExiste.json().message).toBe('No existe la empresa 99.');
  });

  it('validación del cuerpo: 400 con el campo que falla', async () => {
    const r = await e.api({ method: 'POST', url: '/api/auth/login', body: { username: '' } });
    expect(r.statusCode).toBe(400);
    const cuerpo = r.json();
    expect(cuerpo.errores).toEqual(
      expect.arrayContaining([
        { campo: 'username', mensaje: 'El usuario es obligatorio' },
        { campo: 'password', mensaje: 'La contraseña es obligatoria' },
      ]),
    );
  });

  it('tras 5 fallos seguidos el usuario queda bloqueado 15 minutos, incluso con la clave correcta', async () => {
    const crear = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: await e.login(),
      body: { username: 'cajera', password: 'clave-cajera-1' },
    });
    expect(crear.statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      const r = await e.api({
        method: 'POST',
        url: '/api/auth/login',
        body: { username: 'cajera', password: `mala-${i}` },
      });
      expect(r.statusCode).toBe(401);
    }
    // Four failures do not block yet: the right password still works and clears the counter.
    expect(
      (
        await e.api({
          method: 'POST',
          url: '/api/auth/login',
          body: { username: 'cajera', password: 'clave-cajera-1' },
        })
      ).statusCode,
    ).toBe(200);
    for (let i = 0; i < 5; i++) {
      const r = await e.api({
        method: 'POST',
        url: '/api/auth/login',
        body: { username: 'cajera', password: `mala-${i}` },
      });
      expect(r.statusCode).toBe(401);
    }
    const bloqueado = await e.api({
      method: 'POST',
      url: '/api/auth/login',
      body: { username: 'CAJERA', password: 'clave-cajera-1' },
    });
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json().message).toMatch(/^Demasiados intentos fallidos\. Espera 15 minutos/);
    // Another user from the same address is not blocked: five failures are far from the address limit.
    expect(
      (
        await e.api({
          method: 'POST',
          url: '/api/auth/login',
          body: { username: 'admin', password: PASSWORD_ADMIN },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('POST /auth/logout revoca el token en todas partes', async () => {
    const token = await e.login(2);
    expect(
      (await e.api({ method: 'POST', url: '/api/users/varlidar-token/', tenant: 2, token })).statusCode,
    ).toBe(200);
    const salir = await e.api({
      method: 'POST',
      url: '/api/auth/logout',
      tenant: 2,
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(salir.statusCode).toBe(200);
    for (const url of ['/api/profile', '/api/users/', '/api/general/1001']) {
      const r = await e.api({ method: 'GET', url, tenant: 2, token });
      expect(r.statusCode).toBe(401);
    }
    expect(
      (await e.api({ method: 'POST', url: '/api/users/varlidar-token/', tenant: 2, token })).statusCode,
    ).toBe(401);
  });

  it('varlidar-token: 401 sin token, con token inventado o alterado', async () => {
    const token = await e.login(2);
    const alterado = `${token.slice(0, -2)}xx`;
    for (const t of [undefined, 'basura', '2.00000000-0000-0000-0000-000000000000.abc', alterado]) {
      const r = await e.api({ method: 'POST', url: '/api/users/varlidar-token/', tenant: 2, token: t });
      expect(r.statusCode).toBe(401);
    }
  });

  // Last: it blocks this address for the rest of the suite.
  it('una dirección con 20 fallos queda bloqueada para todos los usuarios', async () => {
    const desde = { 'x-real-ip': 'ignorada' };
    for (let i = 0; i < 20; i++) {
      await e.api({
        method: 'POST',
        url: '/api/auth/login',
        tenant: 2,
        body: { username: `u${i}`, password: 'x' },
        headers: desde,
      });
    }
    const r = await e.api({
      method: 'POST',
      url: '/api/auth/login',
      tenant: 2,
      body: { username: 'admin', password: PASSWORD_ADMIN },
    });
    expect(r.statusCode).toBe(429);
  });
});
