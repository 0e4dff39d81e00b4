import { z } from 'zod';
import { SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';

export const ESTADOS_DEL_PLAN = ['Activo', 'Suspendido'] as const;

// Spec 002 §3 "Plan and plan status"; answered by the health check (spec 000 §7).
export const EstadoDelPlan = z.object({
  estadoDelPlan: z.enum(ESTADOS_DEL_PLAN),
  balancePendienteDelPlan: z.number(),
  cantidadDeUsuarios: z.number().int(),
  limiteCantidadDeUsuarios: z.number().int(),
  diasDePruebaDisponibles: z.number().int(),
  vigenciaDelPlan: z.number().int(),
});
export type EstadoDelPlan = z.infer<typeof EstadoDelPlan>;

const texto = (max: number) => z.string().trim().max(max, `No puede tener más de ${max} caracteres`);

export const DatosEmpresa = z.object({
  nombre: texto(200).min(1, 'Debes poner el nombre de la empresa'),
  rnc: z
    .string()
    .trim()
    .regex(/^(\d{9}|\d{11})?$/, 'El RNC debe tener 9 dígitos o la cédula 11 dígitos, sin guiones')
    .default(''),
  direccion: texto(300).default(''),
  telefono: texto(30).default(''),
  correo: z.union([z.literal(''), z.email('El correo no tiene un formato válido')]).default(''),
});

const ColorHex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'El color debe tener el formato #RRGGBB');

// Spec 002 §3 "Company settings": general record 1001, with the phone inside configGeneral[0] (spec 000 §3).
export const ConfiguracionGeneral = z.object({
  _id: z.literal(1001),
  avatar: z.string().max(300).nullable(),
  imagenDePortada: z.string().max(300).nullable(),
  bannerPublicitario: z.string().max(300).nullable(),
  usoCodigoDeBalanza: z.boolean(),
  colorLinkCatalogo: ColorHex,
  habilitarSecciones: z.boolean(),
  configGeneral: z.tuple([DatosEmpresa]),
});
export type ConfiguracionGeneral = z.infer<typeof ConfiguracionGeneral>;

export const ActualizarConfiguracionGeneral = ConfiguracionGeneral.omit({ _id: true }).extend({
  _id: z.literal(1001).optional(),
  avatar: z.string().max(300).nullable().default(null),
  imagenDePortada: z.string().max(300).nullable().default(null),
  bannerPublicitario: z.string().max(300).nullable().default(null),
  usoCodigoDeBalanza: z.boolean().default(false),
  colorLinkCatalogo: ColorHex.default('#1c7ed6'),
  habilitarSecciones: z.boolean().default(false),
});
export type ActualizarConfiguracionGeneral = z.infer<typeof ActualizarConfiguracionGeneral>;

export const ParamsGeneral = z.object({
  id: z.literal('1001', { error: 'La configuración general tiene el identificador 1001' }),
});

export const empresa = {
  // Health check: public, tenant from the header (spec 000 §7).
  apiTest: endpoint({
    method: 'GET',
    path: '/tenant/api-test',
    body: Vacio,
    params: SinParams,
    respuesta: EstadoDelPlan,
  }),
  obtenerGeneral: endpoint({
    method: 'GET',
    path: '/general/:id',
    body: Vacio,
    params: ParamsGeneral,
    respuesta: ConfiguracionGeneral,
  }),
  actualizarGeneral: endpoint({
    method: 'PUT',
    path: '/general/:id',
    body: ActualizarConfiguracionGeneral,
    params: ParamsGeneral,
    respuesta: ConfiguracionGeneral,
  }),
};
