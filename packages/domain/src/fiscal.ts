import { aCentavos, type Centavos } from './dinero.ts';
import { aceptar, type Resultado, rechazar } from './resultado.ts';

/** NCF series: B (printed, 11 characters) or E (electronic e-CF, 13 characters). */
export type SerieNcf = 'B' | 'E';

/** One NCF type with its B and E codes (fiscal-do.md §1.2). */
export type TipoNcf = {
  readonly codigoB: string;
  readonly codigoE: string | undefined;
  readonly nombre: string;
  readonly requiereIdentificacion: { readonly B: boolean; readonly E: boolean };
};

/** A parsed NCF. */
export type Ncf = {
  readonly serie: SerieNcf;
  readonly tipo: string;
  readonly secuencia: number;
  readonly nombre: string;
};

/** The kind of customer that decides the NCF type (fiscal-do.md §1.3). */
export type ClaseDeCliente =
  | 'contribuyente'
  | 'consumidorFinal'
  | 'sinFinesDeLucro'
  | 'regimenEspecial'
  | 'gubernamental'
  | 'extranjero';

/** A checked RNC or cédula: format errors block; a checksum failure is only a warning (fiscal-do.md §2.3). */
export type IdentificacionFiscal = {
  readonly tipo: 'rnc' | 'cedula';
  readonly numero: string;
  readonly advertencia?: string;
};

// fiscal-do.md §1.2 (DGII type table; no E42 and no electronic RUI).
/** The NCF types. */
export const TIPOS_NCF: readonly TipoNcf[] = [
  tipo('01', '31', 'Factura de Crédito Fiscal', true, true),
  tipo('02', '32', 'Factura de Consumo', false, false),
  tipo('03', '33', 'Nota de Débito', true, true),
  tipo('04', '34', 'Nota de Crédito', false, true),
  tipo('11', '41', 'Comprobante de Compras', true, true),
  tipo('12', undefined, 'Registro Único de Ingresos', false, false),
  tipo('13', '43', 'Gastos Menores', false, false),
  tipo('14', '44', 'Regímenes Especiales', true, true),
  tipo('15', '45', 'Gubernamental', true, true),
  tipo('16', '46', 'Exportaciones', true, true),
  tipo('17', '47', 'Pagos al Exterior', false, false),
];

/** From this amount before tax a buyer's RNC or cédula is required on any NCF (fiscal-do.md §1.3). */
export const MONTO_MINIMO_CON_IDENTIFICACION = aCentavos(250_000);

const DIGITOS_DE_SECUENCIA: Record<SerieNcf, number> = { B: 8, E: 10 };
const FORMATO_NCF: Record<SerieNcf, RegExp> = { B: /^B(\d{2})(\d{8})$/, E: /^E(\d{2})(\d{10})$/ };
const PESOS_RNC = [7, 9, 8, 6, 5, 4, 3, 2];

// fiscal-do.md §1.1: B + 2-digit type + 8 digits, or E + 2-digit type + 10 digits; upper-cased
// and without spaces or dashes first.
/** Parses an NCF into series, type, sequence and type name, or refuses it with a message. */
export function analizarNcf(texto: string): Resultado<Ncf> {
  const ncf = texto.replace(/[\s-]/g, '').toUpperCase();
  const serie: SerieNcf = ncf.startsWith('E') ? 'E' : 'B';
  const partes = FORMATO_NCF[serie].exec(ncf);
  if (partes === null) {
    return rechazar('El NCF debe tener 11 caracteres (B + tipo + 8 dígitos) o 13 (E + tipo + 10 dígitos)');
  }
  const codigo = String(partes[1]);
  const tipoNcf = buscarTipoNcf(serie, codigo);
  if (tipoNcf === undefined) {
    return rechazar(`El tipo de NCF ${serie}${codigo} no existe`);
  }
  return aceptar({ serie, tipo: codigo, secuencia: Number(partes[2]), nombre: tipoNcf.nombre });
}

/** Writes an NCF from its series, type and sequence number: ('B', '01', 5) → 'B0100000005'. */
export function formatearNcf(serie: SerieNcf, tipoNcf: string, secuencia: number): string {
  const digitos = DIGITOS_DE_SECUENCIA[serie];
  if (!Number.isInteger(secuencia) || secuencia < 1 || String(secuencia).length > digitos) {
    throw new RangeError(`La secuencia del NCF debe ser un entero de 1 a ${'9'.repeat(digitos)}`);
  }
  return `${serie}${tipoNcf}${String(secuencia).padStart(digitos, '0')}`;
}

// fiscal-do.md §1.3 (Indexa's rules): taxpayer and nonprofit 01, final consumer 02, special
// regime 14, government 15, foreigner 16; credit notes always 04, debit notes 03. A contact's
// ncfPredeterminado, when set, wins for invoices.
/** The NCF type code (in the series asked for) a document for this customer gets. */
export function tipoNcfParaCliente(
  cliente: { readonly clase: ClaseDeCliente; readonly ncfPredeterminado?: string },
  documento: 'factura' | 'notaDeCredito' | 'notaDeDebito' = 'factura',
  serie: SerieNcf = 'B',
): string {
  const porClase: Record<ClaseDeCliente, string> = {
    contribuyente: '01',
    sinFinesDeLucro: '01',
    consumidorFinal: '02',
    regimenEspecial: '14',
    gubernamental: '15',
    extranjero: '16',
  };
  const porDocumento = {
    factura: cliente.ncfPredeterminado ?? porClase[cliente.clase],
    notaDeCredito: '04',
    notaDeDebito: '03',
  };
  const codigoB = porDocumento[documento];
  return serie === 'B' ? codigoB : (TIPOS_NCF.find((item) => item.codigoB === codigoB)?.codigoE ?? codigoB);
}

