import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams } from './comun.ts';
import { AUTORIZACIONES } from './contactos.ts';
import { ESTADOS_DE_DOCUMENTO, FechaDeDocumento } from './documentos.ts';
import { endpoint } from './endpoint.ts';
import { FiltroDePeriodo } from './exportar.ts';
import { FORMAS_DE_PAGO_INGRESO } from './ingresos.ts';
import { textoOpcional } from './maestros.ts';
import { DineroPositivo, Texto } from './tipos.ts';

// Spec 001 §3 "Credit in favour", §4, §5, §7 "Credits in favour" (docs/payments.md). A credit in favour
// is money the company owes a customer (an advance, an over-payment of a receipt, the rest of a credit
// note); each transaction applies part of it to an invoice of the same customer. The spec shows only
// part of the shapes; the rest is designed here and documented in docs/payments.md.

/** Spec 001 §5: one of the seven reasons (MOTIVOS_ANULACION_CREDITO_A_FAVOR of @pos/domain). */
export const MENSAJE_MOTIVO_CREDITO = 'Debes ingresar un motivo para anular el crédito a favor';
export const MENSAJE_CREDITO_NO_EXISTE = 'El crédito a favor no existe.';
export const MENSAJE_TRANSACCION_NO_EXISTE = 'La transacción del crédito a favor no existe.';

/** Who made the credit: a receipt in, a credit note, or an advance taken directly (POST /credito-a-favor). */
export const ORIGENES_DE_CREDITO = ['ingreso', 'notaDeCredito', 'anticipo'] as const;

export const TransaccionCreditoAFavor = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  numeroTransasccionDelCreditoAfavor: z.number(), // sic (spec 001 §3)
  idCreditoAFavor: z.string(),
  numeroCredito: z.number(),
  /** The invoice it paid. */
  idFactura: z.string(),
  comprobanteFactura: z.string(),
  monto: z.number(),
  fecha: z.string(),
  estado: z.enum(ESTADOS_DE_DOCUMENTO),
  autorizacion: z.enum(AUTORIZACIONES).nullable(),
  tipoDeAnulacion: z.string(),
  notaAnular: z.string(),
  notaAutorizacion: z.string(),
  idUsuarioCreador: z.string(),
  creadaPor: z.string(),
  creadoEn: z.string(),
});
export type TransaccionCreditoAFavor = z.output<typeof TransaccionCreditoAFavor>;

export const CreditoAFavor = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  numeroCredito: z.number(),
  idCliente: z.string(),
  nombreCliente: z.string(),
  Monto: z.number(), // sic: capital M (spec 001 §3)
  /** What is left to apply: Monto less its transactions not cancelled; 0 once cancelled. */
  disponible: z.number(),
  descripcion: z.string(),
  fecha: z.string(),
  origen: z.object({ tipo: z.enum(ORIGENES_DE_CREDITO), id: z.string().nullable() }),
  estado: z.enum(ESTADOS_DE_DOCUMENTO),
  autorizacion: z.enum(AUTORIZACIONES).nullable(),
  tipoDeAnulacion: z.string(),
  notaAnular: z.string(),
  notaAutorizacion: z.string(),
  idUsuarioCreador: z.string(),
  creadaPor: z.string(),
  creadoEn: z.string(),
  /** Its transactions, oldest first (all states). */
  transacciones: z.array(TransaccionCreditoAFavor),
});
export type CreditoAFavor = z.output<typeof CreditoAFavor>;

// "POST /credito-a-favor": an advance (anticipo) taken directly. Decision: only with its money side
// (how it was paid and, optionally, the account that receives it), so its journal entry debits that
// money and credits the advances account; without it there would be a liability with no asset. The
// receipt with generarCreditoAfavor is the main way to take an advance.
export const CrearCreditoAFavor = z
  .object({
    identificadorUnico: IdentificadorUnico,
    idCliente: z.uuid({ error: 'Elige el cliente del crédito a favor' }),
    Monto: DineroPositivo('El monto'),
    descripcion: textoOpcional(500).default(''),
    fecha: FechaDeDocumento.nullish(),
    formaDePago: z.enum(FORMAS_DE_PAGO_INGRESO, { error: 'Elige cómo se recibió el dinero del anticipo' }),
    /** The account that receives the money; by formaDePago and the terminal when absent. */
    cuentaContableDebito: z
      .object({ idCuenta: z.uuid({ error: 'La cuenta no es válida' }) })
      .loose()
      .nullish(),
    idTerminalRef: z.uuid({ error: 'El terminal no es válido' }).nullish(),
  })
  .loose();
export type CrearCreditoAFavor = z.output<typeof CrearCreditoAFavor>;

export const CreditoAFavorCreado = z.object({
  creditoAFavor: CreditoAFavor,
  solicitudDuplicada: z.boolean(),
});

// "POST /credito-a-favor/findAll": one customer's credits, newest first, paged.
export const FiltroCreditosDelCliente = z.object({
  idCliente: z.uuid({ error: 'El cliente no es válido' }),
  page: z.number().int().min(1, 'La página empieza en 1').default(1),
  limit: z.number().int().min(1).max(200, 'No se pueden pedir más de 200 filas por página').default(25),
  /** Only active credits with a balance (the credit-in-favour modal). */
  soloDisponibles: z.boolean().default(false),
});
export type FiltroCreditosDelCliente = z.output<typeof FiltroCreditosDelCliente>;

