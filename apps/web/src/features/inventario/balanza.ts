import {
  CODIGO_DE_BALANZA,
  digitoVerificadorEan13,
  type LecturaDeCodigo,
  leerCodigoDeBalanza,
} from '@pos/domain';

// The scale-label preview explains, in the user's words, why a code is or is not read as a scale label.
// Whether it is one is decided only by the domain's leerCodigoDeBalanza (the server's parser); this
// only names what is off, so that a scale configured for another POS can be fixed.

/** The parts of a 13-digit scale label, to show them apart. */
export type PartesDeEtiqueta = {
  prefijo: string;
  codigo: string;
  valor: string;
  verificador: string;
};

/** Splits 13 digits into prefix, product code, value and check digit (spec 000 §5 positions). */
export function partesDeEtiqueta(codigo: string): PartesDeEtiqueta | undefined {
  if (!/^\d{13}$/.test(codigo)) {
    return undefined;
  }
  return {
    prefijo: codigo.slice(0, 2),
    codigo: codigo.slice(2, 7),
    valor: codigo.slice(7, 12),
    verificador: codigo.slice(12),
  };
}

/** Why a code is not a scale label (empty when it is one). */
export function problemasDeEtiqueta(entrada: string): string[] {
  const codigo = entrada.trim();
  const { longitud, prefijos } = CODIGO_DE_BALANZA;
  if (codigo === '' || leerCodigoDeBalanza(codigo) !== undefined) {
    return [];
  }
  const problemas: string[] = [];
  if (!/^\d+$/.test(codigo)) {
    problemas.push('Tiene caracteres que no son dígitos: una etiqueta de balanza solo tiene números.');
  }
  const digitos = codigo.replace(/\D/g, '');
  if (codigo.length !== longitud) {
    problemas.push(
      codigo.length === longitud - 1
        ? `Tiene ${codigo.length} caracteres: falta uno (la etiqueta tiene ${longitud}, el último es el dígito verificador).`
        : `Tiene ${codigo.length} caracteres; una etiqueta de balanza tiene ${longitud}.`,
    );
  }
  if (digitos.length >= 2 && !prefijos.some((p) => codigo.startsWith(p))) {
    problemas.push(
      `Empieza con «${codigo.slice(0, 2)}»; las etiquetas de balanza empiezan con ${prefijos.slice(0, -1).join(', ')} o ${prefijos.at(-1)}.`,
    );
  }
  if (/^\d{13}$/.test(codigo)) {
    const esperado = digitoVerificadorEan13(codigo.slice(0, 12));
    if (esperado !== Number(codigo[12])) {
      problemas.push(
        `El dígito verificador (el último) es ${codigo[12]}, pero para los 12 anteriores debe ser ${esperado}: el código se leyó mal o la balanza lo calcula de otra forma.`,
      );
    }
  }
  return problemas;
}

/** A code the preview reads: the domain's answer when it is a scale label, else undefined. */
export function leerEtiqueta(codigo: string): LecturaDeCodigo | undefined {
  return leerCodigoDeBalanza(codigo.trim());
}

/** A sample label: product 00101, 1.250 (a pound and a quarter of cheese), with its check digit. */
export function etiquetaDeEjemplo(codigoDeProducto = '00101', milesimas = 1250): string {
  const doce = `20${codigoDeProducto.padStart(5, '0').slice(-5)}${String(milesimas).padStart(5, '0').slice(-5)}`;
  return `${doce}${digitoVerificadorEan13(doce)}`;
}
