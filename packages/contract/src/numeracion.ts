import { TIPOS_NCF } from '@pos/domain';
import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { Porcentaje } from './maestros.ts';
import { Fecha, Texto, TextoObligatorio } from './tipos.ts';

// Spec 002 §3 "Numbering": the document types a numbering serves.
export const TIPOS_DE_DOCUMENTO = [
  'ventas',
  'compras',
  'ordenDeCompra',
  'notaDeCredito',
  'notaDeDebito',
  'cotizacion',
  'conduce',
  'recibos',
  'gastoMenores',
  'egresos',
  'entradaDeDiario',
  'facturaRecurrente',
  'expediente',
] as const;
export type TipoDeDocumento = (typeof TIPOS_DE_DOCUMENTO)[number];

/** How each document type is named to the user. */
export const NOMBRES_DE_TIPO_DE_DOCUMENTO: Record<TipoDeDocumento, string> = {
  ventas: 'ventas',
  compras: 'compras',
  ordenDeCompra: 'órdenes de compra',
  notaDeCredito: 'notas de crédito',
  notaDeDebito: 'notas de débito',
  cotizacion: 'cotizaciones',
  conduce: 'conduces',
  recibos: 'recibos',
  gastoMenores: 'gastos menores',
  egresos: 'egresos',
  entradaDeDiario: 'entradas de diario',
  facturaRecurrente: 'facturas recurrentes',
  expediente: 'expedientes',
};

/** The profile of an internal (non-fiscal) numbering. */
export const PERFIL_INTERNO = 'interna';

// fiscal-do.md §1.2-1.3: which NCF types a document type may carry. Sales take 01, 02, 14, 15, 16;
// notes 03 / 04; the buyer-issued types 11 (informal suppliers), 13 (minor expenses) and 17
// (payments abroad) belong to purchases, minor expenses and expense receipts. B12 (RUI) is out:
// it has no electronic form and the brief leaves it out. Other documents are internal only.
const NCF_POR_TIPO_DE_DOCUMENTO: Record<TipoDeDocumento, readonly string[]> = {
  ventas: ['01', '02', '14', '15', '16'],
  compras: ['11', '17'],
  ordenDeCompra: [],
  notaDeCredito: ['04'],
  notaDeDebito: ['03'],
  cotizacion: [],
  conduce: [],
  recibos: [],
  gastoMenores: ['13'],
  egresos: ['17'],
  // Manual journal entries are internal documents (spec 002 §3 "Accounting"): no NCF.
  entradaDeDiario: [],
  // The template of recurring invoices: the invoices it generates carry the NCF (spec 001 §3).
  facturaRecurrente: [],
  // Case files are internal documents (spec 002 §3 "Case file"): no NCF.
  expediente: [],
};

/** One choice of `perfilesDeTipos`: an NCF type of the B or E series, or the internal numbering. */
export type PerfilDeNumeracion = {
  perfilesDeTipos: string;
  nombre: string;
  prefijo: string;
  prefijoNumerico: string;
  /** Digits of the sequence: 8 for B, 10 for E; internal numberings choose theirs. */
  perfilNumericoOpciones: number;
  fiscal: boolean;
  tiposDeDocumento: TipoDeDocumento[];
};

function tiposQueUsan(codigoB: string): TipoDeDocumento[] {
  return TIPOS_DE_DOCUMENTO.filter((tipo) => NCF_POR_TIPO_DE_DOCUMENTO[tipo].includes(codigoB));
}

/** Every numbering profile: the B series, the E series (e-CF) and the internal one. */
export const PERFILES_DE_NUMERACION: readonly PerfilDeNumeracion[] = [
  ...TIPOS_NCF.filter((t) => tiposQueUsan(t.codigoB).length > 0).map((t) => ({
    perfilesDeTipos: `B${t.codigoB}`,
    nombre: t.nombre,
    prefijo: 'B',
    prefijoNumerico: t.codigoB,
    perfilNumericoOpciones: 8,
    fiscal: true,
    tiposDeDocumento: tiposQueUsan(t.codigoB),
  })),
  ...TIPOS_NCF.filter((t) => t.codigoE !== undefined && tiposQueUsan(t.codigoB).length > 0).map((t) => ({
    perfilesDeTipos: `E${t.codigoE}`,
    nombre: `${t.nombre} electrónica`,
    prefijo: 'E',
    prefijoNumerico: t.codigoE ?? '',
    perfilNumericoOpciones: 10,
    fiscal: true,
    tiposDeDocumento: tiposQueUsan(t.codigoB),
  })),
  {
    perfilesDeTipos: PERFIL_INTERNO,
    nombre: 'Numeración interna',
    prefijo: 'D',
    prefijoNumerico: '',
    perfilNumericoOpciones: 8,
    fiscal: false,
    tiposDeDocumento: [...TIPOS_DE_DOCUMENTO],
  },
];

