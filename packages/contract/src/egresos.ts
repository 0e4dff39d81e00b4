import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams } from './comun.ts';
import { CuentaContableRef } from './contabilidad.ts';
import { endpoint } from './endpoint.ts';
import {
  ClienteDelEstado,
  ESTADOS_DE_CUENTA,
  MENSAJE_RANGO_DE_FECHAS,
  TotalesPorTramo,
  TRAMOS_DE_ANTIGUEDAD,
} from './estadosDeCuenta.ts';
import { Archivo, DocumentoOpcion, FiltroDePeriodo } from './exportar.ts';
import { DesdeElPos } from './facturas.ts';
import { FORMAS_DE_PAGO_INGRESO, Ingreso } from './ingresos.ts';
import { textoOpcional } from './maestros.ts';
import { DineroPositivo, Fecha, fecha, Texto } from './tipos.ts';

// Spec 001 §3 "Payment out (egreso)", §4, §5, §7 "Payments out", §8, §9; 000 §2 POS «Retiro de
// Efectivo»; 002 §7 egresos-del-turno, ingresos-del-turno, estado-cuentas-proveedores. The mirror of
// receipts in (ingresos.ts) on the supplier side: a payment out pays purchases (tipoDeEgreso true) or
// goes to accounts (false); a POS cash withdrawal is a payment out to accounts, in cash, from the POS.

/** Spec 001 §3: the same methods as a receipt in (default Efectivo). */
export const FORMAS_DE_PAGO_EGRESO = FORMAS_DE_PAGO_INGRESO;
export type FormaDePagoEgreso = (typeof FORMAS_DE_PAGO_EGRESO)[number];

/** Spec 001 §9: payments out list 14 per page; the pending purchases lookup as the invoices one (125). */
export const LIMITE_EGRESOS = 14;
export const LIMITE_COMPRAS_PENDIENTES = 125;

/** Spec 001 §5 "Payment-out create failure". */
export const MENSAJE_CAMPOS_BASICOS_EGRESO = 'Debes llenar los campos básicos';
export const MENSAJE_SIN_COMPRAS_PENDIENTES = 'El proveedor no tiene compras pendientes por pagar';
export const MENSAJE_EGRESO_NO_ACTIVO = 'Solo se modifica un recibo de egreso activo.';
/** Spec 001 §8 "Payment out update failure". */
export const MENSAJE_EGRESO_NO_ACTUALIZADO =
  'No se actualizó: hemos tenido un problema en los campos obligatorios';

const Importe = DineroPositivo('El importe');

const Cuenta = z.object({ idCuenta: z.uuid({ error: 'La cuenta contable no es válida' }) }).loose();

/**
 * A line of the payment out. Paying purchases (tipoDeEgreso true): `idCompra` and the `importe`
 * applied to it (never above what the purchase owes); what the form shows of the purchase is read
 * again by the server. To accounts (false): the account debited (`cuentaContableDebito`), the amount
 * and a note. On an edit (PUT /recibos-egresos/update/), `_id` names the line changed; without it a
 * line is added.
 */
export const LineaEgresoEntrada = z
  .object({
    _id: z.uuid({ error: 'La línea no es válida' }).nullish(),
    idCompra: z.uuid({ error: 'La compra no es válida' }).nullish(),
    cuentaContableDebito: Cuenta.nullish(),
    importe: Importe,
    nota: textoOpcional(500).default(''),
  })
  .loose();
export type LineaEgresoEntrada = z.output<typeof LineaEgresoEntrada>;

const FechaDelEgreso = Texto(40)
  .transform((valor) => valor.slice(0, 10))
  .pipe(fecha('La fecha del recibo debe tener el formato AAAA-MM-DD'));

