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

// Spec 001 §2, §3 "Delivery note (conduce)", §4, §7 "Delivery notes". A delivery note records goods
// handed to a customer, numbered from the 'conduce' numbering. Two kinds (spec 001 §2): a pre-invoice
// one (/conduce/nuevo_conduce) takes the goods out of stock when issued; a post-invoice one
// (/conduce/nuevo_conduce_post_factura) delivers what an invoice already sold and moves no stock.

export const TIPOS_DE_CONDUCE = ['preFactura', 'postFactura'] as const;
export type TipoDeConduce = (typeof TIPOS_DE_CONDUCE)[number];

export const MENSAJE_CONDUCE_SIN_LINEAS = 'Agrega por lo menos un artículo!!';
export const MENSAJE_MOTIVO_CONDUCE = 'Debes ingresar un motivo para anular el conduce';
export const MENSAJE_CONDUCE_NO_EXISTE = 'El conduce no existe.';
/** Spec 001 §4, §8: a delivery note whose lines an invoice took cannot be cancelled. */
export const MENSAJE_CONDUCE_FACTURADO =
  'Solicitud de anulación denegada: Este conduce contiene productos facturados, primero elimine dichos productos de la factura vinculada.';
/** Spec 001 §5: the same conduce twice on one invoice. */
export const MENSAJE_CONDUCE_REPETIDO = 'CONDUCE REPETIDO: Primero quite el existente si desea reingresarlo';
/** Spec 001 §1: a line that came from a delivery note leaves only with its conduce. */
export const MENSAJE_ARTICULO_DE_CONDUCE = 'ARTICULO DE CONDUCE';
export const MENSAJE_CONDUCE_POST_FACTURA =
  'Un conduce post-factura no se factura: entrega una factura que ya existe.';
export const MENSAJE_CONDUCE_SIN_FACTURA = 'Un conduce post-factura necesita la factura que entrega.';

const Lineas = lineasDeDocumento(MENSAJE_CONDUCE_SIN_LINEAS);

/**
 * The header a conduce's form sends. Spec 001 §7 gives the create body as [header, lines] with no
 * slot for identificadorUnico: it travels in the header, among the conduce's fields (spec 001 §3).
 * The kind and the invoice are set when it is created and do not change.
 */
export const ConduceEntrada = CabeceraDeVentaEntrada.extend({
  identificadorUnico: IdentificadorUnico,
  tipo: z
    .enum(TIPOS_DE_CONDUCE, { error: 'El tipo de conduce es preFactura o postFactura' })
    .default('preFactura'),
  idFactura: z.uuid({ error: 'La factura no es válida' }).nullish(),
}).refine((c) => c.tipo !== 'postFactura' || Boolean(c.idFactura), {
  error: MENSAJE_CONDUCE_SIN_FACTURA,
  path: ['idFactura'],
});
export type ConduceEntrada = z.output<typeof ConduceEntrada>;

// "POST /conduce/ body [header, lines]".
export const CrearConduce = z.tuple([ConduceEntrada, Lineas]);
export type CrearConduce = z.output<typeof CrearConduce>;

/** The header of an edit: the kind, the invoice and the identificadorUnico stay as created. */
export const ConduceCambio = CabeceraDeVentaEntrada;

// "PUT /conduce/{id} body [header, removed lines, lines]".
export const ActualizarConduce = z.tuple([ConduceCambio, z.array(z.uuid()).max(300).default([]), Lineas]);
export type ActualizarConduce = z.output<typeof ActualizarConduce>;

export const Conduce = CabeceraDeVenta.extend({
  numeroConduce: z.number(),
  tipo: z.enum(TIPOS_DE_CONDUCE),
  idFactura: z.string().nullable(),
  /** What invoices took of its lines (spec 001 §3); while above 0 it cannot be cancelled (§4). */
  totalGraltemRetirados: z.number(),
});
export type Conduce = z.output<typeof Conduce>;

