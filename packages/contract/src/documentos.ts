import { z } from 'zod';
import { AUTORIZACIONES } from './contactos.ts';
import { FiltroDePeriodo } from './exportar.ts';
import { textoOpcional } from './maestros.ts';
import { Cantidad, Dinero, fecha, PrecioUnitario, Texto } from './tipos.ts';

// The pieces every sales document shares (spec 001 §1 "Shared behaviour for all documents", §3, §4):
// the customer and price list of the header, lines priced by the server, the lifecycle and the list
// filter. A family's contract (cotizaciones.ts, …) composes these with what is its own.

const HORA = /^\d{2}:\d{2}(:\d{2})?$/;

export const ESTADOS_DE_DOCUMENTO = ['Activo', 'Por-Anular', 'Anulado'] as const;

/** A date sent as 'YYYY-MM-DD' or an ISO timestamp (only the day is kept, spec 001 §1). */
export const FechaDeDocumento = Texto(40)
  .transform((valor) => valor.slice(0, 10))
  .pipe(fecha());

/**
 * A line as a sales document's form sends it. The server reads the product again (name, taxes, price
 * unless one is sent and the user may change prices) and computes the amounts (invariant 3).
 */
export const LineaDeVentaEntrada = z
  .object({
    /** A saved line of the document (editing); without it the line is new. */
    _id: z.uuid().nullish(),
    idProducto: z.uuid({ error: 'El producto de la línea no es válido' }),
    idCodigoDeBarra: textoOpcional(100).nullish(),
    descripcion: textoOpcional(300).nullish(),
    nota: textoOpcional(500).default(''),
    cantidad: Cantidad(),
    /** Unit price before tax; the product's when absent. */
    precio: PrecioUnitario('El precio').nullish(),
    /** A fraction 0..1 (spec 001 §1). */
    descuento: z
      .number({ error: 'El descuento debe ser un número' })
      .min(0, 'El descuento no puede ser negativo')
      .max(1, 'El descuento es una fracción de 0 a 1')
      .default(0),
    paquete: z.boolean().default(false),
    variantes: z
      .array(
        z.object({ valor: Dinero('El valor de la variante').default(0), _id: Texto(100).optional() }).loose(),
      )
      .max(20)
      .default([]),
  })
  .loose();
export type LineaDeVentaEntrada = z.output<typeof LineaDeVentaEntrada>;

/** The header fields a sales document's form sends; the customer's data are read from the contact. */
export const CabeceraDeVentaEntrada = z
  .object({
    /** The customer; a document without one is for a walk-in customer named by `nombre`. */
    idCliente: z.uuid({ error: 'El cliente no es válido' }).nullish(),
    nombre: textoOpcional(300).default(''),
    nombreOpcional: textoOpcional(200).default(''),
    /** The numbering; the default one of the family's document type when absent. */
    idNumeracion: z.uuid({ error: 'La numeración no es válida' }).nullish(),
    idListaDePrecio: z.uuid({ error: 'La lista de precio no es válida' }).nullish(),
    /** The warehouse of the lines; the main warehouse when absent. */
    almacenActual: z.uuid({ error: 'El almacén no es válido' }).nullish(),
    fechaEmision: FechaDeDocumento.nullish(),
    hora: z.string().regex(HORA, 'La hora debe tener el formato HH:mm').nullish(),
    vencimiento: FechaDeDocumento.nullish(),
    notaPieDePagina: textoOpcional(1000).default(''),
    notaInformacionInterna: textoOpcional(1000).default(''),
  })
  .loose();
export type CabeceraDeVentaEntrada = z.output<typeof CabeceraDeVentaEntrada>;

/** Lines of a document: at least one (spec 001 §5 'Agrega por lo menos un artículo!!'). */
export function lineasDeDocumento(sinLineas: string) {
  return z
    .array(LineaDeVentaEntrada, { error: sinLineas })
    .min(1, sinLineas)
    .max(300, 'Un documento admite hasta 300 líneas');
}

