import { aTextoDecimal, type Centavos } from './dinero.ts';
import { analizarNcf, validarIdentificacionFiscal } from './fiscal.ts';

// fiscal-do.md §3: the DGII sending formats 606 (purchases), 607 (sales) and 608 (cancelled NCF) as
// pipe-separated TXT. One header line `<formato>|<RNC>|<YYYYMM>|<records>`, one line per record, no
// padding, empty fields empty, dates YYYYMMDD, amounts with a dot and 2 decimals, CRLF between lines.
// The file does NOT end with CRLF: the header counts exactly the lines after it and a trailing empty line
// could be read as a record by a validator ([UNCONFIRMED] layout, check with the DGII pre-validation tool).

/** The three monthly sending formats. */
export type FormatoDgii = '606' | '607' | '608';

/** A coded value of a DGII table. */
export type CodigoDgii = { readonly codigo: string; readonly nombre: string };

/** Line separator of the TXT (fiscal-do.md §3). */
export const FIN_DE_LINEA_DGII = '\r\n';

/** Columns of a detail line per format (fiscal-do.md §3.1–3.3). */
export const COLUMNAS_DGII: Record<FormatoDgii, number> = { '606': 23, '607': 23, '608': 3 };

// fiscal-do.md §3.1 col. 3.
/** Tipo de bienes y servicios comprados (606 col. 3). */
export const TIPOS_DE_BIENES_Y_SERVICIOS: readonly CodigoDgii[] = [
  { codigo: '01', nombre: 'Gastos de personal' },
  { codigo: '02', nombre: 'Gastos por trabajos, suministros y servicios' },
  { codigo: '03', nombre: 'Arrendamientos' },
  { codigo: '04', nombre: 'Gastos de activos fijos' },
  { codigo: '05', nombre: 'Gastos de representación' },
  { codigo: '06', nombre: 'Otras deducciones admitidas' },
  { codigo: '07', nombre: 'Gastos financieros' },
  { codigo: '08', nombre: 'Gastos extraordinarios' },
  { codigo: '09', nombre: 'Compras y gastos que forman parte del costo de venta' },
  { codigo: '10', nombre: 'Adquisiciones de activos' },
  { codigo: '11', nombre: 'Gastos de seguros' },
];

// fiscal-do.md §3.1 col. 23.
/** Forma de pago of the 606 (col. 23). */
export const FORMAS_DE_PAGO_606: readonly CodigoDgii[] = [
  { codigo: '01', nombre: 'Efectivo' },
  { codigo: '02', nombre: 'Cheques/transferencias/depósito' },
  { codigo: '03', nombre: 'Tarjeta crédito/débito' },
  { codigo: '04', nombre: 'Compra a crédito' },
  { codigo: '05', nombre: 'Permuta' },
  { codigo: '06', nombre: 'Nota de crédito' },
  { codigo: '07', nombre: 'Mixto' },
];

// fiscal-do.md §3.1 col. 17 (09 ganadería is [UNCONFIRMED] and left out).
/** Tipo de retención ISR of the 606 (col. 17). */
export const TIPOS_DE_RETENCION_ISR: readonly CodigoDgii[] = [
  { codigo: '01', nombre: 'Alquileres' },
  { codigo: '02', nombre: 'Honorarios por servicios' },
  { codigo: '03', nombre: 'Otras rentas' },
  { codigo: '04', nombre: 'Rentas presuntas' },
  { codigo: '05', nombre: 'Intereses pagados a personas jurídicas' },
  { codigo: '06', nombre: 'Intereses pagados a personas físicas' },
  { codigo: '07', nombre: 'Retención por proveedores del Estado' },
  { codigo: '08', nombre: 'Juegos telefónicos' },
];

// fiscal-do.md §3.2 col. 5.
/** Tipo de ingreso of the 607 (col. 5). */
export const TIPOS_DE_INGRESO: readonly CodigoDgii[] = [
  { codigo: '01', nombre: 'Ingresos por operaciones (no financieros)' },
  { codigo: '02', nombre: 'Ingresos financieros' },
  { codigo: '03', nombre: 'Ingresos extraordinarios' },
  { codigo: '04', nombre: 'Ingresos por arrendamientos' },
  { codigo: '05', nombre: 'Ingresos por venta de activo depreciable' },
  { codigo: '06', nombre: 'Otros ingresos' },
];

