import { z } from 'zod';
import { DocumentoRechazado, IdentificadorUnico, ParamsId, SinParams } from './comun.ts';
import { CuentaContableRef } from './contabilidad.ts';
import { EnviarDocumentoPorCorreo, mensajeErrorDeCorreo } from './documentos.ts';
import { endpoint } from './endpoint.ts';
import { FiltroDePeriodo } from './exportar.ts';
import { Porcentaje, textoOpcional } from './maestros.ts';
import { Cantidad, Dinero, DineroPositivo, fecha, PrecioUnitario, Texto } from './tipos.ts';

// ------------------------------------------------------------------ messages (spec 001 §5, §8)

export const MENSAJE_TIENE_PAGOS = 'NO SE PUEDE ANULAR: La factura tiene pagos asociados';
export const MENSAJE_NO_ELIMINAR_CON_PAGOS = 'NO SE PUEDE ELIMINAR: La factura tiene pagos asociados';
export const MENSAJE_MOTIVO_FACTURA = 'Debes selecionar un motivo de anulación :)';
export const MENSAJE_TURNO_CERRADO = 'No hay un turno abierto para facturar desde el punto de venta.';
export const MENSAJE_TURNO_CERRADO_DETALLE =
  'No se puede realizar la operación, hasta que haya un nuevo turno abierto';
export const MENSAJE_SIN_LINEAS_FACTURA = 'Agrega por lo menos un artículo!!';
export const MENSAJE_BAJO_STOCK = 'Alerta de Inventario';
export const MENSAJE_LIMITE_DE_CREDITO = 'El cliente excede su límite de crédito';
export const MENSAJE_CODIGO_INVALIDO = 'ingrese un cádigo válido :)';
export const MENSAJE_FACTURA_NO_EXISTE = 'La factura no existe.';
export const MENSAJE_NO_SE_GUARDO = 'No se guardo la factura';
export const MENSAJE_ERROR_CORREO_FACTURA = mensajeErrorDeCorreo('factura');

/** Spec 001 §9: invoices 25 per page; POS invoice list 25. */
export const LIMITE_FACTURAS = 25;

/** Spec 001 §9 "Payment methods" (Mixto splits into the others). */
export const METODOS_DE_PAGO_FACTURA = [
  'Efectivo',
  'Tarjeta',
  'Tarjeta-Debito',
  'Transferencia',
  'Cheque',
  'Mixto',
] as const;
export type MetodoDePagoFactura = (typeof METODOS_DE_PAGO_FACTURA)[number];
export type MetodoSimple = Exclude<MetodoDePagoFactura, 'Mixto'>;

const HORA = /^\d{2}:\d{2}(:\d{2})?$/;

const Monto = Dinero();

/** A unit price before tax at full precision (invariant 3): a number or a decimal string. */
const PrecioExacto = z.union([
  PrecioUnitario(),
  z.string().regex(/^\d{1,12}(\.\d{1,12})?$/, 'El precio debe ser un número decimal'),
]);

// ------------------------------------------------------------------ request bodies

/** Where a document was made: degrees of latitude and longitude. */
export const Ubicacion = z.object({
  lat: z
    .number({ error: 'La latitud debe ser un número' })
    .min(-90, 'La latitud va de -90 a 90')
    .max(90, 'La latitud va de -90 a 90'),
  lng: z
    .number({ error: 'La longitud debe ser un número' })
    .min(-180, 'La longitud va de -180 a 180')
    .max(180, 'La longitud va de -180 a 180'),
});

