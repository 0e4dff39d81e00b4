/** What a scanned or typed code asks for: which product, how many, and how. */
export type LecturaDeCodigo = {
  /** The product's code (idCodigoDeBarra) to look up. */
  readonly codigo: string;
  /** The quantity the code sets, when it sets one (scale label or `quantity-code`). */
  readonly cantidad?: number;
  /** Add the product as a package (prefix `PQT#`). */
  readonly paquete: boolean;
  /** The line is a custom item (scale labels: spec 000 §5). */
  readonly itemPersonalizado: boolean;
};

/** Scale label rules (spec 000 §9, 002 §9): length 13, prefixes 20/21/22/27, divisor 1000. */
export const CODIGO_DE_BALANZA = { longitud: 13, prefijos: ['20', '21', '22', '27'], divisor: 1000 } as const;

/** The spec's error for a check-digit computation over anything but 12 digits (spec 000 §5). */
export const MENSAJE_DOCE_DIGITOS = 'Debes tener 12 dígitos';

const PREFIJO_PAQUETE = 'PQT#';
const CANTIDAD_Y_CODIGO = /^(\d+(?:\.\d+)?)-(.+)$/;
const ID_DE_PRODUCTO = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Spec 000 §5, 002 §5: weights alternate 1 and 3 from the left over the first 12 digits; the
// check is 0 when the sum is a multiple of 10, else 10 minus the remainder.
/** The EAN-13 check digit of 12 digits; throws 'Debes tener 12 dígitos' for anything else. */
export function digitoVerificadorEan13(doceDigitos: string): number {
  if (!/^\d{12}$/.test(doceDigitos)) {
    throw new RangeError(MENSAJE_DOCE_DIGITOS);
  }
  let suma = 0;
  for (let indice = 0; indice < 12; indice++) {
    suma += Number(doceDigitos[indice]) * (indice % 2 === 0 ? 1 : 3);
  }
  return suma % 10 === 0 ? 0 : 10 - (suma % 10);
}

// Spec 000 §5, 002 §5: a scale label counts only when usoCodigoDeBalanza is on: 13 digits,
// prefix 20/21/22/27, a valid check digit. Positions 3-7 are the product code, positions 8-12
// the quantity in thousandths, and the line is a custom item. Anything else is a plain code.
/** Reads a scale label, or returns undefined when the code is not one. */
export function leerCodigoDeBalanza(codigo: string): LecturaDeCodigo | undefined {
  const { longitud, prefijos, divisor } = CODIGO_DE_BALANZA;
  const esEtiqueta =
    codigo.length === longitud &&
    /^\d+$/.test(codigo) &&
    prefijos.some((prefijo) => codigo.startsWith(prefijo)) &&
    digitoVerificadorEan13(codigo.slice(0, 12)) === Number(codigo[12]);
  if (!esEtiqueta) {
    return undefined;
  }
  return {
    codigo: codigo.slice(2, 7),
    cantidad: Number(codigo.slice(7, 12)) / divisor,
    paquete: false,
    itemPersonalizado: true,
  };
}

// Spec 000 §5: `PQT#code` adds the code as a package; `quantity-code` sets the quantity from
// the part before the dash. Order when combined (spec silent): `PQT#` first, then the dash;
// a part before the dash that is not a positive number leaves the dash in the code.
/** Parses what the scanner or the search box sent into a code, quantity and flags. */
export function leerCodigoDeBarras(
  entrada: string,
  opciones: { readonly usoCodigoDeBalanza: boolean },
): LecturaDeCodigo {
  const texto = entrada.trim();
  // A product _id (chosen from a list, or F7 re-adding a line) is taken as is: a first group of
  // digits before its dash is not a `quantity-code` (12345678-…: 12345678 units of «…»).
  if (ID_DE_PRODUCTO.test(texto)) {
    return { codigo: texto, paquete: false, itemPersonalizado: false };
  }
  const balanza = opciones.usoCodigoDeBalanza ? leerCodigoDeBalanza(texto) : undefined;
  if (balanza !== undefined) {
    return balanza;
  }
  const paquete = texto.toUpperCase().startsWith(PREFIJO_PAQUETE);
  const resto = paquete ? texto.slice(PREFIJO_PAQUETE.length) : texto;
  const partes = CANTIDAD_Y_CODIGO.exec(resto);
  const cantidad = Number(partes?.[1]);
  if (partes?.[2] !== undefined && cantidad > 0) {
    return { codigo: partes[2], cantidad, paquete, itemPersonalizado: false };
  }
  return { codigo: resto, paquete, itemPersonalizado: false };
}
