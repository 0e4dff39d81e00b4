import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams, Vacio } from './comun.ts';
import {
  AnularDocumentoEntrada,
  CabeceraDeVenta,
  CabeceraDeVentaEntrada,
  FechaDeDocumento,
  FiltroDeDocumentos,
  LineaDeVenta,
  lineasDeDocumento,
} from './documentos.ts';
import { endpoint } from './endpoint.ts';
import { RegistroDeEmpresa } from './registro.ts';

// Spec 001 §2, §3 "Recurring invoice", §7 "Recurring invoices", §9. A recurring invoice is the
// template of the invoices a customer is billed every period: it takes its own number from the
// 'facturaRecurrente' numbering, moves no stock and posts nothing; each invoice it generates is an
// ordinary sale (NCF from `idNumeracion`, stock, journal, receivable) made by the scheduled task
// `cron-tareas/crear-facturas-recurrentes`.

export const FRECUENCIAS_TIPO = ['day', 'week', 'month', 'year'] as const;
export type FrecuenciaTipo = (typeof FRECUENCIAS_TIPO)[number];

/** How each frequency type is named to the user (singular, plural). */
export const NOMBRES_DE_FRECUENCIA: Record<FrecuenciaTipo, readonly [string, string]> = {
  day: ['día', 'días'],
  week: ['semana', 'semanas'],
  month: ['mes', 'meses'],
  year: ['año', 'años'],
};

export const MENSAJE_FACTURA_RECURRENTE_SIN_LINEAS = 'La factura recurrente no tiene artículos';
export const MENSAJE_MOTIVO_FACTURA_RECURRENTE = 'Debes ingresar un motivo para anular la factura recurrente';
export const MENSAJE_FACTURA_RECURRENTE_NO_EXISTE = 'La factura recurrente no existe.';
export const MENSAJE_VIGENCIA_ANTES_DEL_INICIO =
  'La fecha de vigencia no puede ser anterior a la fecha de inicio';
/** Spec 001 §8 "Recurring search failure". */
export const MENSAJE_SIN_FACTURAS_RECURRENTES = 'No se encontran facturas';

const Lineas = lineasDeDocumento(MENSAJE_FACTURA_RECURRENTE_SIN_LINEAS);

/**
 * The header a form sends. `idNumeracion` is the numbering of the invoices it generates (a 'ventas'
 * one: the NCF type), not of the template; its default is the company's default sales numbering.
 */
const CamposFacturaRecurrente = CabeceraDeVentaEntrada.extend({
  // Spec 001 §9: plazoPagos 30, frecuencia 1, frecuenciaTipo month.
  plazoPagos: z
    .number({ error: 'El plazo de pago debe ser un número de días' })
    .int('El plazo de pago debe ser un número entero de días')
    .min(0, 'El plazo de pago no puede ser negativo')
    .max(3650, 'El plazo de pago no puede pasar de 3650 días')
    .default(30),
  fechaDeInicio: FechaDeDocumento,
  fechaVigencia: FechaDeDocumento.nullish(),
  frecuencia: z
    .number({ error: 'La frecuencia debe ser un número' })
    .int('La frecuencia debe ser un número entero')
    .min(1, 'La frecuencia debe ser de al menos 1')
    .max(365, 'La frecuencia no puede pasar de 365')
    .default(1),
  frecuenciaTipo: z
    .enum(FRECUENCIAS_TIPO, { error: 'La frecuencia debe ser por día, semana, mes o año' })
    .default('month'),
  /** Each generated invoice is e-mailed to the customer's address (correo) when on. */
  enviarPorCorreo: z.boolean().default(false),
});

function vigenciaDespuesDelInicio(
  campos: { fechaDeInicio: string; fechaVigencia?: string | null | undefined },
  contexto: z.RefinementCtx,
) {
  if (campos.fechaVigencia && campos.fechaVigencia < campos.fechaDeInicio) {
    contexto.addIssue({
      code: 'custom',
      path: ['fechaVigencia'],
      message: MENSAJE_VIGENCIA_ANTES_DEL_INICIO,
    });
  }
}

// Spec 001 §7 "POST /factura-recurrente/ (fields, lineasFacturaRecurrente, identificadorUnico)".
export const CrearFacturaRecurrente = CamposFacturaRecurrente.extend({
  lineasFacturaRecurrente: Lineas,
  identificadorUnico: IdentificadorUnico,
}).superRefine(vigenciaDespuesDelInicio);
export type CrearFacturaRecurrente = z.output<typeof CrearFacturaRecurrente>;

// "PUT /factura-recurrente/{id} (fields, lineasFacturaRecurrente, lineasDelete)".
export const ActualizarFacturaRecurrente = CamposFacturaRecurrente.extend({
  lineasFacturaRecurrente: Lineas,
  lineasDelete: z
    .array(z.uuid({ error: 'Una línea a quitar no es válida' }))
    .max(300)
    .default([]),
}).superRefine(vigenciaDespuesDelInicio);
export type ActualizarFacturaRecurrente = z.output<typeof ActualizarFacturaRecurrente>;

export const FacturaRecurrente = CabeceraDeVenta.extend({
  numeroFacturaRecurrente: z.number(),
  /** The numbering of the invoices it generates (the template's own is numeracionNombre's). */
  idNumeracion: z.string().nullable(),
  plazoPagos: z.number().int(),
  fechaDeInicio: z.string(),
  fechaVigencia: z.string().nullable(),
  frecuencia: z.number().int(),
  frecuenciaTipo: z.enum(FRECUENCIAS_TIPO),
  enviarPorCorreo: z.boolean(),
  /** The date of the next invoice; null once fechaVigencia is past or the template is cancelled. */
  proximaFecha: z.string().nullable(),
  /** How many invoices it has generated. */
  facturasGeneradas: z.number().int(),
  /** Why the last attempt to generate its invoice failed (empty when it did not). */
  ultimoError: z.string(),
});
export type FacturaRecurrente = z.output<typeof FacturaRecurrente>;

