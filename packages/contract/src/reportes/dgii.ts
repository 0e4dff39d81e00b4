import { z } from 'zod';
import { SinParams } from '../comun.ts';
import { endpoint } from '../endpoint.ts';
import { Archivo } from '../exportar.ts';
import {
  type CualquierReporte,
  DOCUMENTOS_ENLAZABLES,
  FiltroDeReporte,
  type PermisoDeReporte,
  reporte,
} from './kit.ts';

// Spec 002 §2/§3 "Reports" (r-formato-606/607/608) and design/fiscal-do.md §3: the monthly DGII sending
// formats. Each answers one month (a preset or a range inside one month, widened to the whole month) with
// its records, totals and the problems that stop the TXT (POST /reportes/dgii/{606|607|608}/txt, ours).
// What goes in each format is in docs/reports.md «Formatos DGII 606, 607 y 608». The 606 and 607 page
// their records (`page`/`limit`, totalRows; a month may hold 50,000): cantidadDeRegistros, the totals and
// the problems stay the whole month's, and without page or limit every record comes (export, TXT).

const PERMISO: PermisoDeReporte = { modulo: 'reportes', accion: 'ver' };
const Dinero = z.number();

/** Something that stops the TXT: the document it is in (the page links it), its number and the message. */
export const ProblemaDgii = z.object({
  /** null: the company itself (its RNC). */
  documento: z.enum(DOCUMENTOS_ENLAZABLES).nullable(),
  id: z.string().nullable(),
  numero: z.string(),
  mensaje: z.string(),
});
export type ProblemaDgii = z.infer<typeof ProblemaDgii>;

/** What every format answers besides its rows. */
const Comunes = {
  /** 'AAAA-MM'. */
  periodo: z.string(),
  fechaInicial: z.string(),
  fechaFinal: z.string(),
  rnc: z.string(),
  nombreArchivo: z.string(),
  cantidadDeRegistros: z.number().int(),
  problemas: z.array(ProblemaDgii),
};

// ----------------------------------------------------------------------------------------- 607

/** A 607 record (fiscal-do.md §3.2): an invoice or a credit note with our NCF. */
export const Registro607DelReporte = z.object({
  _id: z.string(),
  documento: z.enum(['factura', 'notaDeCredito']),
  idFactura: z.string().nullable(),
  idNotaDeCredito: z.string().nullable(),
  nombre: z.string(),
  rncCedula: z.string(),
  tipoId: z.string(),
  ncf: z.string(),
  ncfModificado: z.string(),
  tipoIngreso: z.string(),
  fechaComprobante: z.string(),
  fechaRetencion: z.string().nullable(),
  montoFacturado: Dinero,
  itbisFacturado: Dinero,
  itbisRetenido: Dinero,
  retencionRenta: Dinero,
  isc: Dinero,
  otrosImpuestos: Dinero,
  propinaLegal: Dinero,
  /** Columns 17–23 (null on a note that modifies a consumo invoice: left empty). */
  efectivo: Dinero.nullable(),
  chequeTransferencia: Dinero.nullable(),
  tarjeta: Dinero.nullable(),
  credito: Dinero.nullable(),
  bonos: Dinero.nullable(),
  permuta: Dinero.nullable(),
  otrasFormas: Dinero.nullable(),
});
export type Registro607DelReporte = z.infer<typeof Registro607DelReporte>;

export const Reporte607 = z.object({
  ...Comunes,
  listaDocumentos: z.array(Registro607DelReporte),
  totalRows: z.number().int(),
  totalMontoFacturado: Dinero,
  totalITBIS: Dinero,
  totalITBISRetenido: Dinero,
  totalRetencionRenta: Dinero,
  totalISC: Dinero,
  totalOtrosImpuestos: Dinero,
  totalPropinaLegal: Dinero,
  /** Consumo invoices (B02/E32) under RD$250,000: not itemised, declared as one summary (fiscal-do §3.2). */
  cantidadConsumo: z.number().int(),
  totalConsumo: Dinero,
  totalITBISConsumo: Dinero,
});
export type Reporte607 = z.infer<typeof Reporte607>;

