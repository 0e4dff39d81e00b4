import { z } from 'zod';
import { DocumentoRechazado, IdentificadorUnico, ParamsId, SinParams } from './comun.ts';
import { CuentaContableRef } from './contabilidad.ts';
import { endpoint } from './endpoint.ts';
import { Archivo, FiltroDePeriodo } from './exportar.ts';
import { DesdeElPos, Factura } from './facturas.ts';
import { textoOpcional } from './maestros.ts';
import { DineroPositivo, fecha, Texto } from './tipos.ts';

// Spec 001 §3 "Receipt in (ingreso recibido)", §4, §7 "Receipts in"; issue 8 syncs them offline.

export const FORMAS_DE_PAGO_INGRESO = [
  'Efectivo',
  'Tarjeta',
  'Tarjeta-Debito',
  'Transferencia',
  'Cheque',
] as const;
export type FormaDePagoIngreso = (typeof FORMAS_DE_PAGO_INGRESO)[number];

/** Spec 001 §9: receipts in list 35 per page; the pending invoices lookup 125. */
export const LIMITE_INGRESOS = 35;
export const LIMITE_FACTURAS_PENDIENTES = 125;

export const MENSAJE_SIN_LINEAS_DE_INGRESO = 'Agrega por lo menos una factura o una cuenta al recibo.';
export const MENSAJE_MOTIVO_INGRESO = 'Debes escribir el motivo de la anulación del recibo.';
export const MENSAJE_SIN_FACTURAS_PENDIENTES = 'El cliente no tiene facturas pendientes por pagar';
export const MENSAJE_INGRESO_NO_ACTIVO = 'Solo se modifica un recibo activo.';

const Importe = DineroPositivo('El importe');

const Cuenta = z.object({ idCuenta: z.uuid({ error: 'La cuenta contable no es válida' }) }).loose();

/**
 * A line of the receipt. Paying invoices (tipoDeIngreso true): `idFactura` and the `importe` applied
 * to it; what the form shows of the invoice (balancePendiente, total …) is read again by the server.
 * To accounts (false): the account credited (`cuentaContableCredito`), the amount and a note.
 * With generarCreditoAfavor, a line without `idFactura` in a payment receipt is an advance (anticipo).
 * On an edit (PUT /ingresos-recibidos/update/), `_id` names the line changed; without it a line is added.
 */
export const LineaIngresoEntrada = z
  .object({
    _id: z.uuid({ error: 'La línea no es válida' }).nullish(),
    idFactura: z.uuid({ error: 'La factura no es válida' }).nullish(),
    cuentaContableCredito: Cuenta.nullish(),
    importe: Importe,
    nota: textoOpcional(500).default(''),
  })
  .loose();
export type LineaIngresoEntrada = z.output<typeof LineaIngresoEntrada>;

const FechaDelRecibo = Texto(40)
  .transform((valor) => valor.slice(0, 10))
  .pipe(fecha('La fecha del recibo debe tener el formato AAAA-MM-DD'));

// Spec 001 §7 "POST /ingresos-recibidos/ (res, generarCreditoAfavor, idNumeracion, comprobante,
// idCliente, nombreCliente, tipoDeIngreso, fechaDeEmision, formaDePago, afectarCuenta, desdeElpos,
// cuentaContableDebito, cuentaPorCobrar, idCentroDeCosto, centroDeCosto, idUsuarioCreador,
// identificadorUnico)". comprobante and idUsuarioCreador are the server's (the number taken now, the
// session's user).
export const CrearIngreso = z
  .object({
    res: z
      .array(LineaIngresoEntrada, { error: MENSAJE_SIN_LINEAS_DE_INGRESO })
      .min(1, MENSAJE_SIN_LINEAS_DE_INGRESO)
      .max(LIMITE_FACTURAS_PENDIENTES, `Un recibo admite hasta ${LIMITE_FACTURAS_PENDIENTES} líneas`),
    generarCreditoAfavor: z.boolean().default(false),
    idNumeracion: z.uuid({ error: 'La numeración no es válida' }).nullish(),
    /** The server takes the number; what the form showed is ignored. */
    comprobante: Texto(100).nullish(),
    idCliente: z.uuid({ error: 'El cliente no es válido' }).nullish(),
    nombreCliente: textoOpcional(300).default(''),
    tipoDeIngreso: z.boolean().default(true),
    fechaDeEmision: FechaDelRecibo.nullish(),
    formaDePago: z
      .enum(FORMAS_DE_PAGO_INGRESO, { error: 'La forma de pago no es válida' })
      .default('Efectivo'),
    afectarCuenta: z.boolean().default(true),
    desdeElpos: DesdeElPos.default({ desdePos: false }),
    cuentaContableDebito: Cuenta.nullish(),
    cuentaPorCobrar: Cuenta.nullish(),
    idCentroDeCosto: z.uuid({ error: 'El centro de costo no es válido' }).nullish(),
    centroDeCosto: textoOpcional(200).default(''),
    idUsuarioCreador: Texto(100).nullish(),
    detalles: textoOpcional(1000).default(''),
    identificadorUnico: IdentificadorUnico,
  })
  .loose();