// Spec 001 §7 "POST /recibos-egresos/ {res, idNumeracion, comprobante, nombreProveedor, idCliente,
// tipoDeEgreso, fechaDeEmision, formaDePago, afectarCuenta, desdeElpos, cuentaContableCredito,
// cuentaPorPagarProveedores, centroDeCosto, idCentroDeCosto, idUsuarioCreador, identificadorUnico}".
// comprobante and idUsuarioCreador are the server's (the number taken now, the session's user);
// idTurnoRef too: from the POS it is the open shift of the terminal's user (a closed one refuses).
export const CrearEgreso = z
  .object({
    res: z
      .array(LineaEgresoEntrada, { error: MENSAJE_CAMPOS_BASICOS_EGRESO })
      .min(1, MENSAJE_CAMPOS_BASICOS_EGRESO)
      .max(LIMITE_COMPRAS_PENDIENTES, `Un recibo de egreso admite hasta ${LIMITE_COMPRAS_PENDIENTES} líneas`),
    idNumeracion: z.uuid({ error: 'La numeración no es válida' }).nullish(),
    /** The server takes the number; what the form showed is ignored. */
    comprobante: Texto(100).nullish(),
    /** The supplier (a contact); required to pay purchases, optional for a payment to accounts. */
    idCliente: z.uuid({ error: 'El proveedor no es válido' }).nullish(),
    nombreProveedor: textoOpcional(300).default(''),
    tipoDeEgreso: z.boolean().default(true),
    fechaDeEmision: FechaDelEgreso.nullish(),
    formaDePago: z
      .enum(FORMAS_DE_PAGO_EGRESO, { error: 'La forma de pago no es válida' })
      .default('Efectivo'),
    afectarCuenta: z.boolean().default(true),
    desdeElpos: DesdeElPos.default({ desdePos: false }),
    idTurnoRef: z.uuid().nullish(),
    /** The money account credited (cash box or bank); from the POS, the terminal's cash box. */
    cuentaContableCredito: Cuenta.nullish(),
    /** The payable debited for purchase lines (default: the purchase's own payable assignment). */
    cuentaPorPagarProveedores: Cuenta.nullish(),
    idCentroDeCosto: z.uuid({ error: 'El centro de costo no es válido' }).nullish(),
    centroDeCosto: textoOpcional(200).default(''),
    idUsuarioCreador: Texto(100).nullish(),
    detalles: textoOpcional(1000).default(''),
    identificadorUnico: IdentificadorUnico,
  })
  .loose();
export type CrearEgreso = z.output<typeof CrearEgreso>;

export const ESTADOS_EGRESO = ['Activo', 'Por-Anular', 'Anulado'] as const;

export const Egreso = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  idNumeracion: z.string(),
  numeracionNombre: z.string(),
  numero: z.number(),
  comprobante: z.string(),
  tipoDeEgreso: z.boolean(),
  idCliente: z.string().nullable(),
  nombreProveedor: z.string(),
  fechaDeEmision: z.string(),
  formaDePago: z.enum(FORMAS_DE_PAGO_EGRESO),
  cuentaContableCredito: CuentaContableRef,
  cuentaPorPagarProveedores: CuentaContableRef.nullable(),
  idCentroDeCosto: z.string().nullable(),
  centroDeCosto: z.string(),
  desdeElpos: z.object({
    desdePos: z.boolean(),
    idTerminalRef: z.string().nullable(),
    idUsuarioDelTurno: z.string().nullable(),
  }),
  idTurnoRef: z.string().nullable(),
  total: z.number(),
  detalles: z.string(),
  estado: z.enum(ESTADOS_EGRESO),
  autorizacion: z.enum(['Pendiente', 'Aprobada', 'Rechazada']).nullable(),
  notaAnular: z.string(),
  notaAutorizacion: z.string(),
  idUsuarioCreador: z.string(),
  creadoPor: z.string(),
  creadoEn: z.string(),
});
export type Egreso = z.output<typeof Egreso>;

export const LineaEgreso = z.object({
  _id: z.string(),
  idEgresosRef: z.string(),
  idCompra: z.string().nullable(),
  /** The purchase's number (comprobante) and the supplier's NCF (what the 606 reports). */
  comprobanteCompra: z.string(),
  ncfCompra: z.string(),
  numeroCompra: z.number().nullable(),
  /** The purchase's amount to pay (total less retentions). */
  total: z.number(),
  /** What the purchase owed before this payment. */
  balancePendiente: z.number(),
  /** Spec 001 §3: what the purchase had paid before this payment (at the purchase and by payments out). */
  cobrado: z.number(),
  /** What debit notes had applied to the purchase. */
  montoNotaDeDebitoRef: z.number(),
  cuentaContableDebito: CuentaContableRef.nullable(),
  importe: z.number(),
  nota: z.string(),
});
export type LineaEgreso = z.output<typeof LineaEgreso>;