// fiscal-do.md §1.3 (Indexa's heuristic, not a DGII rule): 11 digits → final consumer,
// 9 digits → taxpayer (nonprofit when it starts with 4), none → final consumer.
/** A first guess of the customer's class from their RNC or cédula. */
export function claseDeClientePorIdentificacion(identificacion: string | undefined): ClaseDeCliente {
  const digitos = soloDigitos(identificacion ?? '');
  if (digitos.length === 9) {
    return digitos.startsWith('4') ? 'sinFinesDeLucro' : 'contribuyente';
  }
  return 'consumidorFinal';
}

// fiscal-do.md §1.3: no buyer id is refused from RD$250,000 before tax on any type, or on a
// type that requires it when the customer is not a final consumer.
/** True when the document must carry the buyer's RNC or cédula. */
export function requiereIdentificacionDelComprador(
  ncf: { readonly serie: SerieNcf; readonly tipo: string },
  subtotal: Centavos,
  clase: ClaseDeCliente,
): boolean {
  const tipoNcf = buscarTipoNcf(ncf.serie, ncf.tipo);
  const porTipo = Boolean(tipoNcf?.requiereIdentificacion[ncf.serie]) && clase !== 'consumidorFinal';
  return subtotal >= MONTO_MINIMO_CON_IDENTIFICACION || porTipo;
}

// fiscal-do.md §2.1: weights 7,9,8,6,5,4,3,2; r = sum mod 11; check 2 if r = 0, 1 if r = 1,
// else 11 − r.
/** The RNC check digit of its first 8 digits. */
export function digitoVerificadorRnc(ochoDigitos: string): number {
  exigirDigitos(ochoDigitos, 8);
  const resto = PESOS_RNC.reduce((suma, peso, indice) => suma + peso * Number(ochoDigitos[indice]), 0) % 11;
  return resto === 0 ? 2 : resto === 1 ? 1 : 11 - resto;
}

// fiscal-do.md §2.2: Luhn over all 11 digits (weights 1,2,1,2,… from the left on the first 10).
/** The cédula check digit of its first 10 digits. */
export function digitoVerificadorCedula(diezDigitos: string): number {
  exigirDigitos(diezDigitos, 10);
  let suma = 0;
  for (let indice = 0; indice < 10; indice++) {
    const producto = Number(diezDigitos[indice]) * (indice % 2 === 0 ? 1 : 2);
    suma += producto > 9 ? producto - 9 : producto;
  }
  return (10 - (suma % 10)) % 10;
}

// fiscal-do.md §2.3: DGII has issued numbers that fail the checksum, so a checksum failure is a
// warning (check the DGII registry), never a block; only the length blocks.
/** Checks an RNC (9 digits) or cédula (11 digits); dashes and spaces are ignored. */
export function validarIdentificacionFiscal(texto: string): Resultado<IdentificacionFiscal> {
  const numero = soloDigitos(texto);
  if (!/^(\d{9}|\d{11})$/.test(numero)) {
    return rechazar('El RNC debe tener 9 dígitos y la cédula 11 dígitos');
  }
  const tipoId = numero.length === 9 ? 'rnc' : 'cedula';
  const cuerpo = numero.slice(0, -1);
  const esperado = tipoId === 'rnc' ? digitoVerificadorRnc(cuerpo) : digitoVerificadorCedula(cuerpo);
  if (esperado === Number(numero.slice(-1))) {
    return aceptar({ tipo: tipoId, numero });
  }
  const nombre = tipoId === 'rnc' ? 'del RNC' : 'de la cédula';
  return aceptar({
    tipo: tipoId,
    numero,
    advertencia: `El dígito verificador ${nombre} no coincide; verifíquelo en el registro de la DGII`,
  });
}

// fiscal-do.md §2: RNC X-XX-XXXXX-X, cédula XXX-XXXXXXX-X.
/** Formats an RNC or cédula with its dashes; other texts are returned unchanged. */
export function formatearIdentificacionFiscal(texto: string): string {
  const numero = soloDigitos(texto);
  if (numero.length === 9) {
    return `${numero.slice(0, 1)}-${numero.slice(1, 3)}-${numero.slice(3, 8)}-${numero.slice(8)}`;
  }
  if (numero.length === 11) {
    return `${numero.slice(0, 3)}-${numero.slice(3, 10)}-${numero.slice(10)}`;
  }
  return texto;
}

function buscarTipoNcf(serie: SerieNcf, codigo: string): TipoNcf | undefined {
  return TIPOS_NCF.find((item) => (serie === 'B' ? item.codigoB : item.codigoE) === codigo);
}

function tipo(codigoB: string, codigoE: string | undefined, nombre: string, b: boolean, e: boolean): TipoNcf {
  return { codigoB, codigoE, nombre, requiereIdentificacion: { B: b, E: e } };
}

function soloDigitos(texto: string): string {
  return texto.replace(/[\s-]/g, '');
}

function exigirDigitos(texto: string, cantidad: number): void {
  if (!new RegExp(`^\\d{${cantidad}}$`).test(texto)) {
    throw new RangeError(`Debe tener ${cantidad} dígitos`);
  }
}