export type CrearIngreso = z.output<typeof CrearIngreso>;

export const Ingreso = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  idNumeracion: z.string(),
  numeracionNombre: z.string(),
  numero: z.number(),
  comprobante: z.string(),
  tipoDeIngreso: z.boolean(),
  idCliente: z.string().nullable(),
  nombreCliente: z.string(),
  fechaDeEmision: z.string(),
  formaDePago: z.enum(FORMAS_DE_PAGO_INGRESO),
  cuentaContableDebito: CuentaContableRef,
  cuentaPorCobrar: CuentaContableRef.nullable(),
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
  /** The switch of spec 001 §3: the excess of a line, or an advance line, became a credit in favour. */
  generarCreditoAfavor: z.boolean(),
  /** What of the receipt became credit in favour (the sum of its lines' creditoAFavor). */
  creditoAFavor: z.number(),
  estado: z.enum(['Activo', 'Por-Anular', 'Anulado']),
  autorizacion: z.enum(['Pendiente', 'Aprobada', 'Rechazada']).nullable(),
  notaAnular: z.string(),
  notaAutorizacion: z.string(),
  idUsuarioCreador: z.string(),
  creadoPor: z.string(),
  creadoEn: z.string(),
});
export type Ingreso = z.output<typeof Ingreso>;

export const LineaIngreso = z.object({
  _id: z.string(),
  idIngresosRef: z.string(),
  idFactura: z.string().nullable(),
  comprobanteFactura: z.string(),
  numeroFactura: z.number().nullable(),
  total: z.number(),
  /** What the invoice owed before this receipt. */
  balancePendiente: z.number(),
  /** Spec 001 §3: what the invoice had collected before this receipt (sale, receipts, credits in favour). */
  cobrado: z.number(),
  /** Spec 001 §3: what credit notes had applied to the invoice. */
  montoNotaDeCreditoRef: z.number(),
  /** Spec 001 §3: the RNC (or cédula) the invoice was made to. */
  rncCliente: z.string(),
  cuentaContableCredito: CuentaContableRef.nullable(),
  importe: z.number(),
  /** What of `importe` became credit in favour (above the invoice's pending, or the whole advance). */
  creditoAFavor: z.number(),
  nota: z.string(),
});
export type LineaIngreso = z.output<typeof LineaIngreso>;

/** GET /ingresos-recibidos/{id}: the lines in `res`, the header in `ingresoReferenciadoGral`. */
export const DetalleIngreso = z.object({ res: z.array(LineaIngreso), ingresoReferenciadoGral: Ingreso });
export type DetalleIngreso = z.output<typeof DetalleIngreso>;

// "-> array with idIngresosRef": the receipt's lines, each naming its receipt; solicitudDuplicada on
// each when the identificadorUnico had already created it (nothing new written).
export const IngresoCreado = z.array(LineaIngreso.extend({ solicitudDuplicada: z.boolean() }));

export const FiltroIngresos = FiltroDePeriodo.extend({
  input: Texto(200).default(''),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(200).default(LIMITE_INGRESOS),
  /** The audit view: only Por-Anular and Anulado. */
  buscarPorEstado: z.boolean().default(false),
  ingresosDelTurno: z.boolean().default(false),
  idTurnoRef: z.uuid().nullish(),
  idCuentaDeBanco: z.uuid().nullish(),
  formaDePago: z.enum(FORMAS_DE_PAGO_INGRESO).nullish(),
});
export type FiltroIngresos = z.output<typeof FiltroIngresos>;

export const ListaIngresos = z.object({ res: z.array(Ingreso), totalRows: z.number().int() });

// Spec 001 §7 "POST /ingresos-recibidos/pendientes/ {id, idFactura, page, limit 125} -> res": the
// customer's invoices with a balance, oldest first; `idFactura` narrows to one.
export const FiltroPendientes = z.object({
  id: z.uuid({ error: 'El cliente no es válido' }),
  idFactura: z.uuid().nullish(),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITE_FACTURAS_PENDIENTES).default(LIMITE_FACTURAS_PENDIENTES),
});
export const FacturasPendientes = z.object({ res: z.array(Factura) });

