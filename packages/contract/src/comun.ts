import { z } from 'zod';

/** Spanish messages for every zod failure, on the server and in the browser. */
z.config(z.locales.es());

export const Vacio = z.undefined().or(z.null()).or(z.object({}).strict());
export type Vacio = z.infer<typeof Vacio>;

export const ParamsId = z.object({ id: z.uuid({ error: 'El identificador no es válido' }) });
export type ParamsId = z.infer<typeof ParamsId>;

export const SinParams = z.object({});

/** The one error shape of the API (architecture invariant 8). */
export const ErrorApi = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    errores: z.array(z.object({ campo: z.string(), mensaje: z.string() })).optional(),
  })
  .loose();
export type ErrorApi = z.infer<typeof ErrorApi>;

export const Mensaje = z.object({ message: z.string() });

/** Every create carries one, generated once per form or offline document (architecture invariant 4). */
export const IdentificadorUnico = z
  .string({ error: 'Falta el identificadorUnico del documento' })
  .trim()
  .min(8, 'El identificadorUnico debe tener al menos 8 caracteres')
  .max(100, 'El identificadorUnico no puede tener más de 100 caracteres')
  .refine((valor) => !valor.includes('\u0000'), 'El identificadorUnico no puede contener el carácter nulo');

/** Pagination of the spec's list calls: `page` from 1 and `limit`. */
export const Paginacion = z.object({
  page: z.coerce.number().int().min(1, 'La página empieza en 1').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500, 'No se pueden pedir más de 500 filas por página')
    .default(10),
});

/** An offline document the server refused, with the reason the POS shows in its pending panel. */
export const DocumentoRechazado = z.object({
  identificadorUnico: z.string(),
  message: z.string(),
  errores: z.array(z.object({ campo: z.string(), mensaje: z.string() })).optional(),
  /** The flags of the refusal (estadoDelTurno, productoBajoStock, excedeLimiteDeCredito …). */
  datos: z.record(z.string(), z.unknown()).optional(),
});
export type DocumentoRechazado = z.output<typeof DocumentoRechazado>;
