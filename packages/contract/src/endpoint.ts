import type { z } from 'zod';

export type Metodo = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a call does to the company's data, for the read-only mode of a suspended plan (spec 000 §4
 * "Plan"): 'lee' only reads (a list or a report the spec sends by POST), 'sesion' touches only the
 * caller's own session (login, logout, token check), 'escribe' creates, changes or removes.
 */
export type Efecto = 'lee' | 'sesion' | 'escribe';

/** One HTTP call of the spec: method, path under /api, and the zod schemas of its body and answer. */
export type Endpoint<
  TBody extends z.ZodType = z.ZodType,
  TRespuesta extends z.ZodType = z.ZodType,
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
> = {
  method: Metodo;
  path: string;
  body: TBody;
  params: TParams;
  /** The query string, for the GET lists that page (`?page=1&limit=10`). */
  query?: TQuery;
  respuesta: TRespuesta;
  /** Declared only where the method misleads: absent, a GET reads and any other method writes. */
  efecto?: Efecto;
};

/**
 * Whether a company whose plan is Suspendido may still make this call (spec 000 §4 "Plan": read mode
 * blocks creating and editing). Decided by the declared effect, never guessed from the path, so a new
 * POST is refused until someone declares that it only reads.
 */
export function permitidoEnModoLectura(definicion: Pick<Endpoint, 'method' | 'efecto'>): boolean {
  const efecto = definicion.efecto ?? (definicion.method === 'GET' ? 'lee' : 'escribe');
  return efecto !== 'escribe';
}

/** Declares an endpoint; `path` uses Fastify's `:param` syntax for the spec's `{param}`. */
export function endpoint<
  TBody extends z.ZodType,
  TRespuesta extends z.ZodType,
  TParams extends z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
>(definicion: Endpoint<TBody, TRespuesta, TParams, TQuery>): Endpoint<TBody, TRespuesta, TParams, TQuery> {
  return definicion;
}
