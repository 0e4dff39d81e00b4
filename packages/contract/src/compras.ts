import { analizarNcf } from '@pos/domain';
import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams } from './comun.ts';
import {
  AnularDocumentoEntrada,
  CabeceraDeVenta,
  CabeceraDeVentaEntrada,
  FiltroDeDocumentos,
  LineaDeVenta,
  lineasDeDocumento,
} from './documentos.ts';
import { endpoint } from './endpoint.ts';
import { Archivo } from './exportar.ts';
import { RetencionAplicada, RetencionEntrada } from './facturas.ts';
import { textoOpcional } from './maestros.ts';
import { Dinero, Fecha, Texto } from './tipos.ts';

// Spec 001 §3 "Purchase", §4, §5, §7 "Purchases", §9; fiscal-do.md §1, §3.1 (the 606 a purchase feeds).
// A purchase brings goods or services from a supplier at their cost: a family of the document kit priced
// at cost, numbered from the 'compras' numbering (internal, or our own B11 for an informal supplier),
// that moves stock in, posts the journal and leaves what is owed in the payables ledger.

export const MENSAJE_COMPRA_SIN_LINEAS = 'Agrega por lo menos un artículo!!';
export const MENSAJE_COMPRA_NO_EXISTE = 'La compra no existe.';
export const MENSAJE_MOTIVO_COMPRA = 'Debes ingresar un motivo para anular la compra';
export const MENSAJE_PROVEEDOR_OBLIGATORIO = 'Debes elegir el proveedor de la compra';
/** Spec 001 §8 (mirror of the invoice's 'NO SE PUEDE ANULAR: La factura tiene pagos asociados'). */
export const MENSAJE_COMPRA_CON_PAGOS = 'NO SE PUEDE ANULAR: La compra tiene pagos asociados';
export const MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO =
  'NO SE PUEDE ANULAR: La compra tiene notas de débito vigentes; anula primero esas notas.';
/** The same refusals when the purchase is edited or deleted: each says what cannot be done. */
export const MENSAJE_COMPRA_CON_PAGOS_MODIFICAR = 'NO SE PUEDE MODIFICAR: La compra tiene pagos asociados';
export const MENSAJE_COMPRA_CON_PAGOS_ELIMINAR = 'NO SE PUEDE ELIMINAR: La compra tiene pagos asociados';
export const MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO_MODIFICAR =
  'NO SE PUEDE MODIFICAR: La compra tiene notas de débito vigentes; anula primero esas notas.';
export const MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO_ELIMINAR =
  'NO SE PUEDE ELIMINAR: La compra tiene notas de débito vigentes; anula primero esas notas.';
/** A supplier's NCF already in a purchase in force; the race the unique index compras_ncf_vigente catches
 *  (http/errors.ts) says so without the other purchase's number, which the check before writing names. */
export const MENSAJE_NCF_REPETIDO = 'El NCF de este proveedor ya está registrado en otra compra vigente.';
export const MENSAJE_NCF_OBLIGATORIO =
  'Escribe el NCF del comprobante del proveedor (o elige la numeración fiscal de compras B11 si el proveedor es informal)';
export const MENSAJE_NCF_DEL_COMPRADOR =
  'Ese tipo de NCF lo emite la empresa compradora (B11, B13, B17): elige la numeración fiscal de compras en lugar de escribirlo';

/** fiscal-do.md §3.1 col. 3: DGII's kinds of goods and services bought. */
export const TIPOS_BIENES_SERVICIOS = {
  '01': 'Gastos de personal',
  '02': 'Gastos por trabajos, suministros y servicios',
  '03': 'Arrendamientos',
  '04': 'Gastos de activos fijos',
  '05': 'Gastos de representación',
  '06': 'Otras deducciones admitidas',
  '07': 'Gastos financieros',
  '08': 'Gastos extraordinarios',
  '09': 'Compras y gastos que forman parte del costo de venta',
  '10': 'Adquisiciones de activos',
  '11': 'Gastos de seguros',
} as const;
export type TipoBienesServicios = keyof typeof TIPOS_BIENES_SERVICIOS;
const CODIGOS_BIENES_SERVICIOS = Object.keys(TIPOS_BIENES_SERVICIOS) as [
  TipoBienesServicios,
  ...TipoBienesServicios[],
];

/** How what was paid at the purchase left (spec 001 §9 payment methods, without Mixto). */
export const METODOS_DE_PAGO_COMPRA = [
  'Efectivo',
  'Tarjeta',
  'Tarjeta-Debito',
  'Transferencia',
  'Cheque',
] as const;

/** NCF types the buyer issues itself (fiscal-do.md §1.2): never typed as a supplier's NCF. */
const TIPOS_DEL_COMPRADOR = new Set(['11', '13', '17', '41', '43', '47']);