/** GET /recibos-egresos/{id}: the lines in `res`, the header in `egresoReferenciadoGral`. */
export const DetalleEgreso = z.object({ res: z.array(LineaEgreso), egresoReferenciadoGral: Egreso });
export type DetalleEgreso = z.output<typeof DetalleEgreso>;

/** The payment's lines, each naming its payment; solicitudDuplicada when the identificadorUnico had
 *  already created it (nothing new written). */
export const EgresoCreado = z.array(LineaEgreso.extend({ solicitudDuplicada: z.boolean() }));

export const FiltroEgresos = FiltroDePeriodo.extend({
  input: Texto(200).default(''),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(200).default(LIMITE_EGRESOS),
  /** The audit view: only Por-Anular and Anulado. */
  buscarPorEstado: z.boolean().default(false),
  /** With idTurnoRef: only that shift's payments out (the POS withdrawals list). */
  egresosDelTurno: z.boolean().default(false),
  idTurnoRef: z.uuid().nullish(),
  /** Only those whose money account (cuentaContableCredito) is this one. */
  idCuentaDeBanco: z.uuid().nullish(),
  formaDePago: z.enum(FORMAS_DE_PAGO_EGRESO).nullish(),
});
export type FiltroEgresos = z.output<typeof FiltroEgresos>;

export const ListaEgresos = z.object({ res: z.array(Egreso), totalRows: z.number().int() });

/**
 * A purchase with a balance to pay (spec 001 §3 purchase lines of a payment: total, cobrado,
 * balancePendiente). pendiente = montoAPagar − cobrado − montoNotaDeDebitoRef.
 */
export const CompraPendiente = z.object({
  _id: z.string(),
  idCliente: z.string(),
  nombre: z.string(),
  rnc: z.string(),
  comprobante: z.string(),
  ncf: z.string(),
  numeroCompra: z.number().nullable(),
  fechaEmision: z.string(),
  vencimiento: z.string(),
  total: z.number(),
  montoAPagar: z.number(),
  cobrado: z.number(),
  montoNotaDeDebitoRef: z.number(),
  pendiente: z.number(),
  /** Spec 001 §4 purchase payment status: '', 'Por Pagar', 'Pagado' (or the purchase's estado). */
  estadoDePago: z.string(),
});
export type CompraPendiente = z.output<typeof CompraPendiente>;

// Spec 001 §7 "POST /recibos-egresos/pendientes/ (supplier)": the supplier's purchases with a
// balance, oldest first; `idCompra` narrows to one. "una_pendiente {idCompra}": that one.
export const FiltroComprasPendientes = z.object({
  id: z.uuid({ error: 'El proveedor no es válido' }),
  idCompra: z.uuid().nullish(),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITE_COMPRAS_PENDIENTES).default(LIMITE_COMPRAS_PENDIENTES),
});
export type FiltroComprasPendientes = z.output<typeof FiltroComprasPendientes>;
export const ComprasPendientes = z.object({ res: z.array(CompraPendiente) });

// Spec 001 §7 "PUT /recibos-egresos/update/ {update, eliminar, idEgresosRef, ...}": the lines to
// change (with `_id`) or add (without), the ids of the lines to remove, and the header fields that may
// change; one absent keeps its value. The supplier, the kind of payment, its number and shift stay.
export const ActualizarEgreso = z
  .object({
    idEgresosRef: z.uuid({ error: 'El recibo de egreso no es válido' }),
    update: z
      .array(LineaEgresoEntrada)
      .max(LIMITE_COMPRAS_PENDIENTES, `Un recibo de egreso admite hasta ${LIMITE_COMPRAS_PENDIENTES} líneas`)
      .default([]),
    eliminar: z.array(z.uuid({ error: 'La línea a quitar no es válida' })).default([]),
    nombreProveedor: textoOpcional(300).optional(),
    fechaDeEmision: FechaDelEgreso.nullish(),
    formaDePago: z.enum(FORMAS_DE_PAGO_EGRESO, { error: 'La forma de pago no es válida' }).optional(),
    cuentaContableCredito: Cuenta.nullish(),
    cuentaPorPagarProveedores: Cuenta.nullish(),
    idCentroDeCosto: z.uuid({ error: 'El centro de costo no es válido' }).nullish(),
    centroDeCosto: textoOpcional(200).optional(),
    detalles: textoOpcional(1000).optional(),
  })
  .loose();
export type ActualizarEgreso = z.output<typeof ActualizarEgreso>;

