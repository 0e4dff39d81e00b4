import { z } from 'zod';
import { SinParams } from '../comun.ts';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { Archivo, DocumentoOpcion, FiltroDePeriodo } from '../exportar.ts';
import type { Accion, Modulo } from '../privilegios.ts';

// Spec 002 §2 "Reports", §3 "Reports", §7 "Reports (all POST)". A report is a declaration: its call,
// filters, row field, columns, totals and figures. The server answers the call from one query and exports
// it (PDF, Excel, print) from the same columns; the web draws every report with one generic page. A new
// report is one declaration here and its query on the server.

/**
 * How a value reads: es-DO money with 2 decimals, quantities, whole numbers, dates (a day 'AAAA-MM-DD' or
 * an instant, shown in Santo Domingo), and `porcentaje` = a fraction (0.125 reads «12.5%»).
 */
export const FORMATOS_DE_REPORTE = [
  'texto',
  'dinero',
  'cantidad',
  'entero',
  'fecha',
  'fechaHora',
  'porcentaje',
] as const;
export type FormatoDeReporte = (typeof FORMATOS_DE_REPORTE)[number];

/**
 * The documents a report row can open (the web maps each to its screen). `campo` of the link is the row
 * field holding that document's id.
 */
export const DOCUMENTOS_ENLAZABLES = [
  'factura',
  'notaDeCredito',
  'notaDeDebito',
  'compra',
  'gastoMenor',
  'ingreso',
  'egreso',
  'conduce',
  'producto',
  'ajusteDeInventario',
  'cliente',
  'proveedor',
  'turno',
] as const;
export type DocumentoEnlazable = (typeof DOCUMENTOS_ENLAZABLES)[number];

/** One column: the row field it shows, its title, how it reads, and what the totals row puts under it. */
export type ColumnaDeReporte<F> = {
  clave: keyof F & string;
  titulo: string;
  formato?: FormatoDeReporte;
  /** Relative width (PDF) and characters (spreadsheet); 1 by default. */
  ancho?: number;
  /** The answer's top-level field shown under this column in the totals row. */
  total?: string;
  /** The cell opens this document; `campo` is the row field with its id (a row without it is plain text). */
  enlace?: { documento: DocumentoEnlazable; campo: keyof F & string };
  /** How a coded value reads (`String(valor)` → text): `{ true: 'Entrada', false: 'Salida' }`. */
  etiquetas?: Readonly<Record<string, string>>;
};

/** A figure above the table: a top-level field of the answer. */
export type CifraDeReporte = { clave: string; titulo: string; formato?: FormatoDeReporte; detalle?: string };

/** The filters the generic page offers; each maps to a field of `FiltroDeReporte`. */
export const FILTROS_DE_REPORTE = [
  'periodo',
  'cliente',
  'proveedor',
  'usuario',
  'terminal',
  'almacen',
  'centroDeCosto',
  'categoria',
  'estado',
  'metodoDePago',
  'texto',
] as const;
export type FiltroDisponible = (typeof FILTROS_DE_REPORTE)[number];

/**
 * A choice of the report's own (a field its body adds to FiltroDeReporte): the generic page shows it as
 * a segmented control and opens with the first option.
 */
export type SeleccionDeReporte = {
  campo: string;
  titulo: string;
  opciones: ReadonlyArray<{ valor: string | boolean | null; titulo: string }>;
};

/** Where the report sits in the reports index and the menu (spec 000 §2 menu tabs). */
export const GRUPOS_DE_REPORTE = [
  'ventas',
  'caja',
  'cartera',
  'inventario',
  'contabilidad',
  'fiscal',
] as const;
export type GrupoDeReporte = (typeof GRUPOS_DE_REPORTE)[number];
export const TITULOS_DE_GRUPO: Record<GrupoDeReporte, string> = {
  ventas: 'Ventas',
  caja: 'Caja, cobros y pagos',
  cartera: 'Cuentas por cobrar y por pagar',
  inventario: 'Inventario',
  contabilidad: 'Contabilidad',
  fiscal: 'Formatos DGII',
};

const uuid = (mensaje: string) => z.uuid({ error: mensaje }).nullable().optional();

/**
 * Every filter a report may take. The period is spec 002 §7's preset or range; the rest are optional
 * ids or values. A report's body is this schema (or an extension of it), so the generic page always
 * sends the same field names. `page`/`limit` page the rows of a paged report; absent = all rows.
 */
