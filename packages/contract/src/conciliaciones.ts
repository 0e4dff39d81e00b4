import { z } from 'zod';
import { ParamsId, SinParams } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { Archivo, DocumentoOpcion, FiltroDePeriodo } from './exportar.ts';
import { DINERO_MAXIMO, Dinero, Fecha, Texto } from './tipos.ts';

// Spec 002 §2 "Banks", §3 "Reconciliation", §4 (begin, open, update, verify, close), §5 (formula:
// calcularConciliacion of @pos/domain), §7 "Banks and reconciliation", §8, §9 (limit 28). A movement of
// a bank account is a line of the journal on its ledger account (docs/accounting.md «Conciliación
// bancaria»); verifying ticks it in the account's open reconciliation.

/** Spec 002 §9: the reconciliation's movements page 28. */
export const LIMITE_MOVIMIENTOS_CONCILIACION = 28;
/** Spec 002 §9: a bank's reconciliations list 25 per page. */
export const LIMITE_CONCILIACIONES = 25;

/** Spec 002 §8 successes. */
export const MENSAJE_CONCILIACION_ACTUALIZADA = 'La conciliacion se actualizo correctamente';
export const MENSAJE_BANCO_CONCILIADO = 'Banco conciliado correctamente';
/** Spec 002 §8: a bank or reconciliation failure is titled so, with 'Tenemos un error'. */
export const TITULO_ERROR_CONCILIACION = 'Error de Datos Requeridos';
export const MENSAJE_ERROR_CONCILIACION = 'Tenemos un error';
export const MENSAJE_CONCILIACION_ABIERTA_EXISTE =
  'La cuenta ya tiene una conciliación abierta; ciérrala antes de abrir otra.';
export const MENSAJE_CONCILIACION_CERRADA = 'La conciliación ya está cerrada y no se puede modificar.';
export const MENSAJE_CONCILIACION_NO_EXISTE = 'La conciliación no existe';
export const MENSAJE_MOVIMIENTO_NO_EXISTE = 'El movimiento no pertenece a la cuenta de esta conciliación.';
export const MENSAJE_MOVIMIENTO_CONCILIADO = 'El movimiento ya está en una conciliación cerrada.';

export const ESTADOS_DE_CONCILIACION = ['Abierta', 'Cerrada'] as const;
export type EstadoDeConciliacion = (typeof ESTADOS_DE_CONCILIACION)[number];

/** A balance: may be negative (an overdrawn account), at most 2 decimals. */
const Saldo = (nombre: string) =>
  z
    .number({ error: `${nombre} debe ser un número` })
    .min(-DINERO_MAXIMO, `${nombre} es demasiado pequeño`)
    .max(DINERO_MAXIMO, `${nombre} es demasiado grande`)
    .refine(
      (valor) => Math.abs(Math.round(valor * 100) - valor * 100) < 1e-6,
      `${nombre} admite hasta 2 decimales`,
    );

const IdCuenta = z.uuid({ error: 'La cuenta de banco no es válida' });

/** A reconciliation as lists and the bank detail show it. Amounts in pesos. */
export const ConciliacionResumen = z.object({
  _id: z.string(),
  idConciliacion: z.string(),
  /** The bank account (spec: idCuenta/idBanco, both sent). */
  idCuenta: z.string(),
  idBanco: z.string(),
  nombreCuenta: z.string(),
  fechaInicioConciliacion: z.string(),
  fechaFinConciliacion: z.string(),
  saldoInicial: z.number(),
  saldoFinalDelEstado: z.number(),
  totalIngresosVerificados: z.number(),
  totalEgresosVerificados: z.number(),
  ingresosBancarios: z.number(),
  gastosBancarios: z.number(),
  /** saldoInicial + ingresos verificados + intereses − (egresos verificados + cargos) (spec 002 §5). */
  balance: z.number(),
  /** saldoFinalDelEstado − balance: 0 when it balances. */
  diferencia: z.number(),
  estado: z.enum(ESTADOS_DE_CONCILIACION),
  cerradaEn: z.string().nullable(),
  creadoEn: z.string(),
});
export type ConciliacionResumen = z.output<typeof ConciliacionResumen>;

