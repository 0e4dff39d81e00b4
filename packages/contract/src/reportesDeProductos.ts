import { z } from 'zod';
import { ReporteAjustes } from './ajustes.ts';
import { SinParams } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { FiltroDePeriodo } from './exportar.ts';

// Spec 002 §7 "Products" → Reports: facturas-del-producto, compras-del-producto, ajuste-del-producto
// (tipoDeAjuste), the product screen's views. r-valor-inventario/ and r-existencia-inventario/ are report
// declarations (reportes/inventario.ts). Bodies and answers are ours (the spec names only the calls); all
// answer from the stock ledger (docs/api.md).

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
};
