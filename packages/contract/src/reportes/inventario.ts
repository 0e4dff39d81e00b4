import { z } from 'zod';
import { ReporteAjustes } from '../ajustes.ts';
import { SinParams } from '../comun.ts';
import { endpoint } from '../endpoint.ts';
import { type CualquierReporte, FiltroDeReporte, reporte } from './kit.ts';

// Spec 000 §2 "Reports": r-valor-inventario, r-existencia-inventario, r-ajustes-inventario; their calls
// are spec 002 §7 "Products" (registro-productos/r-valor-inventario/, r-existencia-inventario/) and
// "Inventory adjustments" (ajuste-inventario/reporte-ajustes-de-inventario, its export
// ajuste-inventario/pdf/ajustes-inventario). Bodies and answers are ours (the spec names only the calls);
// all answer from the stock ledger (docs/api.md).

const CuerpoDeInventario = FiltroDeReporte.extend({
  /** Leaves out products with availability 0. */
  soloConExistencia: z.boolean().default(false),
});
export type FiltroInventario = z.infer<typeof CuerpoDeInventario>;

export const FilaValorInventario = z.object({
  idProducto: z.string(),
  numeroProducto: z.number().int(),
  nombre: z.string(),
  idCodigoDeBarra: z.string(),
  categoria: z.string(),
  disponibilidad: z.number(),
  costoPromedio: z.number(),
  /** disponibilidad × costoPromedio, 2 decimals. */
  valorAlCosto: z.number(),
  precioDeVenta: z.number(),
  /** disponibilidad × precioDeVenta (price with tax), 2 decimals. */
  valorAlPrecio: z.number(),
});

export const ReporteValorInventario = z.object({
  res: z.array(FilaValorInventario),
  totalRows: z.number().int(),
  totalUnidades: z.number(),
  totalAlCosto: z.number(),
  totalAlPrecio: z.number(),
});
export type ReporteValorInventario = z.infer<typeof ReporteValorInventario>;

export const ESTADOS_DE_EXISTENCIA = ['agotado', 'bajo', 'normal', 'sobreexistencia'] as const;

export const FilaExistenciaInventario = z.object({
  idProducto: z.string(),
  numeroProducto: z.number().int(),
  nombre: z.string(),
  idCodigoDeBarra: z.string(),
  categoria: z.string(),
  idAlmacen: z.string(),
  almacen: z.string(),
  disponibilidad: z.number(),
  cantidadMinima: z.number(),
  cantidadMaxima: z.number(),
  /** agotado (≤ 0), bajo (≤ mínima), sobreexistencia (> máxima when set), normal. */
  estadoDeExistencia: z.enum(ESTADOS_DE_EXISTENCIA),
});

export const ReporteExistenciaInventario = z.object({
  res: z.array(FilaExistenciaInventario),
  totalRows: z.number().int(),
  totalUnidades: z.number(),
  agotados: z.number().int(),
  bajos: z.number().int(),
});
export type ReporteExistenciaInventario = z.infer<typeof ReporteExistenciaInventario>;

const leer = <B extends z.ZodType<FiltroDeReporte>, R extends z.ZodType>(
  path: string,
  body: B,
  respuesta: R,
) => endpoint({ method: 'POST', path, efecto: 'lee', body, params: SinParams, respuesta });

const ver = { modulo: 'reportes', accion: 'ver' } as const;