// ----------------------------------------------------------------------------------------- 606

/** A 606 record (fiscal-do.md §3.1): a purchase, a debit note on a purchase, or a minor expense. */
export const Registro606DelReporte = z.object({
  _id: z.string(),
  documento: z.enum(['compra', 'notaDeDebito', 'gastoMenor']),
  idCompra: z.string().nullable(),
  idNotaDeDebito: z.string().nullable(),
  idGastoMenor: z.string().nullable(),
  nombre: z.string(),
  rncCedula: z.string(),
  tipoId: z.string(),
  tipoBienesServicios: z.string(),
  ncf: z.string(),
  ncfModificado: z.string(),
  fechaComprobante: z.string(),
  fechaPago: z.string().nullable(),
  montoServicios: Dinero,
  montoBienes: Dinero,
  totalMontoFacturado: Dinero,
  itbisFacturado: Dinero,
  itbisRetenido: Dinero,
  itbisProporcionalidad: Dinero,
  itbisAlCosto: Dinero,
  itbisPorAdelantar: Dinero,
  tipoRetencionIsr: z.string(),
  montoRetencionRenta: Dinero,
  isc: Dinero,
  otrosImpuestos: Dinero,
  propinaLegal: Dinero,
  formaDePago: z.string(),
});
export type Registro606DelReporte = z.infer<typeof Registro606DelReporte>;

export const Reporte606 = z.object({
  ...Comunes,
  listaDocumentos: z.array(Registro606DelReporte),
  totalRows: z.number().int(),
  totalMontoFacturado: Dinero,
  totalITBIS: Dinero,
  totalITBISRetenido: Dinero,
  totalITBISPorAdelantar: Dinero,
  totalRetencionRenta: Dinero,
  totalISC: Dinero,
  totalOtrosImpuestos: Dinero,
  totalPropinaLegal: Dinero,
});
export type Reporte606 = z.infer<typeof Reporte606>;

// ----------------------------------------------------------------------------------------- 608

/** A 608 record (fiscal-do.md §3.3): one of our NCFs cancelled. */
export const Registro608DelReporte = z.object({
  _id: z.string(),
  documento: z.enum(['factura', 'notaDeCredito', 'notaDeDebito', 'gastoMenor']),
  idDocumento: z.string(),
  ncf: z.string(),
  fechaComprobante: z.string(),
  tipoAnulacion: z.string(),
  /** The table's name of the code. */
  motivo: z.string(),
});
export type Registro608DelReporte = z.infer<typeof Registro608DelReporte>;

export const Reporte608 = z.object({
  ...Comunes,
  listaDeFacturasAnuladas: z.array(Registro608DelReporte),
  totalITBIS: Dinero,
  totalISC: Dinero,
  totalOtrosImpuestos: Dinero,
  totalPropinaLegal: Dinero,
});
export type Reporte608 = z.infer<typeof Reporte608>;

const llamada = <R extends z.ZodType>(path: string, respuesta: R) =>
  endpoint({ method: 'POST', path, efecto: 'lee', body: FiltroDeReporte, params: SinParams, respuesta });