/** One movement of the account: a journal line on its ledger account. */
export const MovimientoConciliacion = z.object({
  /** The journal line's id (what `PUT /conciliacio/movimiento-verificado/{idLinea}` ticks). */
  _id: z.string(),
  idAsiento: z.string(),
  numeroAsiento: z.number(),
  fecha: z.string(),
  /** The source document (ingreso, egreso, transferenciaBancaria, factura, entradaDeDiario…). */
  tipoDocumento: z.string(),
  idDocumento: z.string(),
  comprobante: z.string(),
  descripcion: z.string(),
  nota: z.string(),
  /** A debit to the bank is money in (ingreso); a credit is money out (egreso). */
  tipo: z.enum(['ingreso', 'egreso']),
  monto: z.number(),
  conciliacionVerificada: z.boolean(),
});
export type MovimientoConciliacion = z.output<typeof MovimientoConciliacion>;

/** GET /conciliacio/{id}: the reconciliation with its verified movements (the reconciled-account view). */
export const DetalleConciliacion = ConciliacionResumen.extend({
  movimientos: z.array(MovimientoConciliacion),
});
export type DetalleConciliacion = z.output<typeof DetalleConciliacion>;

/**
 * GET /conciliacio/empezar-conciliacion/{id} (id: the bank account): the open reconciliation when there
 * is one, else what a new one starts from (saldoInicial and the first day not reconciled yet).
 */
export const InicioDeConciliacion = z.object({
  idCuenta: z.string(),
  nombreCuenta: z.string(),
  conciliacion: ConciliacionResumen.nullable(),
  saldoInicial: z.number(),
  fechaInicioConciliacion: z.string(),
});
export type InicioDeConciliacion = z.output<typeof InicioDeConciliacion>;

const CamposDeConciliacion = {
  fechaInicioConciliacion: Fecha,
  fechaFinConciliacion: Fecha,
  saldoFinalDelEstado: Saldo('El saldo final del estado'),
  ingresosBancarios: Dinero('Los ingresos bancarios').default(0),
  gastosBancarios: Dinero('Los gastos bancarios').default(0),
};

/** POST /conciliacio/: opens a reconciliation. saldoInicial is the server's (never the client's). */
export const AbrirConciliacion = z
  .object({ idCuenta: IdCuenta.nullish(), idBanco: IdCuenta.nullish(), ...CamposDeConciliacion })
  .loose()
  .refine((valor) => Boolean(valor.idCuenta ?? valor.idBanco), {
    message: 'Falta la cuenta de banco',
    path: ['idCuenta'],
  })
  .refine((valor) => valor.fechaFinConciliacion >= valor.fechaInicioConciliacion, {
    message: 'La fecha final no puede ser anterior a la inicial',
    path: ['fechaFinConciliacion'],
  });
export type AbrirConciliacion = z.output<typeof AbrirConciliacion>;

/** PUT /conciliacio/{id}: the period, the statement balance, interest and fees (absent keeps). */
export const ActualizarConciliacion = z
  .object({
    fechaInicioConciliacion: Fecha.optional(),
    fechaFinConciliacion: Fecha.optional(),
    saldoFinalDelEstado: Saldo('El saldo final del estado').optional(),
    ingresosBancarios: Dinero('Los ingresos bancarios').optional(),
    gastosBancarios: Dinero('Los gastos bancarios').optional(),
  })
  .loose();
export type ActualizarConciliacion = z.output<typeof ActualizarConciliacion>;

export const ConciliacionGuardada = z.object({ message: z.string(), conciliacion: ConciliacionResumen });

/** `filtrarPor`: which movements (spec 002 §7); `conciliado`: verified or not (absent: both). */
export const FILTROS_DE_MOVIMIENTO = ['todos', 'ingresos', 'egresos'] as const;

/**
 * POST /conciliacio/buscar-conciliacion and /ingresos-recibidos/transacciones-para-conciliar-banco/:
 * the movements of the reconciliation (or of the bank's open one), a page of 28. `formaDePago` filters
 * by the source document type (ingreso, egreso, transferenciaBancaria…): the journal line is the
 * movement, not the receipt, so this is the one kind every movement has.
 */