/** A saved line, as every sales document answers it. */
export const LineaDeVenta = z.object({
  _id: z.string(),
  orden: z.number(),
  idProducto: z.string(),
  idCodigoDeBarra: z.string(),
  descripcion: z.string(),
  nota: z.string(),
  cantidad: z.number(),
  /** Unit price before tax, exact (a string: up to 12 decimals). */
  precio: z.string(),
  descuento: z.number(),
  descuentoParaSocios: z.number(),
  impuestos: z.array(z.object({ name: z.string(), tipoDeImpuesto: z.string(), tasa: z.number() }).loose()),
  paquete: z.boolean(),
  variantes: z.array(z.object({ valor: z.number() }).loose()),
  importe: z.number(),
  montoDescuento: z.number(),
  subtotal: z.number(),
  totalImpuestos: z.number(),
  total: z.number(),
});
export type LineaDeVenta = z.output<typeof LineaDeVenta>;

/** The header every sales document answers (a family adds its number field). */
export const CabeceraDeVenta = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  idNumeracion: z.string().nullable(),
  numeracionNombre: z.string(),
  comprobante: z.string(),
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
  fechaEmision: z.string(),
  hora: z.string(),
  vencimiento: z.string().nullable(),
  importe: z.number(),
  descuento: z.number(),
  subtotal: z.number(),
  impuestos: z.number(),
  totalGral: z.number(),
  notaPieDePagina: z.string(),
  notaInformacionInterna: z.string(),
  estado: z.enum(ESTADOS_DE_DOCUMENTO),
  autorizacion: z.enum(AUTORIZACIONES).nullable(),
  /** False once cancelled (spec 001 §4: the active list shows activo documents). */
  activo: z.boolean(),
  tipoDeAnulacion: z.string(),
  notaAnular: z.string(),
  notaAutorizacion: z.string(),
  idUsuarioCreador: z.string(),
  creadaPor: z.string(),
  creadoEn: z.string(),
});
export type CabeceraDeVenta = z.output<typeof CabeceraDeVenta>;

/** Spec 001 §2: lists are paged with a filter, a period and an audit view (buscarPorEstado). */
export const FiltroDeDocumentos = FiltroDePeriodo.extend({
  input: Texto(200).default(''),
  page: z.number().int().min(1, 'La página empieza en 1').default(1),
  limit: z.number().int().min(1).max(200, 'No se pueden pedir más de 200 filas por página').default(25),
  /** The audit view: Por-Anular and Anulado instead of the active ones. */
  buscarPorEstado: z.boolean().default(false),
  idCliente: z.uuid({ error: 'El cliente no es válido' }).nullish(),
});
export type FiltroDeDocumentos = z.output<typeof FiltroDeDocumentos>;

/**
 * A cancellation step (spec 000 §4, 001 §4): the reason of a request or a direct cancel, or a
 * supervisor's `autorizacion` on a pending request.
 */
export const AnularDocumentoEntrada = z
  .object({
    estado: z.enum(ESTADOS_DE_DOCUMENTO).optional(),
    autorizacion: z.enum(AUTORIZACIONES).optional(),
    tipoDeAnulacion: Texto(100).default(''),
    notaAnular: textoOpcional(1000).default(''),
    notaAutorizacion: textoOpcional(1000).optional(),
  })
  .loose();
export type AnularDocumentoEntrada = z.output<typeof AnularDocumentoEntrada>;

// Spec 001 §1 "Sending a document by e-mail": the same address rules for every document.
export const MENSAJE_CORREO_VACIO = 'El campo de correo no puede estar vacio';
export const MENSAJE_CORREO_INVALIDO = 'El campo de correo no tiene un formato valido';

/** Spec 001 §1: 'Error al enviar {document type} por correo'. */
export function mensajeErrorDeCorreo(tipoDeDocumento: string): string {
  return `Error al enviar ${tipoDeDocumento} por correo`;
}

/** The body of every «Enviar por correo»: the address and an optional message. */
export const EnviarDocumentoPorCorreo = z.object({
  correo: z
    .string({ error: MENSAJE_CORREO_VACIO })
    .trim()
    .min(1, MENSAJE_CORREO_VACIO)
    .max(254, MENSAJE_CORREO_INVALIDO)
    .pipe(z.email(MENSAJE_CORREO_INVALIDO)),
  mensaje: textoOpcional(2000).optional(),
});
export type EnviarDocumentoPorCorreo = z.output<typeof EnviarDocumentoPorCorreo>;