export const REPORTE_607 = reporte<Registro607DelReporte, Reporte607>({
  id: 'r-formato-607',
  titulo: 'Formato 607 (ventas)',
  descripcion: 'Las ventas con NCF del mes para enviar a la DGII (Formato de envío 607).',
  grupo: 'fiscal',
  permiso: PERMISO,
  consulta: llamada('/factura/r-facturas-607/', Reporte607),
  filtros: ['periodo'],
  filas: 'listaDocumentos',
  clave: '_id',
  paginado: true,
  periodoInicial: 5,
  columnas: [
    { clave: 'rncCedula', titulo: 'RNC/Cédula' },
    { clave: 'tipoId', titulo: 'Tipo ID', ancho: 0.5 },
    { clave: 'ncf', titulo: 'NCF', ancho: 1.2, enlace: { documento: 'factura', campo: 'idFactura' } },
    { clave: 'ncfModificado', titulo: 'NCF modificado', ancho: 1.2 },
    { clave: 'tipoIngreso', titulo: 'Tipo de ingreso', ancho: 0.6 },
    { clave: 'fechaComprobante', titulo: 'Fecha', formato: 'fecha' },
    { clave: 'montoFacturado', titulo: 'Monto facturado', formato: 'dinero', total: 'totalMontoFacturado' },
    { clave: 'itbisFacturado', titulo: 'ITBIS facturado', formato: 'dinero', total: 'totalITBIS' },
    { clave: 'itbisRetenido', titulo: 'ITBIS retenido', formato: 'dinero', total: 'totalITBISRetenido' },
    { clave: 'retencionRenta', titulo: 'Retención renta', formato: 'dinero', total: 'totalRetencionRenta' },
    { clave: 'isc', titulo: 'ISC', formato: 'dinero', total: 'totalISC' },
    { clave: 'otrosImpuestos', titulo: 'Otros impuestos', formato: 'dinero', total: 'totalOtrosImpuestos' },
    { clave: 'propinaLegal', titulo: 'Propina legal', formato: 'dinero', total: 'totalPropinaLegal' },
    { clave: 'efectivo', titulo: 'Efectivo', formato: 'dinero' },
    { clave: 'chequeTransferencia', titulo: 'Cheque/transferencia', formato: 'dinero' },
    { clave: 'tarjeta', titulo: 'Tarjeta', formato: 'dinero' },
    { clave: 'credito', titulo: 'Crédito', formato: 'dinero' },
    { clave: 'bonos', titulo: 'Bonos', formato: 'dinero' },
    { clave: 'permuta', titulo: 'Permuta', formato: 'dinero' },
    { clave: 'otrasFormas', titulo: 'Otras formas', formato: 'dinero' },
  ],
  cifras: [
    { clave: 'cantidadDeRegistros', titulo: 'Registros', formato: 'entero' },
    { clave: 'totalMontoFacturado', titulo: 'Monto facturado', formato: 'dinero' },
    { clave: 'totalITBIS', titulo: 'ITBIS facturado', formato: 'dinero' },
    {
      clave: 'totalConsumo',
      titulo: 'Facturas de consumo (resumen)',
      formato: 'dinero',
      detalle: 'Consumo menor de RD$250,000: no se detalla, se declara como total',
    },
  ],
});

export const REPORTE_606 = reporte<Registro606DelReporte, Reporte606>({
  id: 'r-formato-606',
  titulo: 'Formato 606 (compras)',
  descripcion: 'Las compras, notas de débito y gastos menores del mes para enviar a la DGII (Formato 606).',
  grupo: 'fiscal',
  permiso: PERMISO,
  consulta: llamada('/notas-de-debito/r-606/', Reporte606),
  filtros: ['periodo'],
  filas: 'listaDocumentos',
  clave: '_id',
  paginado: true,
  periodoInicial: 5,
  columnas: [
    { clave: 'rncCedula', titulo: 'RNC/Cédula' },
    { clave: 'tipoId', titulo: 'Tipo ID', ancho: 0.5 },
    { clave: 'tipoBienesServicios', titulo: 'Tipo bienes y servicios', ancho: 0.6 },
    { clave: 'ncf', titulo: 'NCF', ancho: 1.2, enlace: { documento: 'compra', campo: 'idCompra' } },
    { clave: 'ncfModificado', titulo: 'NCF modificado', ancho: 1.2 },
    { clave: 'fechaComprobante', titulo: 'Fecha', formato: 'fecha' },
    { clave: 'fechaPago', titulo: 'Fecha de pago', formato: 'fecha' },
    { clave: 'montoServicios', titulo: 'Servicios', formato: 'dinero' },
    { clave: 'montoBienes', titulo: 'Bienes', formato: 'dinero' },
    {
      clave: 'totalMontoFacturado',
      titulo: 'Total facturado',
      formato: 'dinero',
      total: 'totalMontoFacturado',
    },
    { clave: 'itbisFacturado', titulo: 'ITBIS facturado', formato: 'dinero', total: 'totalITBIS' },
    { clave: 'itbisRetenido', titulo: 'ITBIS retenido', formato: 'dinero', total: 'totalITBISRetenido' },
    { clave: 'itbisProporcionalidad', titulo: 'ITBIS proporcionalidad', formato: 'dinero' },
    { clave: 'itbisAlCosto', titulo: 'ITBIS al costo', formato: 'dinero' },
    {
      clave: 'itbisPorAdelantar',
      titulo: 'ITBIS por adelantar',
      formato: 'dinero',
      total: 'totalITBISPorAdelantar',
    },
    { clave: 'tipoRetencionIsr', titulo: 'Tipo retención ISR', ancho: 0.6 },
    {
      clave: 'montoRetencionRenta',
      titulo: 'Retención renta',
      formato: 'dinero',
      total: 'totalRetencionRenta',
    },
    { clave: 'isc', titulo: 'ISC', formato: 'dinero', total: 'totalISC' },
    { clave: 'otrosImpuestos', titulo: 'Otros impuestos', formato: 'dinero', total: 'totalOtrosImpuestos' },
    { clave: 'propinaLegal', titulo: 'Propina legal', formato: 'dinero', total: 'totalPropinaLegal' },
    { clave: 'formaDePago', titulo: 'Forma de pago', ancho: 0.6 },
  ],
  cifras: [
    { clave: 'cantidadDeRegistros', titulo: 'Registros', formato: 'entero' },
    { clave: 'totalMontoFacturado', titulo: 'Total facturado', formato: 'dinero' },
    { clave: 'totalITBIS', titulo: 'ITBIS facturado', formato: 'dinero' },
    { clave: 'totalITBISPorAdelantar', titulo: 'ITBIS por adelantar', formato: 'dinero' },
  ],
});