export const BuscarConciliacion = z
  .object({
    idConciliacion: z.uuid({ error: 'La conciliación no es válida' }).nullish(),
    idBanco: IdCuenta.nullish(),
    filtrarPor: z.enum(FILTROS_DE_MOVIMIENTO).catch('todos').default('todos'),
    formaDePago: Texto(60).nullish(),
    limit: z.number().int().min(1).max(500).default(LIMITE_MOVIMIENTOS_CONCILIACION),
    page: z.number().int().min(1).default(1),
    fechaInicioConciliacion: Fecha.nullish(),
    fechaFinConciliacion: Fecha.nullish(),
    conciliado: z.boolean().nullish(),
  })
  .loose();
export type BuscarConciliacion = z.output<typeof BuscarConciliacion>;

export const MovimientosDeConciliacion = z.object({
  conciliacion: ConciliacionResumen,
  data: z.array(MovimientoConciliacion),
  totalRows: z.number().int(),
});
export type MovimientosDeConciliacion = z.output<typeof MovimientosDeConciliacion>;

export const TransaccionesParaConciliar = z.object({
  data: z.array(MovimientoConciliacion),
  totalRows: z.number().int(),
});

/** The body of the verify calls: tick (true, the default) or untick, in this reconciliation. */
export const VerificarMovimiento = z
  .object({
    conciliacionVerificada: z.boolean().default(true),
    idConciliacion: z.uuid({ error: 'La conciliación no es válida' }).nullish(),
  })
  .loose();
export type VerificarMovimiento = z.output<typeof VerificarMovimiento>;

export const TotalDeIngresos = z.object({ totalDeIngresos: z.number(), conciliacion: ConciliacionResumen });
export const TotalDeEgresos = z.object({ totalDeEgresos: z.number(), conciliacion: ConciliacionResumen });
export const MovimientoVerificado = z.object({ conciliacion: ConciliacionResumen });

/** POST /conciliacio/cerrar-conciliacion: the payload plus the verified movements (only those count). */
export const CerrarConciliacion = z
  .object({
    idConciliacion: z.uuid({ error: 'La conciliación no es válida' }),
    fechaInicioConciliacion: Fecha.optional(),
    fechaFinConciliacion: Fecha.optional(),
    saldoFinalDelEstado: Saldo('El saldo final del estado').optional(),
    ingresosBancarios: Dinero('Los ingresos bancarios').optional(),
    gastosBancarios: Dinero('Los gastos bancarios').optional(),
    /** When present, exactly these lines are the verified ones (an unverified entry is dropped). */
    movimientos: z
      .array(
        z
          .object({
            _id: z.uuid({ error: 'El movimiento no es válido' }),
            conciliacionVerificada: z.boolean(),
          })
          .loose(),
      )
      .max(5000)
      .optional(),
  })
  .loose();
export type CerrarConciliacion = z.output<typeof CerrarConciliacion>;

export const ConciliacionCerrada = z.object({ message: z.string(), conciliacion: ConciliacionResumen });

/** POST /conciliacio/conciliaciones-cuenta: a bank's reconciliations (page 25; `input` searches dates). */
export const FiltroConciliacionesCuenta = FiltroDePeriodo.extend({
  idCuentaDeBanco: IdCuenta,
  input: Texto(200).default(''),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(200).default(LIMITE_CONCILIACIONES),
  estado: z.enum(ESTADOS_DE_CONCILIACION).nullish().catch(null),
}).loose();
export type FiltroConciliacionesCuenta = z.output<typeof FiltroConciliacionesCuenta>;

export const ConciliacionesDeLaCuenta = z.object({
  conciliaciones: z.array(ConciliacionResumen),
  totalDocs: z.number().int(),
});
export type ConciliacionesDeLaCuenta = z.output<typeof ConciliacionesDeLaCuenta>;

/** POST /conciliacio/pdf/conciliacion: the reconciliation printed, as PDF or spreadsheet. */
export const ExportarConciliacion = BuscarConciliacion.safeExtend({
  nombreBanco: Texto(200).nullish(),
  documentoOpcion: DocumentoOpcion,
});
export type ExportarConciliacion = z.output<typeof ExportarConciliacion>;

/**
 * Ours: POST /conciliacio/importar-estado/{id}: the bank statement as a file (CSV or XLSX, base64) whose
 * rows tick the open reconciliation's unticked movements of the same direction and amount within
 * `diasDeTolerancia` days (docs/accounting.md «Conciliación bancaria»).
 */
