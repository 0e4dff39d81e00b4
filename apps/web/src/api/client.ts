import type { Endpoint } from '@pos/contract';
import type { z } from 'zod';
import { leerSesion } from '../app/sesion.ts';

/** Base of the API; `VITE_API_URL` points the web app at another server. */
export const URL_API: string = import.meta.env.VITE_API_URL ?? '/api';

export type CampoConError = { campo: string; mensaje: string };

/** A failed API call: the server's Spanish message, its status and, for validation, the failing fields. */
export class ErrorDeApi extends Error {
  readonly statusCode: number;
  readonly errores: CampoConError[];
  /** The flags the server sends next to the message (estadoDelTurno, productoBajoStock, …). */
  readonly datos: Record<string, unknown>;
  constructor(
    statusCode: number,
    mensaje: string,
    errores: CampoConError[] = [],
    datos: Record<string, unknown> = {},
  ) {
    super(mensaje);
    this.name = 'ErrorDeApi';
    this.statusCode = statusCode;
    this.errores = errores;
    this.datos = datos;
  }
}

type Entrada<E extends Endpoint> = {
  body?: z.input<E['body']>;
  params?: z.input<E['params']>;
  /** The query string of GET lists (`?page=1&limit=10`). */
  query?: Record<string, string | number | boolean | undefined>;
  /** Overrides the company of the session (public pages take it from `?lista=`). */
  tenantId?: number;
  /** Overrides the session's token (sign-out calls logout after the session is gone). */
  token?: string;
  signal?: AbortSignal;
  /**
   * Skips checking the answer against the contract: only for the offline catalogue download, whose
   * 100,000 products the server already shaped by the same schema and whose parse would take seconds.
   */
  sinValidar?: boolean;
};

/** Whether a call failed for lack of an answer (no network, server down), not by the server's refusal. */
export function esSinRespuesta(error: unknown): boolean {
  return error instanceof ErrorDeApi && error.statusCode === 0;
}

/** Listeners told about a 401 on an authenticated call (the session is no longer valid). */
const alPerderSesion = new Set<() => void>();
export function escucharSesionInvalida(fn: () => void): () => void {
  alPerderSesion.add(fn);
  return () => alPerderSesion.delete(fn);
}

function rutaConParametros(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, nombre: string) => encodeURIComponent(String(params?.[nombre] ?? '')));
}

/** The tenant of public pages: `?lista=` in the address. */
export function tenantDeLaUrl(): number | undefined {
  const lista = new URLSearchParams(window.location.search).get('lista');
  return lista && /^[1-9]\d{0,8}$/.test(lista) ? Number(lista) : undefined;
}

/** Calls one endpoint of the contract: tenantId header, bearer token, JSON, typed answer or `ErrorDeApi`. */
export async function api<E extends Endpoint>(
  endpoint: E,
  entrada: Entrada<E> = {},
): Promise<z.output<E['respuesta']>> {
  const sesion = leerSesion();
  const tenantId = entrada.tenantId ?? sesion?.tenantId ?? tenantDeLaUrl();
  const cabeceras: Record<string, string> = {};
  if (tenantId !== undefined) {
    cabeceras.tenantId = String(tenantId);
  }
  const token =
    entrada.token ??
    (entrada.tenantId === undefined || entrada.tenantId === sesion?.tenantId ? sesion?.token : undefined);
  if (token) {
    cabeceras.authorization = `Bearer ${token}`;
  }
  if (entrada.body !== undefined) {
    cabeceras['content-type'] = 'application/json';
  }
  const busqueda = new URLSearchParams();
  for (const [clave, valor] of Object.entries(entrada.query ?? {})) {
    if (valor !== undefined && valor !== '') {
      busqueda.set(clave, String(valor));
    }
  }
  const consulta = busqueda.size > 0 ? `?${busqueda}` : '';
  const url = `${URL_API}${rutaConParametros(endpoint.path, entrada.params as Record<string, unknown> | undefined)}${consulta}`;
  let respuesta: Response;
  try {
    respuesta = await fetch(url, {
      method: endpoint.method,
      headers: cabeceras,
      body: entrada.body === undefined ? null : JSON.stringify(entrada.body),
      signal: entrada.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw error;
    }
    console.error(`${endpoint.method} ${url}:`, error);
    throw new ErrorDeApi(0, 'No hay conexión con el servidor. Revisa tu internet e intenta de nuevo.');
  }
  const cuerpo: unknown = await respuesta.json().catch(() => null);
  if (!respuesta.ok) {
    const { message, errores } = (cuerpo ?? {}) as { message?: unknown; errores?: CampoConError[] };
    const mensaje =
      typeof message === 'string' ? message : `El servidor respondió con el error ${respuesta.status}.`;
    // A 4xx is an answer the screen shows (an unknown code, a wrong password, a rule refused): not a
    // fault to log. Only the server's own failures are.
    if (respuesta.status >= 500) {
      console.error(`${endpoint.method} ${url}: ${respuesta.status} ${mensaje}`);
    }
    if (respuesta.status === 401 && cabeceras.authorization) {
      for (const fn of alPerderSesion) {
        fn();
      }
    }
    throw new ErrorDeApi(
      respuesta.status,
      mensaje,
      Array.isArray(errores) ? errores : [],
      typeof cuerpo === 'object' && cuerpo !== null ? (cuerpo as Record<string, unknown>) : {},
    );
  }
  return (entrada.sinValidar ? cuerpo : endpoint.respuesta.parse(cuerpo)) as z.output<E['respuesta']>;
}
