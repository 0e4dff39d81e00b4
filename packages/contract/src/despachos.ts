import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams } from './comun.ts';
import { AUTORIZACIONES } from './contactos.ts';
import { AnularDocumentoEntrada, ESTADOS_DE_DOCUMENTO, FechaDeDocumento } from './documentos.ts';
import { endpoint } from './endpoint.ts';
import { FiltroDePeriodo } from './exportar.ts';
import { textoOpcional } from './maestros.ts';
import { CantidadOCero, Texto } from './tipos.ts';

// Spec 001 §2, §3 "Dispatch note", §4, §5, §7 "Dispatch notes", §8. A dispatch note (conduce de
// despacho) records goods physically handed over against an active invoice: per invoice line, the
// quantity dispatched. It has no prices of its own, moves no stock (the invoice did) and posts nothing.
// Numbered from the company counter 'conducesDeDespacho' (the spec gives it no numbering type, §9).

/** Spec 001 §5, §8: a save needs one line with a quantity above 0. */
export const MENSAJE_DESPACHO_SIN_LINEAS = 'Debe al menos tener una linea de producto seleccionada...';
/** Spec 001 §8: what the form shows when the save fails. */
export const MENSAJE_ERROR_AL_GUARDAR_DESPACHO = 'Error al guardar el conduce';
/** Spec 001 §5: a free-text reason. */
export const MENSAJE_MOTIVO_DESPACHO = 'Debes ingresar un motivo para anular el conduce de despacho';
export const MENSAJE_DESPACHO_NO_EXISTE = 'El conduce de despacho no existe.';

/** A line as the form sends it: which invoice line and how much of it leaves now. */
export const LineaConduceDespachoEntrada = z
  .object({
    idLineaFactura: z.uuid({ error: 'La línea de la factura no es válida' }),
    // 0 means not dispatched now: dropped below.
    cantidadDespachada: CantidadOCero('La cantidad despachada'),
  })
  .loose();
export type LineaConduceDespachoEntrada = z.output<typeof LineaConduceDespachoEntrada>;

// "POST /conduce-de-despacho/": the spec lists the fields of the dispatch note (§3), not the body;
// it is the header with its lines in `lineaConduceDespacho`. Lines with 0 are dropped (§5).
export const CrearConduceDespacho = z
  .object({
    identificadorUnico: IdentificadorUnico,
    idFactura: z.uuid({ error: 'Elige la factura que se despacha' }),
    /** A contact whose funcionEnLaEmpresa is Chofer, Operador or Responsable-De-Inventario. */
    idChofer: z.uuid({ error: 'El chofer no es válido' }).nullish(),
    /** The day of the dispatch; today when absent. */
    fecha: FechaDeDocumento.nullish(),
    nota: textoOpcional(1000).default(''),
    lineaConduceDespacho: z
      .array(LineaConduceDespachoEntrada, { error: MENSAJE_DESPACHO_SIN_LINEAS })
      .max(300, 'Un conduce admite hasta 300 líneas')
      .transform((lineas) => lineas.filter((l) => l.cantidadDespachada > 0))
      .refine((lineas) => lineas.length > 0, MENSAJE_DESPACHO_SIN_LINEAS),
  })
  .loose();
export type CrearConduceDespacho = z.output<typeof CrearConduceDespacho>;

export const ConduceDespacho = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  numeroConduceDespacho: z.number(),
  idFactura: z.string(),
  /** The invoice's number and customer when it was dispatched (for lists and the printout). */
  comprobanteFactura: z.string(),
  nombreCliente: z.string(),
  idChofer: z.string().nullable(),
  nombreChofer: z.string(),
  fecha: z.string(),
  nota: z.string(),
  estado: z.enum(ESTADOS_DE_DOCUMENTO),
  autorizacion: z.enum(AUTORIZACIONES).nullable(),
  /** False once cancelled (spec 001 §4). */
  activo: z.boolean(),
  tipoDeAnulacion: z.string(),
  notaAnular: z.string(),
  notaAutorizacion: z.string(),
  idUsuarioCreador: z.string(),
  creadaPor: z.string(),
  creadoEn: z.string(),
});
export type ConduceDespacho = z.output<typeof ConduceDespacho>;

export const LineaConduceDespacho = z.object({
  _id: z.string(),
  idConduceDespacho: z.string(),
  idLineaFactura: z.string(),
  idProducto: z.string(),
  descripcion: z.string(),
  cantidadDespachada: z.number(),
});
export type LineaConduceDespacho = z.output<typeof LineaConduceDespacho>;

/** GET /conduce-de-despacho/{id}. */
export const DetalleConduceDespacho = z.object({
  conduceDespachoDb: ConduceDespacho,
  lineaConduceDespacho: z.array(LineaConduceDespacho),
});
export type DetalleConduceDespacho = z.output<typeof DetalleConduceDespacho>;

export const ConduceDespachoCreado = DetalleConduceDespacho.extend({ solicitudDuplicada: z.boolean() });