export const ImportarEstadoDeCuenta = z
  .object({
    nombre: Texto(200).default('estado.csv'),
    contenido: z
      .string({ error: 'Falta el archivo del estado de cuenta' })
      .min(1, 'Falta el archivo del estado de cuenta')
      .max(2_000_000, 'El archivo del estado de cuenta es demasiado grande'),
    diasDeTolerancia: z.number().int().min(0).max(15).default(3),
  })
  .loose();
export type ImportarEstadoDeCuenta = z.output<typeof ImportarEstadoDeCuenta>;

export const EstadoDeCuentaImportado = z.object({
  message: z.string(),
  filas: z.number().int(),
  marcados: z.number().int(),
  /** The statement rows that matched no movement (row number, date, amount). */
  sinCoincidencia: z.array(z.object({ fila: z.number().int(), fecha: z.string(), monto: z.number() })),
  conciliacion: ConciliacionResumen,
});
export type EstadoDeCuentaImportado = z.output<typeof EstadoDeCuentaImportado>;

export const conciliaciones = {
  empezar: endpoint({
    method: 'GET',
    path: '/conciliacio/empezar-conciliacion/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: InicioDeConciliacion,
  }),
  abrir: endpoint({
    method: 'POST',
    path: '/conciliacio/',
    body: AbrirConciliacion,
    params: SinParams,
    respuesta: ConciliacionGuardada,
  }),
  buscar: endpoint({
    method: 'POST',
    path: '/conciliacio/buscar-conciliacion',
    efecto: 'lee',
    body: BuscarConciliacion,
    params: SinParams,
    respuesta: MovimientosDeConciliacion,
  }),
  cerrar: endpoint({
    method: 'POST',
    path: '/conciliacio/cerrar-conciliacion',
    body: CerrarConciliacion,
    params: SinParams,
    respuesta: ConciliacionCerrada,
  }),
  deLaCuenta: endpoint({
    method: 'POST',
    path: '/conciliacio/conciliaciones-cuenta',
    efecto: 'lee',
    body: FiltroConciliacionesCuenta,
    params: SinParams,
    respuesta: ConciliacionesDeLaCuenta,
  }),
  exportar: endpoint({
    method: 'POST',
    path: '/conciliacio/pdf/conciliacion',
    efecto: 'lee',
    body: ExportarConciliacion,
    params: SinParams,
    respuesta: Archivo,
  }),
  // Ours (documented in docs/api.md): ticks a movement that is not a receipt (a transfer, a sale paid
  // by card, a manual entry) by its journal line.
  verificarMovimiento: endpoint({
    method: 'PUT',
    path: '/conciliacio/movimiento-verificado/:id',
    body: VerificarMovimiento,
    params: ParamsId,
    respuesta: MovimientoVerificado,
  }),
  importarEstado: endpoint({
    method: 'POST',
    path: '/conciliacio/importar-estado/:id',
    body: ImportarEstadoDeCuenta,
    params: ParamsId,
    respuesta: EstadoDeCuentaImportado,
  }),
  // Ours: one reconciliation with its verified movements (the reconciled-account view).
  una: endpoint({
    method: 'GET',
    path: '/conciliacio/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetalleConciliacion,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/conciliacio/:id',
    body: ActualizarConciliacion,
    params: ParamsId,
    respuesta: ConciliacionGuardada,
  }),
  verificarIngreso: endpoint({
    method: 'PUT',
    path: '/ingresos-recibidos/conciliacion-verificada/:id',
    body: VerificarMovimiento,
    params: ParamsId,
    respuesta: TotalDeIngresos,
  }),
  verificarEgreso: endpoint({
    method: 'PUT',
    path: '/recibos-egresos/conciliacion-verificada/:id',
    body: VerificarMovimiento,
    params: ParamsId,
    respuesta: TotalDeEgresos,
  }),
  transacciones: endpoint({
    method: 'POST',
    path: '/ingresos-recibidos/transacciones-para-conciliar-banco/',
    efecto: 'lee',
    body: BuscarConciliacion,
    params: SinParams,
    respuesta: TransaccionesParaConciliar,
  }),
};