// Spec 001 §3 "Invoice line". The server reads taxes, cost and accounts from the product; the price is
// the client's only when the user may change prices (bloquearPrecio false), else the product's.
export const LineaFacturaEntrada = z.object({
  _id: z.uuid().optional(),
  idProducto: z.uuid({ error: 'El producto de la línea no es válido' }),
  idProductoRef: Texto(100).nullable().optional(),
  idCodigoDeBarra: textoOpcional(100).nullable().optional(),
  descripcion: textoOpcional(500).optional(),
  nota: textoOpcional(500).default(''),
  cantidad: Cantidad(),
  /** Unit price before tax (precioSinImpuestoSinRedondeo); the product's when absent. */
  precio: PrecioExacto.optional(),
  /** Unit price with tax as the screen showed it; informative. */
  precioDeVenta: Dinero('El precio de venta').optional(),
  /** Fraction 0..1 (percent / 100). */
  descuento: z
    .number({ error: 'El descuento debe ser un número' })
    .min(0, 'El descuento no puede ser negativo')
    .max(1, 'El descuento es una fracción de 0 a 1')
    .default(0),
  descuentoParaSocios: Porcentaje.default(0),
  paquete: z.boolean().default(false),
  itemPersonalizado: z.boolean().default(false),
  variantes: z
    .array(z.object({ valor: Dinero('El valor de la variante').default(0) }).loose())
    .max(20)
    .default([]),
  /** The delivery-note line it bills (spec 001 §2 conversions): its conduce must be linked. */
  idLineaConduce: z.uuid({ error: 'La línea de conduce no es válida' }).nullable().optional(),
});
export type LineaFacturaEntrada = z.infer<typeof LineaFacturaEntrada>;

export const RetencionEntrada = z.object({
  idRetencionSeleccionada: z.uuid({ error: 'La retención no es válida' }),
});

// Spec 001 §3 "Invoice" (the fields a client sends; the customer snapshot, numbers, totals, creator
// and collection status are the server's).
export const FacturaEntrada = z.object({
  identificadorUnico: IdentificadorUnico,
  /** The customer; the company's default customer (Consumidor final) when absent. */
  idCliente: z.uuid({ error: 'El cliente no es válido' }).nullable().optional(),
  nombreOpcional: textoOpcional(200).default(''),
  /** The numbering; by the customer's NCF type, then the terminal's, then the default when absent. */
  idNumeracion: z.uuid({ error: 'La numeración no es válida' }).nullable().optional(),
  idListaDePrecio: z.uuid({ error: 'La lista de precio no es válida' }).nullable().optional(),
  /** Warehouse the goods leave from; the terminal's, then the main warehouse when absent. */
  almacenActual: z.uuid({ error: 'El almacén no es válido' }).nullable().optional(),
  fechaEmision: Texto(40)
    .transform((valor) => valor.slice(0, 10))
    .pipe(fecha())
    .nullable()
    .optional(),
  hora: z.string().regex(HORA, 'La hora debe tener el formato HH:mm').nullable().optional(),
  /** Days to pay; the due date is the issue date plus these days at T12:00:00 (spec 001 §1). */
  plazoPagos: z.number().int().min(0, 'El plazo no puede ser negativo').max(3650).default(0),
  metodoDePago: z
    .enum(METODOS_DE_PAGO_FACTURA, { error: 'El método de pago no es válido' })
    .default('Efectivo'),
  /** What the customer handed over with a single method (cash may exceed the total: change). */
  efectivoRecibido: Dinero('El efectivo recibido').default(0),
  /** Mixto: the amount of each method. */
  formaDePagoTotalEnEfectivo: Dinero('El monto en efectivo').default(0),
  formaDePagoTotalEnTarjeta: Dinero('El monto en tarjeta').default(0),
  formaDePagoTotalEnTarjetaDebito: Dinero('El monto en tarjeta de débito').default(0),
  formaDePagoTotalEnTransferencia: Dinero('El monto en transferencia').default(0),
  formaDePagoTotalEnCheque: Dinero('El monto en cheque').default(0),
  numeroDeAprobacionTarjeta: textoOpcional(50).default(''),
  notaPieDePagina: textoOpcional(1000).default(''),
  notaInformacionInterna: textoOpcional(1000).default(''),
  numeroBorradorPos: z.number().int().min(1).max(99).nullable().optional(),
  /** The sales order this invoice bills (spec 001 §3); it is marked invoiced with the invoice. */
  idPedido: z.uuid({ error: 'El pedido no es válido' }).nullable().optional(),
  /** Spec 001 §3 "Invoice": the cost centre its journal entry's lines carry (docs/accounting.md). */
  idCentroDeCosto: z.uuid({ error: 'El centro de costo no es válido' }).nullish(),
  centroDeCosto: textoOpcional(200).default(''),
  /** Spec 001 §3: the quotation, or the quotations, this invoice was made from (billed once each). */
  idCotizacion: z.uuid({ error: 'La cotización no es válida' }).nullable().optional(),
  idCotizaciones: z
    .array(z.uuid({ error: 'La cotización no es válida' }))
    .max(50, 'Se pueden juntar hasta 50 cotizaciones')
    .optional(),
  idTurnoRef: z.uuid().nullable().optional(),
  location: Ubicacion.nullable().optional(),
  /** Spec 001 §5 credit check: the general configuration's code, for a sale over the limit. */
  codigoDeAutorizacion: textoOpcional(100).optional(),
  /**
   * Spec 001 §3: credits in favour of the invoice's customer that pay it once it is created (in the
   * same transaction): by id (all it can, up to what the invoice leaves pending) or `{_id, monto}`.
   */
  IdCreditoAfavor: z.uuid({ error: 'El crédito a favor no es válido' }).nullish(),
  IdsCreditoAfavor: z
    .array(
      z.union([
        z.uuid({ error: 'El crédito a favor no es válido' }),
        z.object({
          _id: z.uuid({ error: 'El crédito a favor no es válido' }),
          monto: DineroPositivo('El monto del crédito a favor').optional(),
        }),
      ]),
    )
    .max(20, 'Se pueden usar hasta 20 créditos a favor')
    .optional(),
});
export type FacturaEntrada = z.infer<typeof FacturaEntrada>;

