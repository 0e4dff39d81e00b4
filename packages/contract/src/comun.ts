import { z } from 'zod';

/** Spanish messages for every zod failure, on the server and in the browser. */
z.config(z.locales.es());

export const Vacio = z.undefined().or(z.null()).or(z.object({}).strict());
export type Vacio = z.infer<typeof Vacio>;

export const ParamsId = z.object({ id: z.uuid({ error: 'El identificador no es válido' }) });
export type ParamsId = z.infer<typeof ParamsId>;

export const SinParams = z.object({});

/** The one error shape of the API (architecture invariant 8). */
export const ErrorApi = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  errores: z.array(z.object({ campo: z.string(), mensaje: z.string() })).optional(),
});
export type ErrorApi = z.infer<typeof ErrorApi>;

export const Mensaje = z.object({ message: z.string() });
