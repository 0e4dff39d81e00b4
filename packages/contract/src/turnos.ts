import { z } from 'zod';
import { ParamsId, SinParams } from './comun.ts';
import { Egreso } from './egresos.ts';
import { endpoint } from './endpoint.ts';
import { DineroPositivo, Fecha, Texto } from './tipos.ts';

// Spec 002 §8 "Shift".
export const MENSAJE_EXISTE_TURNO_ABIERTO = 'Ya tienes un turno abierto.';
export const MENSAJE_NO_ABRIR_OTRO = 'No podrás abrir un nuevo turno hasta que cierres el turno actual';
export const MENSAJE_NO_EXISTE_TURNO = 'No podrás cerrar un turno hasta que abras un turno';

/** Spec 002 §9: shifts 14 per page; shift invoices 50. */
export const LIMITE_TURNOS = 14;
export const LIMITE_FACTURAS_DEL_TURNO = 50;

/** One line of a cash count (spec 002 §3 desgloseDeEfectivo): denomination and how many. */
export const LineaDeEfectivo = z.object({
  // A counted denomination is a positive amount: a negative one would lower the cash count.
  monto: DineroPositivo('La denominación'),
  cantidad: z
    .number({ error: 'La cantidad debe ser un número' })
    .int('La cantidad de billetes o monedas debe ser un número entero')
    .min(0, 'La cantidad de billetes o monedas no puede ser negativa')
    .max(1_000_000, 'La cantidad es demasiado grande'),
  ValoresGlobales: z.unknown().optional(),
});
export type LineaDeEfectivo = z.infer<typeof LineaDeEfectivo>;

// Spec 002 §3 "Shift (turno)".
export const Turno = z.object({
  _id: z.string(),
  idTerminalRef: z.string(),
  nombreTerminal: z.string(),
  idUserRef: z.string(),
  nombreUsuario: z.string(),
  estadoDelTurno: z.boolean(),
  fechaDeInicio: z.string(),
  fechaDeCierre: z.string().nullable(),
  montoDeInicio: z.number(),
  montoDeCierre: z.number().nullable(),
  desgloseDeEfectivoApertura: z.array(LineaDeEfectivo),
  desgloseDeEfectivo: z.array(LineaDeEfectivo),
  descripcion: z.string(),
  detallesDeCierre: z.string(),
  /** Sales by method (cash applied, not cash handed over), cash in/out and refunds. */
  efectivo: z.number(),
  tarjetaCredito: z.number(),
  tarjetaDebito: z.number(),
  transferencia: z.number(),
  cheque: z.number(),
  credito: z.number(),
  ingresoDeEfectivo: z.number(),
  retiroDeEfectivo: z.number(),
  devolucionesDeEfectvo: z.number(),
  totalGral: z.number(),
  /** Cash expected in the drawer: opening + cash sales + cash in − cash out − cash refunds. */
  totalEnCaja: z.number(),
  /** Counted − expected at closing (negative: missing cash); null while open. */
  diferencia: z.number().nullable(),
  cantidadDeFacturas: z.number().int(),
});
export type Turno = z.infer<typeof Turno>;

// Spec 002 §7 "POST /turno/ (opening)".
export const AbrirTurno = z.object({
  idTerminalRef: z.uuid({ error: 'Debes elegir el terminal del turno' }),
  desgloseDeEfectivoApertura: z.array(LineaDeEfectivo).max(20).default([]),
  descripcion: Texto(500).default(''),
});
export type AbrirTurno = z.infer<typeof AbrirTurno>;

// Spec 002 §7 "PATCH /turno/{userId} (closing)".
export const CerrarTurno = z.object({
  desgloseDeEfectivo: z.array(LineaDeEfectivo).max(20).default([]),
  detallesDeCierre: Texto(1000).default(''),
});
export type CerrarTurno = z.infer<typeof CerrarTurno>;

export const TurnoActual = z.object({
  turnoEnCurso: Turno.nullable(),
  estadoDelTurno: z.boolean(),
});
export type TurnoActual = z.infer<typeof TurnoActual>;

const ListaTurnos = z.object({ res: z.array(Turno), totalRows: z.number().int() });

const ParamsUsuario = z.object({ userId: z.uuid({ error: 'El usuario no es válido' }) });

// Spec 002 §7 "Shifts": the shift summary, grouped as spec 002 §3 says (cash invoices, credit invoices,
// voided invoices; incomes, expenses, credit notes and credit balances join with their documents).
export const FacturaDelTurno = z.object({
  _id: z.string(),
  comprobante: z.string().nullable(),
  numeroFactura: z.number().nullable(),
  nombre: z.string(),
  hora: z.string(),
  metodoDePago: z.string(),
  total: z.number(),
  cobrado: z.number(),
  pendiente: z.number(),
  estado: z.string(),
});
/** A credit note (POS return) of the shift, with the cash it paid back from the drawer. */
export const NotaDeCreditoDelTurno = z.object({
  _id: z.string(),
  comprobante: z.string(),
  ncfModificado: z.string(),
  nombre: z.string(),
  hora: z.string(),
  totalGral: z.number(),
  devueltoEnEfectivo: z.number(),
  estado: z.string(),
});
/**
 * A credit-in-favour transaction that paid one of the shift's invoices (spec 002 §3 summary group
 * "credit balances and their transactions"): sales the drawer did not collect in money.
 */