/** The profile with this code, if any. */
export function buscarPerfilDeNumeracion(codigo: string): PerfilDeNumeracion | undefined {
  return PERFILES_DE_NUMERACION.find((perfil) => perfil.perfilesDeTipos === codigo);
}

const Entero = (campo: string) =>
  z
    .number({ error: `${campo} debe ser un número entero` })
    .int(`${campo} debe ser un número entero`)
    .min(1, `${campo} debe ser mayor que 0`)
    .max(9_999_999_999, `${campo} no puede tener más de 10 dígitos`);

const CamposNumeracion = z.object({
  nombre: TextoObligatorio('Debes poner el nombre de la numeración', 120),
  nombreModel: Texto(120).default(''),
  tipoDeDocumento: z.enum(TIPOS_DE_DOCUMENTO, { error: 'El tipo de documento no es válido' }),
  perfilesDeTipos: z
    .string({ error: 'Debes elegir el tipo de comprobante' })
    .max(20, 'El tipo de comprobante no existe')
    .refine((codigo) => buscarPerfilDeNumeracion(codigo) !== undefined, 'El tipo de comprobante no existe')
    .default(PERFIL_INTERNO),
  // Spec 002 §9: the default prefix is D.
  prefijo: z
    .string()
    .trim()
    .max(10, 'El prefijo no puede tener más de 10 caracteres')
    .regex(/^[A-Za-z0-9-]*$/, 'El prefijo solo admite letras, números y guiones')
    .default('D'),
  perfilNumericoOpciones: z
    .number({ error: 'La cantidad de dígitos debe ser un número entero' })
    .int('La cantidad de dígitos debe ser un número entero')
    .min(1, 'La cantidad de dígitos debe ser de 1 a 10')
    .max(10, 'La cantidad de dígitos debe ser de 1 a 10')
    .default(8),
  fechaVencimiento: Fecha.nullable().default(null),
  desde: Entero('El inicio del rango').default(1),
  hasta: Entero('El final del rango').nullable().default(null),
  predeterminado: z.boolean().default(false),
});

// fiscal-do.md §1: a fiscal sequence is authorised by DGII with a range and an expiry date, and
// its sequence has 8 digits (B) or 10 (E); the profile must fit the document type. That its range does
// not cross another fiscal numbering of the same NCF type needs the company's numberings: the server
// checks it (modules/numeracion, exigirRangoLibre; 409 naming the other numbering, error on `desde`).
function reglasDeNumeracion(
  n: {
    tipoDeDocumento: TipoDeDocumento;
    perfilesDeTipos: string;
    desde: number;
    hasta: number | null;
    fechaVencimiento: string | null;
    perfilNumericoOpciones: number;
    seq?: number | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const problema = (campo: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [campo], message });
  if (n.hasta !== null && n.hasta < n.desde) {
    problema('hasta', 'El final del rango no puede ser menor que el inicio');
  }
  if (n.seq !== undefined && (n.seq < n.desde || (n.hasta !== null && n.seq > n.hasta + 1))) {
    problema('seq', 'La secuencia debe estar dentro del rango autorizado');
  }
  const perfil = buscarPerfilDeNumeracion(n.perfilesDeTipos);
  if (!perfil) {
    return;
  }
  if (!perfil.tiposDeDocumento.includes(n.tipoDeDocumento)) {
    problema(
      'perfilesDeTipos',
      `El comprobante ${perfil.perfilesDeTipos} no se usa en ${NOMBRES_DE_TIPO_DE_DOCUMENTO[n.tipoDeDocumento]}`,
    );
  }
  const digitos = perfil.fiscal ? perfil.perfilNumericoOpciones : n.perfilNumericoOpciones;
  const maximo = 10 ** digitos - 1;
  if ((n.hasta ?? n.desde) > maximo) {
    problema('hasta', `El rango no cabe en ${digitos} dígitos (máximo ${maximo})`);
  }
  if (perfil.fiscal) {
    if (n.hasta === null) {
      problema('hasta', 'Debes poner el final del rango autorizado por la DGII');
    }
    if (n.fechaVencimiento === null) {
      problema('fechaVencimiento', 'Debes poner la fecha de vencimiento de la secuencia');
    }
  }
}

