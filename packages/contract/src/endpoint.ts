import type { z } from 'zod';

export type Metodo = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
};

/** Declares an endpoint; `path` uses Fastify's `:param` syntax for the spec's `{param}`. */
export function endpoint<
  TBody extends z.ZodType,
  TRespuesta extends z.ZodType,
  TParams extends z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
>(definicion: Endpoint<TBody, TRespuesta, TParams, TQuery>): Endpoint<TBody, TRespuesta, TParams, TQuery> {
  return definicion;
}