export const LineaFacturaRecurrente = LineaDeVenta.extend({ idFacturaRecurrente: z.string() });
export type LineaFacturaRecurrente = z.output<typeof LineaFacturaRecurrente>;

/** One invoice a recurring invoice generated: its period's date and the invoice as it stands. */
export const FacturaGenerada = z.object({
  _id: z.string(),
  periodo: z.number().int(),
  fecha: z.string(),
  comprobante: z.string(),
  total: z.number(),
  pendiente: z.number(),
  estado: z.string(),
});
export type FacturaGenerada = z.output<typeof FacturaGenerada>;

/** GET /factura-recurrente/{id}: the template with its lines and the invoices it generated. */
export const DetalleFacturaRecurrente = FacturaRecurrente.extend({
  lineasFacturaRecurrente: z.array(LineaFacturaRecurrente),
  listaFacturasGeneradas: z.array(FacturaGenerada),
});
export type DetalleFacturaRecurrente = z.output<typeof DetalleFacturaRecurrente>;

export const FacturaRecurrenteCreada = DetalleFacturaRecurrente.extend({ solicitudDuplicada: z.boolean() });

// Spec 001 §9: recurring invoices list 14 per page.
export const FiltroFacturasRecurrentes = FiltroDeDocumentos.extend({
  limit: z.number().int().min(1).max(200, 'No se pueden pedir más de 200 filas por página').default(14),
});
export type FiltroFacturasRecurrentes = z.output<typeof FiltroFacturasRecurrentes>;

export const ListaFacturasRecurrentes = z.object({
  res: z.array(FacturaRecurrente),
  totalRows: z.number().int(),
});

// "PUT /factura-recurrente/anular/{id} {estado, autorizacion, notaAnular, _id}".
export const AnularFacturaRecurrente = AnularDocumentoEntrada;
export type AnularFacturaRecurrente = z.output<typeof AnularFacturaRecurrente>;

/**
 * Spec 001 §3, §7 "POST /factura-recurrente/crearCompaniaNueva/ {facturaRecurrente, tenant} -> tenantId":
 * the operator registers a company (POST /tenant/'s fields) and its subscription's recurring invoice in
 * one step; the invoice is made out to the company's new customer in the operator company, whatever
 * idCliente it names.
 */
export const CrearCompaniaNueva = z.object({
  facturaRecurrente: CrearFacturaRecurrente,
  tenant: RegistroDeEmpresa,
});
export type CrearCompaniaNueva = z.output<typeof CrearCompaniaNueva>;

export const CompaniaNuevaCreada = z.object({
  tenantId: z.number().int(),
  _id: z.string(),
  numeroFacturaRecurrente: z.number(),
  solicitudDuplicada: z.boolean(),
  message: z.string(),
});

/** What POST /factura-recurrente/generar/{id} billed now; the template's refusal, if any, in ultimoError. */
export const FacturasGeneradas = z.object({
  facturasCreadas: z.number().int(),
  facturasExistentes: z.number().int(),
  plantillasConError: z.number().int(),
  correosEnviados: z.number().int(),
  ultimoError: z.string(),
});
export type FacturasGeneradas = z.infer<typeof FacturasGeneradas>;

export const facturasRecurrentesApi = {
  // Beyond the spec (docs/documents.md «Facturas recurrentes»): bill what is due today without waiting
  // for the scheduled task.
  generar: endpoint({
    method: 'POST',
    path: '/factura-recurrente/generar/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: FacturasGeneradas,
  }),
  crearCompaniaNueva: endpoint({
    method: 'POST',
    path: '/factura-recurrente/crearCompaniaNueva/',
    body: CrearCompaniaNueva,
    params: SinParams,
    respuesta: CompaniaNuevaCreada,
  }),
  todas: endpoint({
    method: 'POST',
    path: '/factura-recurrente/todas',
    efecto: 'lee',
    body: FiltroFacturasRecurrentes,
    params: SinParams,
    respuesta: ListaFacturasRecurrentes,
  }),
  una: endpoint({
    method: 'GET',
    path: '/factura-recurrente/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleFacturaRecurrente,
  }),
  crear: endpoint({
    method: 'POST',
    path: '/factura-recurrente/',
    body: CrearFacturaRecurrente,
    params: SinParams,
    respuesta: FacturaRecurrenteCreada,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/factura-recurrente/:id',
    body: ActualizarFacturaRecurrente,
    params: ParamsId,
    respuesta: DetalleFacturaRecurrente,
  }),
  // "-> facturadb.numeroFacturaRecurrente".
  anular: endpoint({
    method: 'PUT',
    path: '/factura-recurrente/anular/:id',
    body: AnularFacturaRecurrente,
    params: ParamsId,
    respuesta: z.object({
      facturadb: FacturaRecurrente,
      resultado: z.enum(['anulada', 'solicitada', 'aprobada', 'rechazada']),
    }),
  }),
  // "DELETE /factura-recurrente/{id} -> facturaRecurrente.numeroFacturaRecurrente".
  eliminar: endpoint({
    method: 'DELETE',
    path: '/factura-recurrente/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ facturaRecurrente: FacturaRecurrente }),
  }),
};
