import { z } from 'zod';
import { IdentificadorUnico, ParamsId, SinParams, Vacio } from './comun.ts';
import { ConciliacionResumen } from './conciliaciones.ts';
import { CuentaContableRef } from './contabilidad.ts';
import { Egreso } from './egresos.ts';
import { endpoint } from './endpoint.ts';
import { Ingreso } from './ingresos.ts';
import { textoOpcional } from './maestros.ts';
import { Dinero, DineroPositivo, Fecha, TextoObligatorio } from './tipos.ts';

// Spec 002 §2 "Banks", §3 "Bank account" (nombre required, _id, montoInicial, saldoTotal), §5, §7 "Banks
// and reconciliation", §8, §9 (bank lists 25). A bank account is a detail account of the chart's banks
// group; its balance is that account's balance in the journal (docs/accounting.md).

/** Spec 002 §9: bank incomes, payments out, transfers and reconciliations 25 per page. */
export const LIMITE_BANCOS = 25;

/** Spec 002 §5. */
export const MENSAJE_NOMBRE_DEL_BANCO = 'Debes poner el nombre del banco';
/** Spec 002 §8: the success of a transfer. */
export const MENSAJE_TRANSFERENCIA_COMPLETADA = 'Transferencia completada';
/** Spec 002 §8: a bank or reconciliation failure, and its title. */
export const MENSAJE_ERROR_BANCO = 'Tenemos un error';
export const TITULO_ERROR_BANCO = 'Error de Datos Requeridos';
export const MENSAJE_MISMA_CUENTA = 'La cuenta de origen y la de destino deben ser distintas';
export const MENSAJE_BANCO_NO_EXISTE = 'La cuenta de banco no existe';
/** One bank per ledger account (the unique index cuentas_banco_cuenta_contable). */
export const MENSAJE_CUENTA_DE_OTRO_BANCO = 'La cuenta contable elegida ya es la de otro banco';

const FechaDelSaldo = Fecha;

// POST /cuentas-banco/: without idCuentaContable a new detail account is created under the chart's
// banks group; with it, an unused bank ledger account is linked (its movements become the bank's).
export const CrearCuentaDeBanco = z
  .object({
    nombre: TextoObligatorio(MENSAJE_NOMBRE_DEL_BANCO, 200),
    numeroDeCuenta: textoOpcional(100).default(''),
    montoInicial: Dinero('El monto inicial').default(0),
    /** The day of the opening balance; today when absent. */
    fechaInicial: FechaDelSaldo.nullish(),
    idCuentaContable: z.uuid({ error: 'La cuenta contable no es válida' }).nullish(),
    identificadorUnico: IdentificadorUnico,
  })
  .loose();
export type CrearCuentaDeBanco = z.output<typeof CrearCuentaDeBanco>;

// PUT /cuentas-banco/{id}: the fields sent change; a new montoInicial or fechaInicial reverses the
// opening entry and posts it again.
export const ActualizarCuentaDeBanco = z
  .object({
    nombre: TextoObligatorio(MENSAJE_NOMBRE_DEL_BANCO, 200).optional(),
    numeroDeCuenta: textoOpcional(100).optional(),
    montoInicial: Dinero('El monto inicial').optional(),
    fechaInicial: FechaDelSaldo.optional(),
    activo: z.boolean().optional(),
  })
  .loose();
export type ActualizarCuentaDeBanco = z.output<typeof ActualizarCuentaDeBanco>;

export const CuentaDeBanco = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  nombre: z.string(),
  numeroDeCuenta: z.string(),
  montoInicial: z.number(),
  fechaInicial: z.string(),
  cuentaContable: CuentaContableRef,
  /** The ledger account's balance in the journal (opening entry included). */
  saldoTotal: z.number(),
  activo: z.boolean(),
  creadoEn: z.string(),
});
export type CuentaDeBanco = z.output<typeof CuentaDeBanco>;

export const CuentaDeBancoCreada = CuentaDeBanco.extend({ solicitudDuplicada: z.boolean() });

export const ListaCuentasDeBanco = z.object({ cuentas: z.array(CuentaDeBanco) });

// POST /cuentas-banco/transferencias.
export const CrearTransferencia = z
  .object({
    idCuentaOrigen: z.uuid({ error: 'Elige la cuenta de origen' }),
    idCuentaDestino: z.uuid({ error: 'Elige la cuenta de destino' }),
    monto: DineroPositivo('El monto'),
    fecha: Fecha.nullish(),
    nota: textoOpcional(500).default(''),
    identificadorUnico: IdentificadorUnico,
  })
  .loose()
  .refine((t) => t.idCuentaOrigen !== t.idCuentaDestino, {
    message: MENSAJE_MISMA_CUENTA,
    path: ['idCuentaDestino'],
  });
export type CrearTransferencia = z.output<typeof CrearTransferencia>;

export const TransferenciaBancaria = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  cuentaOrigen: z.object({ _id: z.string(), nombre: z.string() }),
  cuentaDestino: z.object({ _id: z.string(), nombre: z.string() }),
  monto: z.number(),
  fecha: z.string(),
  nota: z.string(),
  creadoPor: z.string(),
  creadoEn: z.string(),
});
export type TransferenciaBancaria = z.output<typeof TransferenciaBancaria>;

export const TransferenciaCreada = z.object({
  mensaje: z.string(),
  transferencia: TransferenciaBancaria,
  solicitudDuplicada: z.boolean(),
});

/** One page of each section of the bank's detail; each section pages on its own. */
export const ConsultaDetallesBanco = z.object({
  pageIngresos: z.coerce.number().int().min(1).default(1),
  pageEgresos: z.coerce.number().int().min(1).default(1),
  pageTransferencias: z.coerce.number().int().min(1).default(1),
  pageConciliaciones: z.coerce.number().int().min(1).default(1),
});

export const DetallesBanco = z.object({
  cuenta: CuentaDeBanco,
  ingresos: z.object({ res: z.array(Ingreso), totalRows: z.number().int() }),
  egresos: z.object({ res: z.array(Egreso), totalRows: z.number().int() }),
  transferencias: z.object({ res: z.array(TransferenciaBancaria), totalRows: z.number().int() }),
  conciliaciones: z.object({ res: z.array(ConciliacionResumen), totalRows: z.number().int() }),
});
export type DetallesBanco = z.output<typeof DetallesBanco>;

export const bancos = {
  lista: endpoint({
    method: 'GET',
    path: '/cuentas-banco/lista-banco/',
    body: Vacio,
    params: SinParams,
    respuesta: ListaCuentasDeBanco,
  }),
  crear: endpoint({
    method: 'POST',
    path: '/cuentas-banco/',
    body: CrearCuentaDeBanco,
    params: SinParams,
    respuesta: CuentaDeBancoCreada,
  }),
  una: endpoint({
    method: 'GET',
    path: '/cuentas-banco/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: CuentaDeBanco,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/cuentas-banco/:id',
    body: ActualizarCuentaDeBanco,
    params: ParamsId,
    respuesta: CuentaDeBanco,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/cuentas-banco/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: z.object({ message: z.string() }),
  }),
  detalles: endpoint({
    method: 'GET',
    path: '/cuentas-banco/detalles-banco/:id',
    body: Vacio,
    params: ParamsId,
    query: ConsultaDetallesBanco,
    respuesta: DetallesBanco,
  }),
  transferir: endpoint({
    method: 'POST',
    path: '/cuentas-banco/transferencias',
    body: CrearTransferencia,
    params: SinParams,
    respuesta: TransferenciaCreada,
  }),
};
