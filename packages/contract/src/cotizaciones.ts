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

// Spec 001 §2, §3 "Quotation", §4, §5, §7 "Quotations". A quotation prices goods for a customer: it
// takes a number from the 'cotizacion' numbering, moves no stock and posts nothing.

/** Spec 001 §5: a quotation needs lines (to be saved, and to be converted). */
export const MENSAJE_COTIZACION_SIN_LINEAS = 'Este cotización no tiene articulos';
export const MENSAJE_MOTIVO_COTIZACION = 'Debes ingresar un motivo para anular la cotización';
export const MENSAJE_COTIZACION_FACTURADA =
  'La cotización ya está facturada: anula primero la factura si necesitas cambiarla.';
export const MENSAJE_COTIZACION_NO_EXISTE = 'La cotización no existe.';

const Lineas = lineasDeDocumento(MENSAJE_COTIZACION_SIN_LINEAS);

export const CotizacionEntrada = CabeceraDeVentaEntrada;
export type CotizacionEntrada = z.output<typeof CotizacionEntrada>;

// Spec 001 §7 "POST /cotizacion/ [header, lines, identificadorUnico]".
export const CrearCotizacion = z.tuple([CotizacionEntrada, Lineas, IdentificadorUnico]);
export type CrearCotizacion = z.output<typeof CrearCotizacion>;

// "PUT /cotizacion/{id}": [header, ids of the lines removed, lines] as the delivery note's update (the
// spec gives no body for the quotation's; the sibling document's is the one a client already sends).
export const ActualizarCotizacion = z.tuple([
  CotizacionEntrada,
  z.array(z.uuid()).max(300).default([]),
  Lineas,
]);
export type ActualizarCotizacion = z.output<typeof ActualizarCotizacion>;

export const Cotizacion = CabeceraDeVenta.extend({
  numeroCotizacion: z.number(),
  /** The invoice that billed it (spec 001 §2 conversions); null while it can still be billed. */
  idFactura: z.string().nullable().optional(),
  /** Spec 001 §3 "facturas_vinculadas": the ids of the invoices made from it (at most one in force). */
  facturas_vinculadas: z.array(z.string()).optional(),
});
export type Cotizacion = z.output<typeof Cotizacion>;

export const LineaCotizacion = LineaDeVenta.extend({ idCotizacion: z.string() });
export type LineaCotizacion = z.output<typeof LineaCotizacion>;

/** GET /cotizacion/{id}: the quotation and its lines. */
export const DetalleCotizacion = z.object({
  cotizacionDb: Cotizacion,
  lineasCotizacion: z.array(LineaCotizacion),
});
export type DetalleCotizacion = z.output<typeof DetalleCotizacion>;

export const CotizacionCreada = DetalleCotizacion.extend({ solicitudDuplicada: z.boolean() });

export const FiltroCotizaciones = FiltroDeDocumentos;
export type FiltroCotizaciones = z.output<typeof FiltroCotizaciones>;

export const ListaCotizaciones = z.object({ res: z.array(Cotizacion), totalRows: z.number().int() });

// "POST /cotizacion/cliente/ {limit, page, id} -> res, totalRows": a customer's active quotations.
export const CotizacionesDelCliente = z.object({
  id: z.uuid({ error: 'El cliente no es válido' }),
  page: z.number().int().min(1, 'La página empieza en 1').default(1),
  limit: z.number().int().min(1).max(200, 'No se pueden pedir más de 200 filas por página').default(10),
});

// "POST /cotizacion/lineas/ (list of ids)": the lines of several quotations, to bring into one invoice.
export const LineasDeCotizaciones = z
  .array(z.uuid({ error: 'La cotización no es válida' }), { error: 'Se esperaba la lista de cotizaciones' })
  .min(1, 'Selecciona por lo menos una cotización')
  .max(50, 'Se pueden juntar hasta 50 cotizaciones');

export const AnularCotizacion = AnularDocumentoEntrada;
export type AnularCotizacion = z.output<typeof AnularCotizacion>;

export const RespuestaAnulacionCotizacion = z.object({
  cotizacionDb: Cotizacion,
  resultado: z.enum(['anulada', 'solicitada', 'aprobada', 'rechazada']),
});

/** Spec 001 §1: the failure of «Enviar por correo». */
export const MENSAJE_ERROR_CORREO_COTIZACION = mensajeErrorDeCorreo('cotización');

export const cotizacionesApi = {
  // Spec 001 §1 "PDF / e-mail" (the spec names no path: the invoice's are /email/…; these sit beside the
  // family's own, docs/api.md): the PDF saved as Cotizacion-{comprobante}.pdf, and the PDF sent by e-mail.
  pdf: endpoint({
    method: 'GET',
    path: '/cotizacion/pdf/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: Archivo,
  }),
  enviarPorCorreo: endpoint({
    method: 'POST',
    path: '/cotizacion/correo/:id',
    // Sends an existing document, as its PDF download does: nothing is created or changed.
    efecto: 'lee',
    body: EnviarDocumentoPorCorreo,
    params: ParamsId,
    respuesta: z.object({ message: z.string() }),
  }),
  crear: endpoint({
    method: 'POST',
    path: '/cotizacion/',
    body: CrearCotizacion,
    params: SinParams,
    respuesta: CotizacionCreada,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/cotizacion/:id',
    body: ActualizarCotizacion,
    params: ParamsId,
    respuesta: DetalleCotizacion,
  }),
  todas: endpoint({
    method: 'POST',
    path: '/cotizacion/todas',
    efecto: 'lee',
    body: FiltroCotizaciones,
    params: SinParams,
    respuesta: ListaCotizaciones,
  }),
  una: endpoint({
    method: 'GET',
    path: '/cotizacion/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleCotizacion,
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/cotizacion/anular/:id',
    body: AnularCotizacion,
    params: ParamsId,
    respuesta: RespuestaAnulacionCotizacion,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/cotizacion/eliminar/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ cotizacionDb: Cotizacion }),
  }),
  delCliente: endpoint({
    method: 'POST',
    path: '/cotizacion/cliente/',
    efecto: 'lee',
    body: CotizacionesDelCliente,
    params: SinParams,
    respuesta: ListaCotizaciones,
  }),
  lineas: endpoint({
    method: 'POST',
    path: '/cotizacion/lineas/',
    efecto: 'lee',
    body: LineasDeCotizaciones,
    params: SinParams,
    respuesta: z.array(LineaCotizacion),
  }),
};
