import { TRAMOS_DE_ANTIGUEDAD } from '@pos/domain';
import { z } from 'zod';
import { SinParams } from '../comun.ts';
import { endpoint } from '../endpoint.ts';
import { Factura } from '../facturas.ts';
import { type CifraDeReporte, type CualquierReporte, FiltroDeReporte, reporte } from './kit.ts';

// Receivables and payables reports (spec 002 §2 "Reports": r-cuentas-por-cobrar, r-cuentas-por-pagar;
// §7: factura/r-cuentas-por-cobrar/, factura/r-cuentas-por-cobrar-agrupar-clientes/,
// compras-proveedores/r-cuentas-por-pagar/). What a document still owes is the receivables and payables
// ledger's rule (docs/payments.md «Qué debe un documento»); its aging is the domain's (antiguedad.ts):
// days past due from its due date to the end of the period (never after today), Santo Domingo, in the
// buckets 0–30 / 31–60 / 61–90 / 90+. The period picks documents by their issue date; no period: all.
// The two lists page (`page`/`limit`, totalRows; without them every row, as the offline download asks):
// the totals and the buckets are over every row of the filter. docs/reports.md «Cuentas por cobrar y por
// pagar».

const Tramo = z.enum(TRAMOS_DE_ANTIGUEDAD);

/** The four bucket sums and the total still owed (top-level fields: the figures above each table). */
const PendientePorTramo = z.object({
  pendiente0a30: z.number(),
  pendiente31a60: z.number(),
  pendiente61a90: z.number(),
  pendienteMasDe90: z.number(),
  totalPendiente: z.number(),
});

const CIFRAS_DE_ANTIGUEDAD: CifraDeReporte[] = [
  { clave: 'totalPendiente', titulo: 'Total pendiente', formato: 'dinero' },
  { clave: 'pendiente0a30', titulo: '0 a 30 días', formato: 'dinero' },
  { clave: 'pendiente31a60', titulo: '31 a 60 días', formato: 'dinero' },
  { clave: 'pendiente61a90', titulo: '61 a 90 días', formato: 'dinero' },
  { clave: 'pendienteMasDe90', titulo: 'Más de 90 días', formato: 'dinero' },
];

/** The day the report aged to (AAAA-MM-DD): the end of the period, or today. */
const FechaCorte = z.object({ fechaCorte: z.string() });

// ------------------------------------------------------------------ r-cuentas-por-cobrar

/**
 * An invoice that still owes: the invoice as every other call answers it (the POS keeps these rows
 * offline to collect them, spec 000 §7), with its days past due and bucket. pendiente = montoAPagar −
 * cobrado (paid at the sale plus the ledger's applications).
 */
export const FacturaPorCobrar = Factura.extend({ diasVencidos: z.number().int(), tramo: Tramo });
export type FacturaPorCobrar = z.output<typeof FacturaPorCobrar>;

export const CuentasPorCobrar = PendientePorTramo.extend(FechaCorte.shape).extend({
  listaDeFacturas: z.array(FacturaPorCobrar),
  totalRows: z.number().int(),
  totalMontoAPagar: z.number(),
  totalCobrado: z.number(),
});
export type CuentasPorCobrar = z.output<typeof CuentasPorCobrar>;

