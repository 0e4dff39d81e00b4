import { z } from 'zod';
import { SinParams, Vacio } from './comun.ts';
import { endpoint } from './endpoint.ts';
import { Archivo } from './exportar.ts';

// Spec 002 §7: POST /registro-productos/import-xlsx (multipart, file field avatar). The column layout
// and the template call are ours (docs/api.md).

export type ColumnaDeImportacion = {
  /** The header text in row 1 (matched without case or accents). */
  titulo: string;
  obligatoria: boolean;
  /** What the cell holds, as the template's instructions sheet says it. */
  descripcion: string;
  ejemplo: string | number;
};

/** The spreadsheet's columns, in template order (the order in a file does not matter; headers do). */
export const COLUMNAS_DE_IMPORTACION = [
  {
    titulo: 'Nombre',
    obligatoria: true,
    descripcion: 'Nombre del producto (hasta 300 caracteres).',
    ejemplo: 'Arroz Selecto 5 lb',
  },
  {
    titulo: 'Código de barras',
    obligatoria: false,
    descripcion:
      'EAN-13 u otro código; de 3 o más caracteres no puede repetirse ni ser de otro producto activo.',
    ejemplo: '7460000000017',
  },
  { titulo: 'Referencia', obligatoria: false, descripcion: 'Referencia interna.', ejemplo: 'ARZ-5' },
  {
    titulo: 'Categoría',
    obligatoria: false,
    descripcion: 'Nombre de una categoría existente.',
    ejemplo: 'Granos',
  },
  { titulo: 'Unidad de medida', obligatoria: false, descripcion: 'Unidad, libra, galón…', ejemplo: 'Unidad' },
  {
    titulo: 'Precio de venta',
    obligatoria: false,
    descripcion: 'Precio con impuesto (el de la góndola), en pesos; 2 decimales.',
    ejemplo: 245,
  },
  {
    titulo: 'Costo',
    obligatoria: false,
    descripcion: 'Costo unitario sin impuesto, en pesos.',
    ejemplo: 190.5,
  },
  {
    titulo: 'Impuesto',
    obligatoria: false,
    descripcion:
      'Nombre de un impuesto activo de la empresa (p. ej. «Itbis 18%» o «Exento 0%»); vacío: sin impuesto.',
    ejemplo: 'Itbis 18%',
  },
  {
    titulo: 'Existencia inicial',
    obligatoria: false,
    descripcion: 'Cantidad inicial en el almacén de la importación (hasta 4 decimales).',
    ejemplo: 24,
  },
  { titulo: 'Cantidad mínima', obligatoria: false, descripcion: 'Aviso de existencia baja.', ejemplo: 5 },
  {
    titulo: 'Cantidad máxima',
    obligatoria: false,
    descripcion: 'Existencia máxima (0: sin máximo).',
    ejemplo: 0,
  },
  {
    titulo: 'Inventariable',
    obligatoria: false,
    descripcion: 'Sí o No (por defecto Sí). Los servicios no son inventariables.',
    ejemplo: 'Sí',
  },
  {
    titulo: 'Venta sin disponibilidad',
    obligatoria: false,
    descripcion: 'Sí o No (por defecto Sí): si se puede vender sin existencia.',
    ejemplo: 'Sí',
  },
  { titulo: 'Descripción', obligatoria: false, descripcion: 'Texto libre.', ejemplo: 'Saco de 5 libras' },
] as const satisfies readonly ColumnaDeImportacion[];

export const MAXIMO_FILAS_DE_IMPORTACION = 20_000;
export const TAMANO_MAXIMO_DE_IMPORTACION = 10 * 1024 * 1024;

/** A row-level error of an import: the spreadsheet row (1 = headers), the column and the message. */
export const ErrorDeImportacion = z.object({
  campo: z.string(),
  mensaje: z.string(),
  fila: z.number().int(),
  columna: z.string(),
});
export type ErrorDeImportacion = z.infer<typeof ErrorDeImportacion>;

export const ResultadoDeImportacion = z.object({
  message: z.string(),
  importados: z.number().int(),
  /** Rows already imported by an earlier upload of the same file (not created again). */
  yaImportados: z.number().int(),
  idAlmacen: z.string(),
});
export type ResultadoDeImportacion = z.infer<typeof ResultadoDeImportacion>;

export const importacionProductos = {
  importar: endpoint({
    method: 'POST',
    path: '/registro-productos/import-xlsx',
    body: z.object({
      avatar: z.instanceof(Uint8Array, { error: 'Debes adjuntar la hoja de cálculo en el campo avatar' }),
      /** Warehouse of the initial stock; the main one when absent. */
      idAlmacen: z.uuid({ error: 'El almacén no es válido' }).optional(),
    }),
    params: SinParams,
    respuesta: ResultadoDeImportacion,
  }),
  plantilla: endpoint({
    method: 'GET',
    path: '/registro-productos/plantilla-xlsx',
    body: Vacio,
    params: SinParams,
    respuesta: Archivo,
  }),
};
