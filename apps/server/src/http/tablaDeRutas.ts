import type { Endpoint } from '@pos/contract';
import * as contrato from '@pos/contract';
import type { FastifyInstance } from 'fastify';

// For the tests that walk the whole API (read mode, bearer before body): every route the app really
// registered, multipart and file exports included, read from Fastify's own table rather than a list
// someone has to keep up to date.

export type RutaRegistrada = { metodo: string; url: string };

/**
 * Every method and path of the app, from `printRoutes` (one line per node of Fastify's tree, each
 * node's path continuing its parent's). HEAD, which Fastify adds for every GET, is left out.
 */
export function rutasRegistradas(app: FastifyInstance): RutaRegistrada[] {
  const rutas: RutaRegistrada[] = [];
  const caminos: string[] = [];
  for (const linea of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const partes = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(linea);
    if (!partes) {
      continue;
    }
    const nivel = (partes[1] ?? '').length / 4;
    caminos.length = nivel;
    const url = (caminos[nivel - 1] ?? '') + (partes[2] ?? '');
    caminos[nivel] = url;
    for (const metodo of (partes[3] ?? '').split(', ')) {
      if (metodo && metodo !== 'HEAD') {
        rutas.push({ metodo, url });
      }
    }
  }
  return rutas;
}

/** `METODO /api/ruta`, the key both lists use. */
export function clave(metodo: string, url: string): string {
  return `${metodo} ${url}`;
}

/** Every endpoint the contract declares, by `METODO /api/ruta`. */
export function endpointsDelContrato(): Map<string, Endpoint> {
  const endpoints = new Map<string, Endpoint>();
  const vistos = new Set<unknown>();
  const recorrer = (valor: unknown): void => {
    if (typeof valor !== 'object' || valor === null || vistos.has(valor) || '_zod' in valor) {
      return;
    }
    vistos.add(valor);
    const posible = valor as Partial<Endpoint>;
    if (typeof posible.method === 'string' && typeof posible.path === 'string') {
      endpoints.set(clave(posible.method, `/api${posible.path}`), posible as Endpoint);
      return;
    }
    for (const hijo of Object.values(valor)) {
      recorrer(hijo);
    }
  };
  for (const exportado of Object.values(contrato)) {
    recorrer(exportado);
  }
  return endpoints;
}

/** A concrete URL for a route: each `:parametro` becomes `valor`. */
export function urlConParametros(url: string, valor = '1'): string {
  return url.replace(/:[A-Za-z]+/g, valor);
}
