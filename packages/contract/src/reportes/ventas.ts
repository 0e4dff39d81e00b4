import { z } from 'zod';
import { SinParams } from '../comun.ts';
import { endpoint } from '../endpoint.ts';
import { type CualquierReporte, FiltroDeReporte, type PermisoDeReporte, reporte } from './kit.ts';

// Spec 002 §2 "Reports", §3 "Reports", §7 "Reports (all POST)": the sales reports. POS sales are
// invoices too. What each report counts (cancelled invoices, credit notes, costs) is in docs/reports.md
// «Reportes de ventas».

const PERMISO: PermisoDeReporte = {
  alguno: [
    { modulo: 'reportes', accion: 'ver' },
    { modulo: 'facturas', accion: 'ver' },
  ],
};

const Dinero = z.number();

/** One tax of a period (spec 002 §3 "Reports": desgloseDeImpuestos name, tipoDeImpuesto, total). */
export const ImpuestoDelPeriodo = z.object({ name: z.string(), tipoDeImpuesto: z.string(), total: Dinero });
export type ImpuestoDelPeriodo = z.infer<typeof ImpuestoDelPeriodo>;

// ------------------------------------------------------------------------------ r-facturas

/** An invoice as the sales reports list it. */
export const FacturaDelReporte = z.object({
  _id: z.string(),
  numeroFactura: z.number().nullable(),
  comprobante: z.string(),
  fechaEmision: z.string(),
  hora: z.string(),
  idCliente: z.string().nullable(),
  nombre: z.string(),
  creadaPor: z.string(),
  terminal: z.string(),
  metodoDePago: z.string(),
  estado: z.string(),
  descuento: Dinero,
  subtotal: Dinero,
  impuestos: Dinero,
  total: Dinero,
});
export type FacturaDelReporte = z.infer<typeof FacturaDelReporte>;

export const ReporteDeFacturas = z.object({
  facturas: z.array(FacturaDelReporte),
  totalRows: z.number().int(),
  cantidadDeFacturas: z.number().int(),
  totalFacturado: Dinero,
  totalGralSinImpuesto: Dinero,
  impuestosTotalGral: Dinero,
  descuentoTotalGral: Dinero,
  desgloseDeImpuestos: z.array(ImpuestoDelPeriodo),
});
export type ReporteDeFacturas = z.infer<typeof ReporteDeFacturas>;

export const REPORTE_FACTURAS = reporte<FacturaDelReporte, ReporteDeFacturas>({
  id: 'r-facturas',
  titulo: 'Reporte de facturas',
  descripcion: 'Las facturas del periodo (también las del punto de venta) con sus totales e impuestos.',
  grupo: 'ventas',
  permiso: PERMISO,
  consulta: endpoint({
    method: 'POST',
    path: '/factura/r-facturas/',
    efecto: 'lee',
    body: FiltroDeReporte,
    params: SinParams,
    respuesta: ReporteDeFacturas,
  }),
  filtros: ['periodo', 'cliente', 'usuario', 'terminal', 'centroDeCosto', 'estado', 'metodoDePago'],
  filas: 'facturas',
  clave: '_id',
  paginado: true,
  columnas: [
    {
      clave: 'comprobante',
      titulo: 'Comprobante',
      enlace: { documento: 'factura', campo: '_id' },
      ancho: 1.2,
    },
    { clave: 'fechaEmision', titulo: 'Fecha', formato: 'fecha' },
    { clave: 'nombre', titulo: 'Cliente', ancho: 1.8, enlace: { documento: 'cliente', campo: 'idCliente' } },
    { clave: 'creadaPor', titulo: 'Usuario' },
    { clave: 'metodoDePago', titulo: 'Método de pago' },
    { clave: 'estado', titulo: 'Estado' },
    { clave: 'subtotal', titulo: 'Subtotal', formato: 'dinero', total: 'totalGralSinImpuesto' },
    { clave: 'descuento', titulo: 'Descuento', formato: 'dinero', total: 'descuentoTotalGral' },
    { clave: 'impuestos', titulo: 'Impuestos', formato: 'dinero', total: 'impuestosTotalGral' },
    { clave: 'total', titulo: 'Total', formato: 'dinero', total: 'totalFacturado' },
  ],
  cifras: [
    { clave: 'cantidadDeFacturas', titulo: 'Facturas', formato: 'entero' },
    { clave: 'totalGralSinImpuesto', titulo: 'Ventas sin impuestos', formato: 'dinero' },
    { clave: 'impuestosTotalGral', titulo: 'Impuestos', formato: 'dinero' },
    { clave: 'totalFacturado', titulo: 'Total facturado', formato: 'dinero' },
  ],
});