// Spec 001 §7: POS info {desdePos, idTerminalRef, idUsuarioDelTurno}.
export const DesdeElPos = z.object({
  desdePos: z.boolean().default(false),
  idTerminalRef: z.uuid({ error: 'El terminal no es válido' }).nullable().optional(),
  idUsuarioDelTurno: z.uuid({ error: 'El usuario del turno no es válido' }).nullable().optional(),
});
export type DesdeElPos = z.infer<typeof DesdeElPos>;

/** The client's totals: checked against the server's, never trusted (spec 001 §1 totals). */
export const TotalEntrada = z
  .object({ total: Monto.optional(), subtotal: Monto.optional(), impuestos: Monto.optional() })
  .loose();

/**
 * Spec 001 §2, §4, §5: the delivery notes linked to an invoice, as ids or as the conduce objects a
 * client holds (`_id`). The server refuses the same one twice ('CONDUCE REPETIDO…', spec 001 §5).
 */
export const ConducesVinculados = z
  .array(
    z.union([
      z.uuid({ error: 'El conduce vinculado no es válido' }),
      z
        .object({ _id: z.uuid({ error: 'El conduce vinculado no es válido' }) })
        .loose()
        .transform((c) => c._id),
    ]),
    { error: 'Se esperaba la lista de conduces vinculados' },
  )
  .max(50, 'Se pueden vincular hasta 50 conduces');

function revisarConduces(valor: unknown, posicion: number, contexto: z.RefinementCtx): void {
  const revisado = ConducesVinculados.safeParse(valor ?? []);
  for (const problema of revisado.error?.issues ?? []) {
    contexto.addIssue({ code: 'custom', message: problema.message, path: [posicion, ...problema.path] });
  }
}