// fiscal-do.md §3.3, list A (Indexa and most projects; [UNCONFIRMED] against list B, where 04 is
// «Duplicidad de factura»: check with the DGII 608 tool). Codes 01–03 match in both lists. The invoice
// cancellation reasons of spec 001 §5 (MOTIVOS_ANULACION_FACTURA, codes 1–10) follow this same list.
/** Tipo de anulación of the 608 (col. 3). */
export const TIPOS_DE_ANULACION: readonly CodigoDgii[] = [
  { codigo: '01', nombre: 'Deterioro de factura pre-impresa' },
  { codigo: '02', nombre: 'Errores de impresión (factura pre-impresa)' },
  { codigo: '03', nombre: 'Impresión defectuosa' },
  { codigo: '04', nombre: 'Corrección de la información' },
  { codigo: '05', nombre: 'Cambio de productos' },
  { codigo: '06', nombre: 'Devolución de productos' },
  { codigo: '07', nombre: 'Omisión de productos' },
  { codigo: '08', nombre: 'Errores en secuencia de NCF' },
  { codigo: '09', nombre: 'Por cese de operaciones' },
  { codigo: '10', nombre: 'Pérdida o hurto de talonarios' },
];

/** The code used when a cancellation carries free text (documents other than invoices, spec 001 §5). */
export const TIPO_DE_ANULACION_PREDETERMINADO = '04';

/**
 * The 608 code of a document's cancellation reason (`tipoDeAnulacion`): an invoice's reason code 1–10
 * (or already 01–10), or a reason written as the table's name; free text (credit/debit notes take any
 * reason) is «04 Corrección de la información».
 */
export function tipoDeAnulacionDgii(motivo: string): string {
  const texto = motivo.trim();
  if (/^\d{1,2}$/.test(texto)) {
    const codigo = texto.padStart(2, '0');
    if (TIPOS_DE_ANULACION.some((tipo) => tipo.codigo === codigo)) {
      return codigo;
    }
  }
  const porNombre = TIPOS_DE_ANULACION.find((tipo) => normalizar(tipo.nombre) === normalizar(texto));
  return porNombre?.codigo ?? TIPO_DE_ANULACION_PREDETERMINADO;
}

// fiscal-do.md §3.1/§3.2 col. 2: 1 RNC (9 digits), 2 cédula (11 digits); empty when there is none.
/** The DGII ID type of an RNC or cédula: '1', '2', or '' when it is neither. */
export function tipoDeIdentificacionDgii(identificacion: string): '' | '1' | '2' {
  const digitos = soloDigitos(identificacion);
  return digitos.length === 9 ? '1' : digitos.length === 11 ? '2' : '';
}

// fiscal-do.md §3: dot, 2 decimals, no thousands separator; Indexa writes the absolute value (a note's
// amounts are reported positive, the NCF type says it subtracts).
/** An amount in cents as the TXT writes it: 1234567 → '12345.67'. */
export function montoDgii(centavos: Centavos): string {
  return aTextoDecimal(Math.abs(centavos) as Centavos);
}

/** A date 'YYYY-MM-DD' as the TXT writes it: 'YYYYMMDD'; '' for none. */
export function fechaDgii(fecha: string | null): string {
  if (fecha === null || fecha === '') {
    return '';
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fecha)) {
    throw new RangeError(`La fecha ${fecha} no tiene el formato AAAA-MM-DD`);
  }
  return fecha.replaceAll('-', '');
}

/** A period 'YYYY-MM' as the TXT writes it: 'YYYYMM'. */
export function periodoDgii(periodo: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(periodo)) {
    throw new RangeError(`El período ${periodo} no tiene el formato AAAA-MM`);
  }
  return periodo.replace('-', '');
}

/** The period 'YYYY-MM' of the month that contains both dates, or undefined when they are in two months. */
export function periodoDeRango(desde: string, hasta: string): string | undefined {
  const mes = desde.slice(0, 7);
  return hasta.slice(0, 7) === mes ? mes : undefined;
}

/** The TXT's name: `DGII_F_606_<RNC>_<YYYYMM>.TXT` (the DGII tool's naming). */
export function nombreDeArchivoDgii(formato: FormatoDgii, rnc: string, periodo: string): string {
  return `DGII_F_${formato}_${soloDigitos(rnc)}_${periodoDgii(periodo)}.TXT`;
}

/** A purchase, debit note or minor expense of the 606 (fiscal-do.md §3.1), amounts in cents. */
export type Registro606 = {
  readonly identificacion: string;
  readonly tipoBienesServicios: string;
  readonly ncf: string;
  readonly ncfModificado: string;
  /** 'YYYY-MM-DD'. */
  readonly fechaComprobante: string;
  /** 'YYYY-MM-DD', null while unpaid. */
  readonly fechaPago: string | null;
  readonly montoServicios: Centavos;
  readonly montoBienes: Centavos;
  readonly itbisFacturado: Centavos;
  readonly itbisRetenido: Centavos;
  readonly itbisProporcionalidad: Centavos;
  readonly itbisAlCosto: Centavos;
  /** Perceptions are not recorded by the app: null writes an empty field. */
  readonly itbisPercibido: Centavos | null;
  /** '' when no ISR was withheld. */
  readonly tipoRetencionIsr: string;
  readonly montoRetencionIsr: Centavos;
  readonly isrPercibido: Centavos | null;
  readonly isc: Centavos;
  readonly otrosImpuestos: Centavos;
  readonly propina: Centavos;
  readonly formaDePago: string;
};

