import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError, cuerpoDeError } from './errors.ts';

/** Vite's output folder of the built app: every name in it carries its content hash. */
const CARPETA_CON_HASH = 'assets';

// A hashed file never changes under its name, so the browser keeps it a year without asking again. The
// rest (index.html, sw.js, the Workbox runtime) names the current version: the browser revalidates it on
// every load (no-cache still allows a 304), so a deployment is seen at once and the service worker's
// update check (app/actualizacion) is never answered from a stale copy.
export const CACHE_CON_HASH = 'public, max-age=31536000, immutable';
export const CACHE_SIN_HASH = 'no-cache';

function cacheDe(webDir: string, archivo: string): string {
  const ruta = relative(resolve(webDir), resolve(archivo));
  return ruta.startsWith(`${CARPETA_CON_HASH}${sep}`) ? CACHE_CON_HASH : CACHE_SIN_HASH;
}

/**
 * The built web app (when `webDir` holds one) on every path outside /api, and the 404 of the API.
 * The build leaves brotli and gzip copies beside each file (`npm run build`); the one the browser
 * accepts is sent, else the plain file.
 */
export async function servirWeb(app: FastifyInstance, webDir: string | undefined): Promise<void> {
  const hayWeb = webDir !== undefined && existsSync(join(webDir, 'index.html'));
  if (webDir !== undefined && hayWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      // One route per built file, so any other path reaches the history fallback below.
      wildcard: false,
      // The compressed copies are variants of their file, not paths of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, archivo) => {
        reply.header('cache-control', cacheDe(webDir, archivo));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const ruta = request.url.split('?')[0] ?? '';
    // A missing built file (an old tab asking for a chunk of a previous deployment) is a 404, not the
    // app's page: a script answered with HTML fails with an obscure MIME error.
    const esArchivo = ruta.startsWith(`/${CARPETA_CON_HASH}/`);
    if (ruta === '/api' || ruta.startsWith('/api/') || esArchivo || !hayWeb || request.method !== 'GET') {
      const cuerpo = cuerpoDeError(
        new AppError('no_encontrado', `No existe la ruta ${request.method} ${ruta}.`),
      );
      return reply.status(404).send(cuerpo);
    }
    // History fallback: the web app's router owns every other path.
    return reply.type('text/html').sendFile('index.html');
  });
}