// Spec 001 §7 "POST /factura/crear, body list: invoice header, lines, linked delivery notes,
// afectarCuenta, POS info, retentions, terminal, payment method selector, total". The account to affect
// is not used (the terminal's and the assignment's accounts decide); the terminal may come as an object
// with _id or as an id.
export const CrearFactura = z
  .tuple(
    [
      FacturaEntrada,
      z.array(LineaFacturaEntrada).min(1, MENSAJE_SIN_LINEAS_FACTURA).max(500, 'Demasiadas líneas'),
    ],
    z.unknown(),
  )
  .superRefine(([, , conduces], contexto) => {
    revisarConduces(conduces, 2, contexto);
  })
  .transform(([factura, lineas, ...resto]) => {
    const desdeElpos = DesdeElPos.safeParse(resto[2] ?? {});
    const retenciones = z.array(RetencionEntrada).safeParse(resto[3] ?? []);
    const terminal = resto[4] as { _id?: unknown } | string | null | undefined;
    const total = TotalEntrada.safeParse(resto[6] ?? {});
    return {
      factura,
      lineas,
      conduces: ConducesVinculados.parse(resto[0] ?? []),
      desdeElpos: desdeElpos.success ? desdeElpos.data : { desdePos: false },
      retenciones: retenciones.success ? retenciones.data : [],
      idTerminal:
        typeof terminal === 'string'
          ? terminal
          : typeof terminal?._id === 'string'
            ? terminal._id
            : ((desdeElpos.success ? desdeElpos.data.idTerminalRef : null) ?? null),
      total: total.success ? total.data : {},
    };
  });
export type CrearFactura = z.output<typeof CrearFactura>;

/**
 * POST /factura/sincronizar-facturas-offline (spec 000 §7, issue 8): the POS's pending invoices, each
 * the very body it would have sent to /factura/crear. Its first element may carry `contactoPendiente`,
 * a contact created offline too (the body of /cliente/crear), which the invoice is then linked to.
 * Each invoice is checked on its own, so one bad record never holds back the others.
 */
export const SincronizarFacturas = z
  .array(z.array(z.unknown()), { error: 'Se esperaba la lista de facturas pendientes' })
  .max(100, 'No se pueden sincronizar más de 100 facturas a la vez');

// ------------------------------------------------------------------ answers

export const ImpuestoDeLinea = z.object({
  name: z.string().optional(),
  tipoDeImpuesto: z.string().optional(),
  tasa: z.number(),
  total: z.number(),
});

export const LineaFactura = z.object({
  _id: z.string(),
  idFactura: z.string(),
  idProducto: z.string(),
  idCodigoDeBarra: z.string(),
  descripcion: z.string(),
  nota: z.string(),
  cantidad: z.number(),
  /** Stock units the line took: cantidad × units per package in package mode. */
  unidades: z.number(),
  /** Unit price before tax at full precision, as a decimal string. */
  precio: z.string(),
  precioDeVenta: z.number(),
  descuento: z.number(),
  descuentoParaSocios: z.number(),
  impuestos: z.array(ImpuestoDeLinea),
  importe: z.number(),
  montoDescuento: z.number(),
  subtotal: z.number(),
  totalImpuestos: z.number(),
  total: z.number(),
  paquete: z.boolean(),
  itemPersonalizado: z.boolean(),
  variantes: z.array(z.unknown()),
  facturado: z.boolean(),
  /** The delivery-note line it bills; such a line moved no stock (the conduce did). */
  idLineaConduce: z.string().nullable().optional(),
});
export type LineaFactura = z.infer<typeof LineaFactura>;

export const PagoFactura = z.object({
  _id: z.string(),
  origen: z.enum(['factura', 'ingreso']),
  metodo: z.enum(['Efectivo', 'Tarjeta', 'Tarjeta-Debito', 'Transferencia', 'Cheque']),
  monto: z.number(),
  numeroDeAprobacion: z.string(),
  cuenta: CuentaContableRef.nullable(),
  fecha: z.string(),
});
export type PagoFactura = z.infer<typeof PagoFactura>;

export const RetencionAplicada = z.object({
  idRetencionSeleccionada: z.string(),
  nombre: z.string(),
  nombreDetallado: z.string(),
  monto: z.number(),
  porcentaje: z.number(),
  tipoRetencion: z.string(),
});

export const EstadoDelCobro = z.enum(['Por-Anular', 'Anulado', 'Cobrada', 'Por Cobrar', '']);

/** A document an invoice was made from (spec 001 §2): kept on the invoice, also once cancelled. */
export const DocumentoDeOrigen = z.object({
  tipo: z.enum(['cotizacion', 'conduce']),
  id: z.string(),
  comprobante: z.string(),
});
export type DocumentoDeOrigen = z.infer<typeof DocumentoDeOrigen>;