export const REPORTE_608 = reporte<Registro608DelReporte, Reporte608>({
  id: 'r-formato-608',
  titulo: 'Formato 608 (comprobantes anulados)',
  descripcion: 'Los NCF anulados del mes para enviar a la DGII (Formato 608).',
  grupo: 'fiscal',
  permiso: PERMISO,
  consulta: llamada('/factura/r-facturas-anuladas/', Reporte608),
  filtros: ['periodo'],
  filas: 'listaDeFacturasAnuladas',
  clave: '_id',
  periodoInicial: 5,
  orientacion: 'portrait',
  columnas: [
    { clave: 'ncf', titulo: 'NCF', ancho: 1.2, enlace: { documento: 'factura', campo: 'idDocumento' } },
    { clave: 'fechaComprobante', titulo: 'Fecha', formato: 'fecha' },
    { clave: 'tipoAnulacion', titulo: 'Tipo de anulación', ancho: 0.6 },
    { clave: 'motivo', titulo: 'Motivo', ancho: 2 },
  ],
  cifras: [{ clave: 'cantidadDeRegistros', titulo: 'Registros', formato: 'entero' }],
});

export const REPORTES_DGII: CualquierReporte[] = [REPORTE_606, REPORTE_607, REPORTE_608];

/** The formats and the TXT call of each (ours; refused with the problems while any remains). */
export const FORMATOS_DGII = ['606', '607', '608'] as const;
export type FormatoDeEnvioDgii = (typeof FORMATOS_DGII)[number];

function txtDeFormato(formato: FormatoDeEnvioDgii) {
  return endpoint({
    method: 'POST',
    path: `/reportes/dgii/${formato}/txt`,
    efecto: 'lee',
    body: FiltroDeReporte,
    params: SinParams,
    respuesta: Archivo,
  });
}

/** POST /reportes/dgii/{606|607|608}/txt: the month's TXT, same body as the report (declared, so the
 * contract lists the three calls). */
export const TXT_DGII = {
  '606': txtDeFormato('606'),
  '607': txtDeFormato('607'),
  '608': txtDeFormato('608'),
} satisfies Record<FormatoDeEnvioDgii, ReturnType<typeof txtDeFormato>>;

/** The declaration of each format. */
export const REPORTE_DGII_DE: Record<FormatoDeEnvioDgii, CualquierReporte> = {
  '606': REPORTE_606,
  '607': REPORTE_607,
  '608': REPORTE_608,
};
