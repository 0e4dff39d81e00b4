import { z } from 'zod';
import { ReporteAjustes } from './ajustes.ts';
import { SinParams } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { Archivo, DocumentoOpcion, FiltroDePeriodo } from './exportar.ts';
import { textoOpcional } from './maestros.ts';

// Spec 002 §7 "Products" → Reports: facturas-del-producto, compras-del-producto, ajuste-del-producto
// (tipoDeAjuste), r-valor-inventario/, r-existencia-inventario/. Bodies and answers are ours (the spec
// names only the calls); all answer from the stock ledger (docs/api.md).

const IdProducto = z.uuid({ error: 'El producto no es válido' });
const IdOpcional = (mensaje: string) => z.uuid({ error: mensaje }).nullable().optional();

const Pagina = {
  page: z.number().int().min(1, 'La página empieza en 1').optional(),
  limit: z.number().int().min(1).max(1000, 'No se pueden pedir más de 1000 filas por página').default(50),
};

export const FiltroDocumentosDelProducto = FiltroDePeriodo.extend({
  idProducto: IdProducto,
  idAlmacen: IdOpcional('El almacén no es válido'),
  ...Pagina,
});
export type FiltroDocumentosDelProducto = z.infer<typeof FiltroDocumentosDelProducto>;

/** One document's net effect on the product's stock (its movements in the ledger added up). */
export const DocumentoDelProducto = z.object({
  tipoDocumento: z.string(),
  idDocumento: z.string().nullable(),
  idAlmacen: z.string(),
  almacen: z.string(),
  fecha: z.string(),
  /** Net units: negative out (a sale), positive in (a purchase). */
  cantidad: z.number(),
  costoUnitario: z.number(),
  costoTotal: z.number(),
});

export const DocumentosDelProducto = z.object({
  res: z.array(DocumentoDelProducto),
  totalRows: z.number().int(),
  cantidadTotal: z.number(),
  costoTotal: z.number(),
});
export type DocumentosDelProducto = z.infer<typeof DocumentosDelProducto>;

export const FiltroAjustesDelProducto = FiltroDePeriodo.extend({
  idProducto: IdProducto,
  idAlmacen: IdOpcional('El almacén no es válido'),
  /** true: entries, false: exits, absent or null: both. */
  tipoDeAjuste: z.boolean().nullable().optional(),
});

export const FiltroInventario = z.object({
  idAlmacen: IdOpcional('El almacén no es válido'),
  idCategoria: IdOpcional('La categoría no es válida'),
  input: textoOpcional(100).default(''),
  /** Leaves out products with availability 0. */
  soloConExistencia: z.boolean().default(false),
  /** Without `page`, every row (the report screen and its exports); with it, pages of `limit`. */
  ...Pagina,
});
export type FiltroInventario = z.infer<typeof FiltroInventario>;

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

const Exportar = { documentoOpcion: DocumentoOpcion };

export const reportesDeProductos = {
  facturas: endpoint({
    method: 'POST',
    path: '/registro-productos/facturas-del-producto',
    efecto: 'lee',
    body: FiltroDocumentosDelProducto,
    params: SinParams,
    respuesta: DocumentosDelProducto,
  }),
  compras: endpoint({
    method: 'POST',
    path: '/registro-productos/compras-del-producto',
    efecto: 'lee',
    body: FiltroDocumentosDelProducto,
    params: SinParams,
    respuesta: DocumentosDelProducto,
  }),
  ajustes: endpoint({
    method: 'POST',
    path: '/registro-productos/ajuste-del-producto',
    efecto: 'lee',
    body: FiltroAjustesDelProducto,
    params: SinParams,
    respuesta: ReporteAjustes,
  }),
  valorInventario: endpoint({
    method: 'POST',
    path: '/registro-productos/r-valor-inventario/',
    efecto: 'lee',
    body: FiltroInventario,
    params: SinParams,
    respuesta: ReporteValorInventario,
  }),
  existenciaInventario: endpoint({
    method: 'POST',
    path: '/registro-productos/r-existencia-inventario/',
    efecto: 'lee',
    body: FiltroInventario,
    params: SinParams,
    respuesta: ReporteExistenciaInventario,
  }),
  exportarValorInventario: endpoint({
    method: 'POST',
    path: '/registro-productos/pdf/r-valor-inventario',
    efecto: 'lee',
    body: FiltroInventario.extend(Exportar),
    params: SinParams,
    respuesta: Archivo,
  }),
  exportarExistenciaInventario: endpoint({
    method: 'POST',
    path: '/registro-productos/pdf/r-existencia-inventario',
    efecto: 'lee',
    body: FiltroInventario.extend(Exportar),
    params: SinParams,
    respuesta: Archivo,
  }),
};