export const Factura = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  idNumeracion: z.string().nullable(),
  numeracionNombre: z.string(),
  numeroFactura: z.number().nullable(),
  comprobante: z.string().nullable(),
  /** 'B02', 'E31' … or null for an internal numbering. */
  tipoNcf: z.string().nullable(),
  /** Name of the NCF type ('Factura de Consumo'). */
  tipoNcfNombre: z.string().nullable(),
  vencimientoNcf: z.string().nullable(),
  fechaEmision: z.string(),
  hora: z.string(),
  vencimiento: z.string(),
  plazoPagos: z.number(),
  idCliente: z.string().nullable(),
  nombre: z.string(),
  nombreOpcional: z.string(),
  rnc: z.string(),
  tipoDeIdentificacion: z.string(),
  cedula: z.string(),
  telefono: z.string(),
  movil: z.string(),
  correo: z.string(),
  direccion: z.string(),
  socio: z.boolean(),
  idListaDePrecio: z.string().nullable(),
  almacenActual: z.string(),
  idTerminalRef: z.string().nullable(),
  idTurnoRef: z.string().nullable(),
  desdePos: z.boolean(),
  metodoDePago: z.string(),
  numeroDeAprobacionTarjeta: z.string(),
  importe: z.number(),
  descuento: z.number(),
  subtotal: z.number(),
  impuestos: z.number(),
  itbis: z.number(),
  desgloseDeImpuestos: z.array(z.object({ name: z.string(), tipoDeImpuesto: z.string(), total: z.number() })),
  total: z.number(),
  totalFacturado: z.number(),
  totalRetenciones: z.number(),
  montoAPagar: z.number(),
  efectivoRecibido: z.number(),
  cobrado: z.number(),
  pendiente: z.number(),
  cambioDeDinero: z.number(),
  estadoDelCobro: EstadoDelCobro,
  retenciones: z.array(RetencionAplicada),
  notaPieDePagina: z.string(),
  notaInformacionInterna: z.string(),
  numeroBorradorPos: z.number().nullable(),
  idPedido: z.string().nullable(),
  idCentroDeCosto: z.string().nullable().optional(),
  centroDeCosto: z.string().optional(),
  /** Spec 001 §3, §2 conversions: the quotation(s) and delivery notes it was made from. */
  idCotizacion: z.string().nullable().optional(),
  idCotizaciones: z.array(z.string()).optional(),
  documentosDeOrigen: z.array(DocumentoDeOrigen).optional(),
  estado: z.enum(['Activo', 'Por-Anular', 'Anulado']),
  autorizacion: z.enum(['Pendiente', 'Aprobada', 'Rechazada']).nullable(),
  activo: z.boolean(),
  notaAnular: z.string(),
  tipoDeAnulacion: z.string(),
  notaAutorizacion: z.string(),
  creadaPor: z.string(),
  idUsuarioCreador: z.string().nullable(),
  creadoEn: z.string(),
  actualizadoEn: z.string(),
});
export type Factura = z.infer<typeof Factura>;

/** A product refused for lack of stock (spec 001 §8 productoBajoStock). */
export const ProductoBajoStock = z.object({
  idProducto: z.string(),
  descripcion: z.string(),
  cantidad: z.number(),
  disponibilidad: z.number(),
});
export type ProductoBajoStock = z.infer<typeof ProductoBajoStock>;

// Spec 001 §3 "Invoice detail response": FacturaDb, linea_facturasRef, pendiente, cobrado,
// listaPagosIngreso, retenciones, conduce_facturado (the delivery notes it billed); montoNotaDeCreditoRef
// is empty until those documents exist. listaDeCredtosAfavor: the credit-in-favour transactions that pay
// it, not cancelled (TransaccionCreditoAFavor of creditos.ts; unknown here, as creditos.ts reads this file).
export const DetalleFactura = z.object({
  FacturaDb: Factura,
  linea_facturasRef: z.array(LineaFactura),
  conduce_facturado: z.array(DocumentoDeOrigen),
  pendiente: z.number(),
  cobrado: z.number(),
  montoNotaDeCreditoRef: z.number(),
  listaPagosIngreso: z.array(PagoFactura),
  listaDeCredtosAfavor: z.array(z.unknown()),
  retenciones: z.array(RetencionAplicada),
  /** The journal entries of the invoice (the sale and, once cancelled, its reversal). */
  asientos: z.array(
    z.object({ _id: z.string(), numero: z.number(), fecha: z.string(), revierte: z.boolean() }),
  ),
});
export type DetalleFactura = z.infer<typeof DetalleFactura>;

