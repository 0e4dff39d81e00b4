import { sql } from 'drizzle-orm';
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

  it('un carácter nulo en el usuario o la clave: 400 que nombra el campo, sin llegar a la base', async () => {
    for (const campo of ['username', 'password'] as const) {
      const body = { username: 'admin', password: PASSWORD_ADMIN, [campo]: 'ad\u0000min' };
      const r = await e.api({ method: 'POST', url: '/api/auth/login', body });
      expect(r.statusCode).toBe(400);
      expect(r.json().errores).toEqual([{ campo, mensaje: 'No puede contener el carácter nulo (\\u0000)' }]);
    }
  });

  /** A sign-in from a given address (inject's remoteAddress is the request's ip without a proxy). */
  function entrar(username: string, password: string, ip: string, tenant = 1) {
    return e.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { tenantId: String(tenant) },
      payload: { username, password },
      remoteAddress: ip,
    });
  }

  // Ends the current wait of a (username, address) pair, as if its time had passed: no timed tests.
  async function pasarLaEspera(usuario: string, ip: string) {
    await e.db.enEmpresa(1, (tx) =>
      tx.execute(sql`update fallos_de_acceso set espera_hasta = now() - interval '1 second'
                     where usuario = ${usuario} and ip = ${ip}`),
    );
  }

  const ATACANTE = '203.0.113.7';
  const TIENDA = '198.51.100.20';

  it('fallos desde una dirección hacen esperar solo a esa dirección, cada vez más; la clave correcta entra desde otra', async () => {
    const crear = await e.api({
      method: 'POST',
      url: '/api/users/',
      token: await e.login(),
      body: { username: 'cajera', password: 'clave-cajera-1' },
    });
    expect(crear.statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await entrar('cajera', `mala-${i}`, TIENDA)).statusCode).toBe(401);
    }
    // Four failures cost nothing: the right password still works and clears this address's count.
    expect((await entrar('cajera', 'clave-cajera-1', TIENDA)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await entrar('cajera', `mala-${i}`, TIENDA)).statusCode).toBe(401);
    }
    expect((await entrar('cajera', 'clave-cajera-1', TIENDA)).statusCode).toBe(200);

    // The attacker's fifth failure makes that address wait 30 seconds for this username...
    for (let i = 0; i < 5; i++) {
      expect((await entrar('CAJERA', `mala-${i}`, ATACANTE)).statusCode).toBe(401);
    }
    const espera = await entrar('cajera', 'clave-cajera-1', ATACANTE);
    expect(espera.statusCode).toBe(429);
    expect(espera.json().message).toMatch(
      /^Demasiados intentos fallidos\. Espera (29|30) segundos e intenta de nuevo\.$/,
    );
    // ...while the cashier signs in from the shop, and the attacker's address may sign in as another user.
    expect((await entrar('cajera', 'clave-cajera-1', TIENDA)).statusCode).toBe(200);
    expect((await entrar('admin', PASSWORD_ADMIN, ATACANTE)).statusCode).toBe(200);
    // The cashier's right password elsewhere does not free the attacker's address.
    expect((await entrar('cajera', 'mala', ATACANTE)).statusCode).toBe(429);

    // Each further failure doubles the wait: 1 minute, then 2.
    const esperas: number[] = [];
    for (const texto of ['1 minuto', '2 minutos']) {
      await pasarLaEspera('cajera', ATACANTE);
      expect((await entrar('cajera', 'otra-mala', ATACANTE)).statusCode).toBe(401);
      const r = await entrar('cajera', 'otra-mala', ATACANTE);
      expect(r.statusCode).toBe(429);
      expect(r.json().message).toBe(`Demasiados intentos fallidos. Espera ${texto} e intenta de nuevo.`);
      esperas.push(r.json().segundosDeEspera);
    }
    expect(esperas[0]).toBeGreaterThan(55);
    expect(esperas[1]).toBeGreaterThan(115);
    expect(esperas[1]).toBeLessThanOrEqual(120);
  });

  it('PUT /users/desbloquear/{id}: quien puede modificar usuarios borra la espera; GET /users/{id} la muestra', async () => {
    const admin = await e.login();
    const lista = (await e.api({ method: 'GET', url: '/api/users/', token: admin })).json();
    const cajera = lista.find((u: { username: string }) => u.username === 'cajera');
    const detalle = (await e.api({ method: 'GET', url: `/api/users/${cajera._id}`, token: admin })).json();
    expect(detalle.accesosFallidos.fallos).toBeGreaterThanOrEqual(7);
    expect(Date.parse(detalle.accesosFallidos.esperaHasta)).toBeGreaterThan(Date.now());

    // Seeing users is not enough to unlock one.
    await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: {
        username: 'auditora',
        password: 'clave-auditora',
        privilegios: { usuarios: { acceso: true, ver: true } },
      },
    });
    const auditora = await e.login(1, 'auditora', 'clave-auditora');
    const sinPermiso = await e.api({
      method: 'PUT',
      url: `/api/users/desbloquear/${cajera._id}`,
      token: auditora,
    });
    expect(sinPermiso.statusCode).toBe(403);
    expect(sinPermiso.json().message).toBe('No tienes permiso para modificar en Usuarios.');
    expect((await entrar('cajera', 'clave-cajera-1', ATACANTE)).statusCode).toBe(429);

    const libre = await e.api({ method: 'PUT', url: `/api/users/desbloquear/${cajera._id}`, token: admin });
    expect(libre.statusCode).toBe(200);
    expect(libre.json().message).toBe('Usuario «cajera» desbloqueado.');
    const despues = (await e.api({ method: 'GET', url: `/api/users/${cajera._id}`, token: admin })).json();
    expect(despues.accesosFallidos).toEqual({ fallos: 0, esperaHasta: null });
    expect((await entrar('cajera', 'clave-cajera-1', ATACANTE)).statusCode).toBe(200);
  });

  it('muchos intentos por segundo desde un mismo equipo esperan su turno: una ráfaga no se salta la espera', async () => {
    const ip = '203.0.113.99';
    const respuestas = await Promise.all(
      Array.from({ length: 12 }, (_, i) => entrar('admin', `rafaga-${i}`, ip)),
    );
    const codigos = respuestas.map((r) => r.statusCode).sort();
    expect(codigos.filter((c) => c === 401)).toHaveLength(5);
    expect(codigos.filter((c) => c === 429)).toHaveLength(7);
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

  it('una dirección con 100 fallos espera 15 minutos, salvo los usuarios que ya entraron desde ella', async () => {
    const inundada = '192.0.2.50';
    const admin = await e.login();
    await e.api({
      method: 'POST',
      url: '/api/users/',
      token: admin,
      body: { username: 'nuevo-cajero', password: 'clave-nuevo-1' },
    });
    expect((await entrar('admin', PASSWORD_ADMIN, inundada)).statusCode).toBe(200);
    // Password spraying: one guess for each of many usernames, none of them waits on its own.
    for (let i = 0; i < 100; i++) {
      expect((await entrar(`u${i}`, 'clave-comun', inundada)).statusCode).toBe(401);
    }
    const nuevo = await entrar('nuevo-cajero', 'clave-nuevo-1', inundada);
    expect(nuevo.statusCode).toBe(429);
    expect(nuevo.json().message).toBe(
      'Demasiados intentos fallidos desde esta dirección. Espera 15 minutos e intenta de nuevo.',
    );
    // A user who already signed in from this address still gets in; other addresses are not touched.
    expect((await entrar('admin', PASSWORD_ADMIN, inundada)).statusCode).toBe(200);
    expect((await entrar('nuevo-cajero', 'clave-nuevo-1', TIENDA)).statusCode).toBe(200);
  });
});
