import type { z } from 'zod';

// What a form reads from the contract's request schemas, so that each rule lives once (architecture
// invariant 8): the maximum length of a text field and the message one value gets, the same the server
// answers.

type Definicion = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
};

const definicionDe = (esquema: z.ZodType) => (esquema as unknown as { _zod: { def: Definicion } })._zod.def;

/** The schemas a value passes through in `esquema`: wrappers (default, optional, pipe…) unwrapped. */
function hojas(esquema: z.ZodType): z.ZodType[] {
  const def = definicionDe(esquema);
  if (def.innerType) {
    return hojas(def.innerType);
  }
  if (def.type === 'pipe' && def.in && def.out) {
    return [...hojas(def.in), ...hojas(def.out)];
  }
  if (def.type === 'union' && def.options) {
    return def.options.flatMap(hojas);
  }
  if (def.type === 'intersection' && def.left && def.right) {
    return [...hojas(def.left), ...hojas(def.right)];
  }
  return [esquema];
}

/**
 * The schema of one field, by its path in the form («nombre», «smtp.usuario», «productos.0.cantidad»: a
 * number steps into a list's element or a tuple's item), or null if it has none.
 */
export function esquemaDeCampo(esquema: z.ZodType, ruta: string): z.ZodType | null {
  let actuales = [esquema];
  for (const parte of ruta.split('.')) {
    actuales = actuales.flatMap(hojas).flatMap((hoja) => {
      const def = definicionDe(hoja);
      const campo = /^\d+$/.test(parte) ? (def.items?.[Number(parte)] ?? def.element) : def.shape?.[parte];
      return campo ? [campo] : [];
    });
    if (actuales.length === 0) {
      return null;
    }
  }
  return actuales[0] ?? null;
}

/**
 * The maximum length the contract gives a text field. A text field without one is a contract defect
 * (every free text of a request has a maximum), so it fails loudly instead of letting the field grow.
 */
export function largoMaximo(esquema: z.ZodType, ruta: string): number {
  const campo = esquemaDeCampo(esquema, ruta);
  const maximos = (campo ? hojas(campo) : [])
    .map((hoja) => (hoja as { maxLength?: number | null }).maxLength)
    .filter((maximo): maximo is number => typeof maximo === 'number');
  if (maximos.length === 0) {
    throw new Error(`El contrato no da un largo máximo a «${ruta}»`);
  }
  return Math.min(...maximos);
}

/** The contract's message for one value of one field (the first, as the server would answer), or null. */
export function errorDeCampo(esquema: z.ZodType, ruta: string, valor: unknown): string | null {
  const campo = esquemaDeCampo(esquema, ruta);
  if (!campo) {
    throw new Error(`El contrato no tiene el campo «${ruta}»`);
  }
  const resultado = campo.safeParse(valor);
  return resultado.success ? null : (resultado.error.issues[0]?.message ?? null);
}
