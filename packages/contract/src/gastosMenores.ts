import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams } from './comun.ts';
import { CuentaContableRef } from './contabilidad.ts';
import { endpoint } from './endpoint.ts';
import { FiltroDePeriodo } from './exportar.ts';
import { textoOpcional } from './maestros.ts';
import { Dinero, DineroPositivo, fecha, Texto } from './tipos.ts';

// Spec 001 §3 "Minor expense (gastoMenor)", §4, §7 "Minor expenses", §8, §9; fiscal-do.md §1.2 (B13,
// issued by the buyer). A minor expense pays small expenses from the petty cash: each line debits an
// expense account (detail only) and the whole credits `cuentaContableCredito` (the petty cash by default).

/** Spec 001 §9: payment methods (Mixto does not apply: one account pays the whole expense). */
export const FORMAS_DE_PAGO_GASTO_MENOR = [
  'Efectivo',
  'Tarjeta',
  'Tarjeta-Debito',
  'Transferencia',
  'Cheque',
] as const;
export type FormaDePagoGastoMenor = (typeof FORMAS_DE_PAGO_GASTO_MENOR)[number];

/** Spec 001 §9: minor expenses list 14 per page. */
export const LIMITE_GASTOS_MENORES = 14;
/** Lines of one minor expense (a petty-cash sheet is short; the limit keeps a request bounded). */
export const MAXIMO_LINEAS_GASTO_MENOR = 100;

export const MENSAJE_SIN_GASTOS = 'Agrega por lo menos un gasto con su cuenta y su importe.';
export const MENSAJE_MOTIVO_GASTO_MENOR = 'Debes escribir el motivo de la anulación del gasto menor.';
/** Spec 001 §8 "Minor expense update failure". */
export const MENSAJE_GASTO_MENOR_NO_ACTUALIZADO =
  'No se actualizo: hemos tenido un problema en los campos obligatorios';

const FechaDelGasto = Texto(40)
  .transform((valor) => valor.slice(0, 10))
  .pipe(fecha('La fecha del gasto debe tener el formato AAAA-MM-DD'));

const Cuenta = z.object({ idCuenta: z.uuid({ error: 'La cuenta contable no es válida' }) }).loose();

/**
 * A line of `listaDeGastos` as the form sends it: the expense account (`cuentaContable`; the spec's
 * `cuentaContableDebito` is accepted for it, it is the account debited), the amount before taxes
 * (`importe`), the ITBIS paid (`impuestos`, an amount in pesos) and a note. On a PATCH, `_id` names the
 * line changed; without it the line is added.
 */
export const LineaGastoMenorEntrada = z
  .object({
    _id: z.uuid({ error: 'La línea no es válida' }).nullish(),
    fechaDeEmision: FechaDelGasto.nullish(),
    cuentaContable: Cuenta.nullish(),
    cuentaContableDebito: Cuenta.nullish(),
    importe: DineroPositivo('El importe'),
    impuestos: Dinero('El impuesto').default(0),
    nota: textoOpcional(500).default(''),
  })
  .loose();
export type LineaGastoMenorEntrada = z.output<typeof LineaGastoMenorEntrada>;

const ListaDeGastos = z
  .array(LineaGastoMenorEntrada, { error: MENSAJE_SIN_GASTOS })
  .max(MAXIMO_LINEAS_GASTO_MENOR, `Un gasto menor admite hasta ${MAXIMO_LINEAS_GASTO_MENOR} líneas`);

// Spec 001 §7 "POST /gastos-menores/ (fields, listaDeGastos, identificadorUnico)". comprobante and
// idUsuarioCreador are the server's (the number taken now, the session's user).
export const CrearGastoMenor = z
  .object({
    idNumeracion: z.uuid({ error: 'La numeración no es válida' }).nullish(),
    comprobante: Texto(100).nullish(),
    fechaDeEmision: FechaDelGasto.nullish(),
    formaDePago: z
      .enum(FORMAS_DE_PAGO_GASTO_MENOR, { error: 'La forma de pago no es válida' })
      .default('Efectivo'),
    afectarCuenta: z.boolean().default(true),
    descripcion: textoOpcional(1000).default(''),
    /** The account that pays (credited); without it, the petty cash of the account assignment. */
    cuentaContableCredito: Cuenta.nullish(),
    listaDeGastos: ListaDeGastos.min(1, MENSAJE_SIN_GASTOS),
    idUsuarioCreador: Texto(100).nullish(),
    identificadorUnico: IdentificadorUnico,
  })
  .loose();
export type CrearGastoMenor = z.output<typeof CrearGastoMenor>;

// Spec 001 §7 "PATCH /gastos-menores/{id} (fields, listaDeGastos, itemEliminar)": the lines to change
// (with `_id`) or add (without), the ids of the lines to remove, and the header fields that may change
// (one absent keeps its value). The number stays.
export const ActualizarGastoMenor = z
  .object({
    fechaDeEmision: FechaDelGasto.nullish(),
    formaDePago: z.enum(FORMAS_DE_PAGO_GASTO_MENOR, { error: 'La forma de pago no es válida' }).optional(),
    afectarCuenta: z.boolean().optional(),
    descripcion: textoOpcional(1000).optional(),
    cuentaContableCredito: Cuenta.nullish(),
    listaDeGastos: ListaDeGastos.default([]),
    itemEliminar: z
      .array(z.uuid({ error: 'La línea a quitar no es válida' }))
      .max(MAXIMO_LINEAS_GASTO_MENOR)
      .default([]),
  })
  .loose();