// ------------------------------------------------------------------ r-facturas-desglose-impuestos

/** One tax (name, kind and rate) of the period: invoices, credit notes and the net. */
export const ImpuestoDelDesglose = z.object({
  clave: z.string(),
  name: z.string(),
  tipoDeImpuesto: z.string(),
  /** The rate as a fraction (0.18). */
  tasa: z.number(),
  baseFacturas: Dinero,
  impuestoFacturas: Dinero,
  baseNotasDeCredito: Dinero,
  impuestoNotasDeCredito: Dinero,
  base: Dinero,
  impuesto: Dinero,
});
export type ImpuestoDelDesglose = z.infer<typeof ImpuestoDelDesglose>;

export const ReporteDesgloseDeImpuestos = z.object({
  desgloseDeImpuestos: z.array(ImpuestoDelDesglose),
  impuestoFacturas: Dinero,
  impuestoNotasDeCredito: Dinero,
  impuestosTotalGral: Dinero,
  /** Sales before tax net of credit notes (each line once, whatever its taxes). */
  totalGralSinImpuesto: Dinero,
});
export type ReporteDesgloseDeImpuestos = z.infer<typeof ReporteDesgloseDeImpuestos>;

export const REPORTE_DESGLOSE_DE_IMPUESTOS = reporte<ImpuestoDelDesglose, ReporteDesgloseDeImpuestos>({
  id: 'r-facturas-desglose-impuestos',
  titulo: 'Desglose de impuestos',
  descripcion: 'Base e impuesto de cada impuesto del periodo, descontadas las notas de crédito.',
  grupo: 'ventas',
  permiso: PERMISO,
  consulta: endpoint({
    method: 'POST',
    path: '/factura/r-facturas-desglose-impuestos/',
    efecto: 'lee',
    body: FiltroDeReporte,
    params: SinParams,
    respuesta: ReporteDesgloseDeImpuestos,
  }),
  filtros: ['periodo', 'cliente', 'usuario', 'terminal'],
  filas: 'desgloseDeImpuestos',
  clave: 'clave',
  columnas: [
    { clave: 'name', titulo: 'Impuesto', ancho: 1.4 },
    { clave: 'tasa', titulo: 'Tasa', formato: 'porcentaje' },
    { clave: 'baseFacturas', titulo: 'Base facturada', formato: 'dinero' },
    { clave: 'impuestoFacturas', titulo: 'Impuesto facturado', formato: 'dinero', total: 'impuestoFacturas' },
    { clave: 'baseNotasDeCredito', titulo: 'Base notas de crédito', formato: 'dinero' },
    {
      clave: 'impuestoNotasDeCredito',
      titulo: 'Impuesto notas de crédito',
      formato: 'dinero',
      total: 'impuestoNotasDeCredito',
    },
    { clave: 'base', titulo: 'Base neta', formato: 'dinero' },
    { clave: 'impuesto', titulo: 'Impuesto neto', formato: 'dinero', total: 'impuestosTotalGral' },
  ],
  cifras: [
    { clave: 'totalGralSinImpuesto', titulo: 'Ventas netas sin impuestos', formato: 'dinero' },
    { clave: 'impuestosTotalGral', titulo: 'Impuestos netos', formato: 'dinero' },
  ],
});

// ---------------------------------------------------------------------- r-facturas-usuario

