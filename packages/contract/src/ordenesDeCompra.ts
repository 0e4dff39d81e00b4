import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams } from './comun.ts';
import {
  AnularDocumentoEntrada,
  CabeceraDeVenta,
  CabeceraDeVentaEntrada,
  EnviarDocumentoPorCorreo,
  FiltroDeDocumentos,
  LineaDeVenta,
  lineasDeDocumento,
  mensajeErrorDeCorreo,
} from './documentos.ts';
import { endpoint } from './endpoint.ts';
import { Archivo } from './exportar.ts';

// Spec 001 §2, §3 "Purchase order", §4, §5, §7 "Purchase orders". A purchase order asks a supplier
// (`idCliente`, a contact) for goods at cost: it takes a number from the 'ordenDeCompra' numbering,
// moves no stock and posts nothing; a purchase may take it (it is linked to that one purchase only).

/** Spec 001 §5: a document needs lines ('Agrega por lo menos un artículo!!'). */
export const MENSAJE_ORDEN_DE_COMPRA_SIN_LINEAS = 'Agrega por lo menos un artículo!!';
/** Spec 001 §5: a purchase order's cancellation takes a free-text reason. */
export const MENSAJE_MOTIVO_ORDEN_DE_COMPRA = 'Debes ingresar un motivo para anular la orden de compra';
export const MENSAJE_ORDEN_DE_COMPRA_NO_EXISTE = 'La orden de compra no existe.';
/** Spec 001 §4-§5: an order is linked to one purchase only. */
export const MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE =
  'LA ORDEN DE COMPRA YA EXISTE - Primero quite la orden si desea reingresarla';

/** Spec 001 §4: an order a purchase took is not voided, deleted or changed ("first void or delete those"). */
export function mensajeOrdenDeCompraVinculada(comprobanteDeLaCompra: string): string {
  return `La orden de compra está vinculada a la compra ${comprobanteDeLaCompra}: primero anula o elimina esa compra.`;
}

const Lineas = lineasDeDocumento(MENSAJE_ORDEN_DE_COMPRA_SIN_LINEAS);

/** The header the form sends: the supplier is the contact `idCliente` (spec 001 §3 "Purchase order"). */
export const OrdenDeCompraEntrada = CabeceraDeVentaEntrada;
export type OrdenDeCompraEntrada = z.output<typeof OrdenDeCompraEntrada>;

// Spec 001 §7 "POST /orden-de-compra/ (order with lineasDeCompraDto)": one object, the header with its
// lines (each at its cost: `precio`) and the identificadorUnico that makes a retry answer the first.
export const CrearOrdenDeCompra = OrdenDeCompraEntrada.extend({
  lineasDeCompraDto: Lineas,
  identificadorUnico: IdentificadorUnico,
});
export type CrearOrdenDeCompra = z.output<typeof CrearOrdenDeCompra>;

// "PATCH /orden-de-compra/{id} (array: order, lines to delete, lines)".
export const ActualizarOrdenDeCompra = z.tuple([
  OrdenDeCompraEntrada,
  z.array(z.uuid()).max(300).default([]),
  Lineas,
]);
export type ActualizarOrdenDeCompra = z.output<typeof ActualizarOrdenDeCompra>;

export const OrdenDeCompra = CabeceraDeVenta.extend({
  numeroOrdenDeCompra: z.number(),
  /** The purchase that took it (spec 001 §4); null while a purchase can still take it. */
  idCompra: z.string().nullable(),
  /** That purchase's number, to name it. */
  comprobanteCompra: z.string().nullable(),
});
export type OrdenDeCompra = z.output<typeof OrdenDeCompra>;

/** A line at cost: `precio` is the unit cost before tax. */
export const LineaOrdenDeCompra = LineaDeVenta.extend({ idOrdenDeCompra: z.string() });
export type LineaOrdenDeCompra = z.output<typeof LineaOrdenDeCompra>;