/** GET /recibos-egresos/egreso-cc/{id}: the lines as `listaDeEgresos` (spec 001 §7). */
export const DetalleEgresoCc = z.object({
  listaDeEgresos: z.array(LineaEgreso),
  egresoReferenciadoGral: Egreso,
});

/** Spec 001 §5 "Payment-out void asks free text". */
export const AnularEgreso = z.object({
  idEgresosRef: z.uuid({ error: 'El recibo de egreso no es válido' }),
  estado: z.enum(ESTADOS_EGRESO).optional(),
  autorizacion: z.enum(['Pendiente', 'Aprobada', 'Rechazada']).optional(),
  notaAnular: textoOpcional(1000).default(''),
  notaAutorizacion: textoOpcional(1000).optional(),
});
export type AnularEgreso = z.output<typeof AnularEgreso>;

export const RespuestaAnulacionEgreso = z.object({
  egresoDb: Egreso,
  resultado: z.enum(['anulado', 'solicitado', 'aprobado', 'rechazado']),
});

/** Spec 002 §7 "POST /recibos-egresos/egresos-del-turno" and "ingresos-recibidos/ingresos-del-turno/". */
export const FiltroDocumentosDelTurno = z.object({ idTurnoRef: z.uuid({ error: 'El turno no es válido' }) });

/**
 * The shift's payments out, all states (the summary's «Egresos» and «Egresos anulados» groups);
 * `efectivo` is the cash of those in force (Activo, Por-Anular): the shift's retiroDeEfectivo.
 */
export const EgresosDelTurno = z.object({
  res: z.array(Egreso),
  total: z.number(),
  efectivo: z.number(),
});
export type EgresosDelTurno = z.output<typeof EgresosDelTurno>;

/** The shift's receipts in, all states; `total`/`efectivo` of those in force. */
export const IngresosDelTurno = z.object({
  res: z.array(Ingreso),
  total: z.number(),
  efectivo: z.number(),
});
export type IngresosDelTurno = z.output<typeof IngresosDelTurno>;

/**
 * POST /recibos-egresos/estado-cuentas-proveedores/: the supplier statement, the mirror of the customer
 * one (estadosDeCuenta.ts): `fechaFinal` the cut-off (absent: today); with `porRangoDeFecha` only
 * purchases issued from `fechaInicial` to `fechaFinal`.
 */
const CamposDelEstadoDeProveedor = z.object({
  idCliente: z.uuid({ error: 'Elige un proveedor.' }),
  estadoSeleccionado: z
    .enum(ESTADOS_DE_CUENTA, { error: 'El estado debe ser Pendientes, Pagadas o Todas.' })
    .default('Pendientes'),
  porRangoDeFecha: z.boolean().default(false),
  fechaInicial: Fecha.nullish(),
  fechaFinal: Fecha.nullish(),
});

function rangoEnOrden(f: {
  porRangoDeFecha: boolean;
  fechaInicial?: string | null;
  fechaFinal?: string | null;
}) {
  return !f.porRangoDeFecha || !f.fechaInicial || !f.fechaFinal || f.fechaInicial <= f.fechaFinal;
}

export const FiltroEstadoDeCuentaProveedor = CamposDelEstadoDeProveedor.refine(rangoEnOrden, {
  message: MENSAJE_RANGO_DE_FECHAS,
  path: ['fechaInicial'],
});
export type FiltroEstadoDeCuentaProveedor = z.output<typeof FiltroEstadoDeCuentaProveedor>;

/** The supplier statement as a file: `documentoOpcion` 'print', 'pdf' or 'excel', with its own filter. */
export const ExportarEstadoDeCuentaProveedor = CamposDelEstadoDeProveedor.extend({
  documentoOpcion: DocumentoOpcion,
}).refine(rangoEnOrden, { message: MENSAJE_RANGO_DE_FECHAS, path: ['fechaInicial'] });
export type ExportarEstadoDeCuentaProveedor = z.output<typeof ExportarEstadoDeCuentaProveedor>;