export const CreditoAFavorDelTurno = z.object({
  _id: z.string(),
  numeroTransasccionDelCreditoAfavor: z.number(), // sic (spec 001 §3)
  numeroCredito: z.number(),
  comprobanteFactura: z.string(),
  nombreCliente: z.string(),
  monto: z.number(),
  estado: z.string(),
});
export const DocumentosDelTurno = z.object({
  turno: Turno,
  facturasAlContado: z.array(FacturaDelTurno),
  facturasACredito: z.array(FacturaDelTurno),
  facturasAnuladas: z.array(FacturaDelTurno),
  /** The shift's credit notes, all states (a cancelled one shows as such). */
  notasDeCredito: z.array(NotaDeCreditoDelTurno),
  /** The credit-in-favour transactions applied to the shift's invoices, all states. */
  creditosAFavor: z.array(CreditoAFavorDelTurno),
  /** Spec 002 §3 summary groups «expenses» and «voided expenses»: the shift's payments out (POS cash
   *  withdrawals) in force (Activo, Por-Anular), and those cancelled. */
  egresos: z.array(Egreso).default([]),
  egresosAnulados: z.array(Egreso).default([]),
  /** Totals per payment method of the shift's active invoices. */
  porMetodoDePago: z.array(z.object({ metodo: z.string(), cantidad: z.number().int(), monto: z.number() })),
  totalFacturado: z.number(),
  totalItbis: z.number(),
});
export type DocumentosDelTurno = z.infer<typeof DocumentosDelTurno>;

export const ProductoVendidoDelTurno = z.object({
  idProducto: z.string(),
  descripcion: z.string(),
  cantidad: z.number(),
  total: z.number(),
});

const FiltroDelTurno = z.object({ idTurnoRef: z.uuid({ error: 'El turno no es válido' }) });

export const turnos = {
  abrir: endpoint({ method: 'POST', path: '/turno/', body: AbrirTurno, params: SinParams, respuesta: Turno }),
  cerrar: endpoint({
    method: 'PATCH',
    path: '/turno/:userId',
    body: CerrarTurno,
    params: ParamsUsuario,
    respuesta: Turno,
  }),
  actual: endpoint({
    method: 'PATCH',
    path: '/turno/actual/:userId',
    efecto: 'lee',
    body: z
      .object({
        idTerminalRef: z.uuid().nullable().optional(),
        cajaEfectivoDelTerminal: z.unknown().optional(),
      })
      .default({}),
    params: ParamsUsuario,
    respuesta: TurnoActual,
  }),
  porId: endpoint({
    method: 'PATCH',
    path: '/turno/actual-id/:id',
    efecto: 'lee',
    body: z.unknown(),
    params: ParamsId,
    respuesta: Turno,
  }),
  abiertos: endpoint({
    method: 'POST',
    path: '/turno/abiertos/',
    efecto: 'lee',
    body: z.object({
      page: z.number().int().min(1).default(1),
      limit: z.number().int().min(1).max(200).default(LIMITE_TURNOS),
      estadoDelTurno: z.boolean().default(true),
    }),
    params: SinParams,
    respuesta: ListaTurnos,
  }),
  porTerminal: endpoint({
    method: 'PATCH',
    path: '/turno/terminal/:userId',
    efecto: 'lee',
    body: z.object({
      idTerminalRef: z.uuid().nullable().optional(),
      /** [desde, hasta] as AAAA-MM-DD; the whole days in Santo Domingo. */
      rangoFecha: z
        .array(z.union([z.literal(''), Fecha]))
        .max(2)
        .nullable()
        .optional(),
      page: z.number().int().min(1).default(1),
      limit: z.number().int().min(1).max(200).default(LIMITE_TURNOS),
    }),
    params: ParamsUsuario,
    respuesta: ListaTurnos,
  }),
  documentos: endpoint({
    method: 'POST',
    path: '/factura/r-documentos-del-turno',
    efecto: 'lee',
    body: FiltroDelTurno,
    params: SinParams,
    respuesta: DocumentosDelTurno,
  }),
  productosVendidos: endpoint({
    method: 'POST',
    path: '/factura/productos-vendidos-del-turno',
    efecto: 'lee',
    body: FiltroDelTurno,
    params: SinParams,
    respuesta: z.object({ res: z.array(ProductoVendidoDelTurno) }),
  }),
};