/** GET /orden-de-compra/{id}: the order and its lines (lineaOrdenDeCompra, spec 001 §3). */
export const DetalleOrdenDeCompra = z.object({
  ordenCompraDb: OrdenDeCompra,
  lineaOrdenDeCompra: z.array(LineaOrdenDeCompra),
});
export type DetalleOrdenDeCompra = z.output<typeof DetalleOrdenDeCompra>;

/** Spec 001 §7: the create answers the order's nombre and numeroOrdenDeCompra (and the whole detail). */
export const OrdenDeCompraCreada = DetalleOrdenDeCompra.extend({
  nombre: z.string(),
  numeroOrdenDeCompra: z.number(),
  solicitudDuplicada: z.boolean(),
});
export type OrdenDeCompraCreada = z.output<typeof OrdenDeCompraCreada>;

export const FiltroOrdenesDeCompra = FiltroDeDocumentos;
export type FiltroOrdenesDeCompra = z.output<typeof FiltroOrdenesDeCompra>;

export const ListaOrdenesDeCompra = z.object({ res: z.array(OrdenDeCompra), totalRows: z.number().int() });
export type ListaOrdenesDeCompra = z.output<typeof ListaOrdenesDeCompra>;

// "PUT /orden-de-compra/anular/{id} {estado, autorizacion, notaAnular, _id}": a free-text reason.
export const AnularOrdenDeCompra = AnularDocumentoEntrada.extend({ _id: z.uuid().optional() });
export type AnularOrdenDeCompra = z.output<typeof AnularOrdenDeCompra>;

export const RespuestaAnulacionOrdenDeCompra = z.object({
  ordenCompraDb: OrdenDeCompra,
  resultado: z.enum(['anulada', 'solicitada', 'aprobada', 'rechazada']),
});

/** Spec 001 §1: the failure of «Enviar por correo». */
export const MENSAJE_ERROR_CORREO_ORDEN_DE_COMPRA = mensajeErrorDeCorreo('la orden de compra');

export const ordenesDeCompraApi = {
  // Spec 001 §1 "PDF / e-mail", beside the family's own paths as the quotation's (docs/api.md).
  pdf: endpoint({
    method: 'GET',
    path: '/orden-de-compra/pdf/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: Archivo,
  }),
  enviarPorCorreo: endpoint({
    method: 'POST',
    path: '/orden-de-compra/correo/:id',
    efecto: 'lee',
    body: EnviarDocumentoPorCorreo,
    params: ParamsId,
    respuesta: z.object({ message: z.string() }),
  }),
  crear: endpoint({
    method: 'POST',
    path: '/orden-de-compra/',
    body: CrearOrdenDeCompra,
    params: SinParams,
    respuesta: OrdenDeCompraCreada,
  }),
  todas: endpoint({
    method: 'POST',
    path: '/orden-de-compra/todas',
    efecto: 'lee',
    body: FiltroOrdenesDeCompra,
    params: SinParams,
    respuesta: ListaOrdenesDeCompra,
  }),
  // Spec 001 §7 "Purchases": a supplier's orders a purchase can take (active, not linked yet).
  delProveedor: endpoint({
    method: 'GET',
    path: '/orden-de-compra/cliente/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: ListaOrdenesDeCompra,
  }),
  // Spec 001 §7 "Purchases": one order to bring into a purchase (header and lines); a linked one is refused.
  paraVincular: endpoint({
    method: 'GET',
    path: '/orden-de-compra/vincular_orden_compra/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleOrdenDeCompra,
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/orden-de-compra/anular/:id',
    body: AnularOrdenDeCompra,
    params: ParamsId,
    respuesta: RespuestaAnulacionOrdenDeCompra,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/orden-de-compra/eliminar/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ numeroOrdenDeCompra: z.number(), ordenCompraDb: OrdenDeCompra }),
  }),
  actualizar: endpoint({
    method: 'PATCH',
    path: '/orden-de-compra/:id',
    body: ActualizarOrdenDeCompra,
    params: ParamsId,
    respuesta: DetalleOrdenDeCompra,
  }),
  una: endpoint({
    method: 'GET',
    path: '/orden-de-compra/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleOrdenDeCompra,
  }),
};