/** The supplier's NCF as typed: empty, or a valid NCF (fiscal-do.md §1.1), upper-cased without spaces. */
// `overwrite` keeps it a text schema (no pipe): the default '' and the normalised value share one type.
export const NcfDelProveedor = Texto(20)
  .overwrite((valor) => valor.replace(/[\s-]/g, '').toUpperCase())
  .superRefine((valor, contexto) => {
    if (valor === '') {
      return;
    }
    const ncf = analizarNcf(valor);
    if (!ncf.ok) {
      contexto.addIssue({ code: 'custom', message: ncf.mensaje });
    } else if (TIPOS_DEL_COMPRADOR.has(ncf.valor.tipo)) {
      contexto.addIssue({ code: 'custom', message: MENSAJE_NCF_DEL_COMPRADOR });
    }
  })
  .default('');

const Lineas = lineasDeDocumento(MENSAJE_COMPRA_SIN_LINEAS);

/** The header a purchase's form sends (spec 001 §3 "Purchase"); the supplier's data are read from the contact. */
export const CompraEntrada = CabeceraDeVentaEntrada.omit({ idCliente: true, idListaDePrecio: true })
  .extend({
    idProveedor: z.uuid({ error: MENSAJE_PROVEEDOR_OBLIGATORIO }),
    /** Days to pay; the due date is fechaEmision + plazoPagos when not given (spec 001 §9: default 0). */
    plazoPagos: z
      .number({ error: 'El plazo de pago debe ser un número de días' })
      .int('El plazo de pago debe ser un número entero de días')
      .min(0, 'El plazo de pago no puede ser negativo')
      .max(3650, 'El plazo de pago no puede pasar de 3650 días')
      .default(0),
    metodoDePago: z
      .enum(METODOS_DE_PAGO_COMPRA, { error: 'El método de pago no es válido' })
      .default('Efectivo'),
    /** What was paid at the purchase itself (the rest is owed to the supplier). */
    efectivoRecibido: Dinero('El monto pagado').default(0),
    /** The money account it was paid from; by default the method's assigned account. */
    idCuentaPago: z.uuid({ error: 'La cuenta de pago no es válida' }).nullish(),
    tipoCompra: textoOpcional(100).default(''),
    ncf: NcfDelProveedor,
    tiposBienesServicios: z
      .enum(CODIGOS_BIENES_SERVICIOS, {
        error: 'El tipo de bienes y servicios debe ser un código de 01 a 11',
      })
      .default('09'),
    itbisSujetoProporcionalidad: z.boolean().default(false),
    /** The ITBIS paid is not creditable: it is part of the cost (606 col. 14). */
    itbisAlCosto: z.boolean().default(false),
    idCentroDeCosto: z.uuid({ error: 'El centro de costo no es válido' }).nullish(),
    centroDeCosto: textoOpcional(200).default(''),
    fechaPago: Fecha.nullish(),
  })
  .loose();
export type CompraEntrada = z.output<typeof CompraEntrada>;

const Retenciones = z.array(RetencionEntrada).max(10, 'Una compra admite hasta 10 retenciones').default([]);

/** A linked purchase order: its id, or the order as the form holds it ({_id}). */
const OrdenVinculada = z.union([
  z.uuid({ error: 'La orden de compra no es válida' }),
  z.object({ _id: z.uuid({ error: 'La orden de compra no es válida' }) }).transform((o) => o._id),
]);
const Ordenes = z.array(OrdenVinculada).max(50, 'Se pueden vincular hasta 50 órdenes de compra').default([]);

/** The total the screen showed: when sent, it must be the server's (spec 001 §1: never trust client totals). */
const TotalFacturado = Dinero('El total facturado').nullish();

// Spec 001 §7 "POST /compras-proveedores/ [purchase, lines, withholdings, linked orders, totalFacturado,
// unique id]".
export const CrearCompra = z.tuple([
  CompraEntrada,
  Lineas,
  Retenciones,
  Ordenes,
  TotalFacturado,
  IdentificadorUnico,
]);
export type CrearCompra = z.output<typeof CrearCompra>;

// "PUT /compras-proveedores/{id}": the spec gives no body; [purchase, ids of the lines removed, lines,
// withholdings, linked orders, totalFacturado] as the create's plus the kit's removed lines.
export const ActualizarCompra = z.tuple([
  CompraEntrada,
  z
    .array(z.uuid({ error: 'La línea a quitar no es válida' }))
    .max(300)
    .default([]),
  Lineas,
  Retenciones,
  Ordenes,
  TotalFacturado,
]);
export type ActualizarCompra = z.output<typeof ActualizarCompra>;

