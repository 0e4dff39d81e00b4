import type { z } from 'zod';

/** A Mantine `validate` function from a contract schema: the form checks exactly what the server checks. */
export function resolverZod<T>(esquema: z.ZodType): (valores: T) => Record<string, string> {
  return (valores) => {
    const resultado = esquema.safeParse(valores);
    const errores: Record<string, string> = {};
    if (!resultado.success) {
      for (const issue of resultado.error.issues) {
        errores[issue.path.join('.')] ??= issue.message;
      }
    }
    return errores;
  };
}

/** A fresh identificadorUnico for a create form (architecture invariant 4). */
export function nuevoIdentificador(): string {
  return crypto.randomUUID();
}