/** POST /numeracion/: `seq` (the next number) may be given when moving a sequence already in use. */
export const CrearNumeracion = CamposNumeracion.extend({
  identificadorUnico: IdentificadorUnico,
  seq: Entero('La secuencia').optional(),
}).superRefine(reglasDeNumeracion);
export type CrearNumeracion = z.infer<typeof CrearNumeracion>;

// Spec 002 §3: seq is not sent on update; a sent one is dropped, never applied.
/** PUT /numeracion/{id}: every field but `seq`. */
export const ActualizarNumeracion = CamposNumeracion.superRefine(reglasDeNumeracion);
export type ActualizarNumeracion = z.infer<typeof ActualizarNumeracion>;

export const Numeracion = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  nombre: z.string(),
  nombreModel: z.string(),
  tipoDeDocumento: z.enum(TIPOS_DE_DOCUMENTO),
  perfilesDeTipos: z.string(),
  prefijo: z.string(),
  prefijoNumerico: z.string(),
  perfilNumericoOpciones: z.number().int(),
  fiscal: z.boolean(),
  fechaVencimiento: z.string().nullable(),
  desde: z.number().int(),
  hasta: z.number().int().nullable(),
  /** The next number to be issued. */
  seq: z.number().int(),
  /** The next number as it will be printed (B0100000005, D00000012). */
  proximoComprobante: z.string(),
  predeterminado: z.boolean(),
  creadoEn: z.string(),
  actualizadoEn: z.string(),
});
export type Numeracion = z.infer<typeof Numeracion>;

export const NumeracionCreada = Numeracion.extend({ solicitudDuplicada: z.boolean() });

export const PerfilDeNumeracionRespuesta = z.object({
  perfilesDeTipos: z.string(),
  nombre: z.string(),
  prefijo: z.string(),
  prefijoNumerico: z.string(),
  perfilNumericoOpciones: z.number().int(),
  fiscal: z.boolean(),
  tiposDeDocumento: z.array(z.enum(TIPOS_DE_DOCUMENTO)),
});

/** POST /numeracion/buscar-numeracion-para-dashboard/: thresholds of the warnings (spec: not shown). */
export const FiltroNumeracionDashboard = z
  .object({
    diasParaVencer: z.number().int().min(0).max(366).default(30),
    porcentajeRestante: Porcentaje.default(10),
  })
  .prefault({});

export const ALERTAS_DE_NUMERACION = ['agotada', 'porAgotarse', 'vencida', 'porVencer'] as const;

export const AlertaDeNumeracion = z.object({
  _id: z.string(),
  nombre: z.string(),
  tipoDeDocumento: z.enum(TIPOS_DE_DOCUMENTO),
  perfilesDeTipos: z.string(),
  seq: z.number().int(),
  hasta: z.number().int().nullable(),
  restantes: z.number().int().nullable(),
  fechaVencimiento: z.string().nullable(),
  diasParaVencer: z.number().int().nullable(),
  alertas: z.array(z.enum(ALERTAS_DE_NUMERACION)),
  mensaje: z.string(),
});
export type AlertaDeNumeracion = z.infer<typeof AlertaDeNumeracion>;

export const ParamsTipoDeDocumento = z.object({
  documentType: z.enum(TIPOS_DE_DOCUMENTO, { error: 'El tipo de documento no es válido' }),
});

export const numeracion = {
  listar: endpoint({
    method: 'GET',
    path: '/numeracion/',
    body: Vacio,
    params: SinParams,
    respuesta: z.array(Numeracion),
  }),
  perfiles: endpoint({
    method: 'GET',
    path: '/numeracion/perfiles-de-numeracion/',
    body: Vacio,
    params: SinParams,
    respuesta: z.array(PerfilDeNumeracionRespuesta),
  }),
  // Spec 002 §7: online only.
  predeterminada: endpoint({
    method: 'GET',
    path: '/numeracion/buscar-predeterminada/:documentType',
    body: Vacio,
    params: ParamsTipoDeDocumento,
    respuesta: Numeracion,
  }),
  obtener: endpoint({
    method: 'GET',
    path: '/numeracion/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: Numeracion,
  }),
  crear: endpoint({
    method: 'POST',
    path: '/numeracion/',
    body: CrearNumeracion,
    params: SinParams,
    respuesta: NumeracionCreada,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/numeracion/:id',
    body: ActualizarNumeracion,
    params: ParamsId,
    respuesta: Numeracion,
  }),
  dashboard: endpoint({
    method: 'POST',
    path: '/numeracion/buscar-numeracion-para-dashboard/',
    efecto: 'lee',
    body: FiltroNumeracionDashboard,
    params: SinParams,
    respuesta: z.array(AlertaDeNumeracion),
  }),
};