/** A user's summary (no user chosen) or one of the chosen user's invoices. */
export const FacturasDelUsuario = z.object({
  clave: z.string(),
  idUsuario: z.string().nullable(),
  usuario: z.string(),
  /** The invoice of the row (only when a user is chosen). */
  _id: z.string().nullable(),
  comprobante: z.string(),
  fechaEmision: z.string().nullable(),
  cantidadDeFacturas: z.number().int(),
  descuento: Dinero,
  subtotal: Dinero,
  impuestos: Dinero,
  total: Dinero,
});
export type FacturasDelUsuario = z.infer<typeof FacturasDelUsuario>;

export const ReporteFacturasDelUsuario = z.object({
  facturas: z.array(FacturasDelUsuario),
  cantidadDeFacturas: z.number().int(),
  descuentoTotalGral: Dinero,
  totalGralSinImpuesto: Dinero,
  impuestosTotalGral: Dinero,
  totalFacturado: Dinero,
});
export type ReporteFacturasDelUsuario = z.infer<typeof ReporteFacturasDelUsuario>;

export const REPORTE_FACTURAS_DEL_USUARIO = reporte<FacturasDelUsuario, ReporteFacturasDelUsuario>({
  id: 'r-facturas-usuario',
  titulo: 'Facturas por usuario',
  descripcion: 'Lo que facturó cada usuario; al elegir uno, sus facturas.',
  grupo: 'ventas',
  permiso: PERMISO,
  consulta: endpoint({
    method: 'POST',
    path: '/factura/r-facturas-del-usuario/',
    efecto: 'lee',
    body: FiltroDeReporte,
    params: SinParams,
    respuesta: ReporteFacturasDelUsuario,
  }),
  filtros: ['periodo', 'usuario', 'terminal'],
  filas: 'facturas',
  clave: 'clave',
  columnas: [
    { clave: 'usuario', titulo: 'Usuario', ancho: 1.2 },
    { clave: 'comprobante', titulo: 'Comprobante', enlace: { documento: 'factura', campo: '_id' } },
    { clave: 'fechaEmision', titulo: 'Fecha', formato: 'fecha' },
    { clave: 'cantidadDeFacturas', titulo: 'Facturas', formato: 'entero', total: 'cantidadDeFacturas' },
    { clave: 'subtotal', titulo: 'Subtotal', formato: 'dinero', total: 'totalGralSinImpuesto' },
    { clave: 'descuento', titulo: 'Descuento', formato: 'dinero', total: 'descuentoTotalGral' },
    { clave: 'impuestos', titulo: 'Impuestos', formato: 'dinero', total: 'impuestosTotalGral' },
    { clave: 'total', titulo: 'Total', formato: 'dinero', total: 'totalFacturado' },
  ],
});

// ---------------------------------------------------------------------- r-ventas-productos

/** A product's sales of the period, net of what credit notes returned. */
export const VentasDelProducto = z.object({
  idProducto: z.string(),
  numeroProducto: z.number().nullable(),
  nombre: z.string(),
  categoria: z.string(),
  cantidadVendida: z.number(),
  cantidadDevuelta: z.number(),
  cantidad: z.number(),
  subtotal: Dinero,
  impuestos: Dinero,
  total: Dinero,
});
export type VentasDelProducto = z.infer<typeof VentasDelProducto>;

export const ReporteVentasPorProductos = z.object({
  productos: z.array(VentasDelProducto),
  totalGralSinImpuesto: Dinero,
  impuestosTotalGral: Dinero,
  totalFacturado: Dinero,
});
export type ReporteVentasPorProductos = z.infer<typeof ReporteVentasPorProductos>;