/** The payments of a sale by the 607's columns 17–23 (amounts, tax included). */
export type PagosDe607 = {
  readonly efectivo: Centavos;
  readonly chequeTransferencia: Centavos;
  readonly tarjeta: Centavos;
  readonly credito: Centavos;
  readonly bonos: Centavos;
  readonly permuta: Centavos;
  readonly otras: Centavos;
};

/** An invoice or note of the 607 (fiscal-do.md §3.2), amounts in cents. */
export type Registro607 = {
  /** '' allowed only on notes that modify a consumo invoice. */
  readonly identificacion: string;
  readonly ncf: string;
  readonly ncfModificado: string;
  readonly tipoIngreso: string;
  readonly fechaComprobante: string;
  /** Date a third party withheld; null when nothing was withheld. */
  readonly fechaRetencion: string | null;
  readonly montoFacturado: Centavos;
  readonly itbisFacturado: Centavos;
  readonly itbisRetenido: Centavos;
  readonly itbisPercibido: Centavos | null;
  readonly retencionRenta: Centavos;
  readonly isrPercibido: Centavos | null;
  readonly isc: Centavos;
  readonly otrosImpuestos: Centavos;
  readonly propina: Centavos;
  /** Null leaves columns 17–23 empty (notes that modify a consumo invoice, fiscal-do.md §3.2). */
  readonly pagos: PagosDe607 | null;
};

/** A cancelled NCF of the 608 (fiscal-do.md §3.3). */
export type Registro608 = {
  readonly ncf: string;
  readonly fechaComprobante: string;
  readonly tipoAnulacion: string;
};

const montoOVacio = (valor: Centavos | null) => (valor === null ? '' : montoDgii(valor));

/** The 23 fields of a 606 line. */
export function linea606(r: Registro606): string {
  const total = (r.montoServicios + r.montoBienes) as Centavos;
  const porAdelantar = (r.itbisFacturado - r.itbisAlCosto) as Centavos;
  return [
    soloDigitos(r.identificacion),
    tipoDeIdentificacionDgii(r.identificacion),
    r.tipoBienesServicios,
    r.ncf,
    r.ncfModificado,
    fechaDgii(r.fechaComprobante),
    fechaDgii(r.fechaPago),
    montoDgii(r.montoServicios),
    montoDgii(r.montoBienes),
    montoDgii(total),
    montoDgii(r.itbisFacturado),
    montoDgii(r.itbisRetenido),
    montoDgii(r.itbisProporcionalidad),
    montoDgii(r.itbisAlCosto),
    montoDgii(porAdelantar),
    montoOVacio(r.itbisPercibido),
    r.tipoRetencionIsr,
    montoDgii(r.montoRetencionIsr),
    montoOVacio(r.isrPercibido),
    montoDgii(r.isc),
    montoDgii(r.otrosImpuestos),
    montoDgii(r.propina),
    r.formaDePago,
  ].join('|');
}

/** The 23 fields of a 607 line. */
export function linea607(r: Registro607): string {
  const p = r.pagos;
  const pagos =
    p === null
      ? ['', '', '', '', '', '', '']
      : [p.efectivo, p.chequeTransferencia, p.tarjeta, p.credito, p.bonos, p.permuta, p.otras].map(montoDgii);
  return [
    soloDigitos(r.identificacion),
    tipoDeIdentificacionDgii(r.identificacion),
    r.ncf,
    r.ncfModificado,
    r.tipoIngreso,
    fechaDgii(r.fechaComprobante),
    fechaDgii(r.fechaRetencion),
    montoDgii(r.montoFacturado),
    montoDgii(r.itbisFacturado),
    montoDgii(r.itbisRetenido),
    montoOVacio(r.itbisPercibido),
    montoDgii(r.retencionRenta),
    montoOVacio(r.isrPercibido),
    montoDgii(r.isc),
    montoDgii(r.otrosImpuestos),
    montoDgii(r.propina),
    ...pagos,
  ].join('|');
}

/** The 3 fields of a 608 line. */
export function linea608(r: Registro608): string {
  return [r.ncf, fechaDgii(r.fechaComprobante), r.tipoAnulacion].join('|');
}