/** Spec 001 §7 "POST factura/r-cuentas-por-cobrar/ {fechaInicial, fechaFinal, idCliente} -> listaDeFacturas". */
export const REPORTE_CUENTAS_POR_COBRAR = reporte<FacturaPorCobrar, CuentasPorCobrar>({
  id: 'r-cuentas-por-cobrar',
  titulo: 'Cuentas por cobrar',
  descripcion: 'Facturas con saldo pendiente, por antigüedad del vencimiento',
  grupo: 'cartera',
  permiso: {
    alguno: [
      { modulo: 'reportes', accion: 'ver' },
      { modulo: 'cuentaPorCobrar', accion: 'ver' },
    ],
  },
  consulta: endpoint({
    method: 'POST',
    path: '/factura/r-cuentas-por-cobrar/',
    efecto: 'lee',
    body: FiltroDeReporte,
    params: SinParams,
    respuesta: CuentasPorCobrar,
  }),
  filtros: ['periodo', 'cliente'],
  filas: 'listaDeFacturas',
  clave: '_id',
  paginado: true,
  columnas: [
    { clave: 'comprobante', titulo: 'Factura', enlace: { documento: 'factura', campo: '_id' } },
    { clave: 'nombre', titulo: 'Cliente', ancho: 2, enlace: { documento: 'cliente', campo: 'idCliente' } },
    { clave: 'fechaEmision', titulo: 'Fecha', formato: 'fecha' },
    { clave: 'vencimiento', titulo: 'Vence', formato: 'fecha' },
    { clave: 'diasVencidos', titulo: 'Días vencidos', formato: 'entero' },
    { clave: 'montoAPagar', titulo: 'Total', formato: 'dinero', total: 'totalMontoAPagar' },
    { clave: 'cobrado', titulo: 'Cobrado', formato: 'dinero', total: 'totalCobrado' },
    { clave: 'pendiente', titulo: 'Pendiente', formato: 'dinero', total: 'totalPendiente' },
  ],
  cifras: CIFRAS_DE_ANTIGUEDAD,
  periodoInicial: 6,
});

// ------------------------------------------------------------------ agrupar clientes

/** One customer: what its invoices of the period still owe, by bucket. */
export const ClientePorCobrar = z.object({
  idCliente: z.string().nullable(),
  nombre: z.string(),
  rnc: z.string(),
  cantidadDeFacturas: z.number().int(),
  pendiente0a30: z.number(),
  pendiente31a60: z.number(),
  pendiente61a90: z.number(),
  pendienteMasDe90: z.number(),
  totalPendiente: z.number(),
});
export type ClientePorCobrar = z.output<typeof ClientePorCobrar>;

export const CuentasPorCobrarPorCliente = PendientePorTramo.extend(FechaCorte.shape).extend({
  clientes: z.array(ClientePorCobrar),
});
export type CuentasPorCobrarPorCliente = z.output<typeof CuentasPorCobrarPorCliente>;

/** Spec 002 §7 factura/r-cuentas-por-cobrar-agrupar-clientes/: the receivables, one row per customer. */
export const REPORTE_CUENTAS_POR_COBRAR_POR_CLIENTE = reporte<ClientePorCobrar, CuentasPorCobrarPorCliente>({
  id: 'r-cuentas-por-cobrar-agrupar-clientes',
  titulo: 'Cuentas por cobrar por cliente',
  descripcion: 'Lo pendiente de cada cliente, por antigüedad del vencimiento',
  grupo: 'cartera',
  permiso: REPORTE_CUENTAS_POR_COBRAR.permiso,
  consulta: endpoint({
    method: 'POST',
    path: '/factura/r-cuentas-por-cobrar-agrupar-clientes/',
    efecto: 'lee',
    body: FiltroDeReporte,
    params: SinParams,
    respuesta: CuentasPorCobrarPorCliente,
  }),
  filtros: ['periodo', 'cliente'],
  filas: 'clientes',
  clave: 'idCliente',
  columnas: [
    { clave: 'nombre', titulo: 'Cliente', ancho: 2, enlace: { documento: 'cliente', campo: 'idCliente' } },
    { clave: 'rnc', titulo: 'RNC / Cédula' },
    { clave: 'cantidadDeFacturas', titulo: 'Facturas', formato: 'entero' },
    { clave: 'pendiente0a30', titulo: '0 a 30 días', formato: 'dinero', total: 'pendiente0a30' },
    { clave: 'pendiente31a60', titulo: '31 a 60 días', formato: 'dinero', total: 'pendiente31a60' },
    { clave: 'pendiente61a90', titulo: '61 a 90 días', formato: 'dinero', total: 'pendiente61a90' },
    { clave: 'pendienteMasDe90', titulo: 'Más de 90 días', formato: 'dinero', total: 'pendienteMasDe90' },
    { clave: 'totalPendiente', titulo: 'Total pendiente', formato: 'dinero', total: 'totalPendiente' },
  ],
  cifras: CIFRAS_DE_ANTIGUEDAD,
  periodoInicial: 6,
  pantalla: false,
});