export type ActualizarGastoMenor = z.output<typeof ActualizarGastoMenor>;

export const LineaGastoMenor = z.object({
  _id: z.string(),
  idGastoMenor: z.string(),
  fechaDeEmision: z.string(),
  /** The expense account the line debits (the spec names it twice: cuentaContable, cuentaContableDebito). */
  cuentaContable: CuentaContableRef,
  cuentaContableDebito: CuentaContableRef,
  importe: z.number(),
  impuestos: z.number(),
  /** importe + impuestos: what the line debits (its ITBIS goes to the expense, docs/payments.md). */
  total: z.number(),
  nota: z.string(),
});
export type LineaGastoMenor = z.output<typeof LineaGastoMenor>;

export const GastoMenor = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  idNumeracion: z.string(),
  numeracionNombre: z.string(),
  numero: z.number(),
  /** The number as printed: GM… from an internal numbering, the B13 NCF from a fiscal one. */
  comprobante: z.string(),
  /** The B13 (or E43) NCF the 606 reports; '' from an internal numbering. */
  ncf: z.string(),
  fechaDeEmision: z.string(),
  formaDePago: z.enum(FORMAS_DE_PAGO_GASTO_MENOR),
  afectarCuenta: z.boolean(),
  descripcion: z.string(),
  cuentaContableCredito: CuentaContableRef,
  subtotal: z.number(),
  impuestos: z.number(),
  total: z.number(),
  estado: z.enum(['Activo', 'Por-Anular', 'Anulado']),
  autorizacion: z.enum(['Pendiente', 'Aprobada', 'Rechazada']).nullable(),
  /** Spec 001 §4: false once cancelled (approved or direct). */
  activo: z.boolean(),
  notaAnular: z.string(),
  notaAutorizacion: z.string(),
  idUsuarioCreador: z.string(),
  creadoPor: z.string(),
  creadoEn: z.string(),
});
export type GastoMenor = z.output<typeof GastoMenor>;

/** GET /gastos-menores/{id}: the header with its lines (`listaDeGastos`). */
export const DetalleGastoMenor = GastoMenor.extend({ listaDeGastos: z.array(LineaGastoMenor) });
export type DetalleGastoMenor = z.output<typeof DetalleGastoMenor>;

/** "-> comprobante": the expense (its `comprobante` is the number); solicitudDuplicada on a replay. */
export const GastoMenorCreado = DetalleGastoMenor.extend({ solicitudDuplicada: z.boolean() });

export const FiltroGastosMenores = FiltroDePeriodo.extend({
  input: Texto(200).default(''),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(200).default(LIMITE_GASTOS_MENORES),
  /** The audit view: only Por-Anular and Anulado. */
  buscarPorEstado: z.boolean().default(false),
});
export type FiltroGastosMenores = z.output<typeof FiltroGastosMenores>;

export const ListaGastosMenores = z.object({ res: z.array(GastoMenor), totalRows: z.number().int() });

export const AnularGastoMenor = z
  .object({
    notaAnular: textoOpcional(1000).default(''),
    autorizacion: z.enum(['Pendiente', 'Aprobada', 'Rechazada']).optional(),
    notaAutorizacion: textoOpcional(1000).optional(),
  })
  .loose();
export type AnularGastoMenor = z.output<typeof AnularGastoMenor>;

export const RespuestaAnulacionGastoMenor = z.object({
  gastosMenore: DetalleGastoMenor,
  resultado: z.enum(['anulado', 'solicitado', 'aprobado', 'rechazado']),
});

export const gastosMenores = {
  todos: endpoint({
    method: 'POST',
    path: '/gastos-menores/todos',
    efecto: 'lee',
    body: FiltroGastosMenores,
    params: SinParams,
    respuesta: ListaGastosMenores,
  }),
  uno: endpoint({
    method: 'GET',
    path: '/gastos-menores/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleGastoMenor,
  }),
  // Spec 001 §7 "PUT /gastos-menores/anular/{id} -> gastosMenore.comprobante" (sic).
  anular: endpoint({
    method: 'PUT',
    path: '/gastos-menores/anular/:id',
    body: AnularGastoMenor,
    params: ParamsId,
    respuesta: RespuestaAnulacionGastoMenor,
  }),
  crear: endpoint({
    method: 'POST',
    path: '/gastos-menores/',
    body: CrearGastoMenor,
    params: SinParams,
    respuesta: GastoMenorCreado,
  }),
  // "-> array whose first item has comprobante".
  actualizar: endpoint({
    method: 'PATCH',
    path: '/gastos-menores/:id',
    body: ActualizarGastoMenor,
    params: ParamsId,
    respuesta: z.array(DetalleGastoMenor),
  }),
  // "-> EgresoDelete.comprobante" (sic). Spec 001 §4 "Deleted documents leave the list".
  eliminar: endpoint({
    method: 'DELETE',
    path: '/gastos-menores/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ EgresoDelete: DetalleGastoMenor }),
  }),
};
