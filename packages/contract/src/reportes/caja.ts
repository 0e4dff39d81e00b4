import { z } from 'zod';
import { SinParams } from '../comun.ts';
import { endpoint } from '../endpoint.ts';
import { type CualquierReporte, FiltroDeReporte, reporte } from './kit.ts';

// Spec 002 §2 "Reports", §7 "Reports (all POST)", §8: the cash reports (caja, cobros y pagos). The
// columns the spec does not show follow Alegra and Odoo; docs/reports.md «Caja, cobros y pagos» has the
// decisions (what counts, by which date, which documents).

function consulta<B extends z.ZodType<FiltroDeReporte>, R extends z.ZodType>(
  path: string,
  body: B,
  respuesta: R,
) {
  return endpoint({ method: 'POST', path, efecto: 'lee', body, params: SinParams, respuesta });
}

/** A cash report may be seen with `reportes.ver` or the owning module's `ver`. */
function verReportesO(
  ...modulos: Array<'facturas' | 'puntoDeVentas' | 'ingresos' | 'egresos' | 'gastoMenor' | 'conduces'>
) {
  return {
    alguno: [
      { modulo: 'reportes', accion: 'ver' } as const,
      ...modulos.map((modulo) => ({ modulo, accion: 'ver' }) as const),
    ],
  };
}

// ---------------------------------------------------------------- r-cuadre-general

/** One terminal × payment method of the cash reconciliation (money in and out of the period). */
export const FilaCuadreGeneral = z.object({
  clave: z.string(),
  /** Null: documents made outside a terminal (the office). */
  idTerminal: z.string().nullable(),
  terminal: z.string(),
  metodo: z.string(),
  /** The opening cash of the terminal's shifts opened in the period (cash row only). */
  apertura: z.number(),
  /** What the sales collected at the sale (payments of the invoices that count, change excluded). */
  ventas: z.number(),
  /** Receipts in (ingresos recibidos). */
  ingresos: z.number(),
  /** Cash refunds of credit notes (they leave the drawer). */
  devoluciones: z.number(),
  /** Payments out (recibos de egreso, POS cash withdrawals) and minor expenses. */
  egresos: z.number(),
  /** apertura + ventas + ingresos − devoluciones − egresos. */
  esperado: z.number(),
});
export type FilaCuadreGeneral = z.infer<typeof FilaCuadreGeneral>;

export const CuadreGeneral = z.object({
  cuadre: z.array(FilaCuadreGeneral),
  totalApertura: z.number(),
  totalVentas: z.number(),
  totalIngresos: z.number(),
  totalDevoluciones: z.number(),
  totalEgresos: z.number(),
  totalEsperado: z.number(),
  /** The cash (Efectivo) expected in the drawers, all terminals. */
  efectivoEsperado: z.number(),
});
export type CuadreGeneral = z.infer<typeof CuadreGeneral>;

export const reporteCuadreGeneral = reporte<FilaCuadreGeneral, CuadreGeneral>({
  id: 'r-cuadre-general',
  titulo: 'Cuadre general',
  descripcion:
    'Cuadre de caja por terminal y forma de pago: fondo, ventas cobradas, cobros, devoluciones, pagos y lo esperado.',
  grupo: 'caja',
  permiso: verReportesO('facturas', 'puntoDeVentas'),
  consulta: consulta('/factura/r-cuadre-general', FiltroDeReporte, CuadreGeneral),
  filtros: ['periodo', 'terminal', 'usuario'],
  filas: 'cuadre',
  clave: 'clave',
  periodoInicial: 1,
  columnas: [
    { clave: 'terminal', titulo: 'Terminal', ancho: 1.6 },
    { clave: 'metodo', titulo: 'Forma de pago', ancho: 1.3 },
    { clave: 'apertura', titulo: 'Fondo de apertura', formato: 'dinero', total: 'totalApertura' },
    { clave: 'ventas', titulo: 'Ventas cobradas', formato: 'dinero', total: 'totalVentas' },
    { clave: 'ingresos', titulo: 'Cobros recibidos', formato: 'dinero', total: 'totalIngresos' },
    { clave: 'devoluciones', titulo: 'Devoluciones', formato: 'dinero', total: 'totalDevoluciones' },
    { clave: 'egresos', titulo: 'Pagos y retiros', formato: 'dinero', total: 'totalEgresos' },
    { clave: 'esperado', titulo: 'Esperado', formato: 'dinero', total: 'totalEsperado' },
  ],
  cifras: [
    { clave: 'totalEsperado', titulo: 'Total esperado', formato: 'dinero' },
    { clave: 'efectivoEsperado', titulo: 'Efectivo esperado en caja', formato: 'dinero' },
    { clave: 'totalVentas', titulo: 'Ventas cobradas', formato: 'dinero' },
    { clave: 'totalEgresos', titulo: 'Pagos y retiros', formato: 'dinero' },
  ],
});