// ------------------------------------------------------------------ r-cuentas-por-pagar

/** A purchase that still owes its supplier (ledger target 'compra'): pendiente = montoAPagar − pagado. */
export const CompraPorPagar = z.object({
  _id: z.string(),
  numeroCompra: z.number().nullable(),
  comprobante: z.string(),
  ncf: z.string(),
  idProveedor: z.string().nullable(),
  proveedor: z.string(),
  fecha: z.string(),
  vencimiento: z.string(),
  diasVencidos: z.number().int(),
  tramo: Tramo,
  montoAPagar: z.number(),
  /** Paid at the purchase plus the ledger's applications (payments out, debit notes). */
  pagado: z.number(),
  pendiente: z.number(),
});
export type CompraPorPagar = z.output<typeof CompraPorPagar>;

export const CuentasPorPagar = PendientePorTramo.extend(FechaCorte.shape).extend({
  listaDeCompras: z.array(CompraPorPagar),
  totalRows: z.number().int(),
  totalMontoAPagar: z.number(),
  totalPagado: z.number(),
});
export type CuentasPorPagar = z.output<typeof CuentasPorPagar>;

/** Spec 002 §7 compras-proveedores/r-cuentas-por-pagar/: purchases owed to suppliers, aged. */
export const REPORTE_CUENTAS_POR_PAGAR = reporte<CompraPorPagar, CuentasPorPagar>({
  id: 'r-cuentas-por-pagar',
  titulo: 'Cuentas por pagar',
  descripcion: 'Compras con saldo pendiente a proveedores, por antigüedad del vencimiento',
  grupo: 'cartera',
  permiso: {
    alguno: [
      { modulo: 'reportes', accion: 'ver' },
      { modulo: 'cuentaPorPagar', accion: 'ver' },
    ],
  },
  consulta: endpoint({
    method: 'POST',
    path: '/compras-proveedores/r-cuentas-por-pagar/',
    efecto: 'lee',
    body: FiltroDeReporte,
    params: SinParams,
    respuesta: CuentasPorPagar,
  }),
  filtros: ['periodo', 'proveedor'],
  filas: 'listaDeCompras',
  clave: '_id',
  paginado: true,
  columnas: [
    { clave: 'comprobante', titulo: 'Compra', enlace: { documento: 'compra', campo: '_id' } },
    { clave: 'ncf', titulo: 'NCF' },
    {
      clave: 'proveedor',
      titulo: 'Proveedor',
      ancho: 2,
      enlace: { documento: 'proveedor', campo: 'idProveedor' },
    },
    { clave: 'fecha', titulo: 'Fecha', formato: 'fecha' },
    { clave: 'vencimiento', titulo: 'Vence', formato: 'fecha' },
    { clave: 'diasVencidos', titulo: 'Días vencidos', formato: 'entero' },
    { clave: 'montoAPagar', titulo: 'Total', formato: 'dinero', total: 'totalMontoAPagar' },
    { clave: 'pagado', titulo: 'Pagado', formato: 'dinero', total: 'totalPagado' },
    { clave: 'pendiente', titulo: 'Pendiente', formato: 'dinero', total: 'totalPendiente' },
  ],
  cifras: CIFRAS_DE_ANTIGUEDAD,
  periodoInicial: 6,
});

export const REPORTES_DE_CARTERA: CualquierReporte[] = [
  REPORTE_CUENTAS_POR_COBRAR,
  REPORTE_CUENTAS_POR_COBRAR_POR_CLIENTE,
  REPORTE_CUENTAS_POR_PAGAR,
];
