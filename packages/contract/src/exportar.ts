import { z } from 'zod';
import { Fecha } from './tipos.ts';

/** A binary answer (PDF or spreadsheet); the server sends the bytes with their type and file name. */
export const Archivo = z.object({
  archivo: z.custom<Uint8Array<ArrayBufferLike>>((valor) => valor instanceof Uint8Array, 'Falta el archivo'),
  tipo: z.string(),
  nombre: z.string(),
  /** `inline` opens in the browser (print, preview), `attachment` downloads. */
  disposicion: z.enum(['inline', 'attachment']),
});
export type Archivo = z.infer<typeof Archivo>;

// Spec 002 §7 (conciliacion, ajustes-inventario): documentoOpcion print, excel or pdf. `print` is the
// PDF shown inline for the browser to print; `pdf` downloads it; `excel` downloads an .xlsx.
export const OPCIONES_DE_DOCUMENTO = ['print', 'excel', 'pdf'] as const;
export const DocumentoOpcion = z
  .enum(OPCIONES_DE_DOCUMENTO, { error: 'documentoOpcion debe ser print, excel o pdf' })
  .default('pdf');
export type DocumentoOpcion = z.infer<typeof DocumentoOpcion>;

/**
 * The date filter of lists and reports: `periodo` is a preset of spec 002 §7 (0 yesterday, 1 today,
 * 2 this week, 3 last week, 4 this month, 5 last month, 6 this year, 7 last year), or the days
 * `fechaInicial`..`fechaFinal` (AAAA-MM-DD, Santo Domingo; one alone is open-ended). Neither: no
 * date filter. A range wins over `periodo`. Plain object (no refinement) so that calls can extend it.
 */
export const FiltroDePeriodo = z.object({
  periodo: z
    .number({ error: 'El periodo debe ser un número de 0 a 7' })
    .int('El periodo debe ser un número de 0 a 7')
    .min(0, 'El periodo debe ser un número de 0 a 7')
    .max(7, 'El periodo debe ser un número de 0 a 7')
    .nullable()
    .optional(),
  fechaInicial: Fecha.nullable().optional(),
  fechaFinal: Fecha.nullable().optional(),
});
export type FiltroDePeriodo = z.infer<typeof FiltroDePeriodo>;