// ---------------------------------------------------------------- r-turnos

/** A shift of the period with its figures (frozen at its close; live while open). */
export const FilaTurnoReporte = z.object({
  idTurno: z.string(),
  terminal: z.string(),
  usuario: z.string(),
  fechaDeInicio: z.string(),
  fechaDeCierre: z.string().nullable(),
  estado: z.enum(['Abierto', 'Cerrado']),
  montoDeInicio: z.number(),
  efectivo: z.number(),
  tarjetaCredito: z.number(),
  tarjetaDebito: z.number(),
  transferencia: z.number(),
  cheque: z.number(),
  credito: z.number(),
  ingresoDeEfectivo: z.number(),
  retiroDeEfectivo: z.number(),
  devolucionesDeEfectivo: z.number(),
  /** Cash expected in the drawer (the shift's totalEnCaja). */
  esperado: z.number(),
  /** Cash counted at the close (montoDeCierre); null while open. */
  contado: z.number().nullable(),
  /** Counted − expected; null while open. */
  diferencia: z.number().nullable(),
});
export type FilaTurnoReporte = z.infer<typeof FilaTurnoReporte>;

export const ReporteDeTurnos = z.object({
  turnos: z.array(FilaTurnoReporte),
  totalRows: z.number().int(),
  totalMontoDeInicio: z.number(),
  totalEfectivo: z.number(),
  totalTarjetaCredito: z.number(),
  totalTarjetaDebito: z.number(),
  totalTransferencia: z.number(),
  totalCheque: z.number(),
  totalCredito: z.number(),
  totalIngresoDeEfectivo: z.number(),
  totalRetiroDeEfectivo: z.number(),
  totalDevolucionesDeEfectivo: z.number(),
  totalEsperado: z.number(),
  /** Counted and difference of the closed shifts only. */
  totalContado: z.number(),
  totalDiferencia: z.number(),
  turnosAbiertos: z.number().int(),
});
export type ReporteDeTurnos = z.infer<typeof ReporteDeTurnos>;

export const reporteTurnos = reporte<FilaTurnoReporte, ReporteDeTurnos>({
  id: 'r-turnos',
  titulo: 'Turnos',
  descripcion:
    'Los turnos abiertos en el período: fondo, ventas por forma de pago, efectivo esperado, contado y diferencia.',
  grupo: 'caja',
  permiso: verReportesO('puntoDeVentas'),
  consulta: consulta('/reportes/r-turnos', FiltroDeReporte, ReporteDeTurnos),
  filtros: ['periodo', 'terminal', 'usuario'],
  filas: 'turnos',
  clave: 'idTurno',
  paginado: true,
  columnas: [
    {
      clave: 'fechaDeInicio',
      titulo: 'Apertura',
      formato: 'fechaHora',
      ancho: 1.4,
      enlace: { documento: 'turno', campo: 'idTurno' },
    },
    { clave: 'fechaDeCierre', titulo: 'Cierre', formato: 'fechaHora', ancho: 1.4 },
    { clave: 'terminal', titulo: 'Terminal', ancho: 1.2 },
    { clave: 'usuario', titulo: 'Usuario', ancho: 1.2 },
    { clave: 'montoDeInicio', titulo: 'Fondo', formato: 'dinero', total: 'totalMontoDeInicio' },
    { clave: 'efectivo', titulo: 'Efectivo', formato: 'dinero', total: 'totalEfectivo' },
    {
      clave: 'tarjetaCredito',
      titulo: 'Tarjeta de crédito',
      formato: 'dinero',
      total: 'totalTarjetaCredito',
    },
    { clave: 'tarjetaDebito', titulo: 'Tarjeta de débito', formato: 'dinero', total: 'totalTarjetaDebito' },
    { clave: 'transferencia', titulo: 'Transferencia', formato: 'dinero', total: 'totalTransferencia' },
    { clave: 'cheque', titulo: 'Cheque', formato: 'dinero', total: 'totalCheque' },
    { clave: 'credito', titulo: 'A crédito', formato: 'dinero', total: 'totalCredito' },
    {
      clave: 'ingresoDeEfectivo',
      titulo: 'Cobros en efectivo',
      formato: 'dinero',
      total: 'totalIngresoDeEfectivo',
    },
    { clave: 'retiroDeEfectivo', titulo: 'Retiros', formato: 'dinero', total: 'totalRetiroDeEfectivo' },
    {
      clave: 'devolucionesDeEfectivo',
      titulo: 'Devoluciones',
      formato: 'dinero',
      total: 'totalDevolucionesDeEfectivo',
    },
    { clave: 'esperado', titulo: 'Efectivo esperado', formato: 'dinero', total: 'totalEsperado' },
    { clave: 'contado', titulo: 'Efectivo contado', formato: 'dinero', total: 'totalContado' },
    { clave: 'diferencia', titulo: 'Diferencia', formato: 'dinero', total: 'totalDiferencia' },
  ],
  cifras: [
    { clave: 'totalEsperado', titulo: 'Efectivo esperado', formato: 'dinero' },
    { clave: 'totalContado', titulo: 'Efectivo contado', formato: 'dinero', detalle: 'Turnos cerrados' },
    { clave: 'totalDiferencia', titulo: 'Diferencia', formato: 'dinero', detalle: 'Contado − esperado' },
    { clave: 'turnosAbiertos', titulo: 'Turnos abiertos', formato: 'entero' },
  ],
});

