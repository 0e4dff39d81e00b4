import { TRAMOS_DE_ANTIGUEDAD, type TramoDeAntiguedad } from '@pos/domain';
import { z } from 'zod';
import { SinParams } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { Archivo, DocumentoOpcion } from './exportar.ts';
import { Fecha, Texto } from './tipos.ts';

// Spec 001 §7 "Receipts in" (customer statements), §8 "Statement of account errors"; 002 §7
// "Statements". The calls only read: a statement is what the receivables ledger (docs/payments.md)
// says each invoice of one customer owes, at a cut-off date.

/**
 * Which invoices a statement lists. Spec 001 §8 names «Pagadas»; the other two complete it:
 * 'Pendientes' owe something at the cut-off, 'Pagadas' owe nothing, 'Todas' both.
 */
export const ESTADOS_DE_CUENTA = ['Pendientes', 'Pagadas', 'Todas'] as const;
export type EstadoDeCuenta = (typeof ESTADOS_DE_CUENTA)[number];

// Aging by days past due at the cut-off: the buckets are the domain's rule (packages/domain antiguedad.ts).
export { TRAMOS_DE_ANTIGUEDAD, type TramoDeAntiguedad };
export const ETIQUETAS_DE_TRAMO: Record<TramoDeAntiguedad, string> = {
  '0-30': '0 a 30 días',
  '31-60': '31 a 60 días',
  '61-90': '61 a 90 días',
  '90+': 'Más de 90 días',
};

export const MENSAJE_RANGO_DE_FECHAS = 'La fecha inicial no puede ser posterior a la fecha final.';

const IdCliente = z.uuid({ error: 'Elige un cliente.' });

/**
 * POST /ingresos-recibidos/estado-cuentas-clientes/ {idCliente, estadoSeleccionado, porRangoDeFecha,
 * fechaFinal}. `fechaFinal` is the cut-off (AAAA-MM-DD in Santo Domingo; absent: today): invoices
 * issued up to it, and what was paid or applied up to it. With `porRangoDeFecha` only the invoices
 * issued from `fechaInicial` to `fechaFinal` are listed.
 */
export const FiltroEstadoDeCuenta = z
  .object({
    idCliente: IdCliente,
    estadoSeleccionado: z
      .enum(ESTADOS_DE_CUENTA, { error: 'El estado debe ser Pendientes, Pagadas o Todas.' })
      .default('Pendientes'),
    porRangoDeFecha: z.boolean().default(false),
    fechaInicial: Fecha.nullish(),
    fechaFinal: Fecha.nullish(),
  })
  .refine((f) => !f.porRangoDeFecha || !f.fechaInicial || !f.fechaFinal || f.fechaInicial <= f.fechaFinal, {
    message: MENSAJE_RANGO_DE_FECHAS,
    path: ['fechaInicial'],
  });
export type FiltroEstadoDeCuenta = z.output<typeof FiltroEstadoDeCuenta>;

export const ClienteDelEstado = z.object({
  _id: z.string(),
  nombre: z.string(),
  rnc: z.string(),
  telefono: z.string(),
  correo: z.string(),
  direccion: z.string(),
});
export type ClienteDelEstado = z.output<typeof ClienteDelEstado>;

/**
 * One invoice of the statement. pendiente = montoAPagar − cobrado − montoNotaDeCreditoRef, where
 * `cobrado` is what was paid at the sale plus receipts and credits in favour applied, and
 * `montoNotaDeCreditoRef` what credit notes applied (all up to the cut-off, in force).
 */
export const FacturaDelEstado = z.object({
  _id: z.string(),
  numeroFactura: z.number().nullable(),
  comprobante: z.string(),
  fecha: z.string(),
  vencimiento: z.string(),
  total: z.number(),
  /** The total less retentions: what the customer has to pay. */
  montoAPagar: z.number(),
  cobrado: z.number(),
  montoNotaDeCreditoRef: z.number(),
  pendiente: z.number(),
  /** Days past due at the cut-off; 0 when not yet due. */
  diasVencidos: z.number(),
  tramo: z.enum(TRAMOS_DE_ANTIGUEDAD),
});
export type FacturaDelEstado = z.output<typeof FacturaDelEstado>;

export const TotalesPorTramo = z.object({
  '0-30': z.number(),
  '31-60': z.number(),
  '61-90': z.number(),
  '90+': z.number(),
});
export type TotalesPorTramo = z.output<typeof TotalesPorTramo>;

export const EstadoDeCuentaCliente = z.object({
  cliente: ClienteDelEstado,
  fechaCorte: z.string(),
  /** What the listed invoices owe at the cut-off. */
  totalPendiente: z.number(),
  facturas: z.array(FacturaDelEstado),
  /** totalPendiente by aging bucket (they add up to it). */
  totalesPorTramo: TotalesPorTramo,
  totalFacturado: z.number(),
  totalCobrado: z.number(),
  totalNotasDeCredito: z.number(),
});
export type EstadoDeCuentaCliente = z.output<typeof EstadoDeCuentaCliente>;

/**
 * POST /ingresos-recibidos/transacciones-del-contacto-general/ (body not shown in the spec): the
 * customer's movements from `fechaInicial` to `fechaFinal` (each optional; AAAA-MM-DD).
 */
export const FiltroTransaccionesDelContacto = z
  .object({
    idCliente: IdCliente,
    fechaInicial: Fecha.nullish(),
    fechaFinal: Fecha.nullish(),
  })
  .refine((f) => !f.fechaInicial || !f.fechaFinal || f.fechaInicial <= f.fechaFinal, {
    message: MENSAJE_RANGO_DE_FECHAS,
    path: ['fechaInicial'],
  });