export const REPORTE_VALOR_INVENTARIO = reporte<z.infer<typeof FilaValorInventario>, ReporteValorInventario>({
  id: 'r-valor-inventario',
  titulo: 'Valor del inventario',
  descripcion: 'La existencia de cada producto valorada al costo promedio y al precio de venta.',
  grupo: 'inventario',
  permiso: ver,
  consulta: leer('/registro-productos/r-valor-inventario/', CuerpoDeInventario, ReporteValorInventario),
  filtros: ['almacen', 'categoria', 'texto'],
  selecciones: [
    {
      campo: 'soloConExistencia',
      titulo: 'Productos',
      opciones: [
        { valor: true, titulo: 'Con existencia' },
        { valor: false, titulo: 'Todos' },
      ],
    },
  ],
  filas: 'res',
  clave: 'idProducto',
  paginado: true,
  columnas: [
    { clave: 'idCodigoDeBarra', titulo: 'Código', ancho: 1 },
    {
      clave: 'nombre',
      titulo: 'Producto',
      ancho: 2.2,
      enlace: { documento: 'producto', campo: 'idProducto' },
    },
    { clave: 'categoria', titulo: 'Categoría', ancho: 1 },
    {
      clave: 'disponibilidad',
      titulo: 'Existencia',
      formato: 'cantidad',
      ancho: 0.8,
      total: 'totalUnidades',
    },
    { clave: 'costoPromedio', titulo: 'Costo promedio', formato: 'dinero', ancho: 0.9 },
    { clave: 'valorAlCosto', titulo: 'Valor al costo', formato: 'dinero', ancho: 1, total: 'totalAlCosto' },
    { clave: 'precioDeVenta', titulo: 'Precio de venta', formato: 'dinero', ancho: 0.9 },
    {
      clave: 'valorAlPrecio',
      titulo: 'Valor al precio',
      formato: 'dinero',
      ancho: 1,
      total: 'totalAlPrecio',
    },
  ],
  cifras: [
    { clave: 'totalRows', titulo: 'Productos', formato: 'entero' },
    { clave: 'totalUnidades', titulo: 'Unidades', formato: 'cantidad' },
    {
      clave: 'totalAlCosto',
      titulo: 'Valor al costo',
      formato: 'dinero',
      detalle: 'Existencia × costo promedio',
    },
    {
      clave: 'totalAlPrecio',
      titulo: 'Valor al precio',
      formato: 'dinero',
      detalle: 'Existencia × precio de venta (con impuestos)',
    },
  ],
});

export const REPORTE_EXISTENCIA_INVENTARIO = reporte<
  z.infer<typeof FilaExistenciaInventario>,
  ReporteExistenciaInventario
>({
  id: 'r-existencia-inventario',
  titulo: 'Existencia de inventario',
  descripcion: 'La existencia de cada producto por almacén frente a su mínima y su máxima.',
  grupo: 'inventario',
  permiso: ver,
  consulta: leer(
    '/registro-productos/r-existencia-inventario/',
    CuerpoDeInventario,
    ReporteExistenciaInventario,
  ),
  filtros: ['almacen', 'categoria', 'texto'],
  selecciones: [
    {
      campo: 'soloConExistencia',
      titulo: 'Productos',
      opciones: [
        { valor: false, titulo: 'Todos' },
        { valor: true, titulo: 'Con existencia' },
      ],
    },
  ],
  filas: 'res',
  clave: 'idProducto',
  paginado: true,
  columnas: [
    { clave: 'idCodigoDeBarra', titulo: 'Código', ancho: 1 },
    {
      clave: 'nombre',
      titulo: 'Producto',
      ancho: 2.2,
      enlace: { documento: 'producto', campo: 'idProducto' },
    },
    { clave: 'categoria', titulo: 'Categoría', ancho: 1 },
    { clave: 'almacen', titulo: 'Almacén', ancho: 1 },
    {
      clave: 'disponibilidad',
      titulo: 'Existencia',
      formato: 'cantidad',
      ancho: 0.8,
      total: 'totalUnidades',
    },
    { clave: 'cantidadMinima', titulo: 'Mínima', formato: 'cantidad', ancho: 0.7 },
    { clave: 'cantidadMaxima', titulo: 'Máxima', formato: 'cantidad', ancho: 0.7 },
    {
      clave: 'estadoDeExistencia',
      titulo: 'Estado',
      ancho: 0.8,
      etiquetas: { agotado: 'Agotado', bajo: 'Bajo', normal: 'Normal', sobreexistencia: 'Sobreexistencia' },
    },
  ],
  cifras: [
    { clave: 'totalRows', titulo: 'Filas', formato: 'entero', detalle: 'Producto y almacén' },
    { clave: 'totalUnidades', titulo: 'Unidades', formato: 'cantidad' },
    { clave: 'agotados', titulo: 'Agotados', formato: 'entero' },
    { clave: 'bajos', titulo: 'Bajo la mínima', formato: 'entero' },
  ],
});