// ---------------------------------------------------------------- money in and out, by method and account

/** One payment method × money account of a summary (receipts in or money out). */
export const FilaResumenDeDinero = z.object({
  clave: z.string(),
  metodo: z.string(),
  idCuenta: z.string(),
  /** The bank account's name when a bank holds the account, else the account's code and name. */
  cuenta: z.string(),
  cantidad: z.number().int(),
  total: z.number(),
});
export type FilaResumenDeDinero = z.infer<typeof FilaResumenDeDinero>;

export const ResumenDeIngresos = z.object({
  ingresos: z.array(FilaResumenDeDinero),
  cantidadDeRecibos: z.number().int(),
  totalIngresos: z.number(),
});
export type ResumenDeIngresos = z.infer<typeof ResumenDeIngresos>;

const columnasDeResumen = (titulo: string, total: string, cantidad: string) =>
  [
    { clave: 'metodo', titulo: 'Forma de pago', ancho: 1.2 },
    { clave: 'cuenta', titulo: 'Cuenta o banco', ancho: 2.2 },
    { clave: 'cantidad', titulo, formato: 'entero', total: cantidad },
    { clave: 'total', titulo: 'Total', formato: 'dinero', total },
  ] as const;

export const reporteIngresosGeneral = reporte<FilaResumenDeDinero, ResumenDeIngresos>({
  id: 'r-ingresos-general',
  titulo: 'Ingresos recibidos',
  descripcion: 'Los cobros del período por forma de pago y cuenta donde entró el dinero.',
  grupo: 'caja',
  permiso: verReportesO('ingresos'),
  consulta: consulta('/ingresos-recibidos/r-ingresos-general', FiltroDeReporte, ResumenDeIngresos),
  filtros: ['periodo', 'cliente', 'metodoDePago', 'estado'],
  filas: 'ingresos',
  clave: 'clave',
  columnas: columnasDeResumen('Recibos', 'totalIngresos', 'cantidadDeRecibos'),
  cifras: [
    { clave: 'totalIngresos', titulo: 'Total cobrado', formato: 'dinero' },
    { clave: 'cantidadDeRecibos', titulo: 'Recibos', formato: 'entero' },
  ],
  orientacion: 'portrait',
});

/** A receipt in of the period. */
export const FilaIngresoReporte = z.object({
  idIngreso: z.string(),
  comprobante: z.string(),
  fechaDeEmision: z.string(),
  cliente: z.string(),
  metodo: z.string(),
  cuenta: z.string(),
  total: z.number(),
  estado: z.string(),
});
export type FilaIngresoReporte = z.infer<typeof FilaIngresoReporte>;

export const ListaDeIngresosReporte = z.object({
  ingresos: z.array(FilaIngresoReporte),
  totalRows: z.number().int(),
  totalIngresos: z.number(),
});
export type ListaDeIngresosReporte = z.infer<typeof ListaDeIngresosReporte>;

