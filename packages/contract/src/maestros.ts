import { z } from 'zod';
import { Mensaje, ParamsId, SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { Texto, TextoObligatorio } from './tipos.ts';

// Spec 002 §4: deactivation sets estado to the chosen value (Desactivado) with autorizacion sent as
// Pendiente and a note; the browser shows Autorizado locally.
export const ESTADOS_DE_MAESTRO = ['Activo', 'Desactivado'] as const;
export const AUTORIZACIONES_DE_MAESTRO = ['Pendiente', 'Aprobada', 'Rechazada', 'Autorizado'] as const;

/** Message when a deactivation arrives without its note. */
export const MENSAJE_NOTA_DE_DESACTIVACION = 'Debes escribir el motivo de la desactivación';

/** A required name with the spec's message when it is missing or empty (spec 002 §5). */
export function nombreObligatorio(mensaje: string) {
  return TextoObligatorio(mensaje, 200);
}

/** A free text of at most `max` characters (the shared `Texto`: trimmed, without NUL). */
export function textoOpcional(max: number) {
  return Texto(max);
}

export const IdOpcional = z.uuid({ error: 'El identificador no es válido' }).nullable();

/** A percentage 0..100 with at most 4 decimals, stored exactly in a `numeric` column. */
export const Porcentaje = z
  .number({ error: 'El porcentaje debe ser un número de 0 a 100' })
  .min(0, 'El porcentaje debe ser un número de 0 a 100')
  .max(100, 'El porcentaje debe ser un número de 0 a 100')
  .refine((valor) => /^\d+(\.\d{1,4})?$/.test(String(valor)), 'El porcentaje admite hasta 4 decimales');

// Spec 002 §3 (Tax, Withholding type, Terminal): an account of the chart as documents carry it.
/** A chart-of-accounts account linked to a tax, withholding or terminal. */
export const CuentaContableVinculada = z.object({
  idCuenta: TextoObligatorio('Falta el idCuenta de la cuenta contable', 100),
  nombre: textoOpcional(200),
  codigoDeCuenta: textoOpcional(50),
  tipo: textoOpcional(50),
});
export type CuentaContableVinculada = z.infer<typeof CuentaContableVinculada>;

/** What PUT/PATCH of a deactivatable item accepts besides its fields: `{estado, autorizacion, notaAnular, _id}`. */
export const CamposDeDesactivacion = z.object({
  _id: z.uuid({ error: 'El _id no es válido' }).optional(),
  estado: z.enum(ESTADOS_DE_MAESTRO, { error: 'El estado debe ser Activo o Desactivado' }).optional(),
  autorizacion: z
    .enum(AUTORIZACIONES_DE_MAESTRO, {
      error: 'La autorización debe ser Pendiente, Aprobada, Rechazada o Autorizado',
    })
    .optional(),
  notaAnular: textoOpcional(500).optional(),
});
export type CamposDeDesactivacion = z.infer<typeof CamposDeDesactivacion>;

/** The status fields every deactivatable item answers. */
export const EstadoDeMaestro = z.object({
  estado: z.enum(ESTADOS_DE_MAESTRO),
  autorizacion: z.string().nullable(),
  notaAnular: z.string(),
});

const booleanoDeConsulta = z
  .enum(['true', 'false'], { error: 'Debe ser true o false' })
  .transform((valor) => valor === 'true');

/**
 * Query of the GET lists: without `page` every row (selectors, offline download); with `page`, pages of
 * `limit` rows (10 by default: spec 002 §9 "settings lists 10 per page"). `input` searches the name;
 * `activos=true` keeps only what selectors may offer (spec 002 §4: not Desactivado).
 */
export const ConsultaDeLista = z.object({
  page: z.coerce.number().int().min(1, 'La página empieza en 1').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Se debe pedir al menos 1 fila')
    .max(500, 'No se pueden pedir más de 500 filas por página')
    .default(10),
  input: textoOpcional(100).default(''),
  activos: booleanoDeConsulta.default(false),
});
export type ConsultaDeLista = z.infer<typeof ConsultaDeLista>;

/** The spec's list answer: `{ res, totalRows }`. */
export function ListaPaginada<T extends z.ZodType>(elemento: T) {
  return z.object({ res: z.array(elemento), totalRows: z.number().int() });
}

/** Answer of the validar-eliminar calls (spec 002 §7). */
export const TieneDocumentos = z.object({ tieneDocumentos: z.boolean() });
export type TieneDocumentos = z.infer<typeof TieneDocumentos>;

/** Every create answers the row and whether it already existed (architecture invariant 4). */
export const SolicitudDuplicada = z.object({ solicitudDuplicada: z.boolean() });

/** The five calls every master-data family has: list, read, create, change (PUT or PATCH), delete. */
export function endpointsDeMaestro<
  TEntidad extends z.ZodObject,
  TCrear extends z.ZodType,
  TCambiar extends z.ZodType,
>(opciones: {
  /** The family's path with its trailing slash, e.g. `/impuestos/`. */
  base: string;
  entidad: TEntidad;
  crear: TCrear;
  cambiar: TCambiar;
  metodoDeCambio: 'PUT' | 'PATCH';
  rutaListar?: string;
  rutaCrear?: string;
}) {
  const { base, entidad } = opciones;
  return {
    listar: endpoint({
      method: 'GET',
      path: opciones.rutaListar ?? base,
      body: Vacio,
      params: SinParams,
      query: ConsultaDeLista,
      respuesta: ListaPaginada(entidad),
    }),
    obtener: endpoint({
      method: 'GET',
      path: `${base}:id`,
      body: Vacio,
      params: ParamsId,
      respuesta: entidad,
    }),
    crear: endpoint({
      method: 'POST',
      path: opciones.rutaCrear ?? base,
      body: opciones.crear,
      params: SinParams,
      respuesta: z.intersection(entidad, SolicitudDuplicada),
    }),
    cambiar: endpoint({
      method: opciones.metodoDeCambio,
      path: `${base}:id`,
      body: opciones.cambiar,
      params: ParamsId,
      respuesta: entidad,
    }),
    eliminar: endpoint({
      method: 'DELETE',
      path: `${base}:id`,
      body: Vacio,
      params: ParamsId,
      respuesta: Mensaje,
    }),
  };
}
