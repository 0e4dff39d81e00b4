/** The answer of a rule that can refuse: the value, or the Spanish message to show. */
export type Resultado<T> = { readonly ok: true; readonly valor: T } | Rechazo;

/** A refusal: the message the user sees, with an optional dialog title. */
export type Rechazo = { readonly ok: false; readonly mensaje: string; readonly titulo?: string };

/** Wraps an accepted value. */
export function aceptar<T>(valor: T): Resultado<T> {
  return { ok: true, valor };
}

/** Builds a refusal with its message (and dialog title, when the spec gives one). */
export function rechazar(mensaje: string, titulo?: string): Rechazo {
  return titulo === undefined ? { ok: false, mensaje } : { ok: false, mensaje, titulo };
}