/** A saved line; `idLineaConduce` is its id, as spec 001 §3 names it in the detail. */
export const LineaConduce = LineaDeVenta.extend({ idConduce: z.string(), idLineaConduce: z.string() });
export type LineaConduce = z.output<typeof LineaConduce>;

/** GET /conduce/{id}: the delivery note and its lines. */
export const DetalleConduce = z.object({ conduceDb: Conduce, lineasConduce: z.array(LineaConduce) });
export type DetalleConduce = z.output<typeof DetalleConduce>;

export const ConduceCreado = DetalleConduce.extend({ solicitudDuplicada: z.boolean() });

export const FiltroConduces = FiltroDeDocumentos;
export type FiltroConduces = z.output<typeof FiltroConduces>;

export const ListaConduces = z.object({ res: z.array(Conduce), totalRows: z.number().int() });

// "POST /conduce/lineas/ (list of conduce ids)": the lines of several delivery notes, for an invoice.
export const LineasDeConduces = z
  .array(z.uuid({ error: 'El conduce no es válido' }), { error: 'Se esperaba la lista de conduces' })
  .min(1, 'No ha selecionado ningun conduce')
  .max(50, 'Se pueden juntar hasta 50 conduces');

export const AnularConduce = AnularDocumentoEntrada;
export type AnularConduce = z.output<typeof AnularConduce>;

export const RespuestaAnulacionConduce = z.object({
  conduceDb: Conduce,
  resultado: z.enum(['anulado', 'solicitado', 'aprobado', 'rechazado']),
});

/** Spec 001 §1: the failure of «Enviar por correo». */
export const MENSAJE_ERROR_CORREO_CONDUCE = mensajeErrorDeCorreo('conduce');

export const conducesApi = {
  // Spec 001 §1 "PDF / e-mail" (the spec names no path: the invoice's are /email/…; these sit beside the
  // family's own, docs/api.md): the PDF saved as Conduce-{comprobante}.pdf, and the PDF sent by e-mail.
  pdf: endpoint({
    method: 'GET',
    path: '/conduce/pdf/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: Archivo,
  }),
  enviarPorCorreo: endpoint({
    method: 'POST',
    path: '/conduce/correo/:id',
    // Sends an existing document, as its PDF download does: nothing is created or changed.
    efecto: 'lee',
    body: EnviarDocumentoPorCorreo,
    params: ParamsId,
    respuesta: z.object({ message: z.string() }),
  }),
  crear: endpoint({
    method: 'POST',
    path: '/conduce/',
    body: CrearConduce,
    params: SinParams,
    respuesta: ConduceCreado,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/conduce/:id',
    body: ActualizarConduce,
    params: ParamsId,
    respuesta: DetalleConduce,
  }),
  todos: endpoint({
    method: 'POST',
    path: '/conduce/todos',
    efecto: 'lee',
    body: FiltroConduces,
    params: SinParams,
    respuesta: ListaConduces,
  }),
  uno: endpoint({
    method: 'GET',
    path: '/conduce/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleConduce,
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/conduce/anular/:id',
    body: AnularConduce,
    params: ParamsId,
    respuesta: RespuestaAnulacionConduce,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/conduce/eliminar/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ conduceDb: Conduce }),
  }),
  lineas: endpoint({
    method: 'POST',
    path: '/conduce/lineas/',
    efecto: 'lee',
    body: LineasDeConduces,
    params: SinParams,
    respuesta: z.array(LineaConduce),
  }),
  // "GET /conduce/agregar-conduce/{id}": a pre-invoice conduce with its lines, to bring into an invoice
  // (refused when cancelled, post-invoice or already billed).
  paraFactura: endpoint({
    method: 'GET',
    path: '/conduce/agregar-conduce/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleConduce,
  }),
  // "GET /conduce/cliente/{id}": a customer's active delivery notes (25 a page, spec 001 §9).
  delCliente: endpoint({
    method: 'GET',
    path: '/conduce/cliente/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: ListaConduces,
  }),
};