/** The whole TXT: header and one line per record, CRLF between lines, no CRLF after the last one. */
export function archivoDgii(
  formato: FormatoDgii,
  rncDelInformante: string,
  periodo: string,
  lineas: readonly string[],
): string {
  const encabezado = [
    formato,
    soloDigitos(rncDelInformante),
    periodoDgii(periodo),
    String(lineas.length),
  ].join('|');
  return [encabezado, ...lineas].join(FIN_DE_LINEA_DGII);
}

/** The 606 TXT of a month. */
export function archivo606(rnc: string, periodo: string, registros: readonly Registro606[]): string {
  return archivoDgii('606', rnc, periodo, registros.map(linea606));
}

/** The 607 TXT of a month. */
export function archivo607(rnc: string, periodo: string, registros: readonly Registro607[]): string {
  return archivoDgii('607', rnc, periodo, registros.map(linea607));
}

/** The 608 TXT of a month. */
export function archivo608(rnc: string, periodo: string, registros: readonly Registro608[]): string {
  return archivoDgii('608', rnc, periodo, registros.map(linea608));
}

// fiscal-do.md §1.2–1.3: which NCF types each kind of document may carry in each format.
/** The kinds of document a DGII record comes from. */
export type DocumentoDgii = 'factura' | 'notaDeCredito' | 'notaDeDebito' | 'compra' | 'gastoMenor';

/** NCF types (B series; the E type is B + 30) allowed per document in the 606/607. */
export const TIPOS_NCF_PERMITIDOS: Record<DocumentoDgii, readonly string[]> = {
  factura: ['01', '02', '12', '14', '15', '16'],
  notaDeCredito: ['04'],
  notaDeDebito: ['03', '04'],
  compra: ['01', '11', '14', '15', '17'],
  gastoMenor: ['13'],
};

/** The filer's RNC: 9 digits with a good check digit, or the message that stops the files. */
export function problemaDelRncDelInformante(rnc: string): string | undefined {
  const revisado = validarIdentificacionFiscal(rnc);
  if (!revisado.ok || revisado.valor.tipo !== 'rnc') {
    return 'El RNC de la empresa debe tener 9 dígitos; corríjalo en la configuración de la empresa';
  }
  return revisado.valor.advertencia;
}

/**
 * What stops a record from being filed (empty list = none): the NCF's format and its type for the
 * document, the counterpart's RNC/cédula when the type requires one (length and check digit,
 * fiscal-do.md §2: DGII validates it against its registry, so a number that fails the check digit stops the
 * file unless the registry has it, as it has the numbers DGII issued with a bad digit, §2.3), and the date
 * inside the period 'YYYY-MM'.
 */
export function problemasDelRegistro(registro: {
  readonly documento: DocumentoDgii;
  readonly ncf: string;
  readonly identificacion: string;
  readonly fechaComprobante: string;
  readonly periodo: string;
  /** False for types and amounts that allow a record without a buyer (notes on consumo invoices). */
  readonly requiereIdentificacion: boolean;
  /** The counterpart's number is in the DGII registry loaded in the app. */
  readonly enElRegistroDgii?: boolean;
}): string[] {
  const problemas: string[] = [];
  const ncf = analizarNcf(registro.ncf);
  if (!ncf.ok) {
    problemas.push(registro.ncf === '' ? 'El documento no tiene NCF' : `NCF ${registro.ncf}: ${ncf.mensaje}`);
  } else {
    const tipoB =
      ncf.valor.serie === 'B' ? ncf.valor.tipo : String(Number(ncf.valor.tipo) - 30).padStart(2, '0');
    if (!TIPOS_NCF_PERMITIDOS[registro.documento].includes(tipoB)) {
      problemas.push(`El NCF ${registro.ncf} (${ncf.valor.nombre}) no corresponde a este tipo de documento`);
    }
  }
  if (registro.identificacion.trim() === '') {
    if (registro.requiereIdentificacion) {
      problemas.push('Falta el RNC o la cédula de la contraparte');
    }
  } else {
    const id = validarIdentificacionFiscal(registro.identificacion);
    if (!id.ok) {
      problemas.push(id.mensaje);
    } else if (id.valor.advertencia !== undefined && registro.enElRegistroDgii !== true) {
      problemas.push(`${id.valor.numero}: ${id.valor.advertencia}`);
    }
  }
  if (registro.fechaComprobante.slice(0, 7) !== registro.periodo) {
    problemas.push(`La fecha ${registro.fechaComprobante} está fuera del período ${registro.periodo}`);
  }
  return problemas;
}

function soloDigitos(texto: string): string {
  return texto.replace(/[\s-]/g, '');
}

function normalizar(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