/** Per invoice line: sold, dispatched by the active dispatch notes, and what is left. */
export const PendienteDeDespacho = z.object({
  idLineaFactura: z.string(),
  idProducto: z.string(),
  descripcion: z.string(),
  vendida: z.number(),
  despachada: z.number(),
  pendiente: z.number(),
});
export type PendienteDeDespacho = z.output<typeof PendienteDeDespacho>;

/** The invoice a dispatch note hands over, as the dispatch screens show it. */
export const FacturaDespachada = z.object({
  _id: z.string(),
  comprobante: z.string(),
  numeroFactura: z.number().nullable(),
  fechaEmision: z.string(),
  nombre: z.string(),
  rnc: z.string(),
  direccion: z.string(),
  telefono: z.string(),
  estado: z.enum(ESTADOS_DE_DOCUMENTO),
  total: z.number(),
});
export type FacturaDespachada = z.output<typeof FacturaDespachada>;

// "GET /conduce-de-despacho/todos-los-Conduce/{idFactura}": the invoice's dispatch notes (all states,
// newest first) and what is pending per invoice line.
export const ConducesDeLaFactura = z.object({
  factura: FacturaDespachada,
  conduces: z.array(ConduceDespacho),
  pendientes: z.array(PendienteDeDespacho),
});
export type ConducesDeLaFactura = z.output<typeof ConducesDeLaFactura>;

// "GET /conduce-de-despacho/un-conduce/{id}": one dispatch note with its invoice and the invoice's
// pending figures, for the view and its printout.
export const UnConduceDespacho = DetalleConduceDespacho.extend({
  factura: FacturaDespachada,
  pendientes: z.array(PendienteDeDespacho),
});
export type UnConduceDespacho = z.output<typeof UnConduceDespacho>;

// "POST /conduce-de-despacho/todos {input, page, limit, periodo, idChofer, verPendientes}": the active
// ones (spec 001 §2); page and limit come from the caller (spec 001 §9).
export const FiltroConducesDespacho = FiltroDePeriodo.extend({
  input: Texto(200).default(''),
  page: z.number().int().min(1, 'La página empieza en 1').default(1),
  limit: z.number().int().min(1).max(200, 'No se pueden pedir más de 200 filas por página').default(25),
  idChofer: z.uuid({ error: 'El chofer no es válido' }).nullish(),
  /** Only those whose invoice still has something to dispatch. */
  verPendientes: z.boolean().default(false),
});
export type FiltroConducesDespacho = z.output<typeof FiltroConducesDespacho>;

// "POST /conduce-de-despacho/anulados {page, limit}": the audit view (Por-Anular and Anulado).
export const FiltroConducesDespachoAnulados = z.object({
  page: z.number().int().min(1, 'La página empieza en 1').default(1),
  limit: z.number().int().min(1).max(200, 'No se pueden pedir más de 200 filas por página').default(25),
});

export const ListaConducesDespacho = z.object({ res: z.array(ConduceDespacho), totalRows: z.number().int() });
export type ListaConducesDespacho = z.output<typeof ListaConducesDespacho>;

export const AnularConduceDespacho = AnularDocumentoEntrada;
export type AnularConduceDespacho = z.output<typeof AnularConduceDespacho>;

export const RespuestaAnulacionConduceDespacho = z.object({
  conduceDespachoDb: ConduceDespacho,
  resultado: z.enum(['anulado', 'solicitado', 'aprobado', 'rechazado']),
});

const ParamsIdFactura = z.object({ idFactura: z.uuid({ error: 'La factura no es válida' }) });

export const despachosApi = {
  crear: endpoint({
    method: 'POST',
    path: '/conduce-de-despacho/',
    body: CrearConduceDespacho,
    params: SinParams,
    respuesta: ConduceDespachoCreado,
  }),
  uno: endpoint({
    method: 'GET',
    path: '/conduce-de-despacho/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleConduceDespacho,
  }),
  deLaFactura: endpoint({
    method: 'GET',
    path: '/conduce-de-despacho/todos-los-Conduce/:idFactura', // sic: capital C
    body: z.unknown(),
    params: ParamsIdFactura,
    respuesta: ConducesDeLaFactura,
  }),
  unConduce: endpoint({
    method: 'GET',
    path: '/conduce-de-despacho/un-conduce/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: UnConduceDespacho,
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/conduce-de-despacho/anular/:id',
    body: AnularConduceDespacho,
    params: ParamsId,
    respuesta: RespuestaAnulacionConduceDespacho,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/conduce-de-despacho/eliminar/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ conduceDespachoDb: ConduceDespacho }),
  }),
  anulados: endpoint({
    method: 'POST',
    path: '/conduce-de-despacho/anulados',
    efecto: 'lee',
    body: FiltroConducesDespachoAnulados,
    params: SinParams,
    respuesta: ListaConducesDespacho,
  }),
  todos: endpoint({
    method: 'POST',
    path: '/conduce-de-despacho/todos',
    efecto: 'lee',
    body: FiltroConducesDespacho,
    params: SinParams,
    respuesta: ListaConducesDespacho,
  }),
};