export const FacturaCreada = DetalleFactura.extend({
  solicitudDuplicada: z.boolean(),
  /** Spec 000 §8: 'Factura creada' dialog shows voucher, amount and customer. */
  facturadb: Factura,
});
export type FacturaCreada = z.infer<typeof FacturaCreada>;

// ------------------------------------------------------------------ lists

// Spec 001 §7 "POST /factura/lista-de-facturas: input, page, limit 25, facturasDelTurno, idTurnoRef,
// idUsuarioCreador, revendedor, periodo, buscarPorEstado".
export const FiltroFacturas = FiltroDePeriodo.extend({
  input: Texto(200).default(''),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(200).default(LIMITE_FACTURAS),
  facturasDelTurno: z.boolean().default(false),
  idTurnoRef: z.uuid().nullable().optional(),
  idUsuarioCreador: z.uuid({ error: 'El usuario no es válido' }).nullable().optional(),
  /** Only invoices of customers that are resellers (spec 000 §6 revendedor). */
  revendedor: z.boolean().default(false),
  /** Audit view: only Por-Anular and Anulado (spec 001 §2). */
  buscarPorEstado: z.boolean().default(false),
  idCliente: z.uuid().nullable().optional(),
  estadoDelCobro: z.enum(['Cobrada', 'Por Cobrar']).nullable().optional(),
});
export type FiltroFacturas = z.infer<typeof FiltroFacturas>;

export const ListaFacturas = z.object({
  res: z.array(Factura),
  totalRows: z.number().int(),
  /** Sum of the listed filter's totals (all pages). */
  totalGeneral: z.number(),
});
export type ListaFacturas = z.infer<typeof ListaFacturas>;

// Spec 001 §7 "POST factura/r-cuentas-por-cobrar/" is a declared report: reportes/cartera.ts.

// ------------------------------------------------------------------ update and cancel

// Spec 001 §7 "PUT /factura/{id}, body list: header, lines to delete, lines, delivery note lines to
// delete, linked delivery notes, default bank, payments, retentions, retentions to delete, total".
// Editing rewrites the lines, stock and journal entry of an invoice without payments; the number and
// NCF never change.
export const ActualizarFactura = z
  .tuple(
    [
      FacturaEntrada.omit({ identificadorUnico: true }).extend({ identificadorUnico: Texto(100).optional() }),
      z.array(z.unknown()).default([]),
      z.array(LineaFacturaEntrada).min(1, MENSAJE_SIN_LINEAS_FACTURA).max(500, 'Demasiadas líneas'),
    ],
    z.unknown(),
  )
  .superRefine(([, , , , conduces], contexto) => {
    revisarConduces(conduces, 4, contexto);
  })
  .transform(([factura, _borrar, lineas, ...resto]) => {
    const retenciones = z.array(RetencionEntrada).safeParse(resto[4] ?? []);
    const total = TotalEntrada.safeParse(resto[6] ?? {});
    return {
      factura,
      lineas,
      // Spec 001 §7 PUT: the delivery notes linked after the change (all of them).
      conduces: ConducesVinculados.parse(resto[1] ?? []),
      retenciones: retenciones.success ? retenciones.data : [],
      total: total.success ? total.data : {},
    };
  });
export type ActualizarFactura = z.output<typeof ActualizarFactura>;