export const reporteIngresos = reporte<FilaIngresoReporte, ListaDeIngresosReporte>({
  id: 'r-ingresos',
  titulo: 'Recibos de ingreso',
  descripcion: 'Los recibos de ingreso del período, uno por fila.',
  grupo: 'caja',
  permiso: verReportesO('ingresos'),
  consulta: consulta('/ingresos-recibidos/r-ingresos/', FiltroDeReporte, ListaDeIngresosReporte),
  filtros: ['periodo', 'cliente', 'metodoDePago', 'estado'],
  filas: 'ingresos',
  clave: 'idIngreso',
  paginado: true,
  pantalla: false,
  columnas: [
    { clave: 'comprobante', titulo: 'Número', enlace: { documento: 'ingreso', campo: 'idIngreso' } },
    { clave: 'fechaDeEmision', titulo: 'Fecha', formato: 'fecha' },
    { clave: 'cliente', titulo: 'Cliente', ancho: 2 },
    { clave: 'metodo', titulo: 'Forma de pago' },
    { clave: 'cuenta', titulo: 'Cuenta o banco', ancho: 1.8 },
    { clave: 'total', titulo: 'Total', formato: 'dinero', total: 'totalIngresos' },
    { clave: 'estado', titulo: 'Estado' },
  ],
});

// Decision (docs/reports.md): money out is the payments out (recibos de egreso, POS withdrawals included)
// and the minor expenses (gastos menores): both are documents that pay with money of a cash box or bank.
export const ResumenDeEgresos = z.object({
  egresos: z.array(FilaResumenDeDinero),
  cantidadDeDocumentos: z.number().int(),
  totalEgresos: z.number(),
});
export type ResumenDeEgresos = z.infer<typeof ResumenDeEgresos>;

export const reporteEgresosGeneral = reporte<FilaResumenDeDinero, ResumenDeEgresos>({
  id: 'r-egresos-general',
  titulo: 'Egresos',
  descripcion:
    'Los pagos del período (recibos de egreso y gastos menores) por forma de pago y cuenta de donde salió el dinero.',
  grupo: 'caja',
  permiso: verReportesO('egresos', 'gastoMenor'),
  consulta: consulta('/recibos-egresos/r-egresos-general', FiltroDeReporte, ResumenDeEgresos),
  filtros: ['periodo', 'proveedor', 'metodoDePago', 'estado'],
  filas: 'egresos',
  clave: 'clave',
  columnas: columnasDeResumen('Documentos', 'totalEgresos', 'cantidadDeDocumentos'),
  cifras: [
    { clave: 'totalEgresos', titulo: 'Total pagado', formato: 'dinero' },
    { clave: 'cantidadDeDocumentos', titulo: 'Documentos', formato: 'entero' },
  ],
  orientacion: 'portrait',
});

/** A payment out or minor expense of the period (one of idEgreso / idGastoMenor is set). */
export const FilaEgresoReporte = z.object({
  clave: z.string(),
  documento: z.enum(['Recibo de egreso', 'Gasto menor']),
  idEgreso: z.string().nullable(),
  idGastoMenor: z.string().nullable(),
  comprobante: z.string(),
  /** The number again in the column of its document (one link per column). */
  recibo: z.string().nullable(),
  gastoMenor: z.string().nullable(),
  fechaDeEmision: z.string(),
  /** The supplier of a payment out; a minor expense's description. */
  beneficiario: z.string(),
  metodo: z.string(),
  cuenta: z.string(),
  total: z.number(),
  estado: z.string(),
});
export type FilaEgresoReporte = z.infer<typeof FilaEgresoReporte>;

export const ListaDeEgresosReporte = z.object({
  egresos: z.array(FilaEgresoReporte),
  totalRows: z.number().int(),
  totalEgresos: z.number(),
});
export type ListaDeEgresosReporte = z.infer<typeof ListaDeEgresosReporte>;

export const reporteEgresos = reporte<FilaEgresoReporte, ListaDeEgresosReporte>({
  id: 'r-egresos',
  titulo: 'Recibos de egreso y gastos menores',
  descripcion: 'Los pagos del período, uno por fila.',
  grupo: 'caja',
  permiso: verReportesO('egresos', 'gastoMenor'),
  consulta: consulta('/recibos-egresos/r-egresos/', FiltroDeReporte, ListaDeEgresosReporte),
  filtros: ['periodo', 'proveedor', 'metodoDePago', 'estado'],
  filas: 'egresos',
  clave: 'clave',
  paginado: true,
  pantalla: false,
  columnas: [
    { clave: 'recibo', titulo: 'Recibo de egreso', enlace: { documento: 'egreso', campo: 'idEgreso' } },
    {
      clave: 'gastoMenor',
      titulo: 'Gasto menor',
      enlace: { documento: 'gastoMenor', campo: 'idGastoMenor' },
    },
    { clave: 'fechaDeEmision', titulo: 'Fecha', formato: 'fecha' },
    { clave: 'beneficiario', titulo: 'Proveedor o concepto', ancho: 2 },
    { clave: 'metodo', titulo: 'Forma de pago' },
    { clave: 'cuenta', titulo: 'Cuenta o banco', ancho: 1.8 },
    { clave: 'total', titulo: 'Total', formato: 'dinero', total: 'totalEgresos' },
    { clave: 'estado', titulo: 'Estado' },
  ],
});