/** One purchase of the statement: pendiente = montoAPagar − cobrado − montoNotaDeDebitoRef at the cut-off. */
export const CompraDelEstado = z.object({
  _id: z.string(),
  numeroCompra: z.number().nullable(),
  comprobante: z.string(),
  ncf: z.string(),
  fecha: z.string(),
  vencimiento: z.string(),
  total: z.number(),
  montoAPagar: z.number(),
  cobrado: z.number(),
  montoNotaDeDebitoRef: z.number(),
  pendiente: z.number(),
  /** Spec 001 §4 purchase payment status at the cut-off: '', 'Por Pagar', 'Pagado' or Por-Anular. */
  estadoDePago: z.string(),
  diasVencidos: z.number(),
  tramo: z.enum(TRAMOS_DE_ANTIGUEDAD),
});
export type CompraDelEstado = z.output<typeof CompraDelEstado>;

export const EstadoDeCuentaProveedor = z.object({
  proveedor: ClienteDelEstado,
  fechaCorte: z.string(),
  totalPendiente: z.number(),
  facturasDeCompras: z.array(CompraDelEstado),
  totalesPorTramo: TotalesPorTramo,
  totalComprado: z.number(),
  totalPagado: z.number(),
  totalNotasDeDebito: z.number(),
});
export type EstadoDeCuentaProveedor = z.output<typeof EstadoDeCuentaProveedor>;

export const egresos = {
  crear: endpoint({
    method: 'POST',
    path: '/recibos-egresos/',
    body: CrearEgreso,
    params: SinParams,
    respuesta: EgresoCreado,
  }),
  todos: endpoint({
    method: 'POST',
    path: '/recibos-egresos/todos',
    efecto: 'lee',
    body: FiltroEgresos,
    params: SinParams,
    respuesta: ListaEgresos,
  }),
  pendientes: endpoint({
    method: 'POST',
    path: '/recibos-egresos/pendientes/',
    efecto: 'lee',
    body: FiltroComprasPendientes,
    params: SinParams,
    respuesta: ComprasPendientes,
  }),
  unaPendiente: endpoint({
    method: 'POST',
    path: '/recibos-egresos/una_pendiente/',
    efecto: 'lee',
    body: z.object({ idCompra: z.uuid({ error: 'La compra no es válida' }) }),
    params: SinParams,
    respuesta: ComprasPendientes,
  }),
  delTurno: endpoint({
    method: 'POST',
    path: '/recibos-egresos/egresos-del-turno',
    efecto: 'lee',
    body: FiltroDocumentosDelTurno,
    params: SinParams,
    respuesta: EgresosDelTurno,
  }),
  ingresosDelTurno: endpoint({
    method: 'POST',
    path: '/ingresos-recibidos/ingresos-del-turno/',
    efecto: 'lee',
    body: FiltroDocumentosDelTurno,
    params: SinParams,
    respuesta: IngresosDelTurno,
  }),
  estadoDeCuentaProveedores: endpoint({
    method: 'POST',
    path: '/recibos-egresos/estado-cuentas-proveedores/',
    efecto: 'lee',
    body: FiltroEstadoDeCuentaProveedor,
    params: SinParams,
    respuesta: EstadoDeCuentaProveedor,
  }),
  /** Ours: the supplier statement in PDF or Excel, the mirror of /ingresos-recibidos/pdf/estado-cuentas-clientes/. */
  exportarEstadoDeCuentaProveedores: endpoint({
    method: 'POST',
    path: '/recibos-egresos/pdf/estado-cuentas-proveedores/',
    efecto: 'lee',
    body: ExportarEstadoDeCuentaProveedor,
    params: SinParams,
    respuesta: Archivo,
  }),
  cuentasContables: endpoint({
    method: 'GET',
    path: '/recibos-egresos/egreso-cc/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleEgresoCc,
  }),
  /** The printable payment out: a PDF on the documents' one layout, Egreso-{comprobante}.pdf. */
  imprimir: endpoint({
    method: 'GET',
    path: '/recibos-egresos/egreso-print/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: Archivo,
  }),
  uno: endpoint({
    method: 'GET',
    path: '/recibos-egresos/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleEgreso,
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/recibos-egresos/anular/',
    body: AnularEgreso,
    params: SinParams,
    respuesta: RespuestaAnulacionEgreso,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/recibos-egresos/update/',
    body: ActualizarEgreso,
    params: SinParams,
    respuesta: DetalleEgreso,
  }),
  // Spec 001 §4 "Deleted documents leave the list": the payment stays Anulado («Eliminado por …»).
  eliminar: endpoint({
    method: 'DELETE',
    path: '/recibos-egresos/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ egresoDb: Egreso }),
  }),
};
