import type { Endpoint } from '@pos/contract';
import type { z } from 'zod';

/** A failed API call, carrying the server's Spanish message. */
export class ErrorDeApi extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, mensaje: string) {
    super(mensaje);
    this.statusCode = statusCode;
  }
}

type Sesion = { tenantId: number; token?: string };

/** Calls one endpoint of the contract under /api with the tenantId header and the bearer token. */
export async function api<E extends Endpoint>(
  endpoint: E,
  sesion: Sesion,
  body?: z.input<E['body']>,
): Promise<z.output<E['respuesta']>> {
  const cabeceras: Record<string, string> = { tenantId: String(sesion.tenantId) };
  if (sesion.token) {
    cabeceras.authorization = `Bearer ${sesion.token}`;
  }
  if (body !== undefined) {
    cabeceras['content-type'] = 'application/json';
  }
  const respuesta = await fetch(`/api${endpoint.path}`, {
    method: endpoint.method,
    headers: cabeceras,
    body: body === undefined ? null : JSON.stringify(body),
  });
  const cuerpo: unknown = await respuesta.json().catch(() => null);
  if (!respuesta.ok) {
    const mensaje =
      typeof cuerpo === 'object' &&
      cuerpo !== null &&
      'message' in cuerpo &&
      typeof cuerpo.message === 'string'
        ? cuerpo.message
        : `Error ${respuesta.status}`;
    console.error(`${endpoint.method} ${endpoint.path}: ${mensaje}`);
    throw new ErrorDeApi(respuesta.status, mensaje);
  }
  return endpoint.respuesta.parse(cuerpo) as z.output<E['respuesta']>;
}