// Spec 001 §7 "PUT /ingresos-recibidos/update/ (update, eliminar, idIngresosRef, header fields)": the
// lines to change (with `_id`) or add (without), the ids of the lines to remove, and the header fields
// that may change; one absent keeps its value. The customer, the kind of receipt and its number stay.
export const ActualizarIngreso = z
  .object({
    idIngresosRef: z.uuid({ error: 'El recibo no es válido' }),
    update: z
      .array(LineaIngresoEntrada)
      .max(LIMITE_FACTURAS_PENDIENTES, `Un recibo admite hasta ${LIMITE_FACTURAS_PENDIENTES} líneas`)
      .default([]),
    eliminar: z.array(z.uuid({ error: 'La línea a quitar no es válida' })).default([]),
    generarCreditoAfavor: z.boolean().optional(),
    nombreCliente: textoOpcional(300).optional(),
    fechaDeEmision: FechaDelRecibo.nullish(),
    formaDePago: z.enum(FORMAS_DE_PAGO_INGRESO, { error: 'La forma de pago no es válida' }).optional(),
    cuentaContableDebito: Cuenta.nullish(),
    cuentaPorCobrar: Cuenta.nullish(),
    idCentroDeCosto: z.uuid({ error: 'El centro de costo no es válido' }).nullish(),
    centroDeCosto: textoOpcional(200).optional(),
    detalles: textoOpcional(1000).optional(),
  })
  .loose();
export type ActualizarIngreso = z.output<typeof ActualizarIngreso>;

/** GET /ingresos-recibidos/ingreso-cc/{id}: the lines as `listaDeIngesos` (sic, spec 001 §7). */
export const DetalleIngresoCc = z.object({
  listaDeIngesos: z.array(LineaIngreso),
  ingresoReferenciadoGral: Ingreso,
});

export const AnularIngreso = z.object({
  idIngresosRef: z.uuid({ error: 'El recibo no es válido' }),
  estado: z.enum(['Activo', 'Por-Anular', 'Anulado']).optional(),
  autorizacion: z.enum(['Pendiente', 'Aprobada', 'Rechazada']).optional(),
  notaAnular: textoOpcional(1000).default(''),
  notaAutorizacion: textoOpcional(1000).optional(),
});
export type AnularIngreso = z.output<typeof AnularIngreso>;

export const RespuestaAnulacionIngreso = z.object({
  ingresoDb: Ingreso,
  resultado: z.enum(['anulado', 'solicitado', 'aprobado', 'rechazado']),
});

// Spec 000 §7: "POST /ingresos-recibidos/sincronizar-ingresos-offline | pending incomes | ingresosCreados".
export const SincronizarIngresos = z
  .array(z.unknown(), { error: 'Se esperaba la lista de ingresos pendientes' })
  .max(100, 'Se sincronizan como mucho 100 ingresos por lote');
export const IngresosSincronizados = z.object({
  ingresosCreados: z.array(Ingreso),
  rechazados: z.array(DocumentoRechazado),
});

export const ingresos = {
  crear: endpoint({
    method: 'POST',
    path: '/ingresos-recibidos/',
    body: CrearIngreso,
    params: SinParams,
    respuesta: IngresoCreado,
  }),
  uno: endpoint({
    method: 'GET',
    path: '/ingresos-recibidos/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleIngreso,
  }),
  todos: endpoint({
    method: 'POST',
    path: '/ingresos-recibidos/todos',
    efecto: 'lee',
    body: FiltroIngresos,
    params: SinParams,
    respuesta: ListaIngresos,
  }),
  pendientes: endpoint({
    method: 'POST',
    path: '/ingresos-recibidos/pendientes/',
    efecto: 'lee',
    body: FiltroPendientes,
    params: SinParams,
    respuesta: FacturasPendientes,
  }),
  unaPendiente: endpoint({
    method: 'POST',
    path: '/ingresos-recibidos/una_pendiente/',
    efecto: 'lee',
    body: z.object({ idFactura: z.uuid({ error: 'La factura no es válida' }) }),
    params: SinParams,
    respuesta: FacturasPendientes,
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/ingresos-recibidos/anular/',
    body: AnularIngreso,
    params: SinParams,
    respuesta: RespuestaAnulacionIngreso,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/ingresos-recibidos/update/',
    body: ActualizarIngreso,
    params: SinParams,
    respuesta: DetalleIngreso,
  }),
  // Spec 001 §4 "Deleted documents leave the list": the receipt stays Anulado («Eliminado por …»).
  eliminar: endpoint({
    method: 'DELETE',
    path: '/ingresos-recibidos/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ ingresoDb: Ingreso }),
  }),
  cuentasContables: endpoint({
    method: 'GET',
    path: '/ingresos-recibidos/ingreso-cc/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleIngresoCc,
  }),
  /** The printable receipt on a full page: a PDF on the documents' one layout, Recibo-{comprobante}.pdf. */
  imprimir: endpoint({
    method: 'GET',
    path: '/ingresos-recibidos/ingreso-print/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: Archivo,
  }),
  sincronizar: endpoint({
    method: 'POST',
    path: '/ingresos-recibidos/sincronizar-ingresos-offline',
    body: SincronizarIngresos,
    params: SinParams,
    respuesta: IngresosSincronizados,
  }),
};
