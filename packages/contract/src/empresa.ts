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
    .max(11, 'El RNC debe tener 9 dígitos o la cédula 11 dígitos, sin guiones')
    .regex(/^(\d{9}|\d{11})?$/, 'El RNC debe tener 9 dígitos o la cédula 11 dígitos, sin guiones')
    .default(''),
  direccion: texto(300).default(''),
  telefono: texto(30).default(''),
  correo: z
    .union([
      z.literal(''),
      z.email('El correo no tiene un formato válido').max(200, 'No puede tener más de 200 caracteres'),
    ])
    .default(''),
});

const ColorHex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'El color debe tener el formato #RRGGBB');

// Spec 001 §1: the company's outgoing mail server, used to send invoices by e-mail. The password is
// write-only: answers carry `tienePassword` instead.
export const SmtpPublico = z.object({
  host: z.string(),
  port: z.number().int(),
  /** true: TLS from the first byte (port 465); false: plain connection upgraded with STARTTLS. */
  secure: z.boolean(),
  usuario: z.string(),
  remitente: z.string(),
  tienePassword: z.boolean(),
});
export type SmtpPublico = z.infer<typeof SmtpPublico>;

export const SmtpEntrada = z.object({
  host: z
    .string()
    .trim()
    .min(1, 'Escribe el servidor SMTP')
    .max(255, 'No puede tener más de 255 caracteres')
    .regex(/^[A-Za-z0-9.-]+$/, 'El servidor debe ser un nombre o una dirección IP, sin espacios'),
  port: z
    .number({ error: 'El puerto debe ser un número' })
    .int('El puerto debe ser un número entero')
    .min(1, 'El puerto va de 1 a 65535')
    .max(65535, 'El puerto va de 1 a 65535')
    .default(587),
  secure: z.boolean().default(false),
  usuario: texto(200).default(''),
  /** Absent or empty keeps the saved password. */
  password: z.string().max(500, 'No puede tener más de 500 caracteres').optional(),
  remitente: z
    .string()
    .trim()
    .min(1, 'Escribe el correo que aparece como remitente')
    .max(200, 'No puede tener más de 200 caracteres')
    .pipe(z.email('El correo remitente no tiene un formato válido')),
  /** Echo of the answer's flag; ignored. */
  tienePassword: z.boolean().optional(),
});
export type SmtpEntrada = z.infer<typeof SmtpEntrada>;

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
  /** Spec 001 §5: refuse selling a product without stock. */
  bloqueoPorNoExistencia: z.boolean().default(false),
  /** Spec 001 §5: whether a code to sell over a customer's credit limit is set (the code is never answered). */
  tieneCodigoDeAutorizacion: z.boolean().default(false),
  smtp: SmtpPublico.nullable().default(null),
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
  // The sale and mail settings are optional so that older clients keep them: absent means unchanged.
  bloqueoPorNoExistencia: z.boolean().optional(),
  /** A new code; absent or empty keeps the saved one. */
  codigoDeAutorizacion: z.string().trim().max(100, 'No puede tener más de 100 caracteres').optional(),
  borrarCodigoDeAutorizacion: z.boolean().default(false),
  tieneCodigoDeAutorizacion: z.boolean().optional(),
  /** null removes the mail server; absent keeps it. */
  smtp: SmtpEntrada.nullable().optional(),
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