// ---------------------------------------------------------------- r-conduce

// Spec 002 §5: the delivery report requires a client and a date range (a preset or both dates).
export const MENSAJE_CONDUCE_SIN_CLIENTE = 'Por favor seleccione un cliente';
export const MENSAJE_CONDUCE_SIN_RANGO = 'Por favor seleccione un rango de fecha';

export const FiltroDeConduces = FiltroDeReporte.extend({
  idCliente: z.uuid({ error: MENSAJE_CONDUCE_SIN_CLIENTE }),
}).superRefine((filtro, ctx) => {
  const conPreset = filtro.periodo !== null && filtro.periodo !== undefined;
  if (!conPreset && !(filtro.fechaInicial && filtro.fechaFinal)) {
    ctx.addIssue({ code: 'custom', path: ['fechaInicial'], message: MENSAJE_CONDUCE_SIN_RANGO });
  }
});
export type FiltroDeConduces = z.infer<typeof FiltroDeConduces>;

/** A delivery note of the customer. */
export const FilaConduceReporte = z.object({
  idConduce: z.string(),
  comprobante: z.string(),
  fechaEmision: z.string(),
  tipo: z.string(),
  subtotal: z.number(),
  impuestos: z.number(),
  total: z.number(),
  /** What invoices took of its lines (spec 001 §3 totalGraltemRetirados). */
  facturado: z.number(),
  estado: z.string(),
});
export type FilaConduceReporte = z.infer<typeof FilaConduceReporte>;

export const ReporteDeConduces = z.object({
  conduces: z.array(FilaConduceReporte),
  totalRows: z.number().int(),
  cliente: z.string(),
  totalSubtotal: z.number(),
  totalImpuestos: z.number(),
  totalConduces: z.number(),
  totalFacturado: z.number(),
});
export type ReporteDeConduces = z.infer<typeof ReporteDeConduces>;

export const reporteConduce = reporte<FilaConduceReporte, ReporteDeConduces>({
  id: 'r-conduce',
  titulo: 'Conduces por cliente',
  descripcion: 'Los conduces de un cliente en un rango de fechas.',
  grupo: 'caja',
  permiso: verReportesO('conduces'),
  consulta: consulta('/conduce/reporte_conduce/', FiltroDeConduces, ReporteDeConduces),
  filtros: ['cliente', 'periodo', 'estado'],
  filas: 'conduces',
  clave: 'idConduce',
  paginado: true,
  columnas: [
    { clave: 'comprobante', titulo: 'Conduce', enlace: { documento: 'conduce', campo: 'idConduce' } },
    { clave: 'fechaEmision', titulo: 'Fecha', formato: 'fecha' },
    { clave: 'tipo', titulo: 'Tipo' },
    { clave: 'subtotal', titulo: 'Subtotal', formato: 'dinero', total: 'totalSubtotal' },
    { clave: 'impuestos', titulo: 'Impuestos', formato: 'dinero', total: 'totalImpuestos' },
    { clave: 'total', titulo: 'Total', formato: 'dinero', total: 'totalConduces' },
    { clave: 'facturado', titulo: 'Facturado', formato: 'dinero', total: 'totalFacturado' },
    { clave: 'estado', titulo: 'Estado' },
  ],
  cifras: [
    { clave: 'totalConduces', titulo: 'Total de los conduces', formato: 'dinero' },
    { clave: 'totalFacturado', titulo: 'Facturado', formato: 'dinero' },
  ],
});

export const REPORTES_DE_CAJA: CualquierReporte[] = [
  reporteCuadreGeneral,
  reporteTurnos,
  reporteIngresosGeneral,
  reporteIngresos,
  reporteEgresosGeneral,
  reporteEgresos,
  reporteConduce,
];