const CuerpoDeAjustes = FiltroDeReporte.extend({
  /** One adjustment only (its printout from the adjustment screen). */
  idAjuste: z.uuid({ error: 'El ajuste no es válido' }).nullable().optional(),
  idProducto: z.uuid({ error: 'El producto no es válido' }).nullable().optional(),
  /** true: only entries; false: only exits; absent or null: both. */
  tipoDeAjuste: z.boolean().nullable().optional(),
});

export const REPORTE_AJUSTES_INVENTARIO = reporte<ReporteAjustes['lineas'][number], ReporteAjustes>({
  id: 'r-ajustes-inventario',
  titulo: 'Reporte de ajustes de inventario',
  descripcion: 'Las líneas de los ajustes de inventario del periodo: entradas, salidas y su costo.',
  grupo: 'inventario',
  permiso: ver,
  consulta: leer('/ajuste-inventario/reporte-ajustes-de-inventario', CuerpoDeAjustes, ReporteAjustes),
  rutaDeExportar: '/ajuste-inventario/pdf/ajustes-inventario',
  filtros: ['periodo', 'almacen', 'texto'],
  selecciones: [
    {
      campo: 'tipoDeAjuste',
      titulo: 'Tipo de ajuste',
      opciones: [
        { valor: null, titulo: 'Todos' },
        { valor: true, titulo: 'Entradas' },
        { valor: false, titulo: 'Salidas' },
      ],
    },
  ],
  filas: 'lineas',
  clave: 'idAjuste',
  columnas: [
    { clave: 'fechaDeAjuste', titulo: 'Fecha', formato: 'fecha', ancho: 0.8 },
    {
      clave: 'nombreAjuste',
      titulo: 'Ajuste',
      ancho: 1.4,
      enlace: { documento: 'ajusteDeInventario', campo: 'idAjuste' },
    },
    { clave: 'almacen', titulo: 'Almacén' },
    { clave: 'idCodigoDeBarra', titulo: 'Código' },
    { clave: 'nombre', titulo: 'Producto', ancho: 1.8 },
    { clave: 'tipoDeAjuste', titulo: 'Tipo', ancho: 0.7, etiquetas: { true: 'Entrada', false: 'Salida' } },
    { clave: 'cantidad', titulo: 'Cantidad', formato: 'cantidad', ancho: 0.8 },
    { clave: 'costoUnitario', titulo: 'Costo unitario', formato: 'dinero', ancho: 0.9 },
    { clave: 'costoTotal', titulo: 'Costo total', formato: 'dinero', ancho: 0.9 },
    { clave: 'creadoPor', titulo: 'Usuario', ancho: 0.8 },
  ],
  cifras: [
    { clave: 'cantidadDeRegistros', titulo: 'Líneas', formato: 'entero', detalle: 'Producto y dirección' },
    { clave: 'totalEntradas', titulo: 'Entradas', formato: 'dinero', detalle: 'Al costo' },
    { clave: 'totalSalidas', titulo: 'Salidas', formato: 'dinero', detalle: 'Al costo' },
  ],
  orientacion: 'landscape',
});

export const REPORTES_DE_INVENTARIO: CualquierReporte[] = [
  REPORTE_VALOR_INVENTARIO,
  REPORTE_EXISTENCIA_INVENTARIO,
  REPORTE_AJUSTES_INVENTARIO,
];