// "POST /credito-a-favor/findAllGeneral": every customer's, with search (number, customer), period and
// the audit view (buscarPorEstado: Por-Anular and Anulado; without it, all but Anulado).
export const FiltroCreditosGeneral = FiltroDePeriodo.extend({
  input: Texto(200).default(''),
  page: z.number().int().min(1, 'La página empieza en 1').default(1),
  limit: z.number().int().min(1).max(200, 'No se pueden pedir más de 200 filas por página').default(25),
  buscarPorEstado: z.boolean().default(false),
});
export type FiltroCreditosGeneral = z.output<typeof FiltroCreditosGeneral>;

export const ListaCreditosAFavor = z.object({ res: z.array(CreditoAFavor), totalRows: z.number().int() });
export type ListaCreditosAFavor = z.output<typeof ListaCreditosAFavor>;

/** "PATCH /credito-a-favor/{id}": only the description changes. */
export const ActualizarCreditoAFavor = z.object({ descripcion: textoOpcional(500) }).loose();

// "POST /transaccion-del-credito-a-favor": applies a credit to an invoice of the same customer (the
// receipt screen's credit-in-favour modal).
export const CrearTransaccionCreditoAFavor = z
  .object({
    identificadorUnico: IdentificadorUnico,
    idCreditoAFavor: z.uuid({ error: 'Elige el crédito a favor' }),
    idFactura: z.uuid({ error: 'Elige la factura que se paga' }),
    monto: DineroPositivo('El monto'),
  })
  .loose();
export type CrearTransaccionCreditoAFavor = z.output<typeof CrearTransaccionCreditoAFavor>;

export const TransaccionCreada = z.object({
  transaccion: TransaccionCreditoAFavor,
  creditoAFavor: CreditoAFavor,
  solicitudDuplicada: z.boolean(),
});
export type TransaccionCreada = z.output<typeof TransaccionCreada>;

// "POST credito-a-favor/anularCreditoAFavor/" and "anularTransaccionCreditoAFavor/" {estado,
// autorizacion, notaAnular, _id}: notaAnular is one of the seven reasons of spec 001 §5; a supervisor
// resolves a pending request by sending autorizacion (Aprobada | Rechazada).
export const AnularCreditoAFavor = z
  .object({
    _id: z.uuid({ error: 'El identificador no es válido' }),
    estado: z.enum(ESTADOS_DE_DOCUMENTO).optional(),
    autorizacion: z.enum(AUTORIZACIONES).optional(),
    notaAnular: textoOpcional(1000).default(''),
    notaAutorizacion: textoOpcional(1000).optional(),
  })
  .loose();
export type AnularCreditoAFavor = z.output<typeof AnularCreditoAFavor>;

const RESULTADOS = z.enum(['anulado', 'solicitado', 'aprobado', 'rechazado']);
export const RespuestaAnulacionCredito = z.object({ creditoAFavor: CreditoAFavor, resultado: RESULTADOS });
export const RespuestaAnulacionTransaccion = z.object({
  transaccion: TransaccionCreditoAFavor,
  creditoAFavor: CreditoAFavor,
  resultado: z.enum(['anulada', 'solicitada', 'aprobada', 'rechazada']),
});

export const creditosApi = {
  crear: endpoint({
    method: 'POST',
    path: '/credito-a-favor',
    body: CrearCreditoAFavor,
    params: SinParams,
    respuesta: CreditoAFavorCreado,
  }),
  delCliente: endpoint({
    method: 'POST',
    path: '/credito-a-favor/findAll',
    body: FiltroCreditosDelCliente,
    params: SinParams,
    respuesta: ListaCreditosAFavor,
    efecto: 'lee',
  }),
  general: endpoint({
    method: 'POST',
    path: '/credito-a-favor/findAllGeneral',
    body: FiltroCreditosGeneral,
    params: SinParams,
    respuesta: ListaCreditosAFavor,
    efecto: 'lee',
  }),
  uno: endpoint({
    method: 'GET',
    path: '/credito-a-favor/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: CreditoAFavor,
  }),
  actualizar: endpoint({
    method: 'PATCH',
    path: '/credito-a-favor/:id',
    body: ActualizarCreditoAFavor,
    params: ParamsId,
    respuesta: CreditoAFavor,
  }),
  aplicar: endpoint({
    method: 'POST',
    path: '/transaccion-del-credito-a-favor',
    body: CrearTransaccionCreditoAFavor,
    params: SinParams,
    respuesta: TransaccionCreada,
  }),
  anular: endpoint({
    method: 'POST',
    path: '/credito-a-favor/anularCreditoAFavor/',
    body: AnularCreditoAFavor,
    params: SinParams,
    respuesta: RespuestaAnulacionCredito,
  }),
  anularTransaccion: endpoint({
    method: 'POST',
    path: '/credito-a-favor/anularTransaccionCreditoAFavor/',
    body: AnularCreditoAFavor,
    params: SinParams,
    respuesta: RespuestaAnulacionTransaccion,
  }),
};