// Spec 001 §7 "PUT factura/anular/{id}: estado, tipoDeAnulacion, autorizacion, notaAnular, _id;
// answer facturadb.comprobante". The server decides direct cancel or request by the user's
// anularYEliminarDocumentos; a supervisor resolves a request by sending autorizacion Aprobada or
// Rechazada (with notaAutorizacion).
export const AnularFactura = z.object({
  _id: z.uuid({ error: 'El _id no es válido' }).optional(),
  estado: z.enum(['Activo', 'Por-Anular', 'Anulado']).optional(),
  autorizacion: z.enum(['Pendiente', 'Aprobada', 'Rechazada']).optional(),
  tipoDeAnulacion: Texto(100).default(''),
  notaAnular: textoOpcional(1000).default(''),
  notaAutorizacion: textoOpcional(1000).optional(),
});
export type AnularFactura = z.infer<typeof AnularFactura>;

export const RespuestaAnulacion = z.object({
  facturadb: Factura,
  /** What happened: cancelled now, request sent, request approved or rejected. */
  resultado: z.enum(['anulada', 'solicitada', 'aprobada', 'rechazada']),
});

/** The kit's body (spec 001 §1), the same for every document. */
export const EnviarFacturaPorCorreo = EnviarDocumentoPorCorreo;

const ParamsCliente = z.object({
  idCliente: z.uuid({ error: 'El cliente no es válido' }),
  idFactura: z.uuid({ error: 'La factura no es válida' }),
});
const ParamsIdentificador = z.object({ id: Texto(100).min(1, 'Falta el identificadorUnico') });

/**
 * facturasCreadas: every invoice of the batch that exists on the server now, created by this call or
 * by an earlier one (a replay after a lost answer); the POS removes exactly these.
 */
export const FacturasSincronizadas = z.object({
  facturasCreadas: z.array(Factura),
  rechazados: z.array(DocumentoRechazado),
});

export const facturas = {
  crear: endpoint({
    method: 'POST',
    path: '/factura/crear',
    body: CrearFactura,
    params: SinParams,
    respuesta: FacturaCreada,
  }),
  porIdentificadorUnico: endpoint({
    method: 'GET',
    path: '/factura/por-identificador-unico/:id',
    body: z.unknown(),
    params: ParamsIdentificador,
    respuesta: DetalleFactura,
  }),
  una: endpoint({
    method: 'GET',
    path: '/factura/una/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleFactura,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/factura/:id',
    body: ActualizarFactura,
    params: ParamsId,
    respuesta: DetalleFactura,
  }),
  actualizarCliente: endpoint({
    method: 'PUT',
    path: '/factura/actualizar-cliente/:idCliente/:idFactura',
    // Spec 001 §5: users without anularYEliminarDocumentos need the general configuration's code.
    body: z
      .object({ codigoDeAutorizacion: textoOpcional(100).optional() })
      .nullish()
      .transform((cuerpo) => cuerpo ?? {}),
    params: ParamsCliente,
    respuesta: DetalleFactura,
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/factura/anular/:id',
    body: AnularFactura,
    params: ParamsId,
    respuesta: RespuestaAnulacion,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/factura/eliminar/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ facturadb: Factura }),
  }),
  lista: endpoint({
    method: 'POST',
    path: '/factura/lista-de-facturas',
    efecto: 'lee',
    body: FiltroFacturas,
    params: SinParams,
    respuesta: ListaFacturas,
  }),
  todas: endpoint({
    method: 'POST',
    path: '/factura/todas',
    efecto: 'lee',
    body: FiltroFacturas,
    params: SinParams,
    respuesta: ListaFacturas,
  }),
  sincronizar: endpoint({
    method: 'POST',
    path: '/factura/sincronizar-facturas-offline',
    body: SincronizarFacturas,
    params: SinParams,
    respuesta: FacturasSincronizadas,
  }),
  enviarPorCorreo: endpoint({
    method: 'POST',
    path: '/email/factura/:id',
    // Sends an existing invoice, as its PDF download does: no document is created or changed.
    efecto: 'lee',
    body: EnviarFacturaPorCorreo,
    params: ParamsId,
    respuesta: z.object({ message: z.string() }),
  }),
};

/** GET /email/pdf/download/{id}: the A4 invoice PDF, saved as Factura-{comprobante}.pdf. */
export const RUTA_PDF_FACTURA = '/email/pdf/download/:id';
