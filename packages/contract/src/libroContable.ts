import { z } from 'zod';
import { SinParams } from './comun.ts';
import { TIPOS_DE_CUENTA } from './contabilidad.ts';
import { endpoint } from './endpoint.ts';
import { Archivo, DocumentoOpcion, FiltroDePeriodo } from './exportar.ts';
import { textoOpcional } from './maestros.ts';

// Spec 002 §7 "Accounting": the journal (POST /asientos-contables/listar), the income statement
// (estado-de-resultados) and the balance sheet (situacion-finaciera, sic); the trial balance and the
// ledger are ours (docs/api.md). Everything is read from the journal only.

// Spec 002 §9: accounting lists page 25.
export const LIMITE_LIBRO_CONTABLE = 25;

/** The Spanish name of each kind of document that posts to the journal (shown next to its entries). */
export const NOMBRES_DE_TIPO_DOCUMENTO: Record<string, string> = {
  factura: 'Factura',
  ingreso: 'Ingreso recibido',
  egreso: 'Recibo de egreso',
  compra: 'Compra',
  notaDeCredito: 'Nota de crédito',
  notaDeDebito: 'Nota de débito',
  gastoMenor: 'Gasto menor',
  creditoAFavor: 'Crédito a favor',
  transaccionCreditoAFavor: 'Uso de crédito a favor',
  ajusteDeInventario: 'Ajuste de inventario',
  inventarioInicial: 'Inventario inicial',
  entradaDeDiario: 'Entrada de diario',
  cuentaDeBanco: 'Saldo inicial de banco',
  transferenciaBancaria: 'Transferencia bancaria',
  conciliacion: 'Conciliación bancaria',
};

/** A document kind's name; an unknown kind reads as itself. */
export function nombreDeTipoDocumento(tipo: string): string {
  return NOMBRES_DE_TIPO_DOCUMENTO[tipo] ?? tipo;
}

const IdOpcional = (mensaje: string) => z.uuid({ error: mensaje }).nullable().optional();

const Pagina = {
  page: z.number().int().min(1, 'La página empieza en 1').default(1),
  limit: z
    .number()
    .int()
    .min(1)
    .max(500, 'No se pueden pedir más de 500 filas por página')
    .default(LIMITE_LIBRO_CONTABLE),
};

// ------------------------------------------------------------------------------------------ journal

export const FiltroLibroDiario = FiltroDePeriodo.extend({
  /** Entries with a line on this account or on one under it. */
  idCuenta: IdOpcional('La cuenta no es válida'),
  /** Entries with a line on this cost centre. */
  idCentroDeCosto: IdOpcional('El centro de costo no es válido'),
  tipoDocumento: textoOpcional(40).nullable().optional(),
  /** Entry number, description or comprobante. */
  input: textoOpcional(100).default(''),
  ...Pagina,
});
export type FiltroLibroDiario = z.infer<typeof FiltroLibroDiario>;

export const LineaDelDiario = z.object({
  _id: z.string(),
  idCuenta: z.string(),
  codigoDeCuenta: z.string(),
  nombreCuenta: z.string(),
  idCentroDeCosto: z.string().nullable(),
  centroDeCosto: z.string().nullable(),
  debito: z.number(),
  credito: z.number(),
  nota: z.string(),
});
export type LineaDelDiario = z.infer<typeof LineaDelDiario>;

export const AsientoDelDiario = z.object({
  _id: z.string(),
  numero: z.number(),
  fecha: z.string(),
  descripcion: z.string(),
  tipoDocumento: z.string(),
  nombreTipoDocumento: z.string(),
  idDocumento: z.string(),
  comprobante: z.string(),
  /** The entry this one reverses (a cancellation), or null. */
  idAsientoRevertido: z.string().nullable(),
  totalDebito: z.number(),
  totalCredito: z.number(),
  lineas: z.array(LineaDelDiario),
});
export type AsientoDelDiario = z.infer<typeof AsientoDelDiario>;

export const LibroDiario = z.object({
  asientos: z.array(AsientoDelDiario),
  totalDocs: z.number(),
  /** Sums of every entry that matches the filter (all pages). */
  totalDebito: z.number(),
  totalCredito: z.number(),
});
export type LibroDiario = z.infer<typeof LibroDiario>;

// ------------------------------------------------------------------------------------ statements

export const FiltroEstadoFinanciero = FiltroDePeriodo.extend({
  idCentroDeCosto: IdOpcional('El centro de costo no es válido'),
});
export type FiltroEstadoFinanciero = z.infer<typeof FiltroEstadoFinanciero>;

export const RangoDeFechas = z.object({ desde: z.string().nullable(), hasta: z.string() });
export type RangoDeFechas = z.infer<typeof RangoDeFechas>;

/** One row of a statement: an account of the chart with its figure now and in the previous period. */
export const FilaDeEstado = z.object({
  idCuenta: z.string(),
  codigoDeCuenta: z.string(),
  nombre: z.string(),
  tipo: z.enum(TIPOS_DE_CUENTA),
  /** Depth in the chart (0 = a top group). */
  nivel: z.number(),
  esGrupo: z.boolean(),
  actual: z.number(),
  anterior: z.number(),
});
export type FilaDeEstado = z.infer<typeof FilaDeEstado>;

export const Comparado = z.object({ actual: z.number(), anterior: z.number() });

export const EstadoDeResultados = z.object({
  periodo: RangoDeFechas,
  periodoAnterior: RangoDeFechas,
  filas: z.array(FilaDeEstado),
  totales: z.object({
    ingresos: Comparado,
    costos: Comparado,
    utilidadBruta: Comparado,
    gastos: Comparado,
    resultado: Comparado,
  }),
});
export type EstadoDeResultados = z.infer<typeof EstadoDeResultados>;