/** Spec 001 §4 "Purchase payment status". */
export const EstadoDePagoCompra = z.enum(['Por-Anular', 'Anulado', 'Pagado', 'Por Pagar', '']);

export const Compra = CabeceraDeVenta.extend({
  numeroCompra: z.number(),
  idProveedor: z.string().nullable(),
  ncf: z.string(),
  tipoCompra: z.string(),
  tiposBienesServicios: z.string(),
  itbisSujetoProporcionalidad: z.boolean(),
  itbisAlCosto: z.boolean(),
  plazoPagos: z.number(),
  metodoDePago: z.string(),
  /** Paid at the purchase itself. */
  efectivoRecibido: z.number(),
  idCuentaPago: z.string().nullable(),
  /** ITBIS facturado (606 col. 11). */
  itbis: z.number(),
  totalRetenciones: z.number(),
  /** totalGral − totalRetenciones. */
  montoAPagar: z.number(),
  retenciones: z.array(RetencionAplicada),
  idCentroDeCosto: z.string().nullable(),
  centroDeCosto: z.string(),
  fechaPago: z.string().nullable(),
  /** What was paid: at the purchase, by payments out and debit notes in force. */
  cobrado: z.number(),
  pendiente: z.number(),
  estadoDePago: EstadoDePagoCompra,
});
export type Compra = z.output<typeof Compra>;

export const LineaCompra = LineaDeVenta.extend({ idCompra: z.string() });
export type LineaCompra = z.output<typeof LineaCompra>;

/** A payment of the purchase in the ledger: a payment out or a debit note applied to it. */
export const PagoDeCompra = z.object({
  _id: z.string(),
  tipoOrigen: z.string(),
  idOrigen: z.string(),
  monto: z.number(),
  fecha: z.string(),
  metodo: z.string().nullable(),
  referencia: z.string(),
});
export type PagoDeCompra = z.output<typeof PagoDeCompra>;

/** GET /compras-proveedores/una/{id} (spec 001 §3 "Detail response"). */
export const DetalleCompra = z.object({
  compraDb: Compra,
  lineasCompraDb: z.array(LineaCompra),
  listaPagosEgreso: z.array(PagoDeCompra),
  retenciones: z.array(RetencionAplicada),
  /** The purchase orders it took (their headers, as the orders' module answers them). */
  ordenDeCompraVinculadas: z.array(CabeceraDeVenta.loose()),
  montoNotaDeDebitoRef: z.number(),
  cobrado: z.number(),
  pendiente: z.number(),
  /** Warnings that do not block (the supplier's RNC/cédula check digit, fiscal-do.md §2.3). */
  advertencias: z.array(z.string()),
  asientos: z.array(
    z.object({ _id: z.string(), numero: z.number(), fecha: z.string(), revierte: z.boolean() }),
  ),
});
export type DetalleCompra = z.output<typeof DetalleCompra>;

export const CompraCreada = DetalleCompra.extend({ solicitudDuplicada: z.boolean() });

/** Spec 001 §9: purchases are listed 14 a page. */
export const FiltroCompras = FiltroDeDocumentos.extend({
  limit: z.number().int().min(1).max(200, 'No se pueden pedir más de 200 filas por página').default(14),
});
export type FiltroCompras = z.output<typeof FiltroCompras>;

export const ListaCompras = z.object({ res: z.array(Compra), totalRows: z.number().int() });

export const AnularCompra = AnularDocumentoEntrada;
export type AnularCompra = z.output<typeof AnularCompra>;

export const RespuestaAnulacionCompra = z.object({
  compraDb: Compra,
  resultado: z.enum(['anulada', 'solicitada', 'aprobada', 'rechazada']),
});

export const comprasApi = {
  lista: endpoint({
    method: 'POST',
    path: '/compras-proveedores/lista-de-compras',
    efecto: 'lee',
    body: FiltroCompras,
    params: SinParams,
    respuesta: ListaCompras,
  }),
  una: endpoint({
    method: 'GET',
    path: '/compras-proveedores/una/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleCompra,
  }),
  crear: endpoint({
    method: 'POST',
    path: '/compras-proveedores/',
    body: CrearCompra,
    params: SinParams,
    respuesta: CompraCreada,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/compras-proveedores/:id',
    body: ActualizarCompra,
    params: ParamsId,
    respuesta: DetalleCompra,
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/compras-proveedores/anular/:id',
    body: AnularCompra,
    params: ParamsId,
    respuesta: RespuestaAnulacionCompra,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/compras-proveedores/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ compraDb: Compra }),
  }),
  // The purchase as a PDF (Compra-{comprobante}.pdf), beside the family's own routes (docs/api.md).
  pdf: endpoint({
    method: 'GET',
    path: '/compras-proveedores/pdf/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: Archivo,
  }),
};