export const FiltroDeReporte = FiltroDePeriodo.extend({
  idCliente: uuid('El cliente no es válido'),
  idProveedor: uuid('El proveedor no es válido'),
  idUsuario: uuid('El usuario no es válido'),
  idTerminal: uuid('La terminal no es válida'),
  idAlmacen: uuid('El almacén no es válido'),
  idCentroDeCosto: uuid('El centro de costo no es válido'),
  idCategoria: uuid('La categoría no es válida'),
  estado: z
    .enum(['Activo', 'Por-Anular', 'Anulado'], { error: 'El estado no es válido' })
    .nullable()
    .optional(),
  metodoDePago: z
    .string()
    .max(40, 'El método de pago no es válido')
    .refine((v) => !v.includes('\u0000'), 'El método de pago no es válido')
    .nullable()
    .optional(),
  input: z
    .string()
    .max(200, 'La búsqueda no puede tener más de 200 caracteres')
    .refine((v) => !v.includes('\u0000'), 'La búsqueda no puede contener el carácter nulo')
    .optional(),
  page: z.coerce.number().int().min(1, 'La página empieza en 1').max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(500, 'No se pueden pedir más de 500 filas por página').optional(),
});
export type FiltroDeReporte = z.infer<typeof FiltroDeReporte>;

/** Rows per page of a paged report's screen (spec 002 §9 lists: 25). */
export const FILAS_POR_PAGINA_DE_REPORTE = 25;

/** Who may see a report: a module permission, or any one of several. */
export type PermisoDeReporte =
  | { modulo: Modulo; accion: Accion }
  | { alguno: ReadonlyArray<{ modulo: Modulo; accion: Accion }> };

/**
 * A report. `F` is the row type and `R` the answer; `filas` names the answer's field that holds the rows
 * (the spec's names: `facturas`, `listaDocumentos`, `listaDeFacturasAnuladas`…), and `totalRows` in the
 * answer counts them when the report pages.
 */
export type DeclaracionDeReporte<F = Record<string, unknown>, R = Record<string, unknown>> = {
  /** The screen's slug under /reportes/ (spec 002 §2), e.g. 'r-facturas'. */
  id: string;
  titulo: string;
  /** One line under the title: what the report answers. */
  descripcion: string;
  grupo: GrupoDeReporte;
  permiso: PermisoDeReporte;
  /** The spec's call (POST, efecto 'lee'). */
  consulta: Endpoint<z.ZodType<FiltroDeReporte>, z.ZodType<R>>;
  filtros: readonly FiltroDisponible[];
  /** Choices of the report's own body fields, after the common filters. */
  selecciones?: readonly SeleccionDeReporte[];
  filas: keyof R & string;
  /** A row's stable key (for the table). */
  clave: keyof F & string;
  columnas: ReadonlyArray<ColumnaDeReporte<F>>;
  cifras?: readonly CifraDeReporte[];
  /** Paged by the server, 25 to a screen page; otherwise every row comes at once. */
  paginado?: boolean;
  /** The period the screen opens with (a preset of spec 002 §7); 4 (this month) by default. */
  periodoInicial?: number;
  /** PDF orientation; landscape by default. */
  orientacion?: 'portrait' | 'landscape';
  /**
   * False for a second call of a screen (spec 002 §7 pairs: `r-ingresos-general` and `r-ingresos/`): it
   * is answered and exported, but has no screen or index entry of its own. True by default.
   */
  pantalla?: boolean;
  /** The export's path when the spec names one; `/reportes/exportar/{id}` otherwise. */
  rutaDeExportar?: string;
};

/** A report of any row and answer type, as the server and the web hold them in one list. */
// biome-ignore lint/suspicious/noExplicitAny: a list of reports with different rows; each is checked where declared.
export type CualquierReporte = DeclaracionDeReporte<any, any>;

/** Declares a report with its row type checked against its columns. */
export function reporte<F, R>(declaracion: DeclaracionDeReporte<F, R>): DeclaracionDeReporte<F, R> {
  return declaracion;
}

/** POST /reportes/exportar/{id}: any declared report as PDF, Excel or the PDF to print (our route). */
export const ExportarReporte = FiltroDeReporte.extend({ documentoOpcion: DocumentoOpcion });
export type ExportarReporte = z.infer<typeof ExportarReporte>;

// One export endpoint per declaration: the server registers it and the contract lists it (the route
// walks of the read-mode and fuzz tests find it there).
const EXPORTACIONES = new WeakMap<CualquierReporte, ReturnType<typeof crearExportacion>>();
function crearExportacion(cuerpo: typeof ExportarReporte, path: string) {
  return endpoint({
    method: 'POST',
    path,
    efecto: 'lee',
    body: cuerpo,
    params: SinParams,
    respuesta: Archivo,
  });
}

/**
 * The report's export call: its spec path, or ours `/reportes/exportar/{id}`; the report's own body (its
 * extra fields too, e.g. a required customer) plus documentoOpcion.
 */
export function exportarReporte(declaracion: CualquierReporte) {
  const hecha = EXPORTACIONES.get(declaracion);
  if (hecha) {
    return hecha;
  }
  const cuerpo = declaracion.consulta.body;
  const exportacion = crearExportacion(
    (cuerpo instanceof z.ZodObject
      ? cuerpo.safeExtend({ documentoOpcion: DocumentoOpcion })
      : ExportarReporte) as unknown as typeof ExportarReporte,
    declaracion.rutaDeExportar ?? `/reportes/exportar/${declaracion.id}`,
  );
  EXPORTACIONES.set(declaracion, exportacion);
  return exportacion;
}
