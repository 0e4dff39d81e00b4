import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { abrirBaseDeDatos, type BaseDeDatos } from '../db/client.ts';
import { CACHE_CON_HASH, CACHE_SIN_HASH } from './web.ts';

// A built app as `npm run build` leaves it: hashed files under assets/ with their brotli and gzip copies,
// and the unhashed entry points at the root. The static files never touch the database; the app needs one
// to be built.
const SCRIPT = `export const saludo = ${JSON.stringify('¡Hola! '.repeat(200))};\n`;
const HTML = '<!doctype html><html lang="es-DO"><body><div id="root"></div></body></html>';

describe('entrega de la app web: compresión y caché', () => {
  let dir: string;
  let db: BaseDeDatos;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), HTML);
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
    writeFileSync(join(dir, 'workbox-1a2b3c4d.js'), 'export {};');
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
    // A file too small to be worth compressing has no copies: it is sent as it is.
    writeFileSync(join(dir, 'assets', 'chico-Zz99Yy88.css'), 'a{color:red}');
    db = await abrirBaseDeDatos({});
    app = await buildApp({ db, webDir: dir });
  });
  afterAll(async () => {
    await app?.close();
    await db?.cerrar();
    rmSync(dir, { recursive: true, force: true });
  });

  const pedir = (url: string, codificacion?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: codificacion === undefined ? {} : { 'accept-encoding': codificacion },
    });

  it('un archivo con hash se envía en brotli si el navegador lo acepta, si no en gzip, si no tal cual', async () => {
    const br = await pedir('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 5);

    const gz = await pedir('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plano = await pedir('/assets/index-Ab12Cd34.js');
    expect(plano.headers['content-encoding']).toBeUndefined();
    expect(plano.body).toBe(SCRIPT);

    // The variant depends on the request's Accept-Encoding: a shared cache must know it.
    for (const r of [br, gz, plano]) {
      expect(r.headers.vary).toMatch(/accept-encoding/i);
    }
    const chico = await pedir('/assets/chico-Zz99Yy88.css', 'br, gzip');
    expect(chico.statusCode).toBe(200);
    expect(chico.headers['content-encoding']).toBeUndefined();
    expect(chico.body).toBe('a{color:red}');
  });

  it('lo que tiene hash se guarda un año sin volver a preguntar; index.html y el service worker se revalidan siempre', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/assets/chico-Zz99Yy88.css']) {
      for (const codificacion of ['br', 'gzip', undefined]) {
        const r = await pedir(url, codificacion);
        expect(r.headers['cache-control'], `${url} ${codificacion}`).toBe(CACHE_CON_HASH);
      }
    }
    expect(CACHE_CON_HASH).toBe('public, max-age=31536000, immutable');
    for (const url of ['/sw.js', '/workbox-1a2b3c4d.js', '/', '/vistas_pos/facturacion', '/index.html']) {
      const r = await pedir(url, 'br, gzip');
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe(CACHE_SIN_HASH);
    }
    expect(CACHE_SIN_HASH).toBe('no-cache');
    const pagina = await pedir('/vistas_pos/facturacion');
    expect(pagina.headers['content-type']).toMatch(/^text\/html/);
    expect(pagina.body).toBe(HTML);
  });

  it('un archivo que no existe bajo /assets/ y las copias comprimidas por su nombre: 404, nunca la página de la app', async () => {
    for (const url of [
      '/assets/FacturacionPage-viejo123.js',
      '/assets/index-Ab12Cd34.js.br',
      '/assets/index-Ab12Cd34.js.gz',
    ]) {
      const r = await pedir(url, 'br, gzip');
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type'], url).toMatch(/^application\/json/);
      expect(r.json().message).toBe(`No existe la ruta GET ${url}.`);
    }
    const api = await pedir('/api/no-existe');
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('No existe la ruta GET /api/no-existe.');
  });
});
