import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { crearEntorno, type Entorno, MOTORES } from '../testing/entorno.ts';
import { clave, rutasRegistradas, urlConParametros } from './tablaDeRutas.ts';

// The only calls answered without a session: signing in, the health check, the images <img> reads and
// the public catalogue (docs/catalogo.md), and a company's self sign-up (modules/registro, limited per address).
const PUBLICAS = [
  'GET /api/archivos/tenant_:tenantId/:archivo',
  'GET /api/tenant/api-test',
  'POST /api/auth/login',
  'GET /api/publico/catalogo/empresa',
  'GET /api/publico/catalogo/secciones',
  'GET /api/publico/catalogo/categorias',
  'GET /api/publico/catalogo/productos',
  'POST /api/publico/catalogo/pedido',
  'POST /api/tenant/',
  // The booking page (docs/reservaciones.md).
  'POST /api/registro-productos/obtener-rangos-ocupados',
  'POST /api/registro-productos/servcios-reservables/',
  'POST /api/reservaciones/',
  'POST /api/reservaciones/consultar-disponibilidad',
];

describe.each(MOTORES)('seguridad de las solicitudes (%s)', (motor) => {
  let e: Entorno;
  let app: FastifyInstance;
  let carpeta: string;
  let token: string;

  beforeAll(async () => {
    e = await crearEntorno(motor);
    carpeta = mkdtempSync(join(tmpdir(), 'seguridad-'));
    // A stand-in for the built web app: its page and one hashed asset.
    const web = join(carpeta, 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><script type="module" src="/assets/app.js"></script>',
    );
    writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1);');
    app = await buildApp({ db: e.db, archivosDir: join(carpeta, 'archivos'), webDir: web });
    token = await e.login();
  });
  afterAll(async () => {
    await app?.close();
    await e?.cerrar();
    rmSync(carpeta, { recursive: true, force: true });
  });

  function perfil(portador: string) {
    return e.api({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${portador}` } });
  }

  it('toda respuesta lleva las cabeceras de seguridad: API, errores, la página y sus archivos', async () => {
    const respuestas = {
      api: await app.inject({ method: 'GET', url: '/api/tenant/api-test', headers: { tenantid: '1' } }),
      error: await app.inject({ method: 'GET', url: '/api/profile', headers: { tenantid: '1' } }),
      pagina: await app.inject({ method: 'GET', url: '/' }),
      historia: await app.inject({ method: 'GET', url: '/ventas/nueva' }),
      archivo: await app.inject({ method: 'GET', url: '/assets/app.js' }),
    };
    expect(respuestas.api.statusCode).toBe(200);
    expect(respuestas.error.statusCode).toBe(401);
    expect(respuestas.pagina.headers['content-type']).toContain('text/html');
    expect(respuestas.historia.headers['content-type']).toContain('text/html');
    expect(respuestas.archivo.headers['content-type']).toContain('javascript');
    for (const [cual, r] of Object.entries(respuestas)) {
      expect(r.headers['x-content-type-options'], cual).toBe('nosniff');
      expect(r.headers['x-frame-options'], cual).toBe('DENY');
      expect(r.headers['referrer-policy'], cual).toBe('no-referrer');
      const csp = String(r.headers['content-security-policy']);
      for (const directiva of [
        "default-src 'self'",
        "script-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'self' blob:",
        "img-src 'self' data: blob:",
      ]) {
        expect(csp, `${cual}: ${directiva}`).toContain(directiva);
      }
      expect(csp, cual).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp, cual).not.toContain('upgrade-insecure-requests');
    }
  });

  it('el token se lee estricto: nada antes, después ni en medio de sus tres partes', async () => {
    expect((await perfil(token)).statusCode).toBe(200);
    const [tenant, sesion, secreto] = token.split('.');
    for (const alterado of [
      `${token}.x`,
      `${token}.`,
      `${token}x`,
      `${tenant}.${sesion}.${secreto}.${secreto}`,
      `${tenant}.${sesion?.toUpperCase()}.${secreto}`,
      `0${tenant}.${sesion}.${secreto}`,
      `${tenant}..${sesion}.${secreto}`,
      `${tenant}.${sesion}.${secreto?.slice(0, -1)}`,
    ]) {
      const r = await perfil(alterado);
      expect(r.statusCode, alterado).toBe(401);
      expect(r.json().message, alterado).toBe('La sesión no es válida. Inicia sesión de nuevo.');
    }
  });

  it('sin un portador válido se responde 401 antes de leer el cuerpo', async () => {
    // JSON: no field errors for a caller who has not signed in, and not even a parse of the body.
    for (const payload of [{}, '{"roto":']) {
      const r = await e.api({
        method: 'POST',
        url: '/api/cliente/crear',
        body: payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Debes iniciar sesión.' });
    }
    const conTokenAlterado = await e.api({
      method: 'POST',
      url: '/api/cliente/crear',
      body: {},
      headers: { authorization: `Bearer ${token}.x` },
    });
    expect(conTokenAlterado.statusCode).toBe(401);
    // Multipart: a broken form is never parsed without a bearer.
    for (const url of [
      '/api/cliente/upload',
      '/api/registro-productos/import-xlsx',
      '/api/rnc-info/importar',
    ]) {
      const r = await app.inject({
        method: 'POST',
        url,
        headers: {
          tenantid: url.startsWith('/api/rnc') ? '2' : '1',
          'content-type': 'multipart/form-data; boundary=limite',
        },
        payload: '--limite\r\nesto no es un formulario',
      });
      expect(r.statusCode, url).toBe(401);
      expect(r.json().message, url).toBe('Debes iniciar sesión.');
    }
  });

  it('cada ruta que no es pública responde 401 sin sesión, con cualquier cuerpo', async () => {
    // The API's routes; the web app's files are public by nature.
    const rutas = rutasRegistradas(app).filter((r) => r.url.startsWith('/api/'));
    expect(rutas.map((r) => clave(r.metodo, r.url)).filter((k) => PUBLICAS.includes(k))).toEqual(
      expect.arrayContaining(PUBLICAS),
    );
    for (const { metodo, url } of rutas) {
      if (PUBLICAS.includes(clave(metodo, url))) {
        continue;
      }
      const r = await app.inject({
        method: metodo as 'POST',
        url: urlConParametros(url),
        headers: { tenantid: '1', 'content-type': 'application/json' },
        ...(metodo === 'GET' ? {} : { payload: '{"a":' }),
      });
      expect(r.statusCode, clave(metodo, url)).toBe(401);
    }
  });
});