export const REPORTE_VENTAS_POR_PRODUCTOS = reporte<VentasDelProducto, ReporteVentasPorProductos>({
  id: 'r-ventas-productos',
  titulo: 'Ventas por productos',
  descripcion: 'Cantidad, ventas e impuestos de cada producto, descontadas las devoluciones.',
  grupo: 'ventas',
  permiso: PERMISO,
  consulta: endpoint({
    method: 'POST',
    path: '/factura/r-ventas-por-productos/',
    efecto: 'lee',
    body: FiltroDeReporte,
    params: SinParams,
    respuesta: ReporteVentasPorProductos,
  }),
  filtros: ['periodo', 'categoria', 'almacen', 'cliente'],
  filas: 'productos',
  clave: 'idProducto',
  columnas: [
    { clave: 'nombre', titulo: 'Producto', ancho: 2, enlace: { documento: 'producto', campo: 'idProducto' } },
    { clave: 'categoria', titulo: 'Categoría' },
    { clave: 'cantidadVendida', titulo: 'Vendido', formato: 'cantidad' },
    { clave: 'cantidadDevuelta', titulo: 'Devuelto', formato: 'cantidad' },
    { clave: 'cantidad', titulo: 'Cantidad neta', formato: 'cantidad' },
    { clave: 'subtotal', titulo: 'Ventas sin impuestos', formato: 'dinero', total: 'totalGralSinImpuesto' },
    { clave: 'impuestos', titulo: 'Impuestos', formato: 'dinero', total: 'impuestosTotalGral' },
    { clave: 'total', titulo: 'Total', formato: 'dinero', total: 'totalFacturado' },
  ],
});

// ------------------------------------------------------------------ r-rentabilidad-productos

/** A product's profit of the period: net sales before tax less the cost of what left. */
export const RentabilidadDelProducto = z.object({
  idProducto: z.string(),
  numeroProducto: z.number().nullable(),
  nombre: z.string(),
  categoria: z.string(),
  cantidad: z.number(),
  /** Net sales before tax ÷ net quantity. */
  precioPromedio: Dinero,
  /** Net cost ÷ net quantity. */
  costoPromedio: Dinero,
  ventas: Dinero,
  costo: Dinero,
  utilidad: Dinero,
  /** utilidad ÷ ventas, a fraction (0.25 = 25 %); 0 without sales. */
  margen: z.number(),
});
export type RentabilidadDelProducto = z.infer<typeof RentabilidadDelProducto>;

export const ReporteRentabilidad = z.object({
  productos: z.array(RentabilidadDelProducto),
  totalVentas: Dinero,
  totalCosto: Dinero,
  totalUtilidad: Dinero,
  margen: z.number(),
});
export type ReporteRentabilidad = z.infer<typeof ReporteRentabilidad>;

export const REPORTE_RENTABILIDAD = reporte<RentabilidadDelProducto, ReporteRentabilidad>({
  id: 'r-rentabilidad-productos',
  titulo: 'Rentabilidad por productos',
  descripcion: 'Ventas sin impuestos, costo, utilidad y margen de cada producto.',
  grupo: 'ventas',
  permiso: PERMISO,
  consulta: endpoint({
    method: 'POST',
    path: '/factura/rentabilidad-productos/',
    efecto: 'lee',
    body: FiltroDeReporte,
    params: SinParams,
    respuesta: ReporteRentabilidad,
  }),
  filtros: ['periodo', 'categoria', 'almacen', 'cliente'],
  filas: 'productos',
  clave: 'idProducto',
  columnas: [
    { clave: 'nombre', titulo: 'Producto', ancho: 2, enlace: { documento: 'producto', campo: 'idProducto' } },
    { clave: 'cantidad', titulo: 'Cantidad', formato: 'cantidad' },
    { clave: 'precioPromedio', titulo: 'Precio promedio', formato: 'dinero' },
    { clave: 'costoPromedio', titulo: 'Costo promedio', formato: 'dinero' },
    { clave: 'ventas', titulo: 'Ventas', formato: 'dinero', total: 'totalVentas' },
    { clave: 'costo', titulo: 'Costo', formato: 'dinero', total: 'totalCosto' },
    { clave: 'utilidad', titulo: 'Utilidad', formato: 'dinero', total: 'totalUtilidad' },
    { clave: 'margen', titulo: 'Margen', formato: 'porcentaje', total: 'margen' },
  ],
  cifras: [
    { clave: 'totalVentas', titulo: 'Ventas sin impuestos', formato: 'dinero' },
    { clave: 'totalUtilidad', titulo: 'Utilidad', formato: 'dinero' },
    { clave: 'margen', titulo: 'Margen', formato: 'porcentaje' },
  ],
});