export const SituacionFinanciera = z.object({
  periodo: RangoDeFechas,
  periodoAnterior: RangoDeFechas,
  filas: z.array(FilaDeEstado),
  totales: z.object({
    activo: Comparado,
    pasivo: Comparado,
    capital: Comparado,
    resultadoDelEjercicio: Comparado,
    totalPasivoYCapital: Comparado,
  }),
});
export type SituacionFinanciera = z.infer<typeof SituacionFinanciera>;

// ------------------------------------------------------------------------ trial balance and ledger

export const FilaDeBalanza = z.object({
  idCuenta: z.string(),
  codigoDeCuenta: z.string(),
  nombre: z.string(),
  tipo: z.enum(TIPOS_DE_CUENTA),
  naturaleza: z.enum(['deudora', 'acreedora']),
  /** Balances read by the account's nature (a debit-nature account: debits − credits). */
  saldoAnterior: z.number(),
  debitos: z.number(),
  creditos: z.number(),
  saldoFinal: z.number(),
});
export type FilaDeBalanza = z.infer<typeof FilaDeBalanza>;

export const BalanzaDeComprobacion = z.object({
  periodo: RangoDeFechas,
  filas: z.array(FilaDeBalanza),
  totales: z.object({ debitos: z.number(), creditos: z.number() }),
});
export type BalanzaDeComprobacion = z.infer<typeof BalanzaDeComprobacion>;

export const FiltroMayor = FiltroEstadoFinanciero.extend({
  idCuenta: z.uuid({ error: 'Debes elegir una cuenta' }),
  ...Pagina,
});
export type FiltroMayor = z.infer<typeof FiltroMayor>;

export const MovimientoDelMayor = z.object({
  _id: z.string(),
  idAsiento: z.string(),
  fecha: z.string(),
  numero: z.number(),
  tipoDocumento: z.string(),
  nombreTipoDocumento: z.string(),
  idDocumento: z.string(),
  comprobante: z.string(),
  descripcion: z.string(),
  nota: z.string(),
  debito: z.number(),
  credito: z.number(),
  saldo: z.number(),
});
export type MovimientoDelMayor = z.infer<typeof MovimientoDelMayor>;

export const LibroMayor = z.object({
  cuenta: z.object({
    idCuenta: z.string(),
    codigoDeCuenta: z.string(),
    nombre: z.string(),
    naturaleza: z.enum(['deudora', 'acreedora']),
  }),
  periodo: RangoDeFechas,
  saldoInicial: z.number(),
  movimientos: z.array(MovimientoDelMayor),
  totalDocs: z.number(),
  totales: z.object({ debitos: z.number(), creditos: z.number(), saldoFinal: z.number() }),
});
export type LibroMayor = z.infer<typeof LibroMayor>;

export const libroContable = {
  listar: endpoint({
    method: 'POST',
    path: '/asientos-contables/listar',
    efecto: 'lee',
    body: FiltroLibroDiario,
    params: SinParams,
    respuesta: LibroDiario,
  }),
  exportarListado: endpoint({
    method: 'POST',
    path: '/asientos-contables/pdf/listar',
    efecto: 'lee',
    body: FiltroLibroDiario.extend({ documentoOpcion: DocumentoOpcion }),
    params: SinParams,
    respuesta: Archivo,
  }),
  estadoDeResultados: endpoint({
    method: 'POST',
    path: '/asientos-contables/estado-de-resultados',
    efecto: 'lee',
    body: FiltroEstadoFinanciero,
    params: SinParams,
    respuesta: EstadoDeResultados,
  }),
  exportarEstadoDeResultados: endpoint({
    method: 'POST',
    path: '/asientos-contables/pdf/estado-de-resultados',
    efecto: 'lee',
    body: FiltroEstadoFinanciero.extend({ documentoOpcion: DocumentoOpcion }),
    params: SinParams,
    respuesta: Archivo,
  }),
  situacionFinanciera: endpoint({
    method: 'POST',
    path: '/asientos-contables/situacion-finaciera',
    efecto: 'lee',
    body: FiltroEstadoFinanciero,
    params: SinParams,
    respuesta: SituacionFinanciera,
  }),
  exportarSituacionFinanciera: endpoint({
    method: 'POST',
    path: '/asientos-contables/pdf/situacion-finaciera',
    efecto: 'lee',
    body: FiltroEstadoFinanciero.extend({ documentoOpcion: DocumentoOpcion }),
    params: SinParams,
    respuesta: Archivo,
  }),
  balanza: endpoint({
    method: 'POST',
    path: '/asientos-contables/balanza-de-comprobacion',
    efecto: 'lee',
    body: FiltroEstadoFinanciero,
    params: SinParams,
    respuesta: BalanzaDeComprobacion,
  }),
  exportarBalanza: endpoint({
    method: 'POST',
    path: '/asientos-contables/pdf/balanza-de-comprobacion',
    efecto: 'lee',
    body: FiltroEstadoFinanciero.extend({ documentoOpcion: DocumentoOpcion }),
    params: SinParams,
    respuesta: Archivo,
  }),
  mayor: endpoint({
    method: 'POST',
    path: '/asientos-contables/mayor',
    efecto: 'lee',
    body: FiltroMayor,
    params: SinParams,
    respuesta: LibroMayor,
  }),
  exportarMayor: endpoint({
    method: 'POST',
    path: '/asientos-contables/pdf/mayor',
    efecto: 'lee',
    body: FiltroMayor.extend({ documentoOpcion: DocumentoOpcion }),
    params: SinParams,
    respuesta: Archivo,
  }),
};