export type FiltroTransaccionesDelContacto = z.output<typeof FiltroTransaccionesDelContacto>;

/** What a movement is: an invoice (debit), or what lowered what invoices owe (credit). */
export const TIPOS_DE_MOVIMIENTO = [
  'factura',
  'pagoEnVenta',
  'ingreso',
  'notaDeCredito',
  'creditoAFavor',
  'otro',
] as const;
export type TipoDeMovimiento = (typeof TIPOS_DE_MOVIMIENTO)[number];

export const MovimientoDelContacto = z.object({
  fecha: z.string(),
  tipo: z.enum(TIPOS_DE_MOVIMIENTO),
  /** The id of the document that made it (the invoice, the receipt, the credit note …). */
  idDocumento: z.string(),
  documento: z.string(),
  descripcion: z.string(),
  debito: z.number(),
  credito: z.number(),
  /** What the customer's invoices owe after this movement. */
  balance: z.number(),
});
export type MovimientoDelContacto = z.output<typeof MovimientoDelContacto>;

export const TransaccionesDelContacto = z.object({
  cliente: ClienteDelEstado,
  /** What invoices owed at the end of the day before `fechaInicial` (0 without it). */
  balanceInicial: z.number(),
  movimientos: z.array(MovimientoDelContacto),
  totalDebitos: z.number(),
  totalCreditos: z.number(),
  balanceFinal: z.number(),
});
export type TransaccionesDelContacto = z.output<typeof TransaccionesDelContacto>;

/**
 * POST /ingresos-recibidos/anticipos-efectuados: advances of one customer (or of every customer
 * without `idCliente`), those received from `fechaInicial` to `fechaFinal`.
 */
export const FiltroAnticipos = z.object({
  idCliente: z.uuid({ error: 'El cliente no es válido' }).nullish(),
  fechaInicial: Fecha.nullish(),
  fechaFinal: Fecha.nullish(),
});
export type FiltroAnticipos = z.output<typeof FiltroAnticipos>;

export const AnticiposEfectuados = z.object({
  /** Advances received by receipts in (credits in favour a receipt made). */
  importeEnIngresos: z.number(),
  /** Advances given back by payments out (none until payments out exist). */
  importeEnEgresos: z.number(),
  /** Credits in favour still available to apply. */
  balancePendienteEntregado: z.number(),
});
export type AnticiposEfectuados = z.output<typeof AnticiposEfectuados>;

/**
 * The statement as a file: `documentoOpcion` 'print' (PDF inline), 'pdf' (PDF download) or 'excel'
 * (.xlsx), with the statement's own filter.
 */
export const ExportarEstadoDeCuenta = z
  .object({
    idCliente: IdCliente,
    estadoSeleccionado: z
      .enum(ESTADOS_DE_CUENTA, { error: 'El estado debe ser Pendientes, Pagadas o Todas.' })
      .default('Pendientes'),
    porRangoDeFecha: z.boolean().default(false),
    fechaInicial: Fecha.nullish(),
    fechaFinal: Fecha.nullish(),
    documentoOpcion: DocumentoOpcion,
  })
  .refine((f) => !f.porRangoDeFecha || !f.fechaInicial || !f.fechaFinal || f.fechaInicial <= f.fechaFinal, {
    message: MENSAJE_RANGO_DE_FECHAS,
    path: ['fechaInicial'],
  });
export type ExportarEstadoDeCuenta = z.output<typeof ExportarEstadoDeCuenta>;

/** POST /ingresos-recibidos/clientes-con-balance/: the POS receivables screen's customers. */
export const FiltroClientesConBalance = z.object({
  input: Texto(200).default(''),
});
export type FiltroClientesConBalance = z.output<typeof FiltroClientesConBalance>;

export const ClienteConBalance = z.object({
  idCliente: z.string(),
  nombre: z.string(),
  rnc: z.string(),
  telefono: z.string(),
  facturas: z.number(),
  totalPendiente: z.number(),
  /** The oldest due date among what it owes. */
  vencimientoMasAntiguo: z.string(),
  vencido: z.number(),
});
export type ClienteConBalance = z.output<typeof ClienteConBalance>;

export const ClientesConBalance = z.object({
  res: z.array(ClienteConBalance),
  totalPendiente: z.number(),
});
export type ClientesConBalance = z.output<typeof ClientesConBalance>;

export const estadosDeCuenta = {
  clientes: endpoint({
    method: 'POST',
    path: '/ingresos-recibidos/estado-cuentas-clientes/',
    efecto: 'lee',
    body: FiltroEstadoDeCuenta,
    params: SinParams,
    respuesta: EstadoDeCuentaCliente,
  }),
  exportar: endpoint({
    method: 'POST',
    path: '/ingresos-recibidos/pdf/estado-cuentas-clientes/',
    efecto: 'lee',
    body: ExportarEstadoDeCuenta,
    params: SinParams,
    respuesta: Archivo,
  }),
  transacciones: endpoint({
    method: 'POST',
    path: '/ingresos-recibidos/transacciones-del-contacto-general/',
    efecto: 'lee',
    body: FiltroTransaccionesDelContacto,
    params: SinParams,
    respuesta: TransaccionesDelContacto,
  }),
  anticipos: endpoint({
    method: 'POST',
    path: '/ingresos-recibidos/anticipos-efectuados',
    efecto: 'lee',
    body: FiltroAnticipos,
    params: SinParams,
    respuesta: AnticiposEfectuados,
  }),
  clientesConBalance: endpoint({
    method: 'POST',
    path: '/ingresos-recibidos/clientes-con-balance/',
    efecto: 'lee',
    body: FiltroClientesConBalance,
    params: SinParams,
    respuesta: ClientesConBalance,
  }),
};