// -------------------------------------------------------------------- r-usuarios-estadistica

/** A user's figures of the period. */
export const EstadisticaDelUsuario = z.object({
  idUsuario: z.string(),
  usuario: z.string(),
  cantidadDeFacturas: z.number().int(),
  totalVendido: Dinero,
  /** totalVendido ÷ cantidadDeFacturas. */
  ticketPromedio: Dinero,
  cantidadDeAnuladas: z.number().int(),
  totalAnulado: Dinero,
  descuentos: Dinero,
});
export type EstadisticaDelUsuario = z.infer<typeof EstadisticaDelUsuario>;

export const ReporteEstadisticaDeUsuarios = z.object({
  usuarios: z.array(EstadisticaDelUsuario),
  cantidadDeFacturas: z.number().int(),
  totalVendido: Dinero,
  ticketPromedio: Dinero,
  cantidadDeAnuladas: z.number().int(),
  totalAnulado: Dinero,
  descuentos: Dinero,
});
export type ReporteEstadisticaDeUsuarios = z.infer<typeof ReporteEstadisticaDeUsuarios>;

export const REPORTE_ESTADISTICA_DE_USUARIOS = reporte<EstadisticaDelUsuario, ReporteEstadisticaDeUsuarios>({
  id: 'r-usuarios-estadistica',
  titulo: 'Estadística de usuarios',
  descripcion: 'Facturas, ventas, ticket promedio, anulaciones y descuentos de cada usuario.',
  grupo: 'ventas',
  permiso: PERMISO,
  consulta: endpoint({
    method: 'POST',
    path: '/reportes/r-usuarios-estadistica',
    efecto: 'lee',
    body: FiltroDeReporte,
    params: SinParams,
    respuesta: ReporteEstadisticaDeUsuarios,
  }),
  filtros: ['periodo', 'usuario', 'terminal'],
  filas: 'usuarios',
  clave: 'idUsuario',
  columnas: [
    { clave: 'usuario', titulo: 'Usuario', ancho: 1.4 },
    { clave: 'cantidadDeFacturas', titulo: 'Facturas', formato: 'entero', total: 'cantidadDeFacturas' },
    { clave: 'totalVendido', titulo: 'Total vendido', formato: 'dinero', total: 'totalVendido' },
    // The overall average ticket is a ratio of totals, not the sum of this column: a figure above.
    { clave: 'ticketPromedio', titulo: 'Ticket promedio', formato: 'dinero' },
    { clave: 'cantidadDeAnuladas', titulo: 'Anuladas', formato: 'entero', total: 'cantidadDeAnuladas' },
    { clave: 'totalAnulado', titulo: 'Total anulado', formato: 'dinero', total: 'totalAnulado' },
    { clave: 'descuentos', titulo: 'Descuentos', formato: 'dinero', total: 'descuentos' },
  ],
  cifras: [
    { clave: 'cantidadDeFacturas', titulo: 'Facturas', formato: 'entero' },
    { clave: 'totalVendido', titulo: 'Total vendido', formato: 'dinero' },
    { clave: 'ticketPromedio', titulo: 'Ticket promedio', formato: 'dinero' },
    { clave: 'cantidadDeAnuladas', titulo: 'Anuladas', formato: 'entero' },
  ],
});

export const REPORTES_DE_VENTAS: CualquierReporte[] = [
  REPORTE_FACTURAS,
  REPORTE_DESGLOSE_DE_IMPUESTOS,
  REPORTE_FACTURAS_DEL_USUARIO,
  REPORTE_VENTAS_POR_PRODUCTOS,
  REPORTE_RENTABILIDAD,
  REPORTE_ESTADISTICA_DE_USUARIOS,
];
