import type { Archivo, DocumentoOpcion } from '@pos/contract';
import { formatearFechaHora, formatearPorcentaje } from '@pos/domain';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';

// Shared PDF / spreadsheet answers of reports (spec 002 §7 documentoOpcion print | excel | pdf) and the
// plumbing that sends a file from a `ruta()` handler. Written once; every report reuses it.

export type FormatoDeColumna = 'texto' | 'dinero' | 'cantidad' | 'entero' | 'porcentaje';

export type Columna<F> = {
  titulo: string;
  valor: (fila: F) => string | number | null | undefined;
  formato?: FormatoDeColumna;
  /** Relative width in the PDF (1 by default) and characters in the spreadsheet. */
  ancho?: number;
};

export type TablaExportable<F> = {
  /** Report title, first line of the PDF and of the sheet. */
  titulo: string;
  /** Lines under the title: company, range, filters. */
  encabezado?: string[];
  columnas: Columna<F>[];
  filas: readonly F[];
  /** A totals row, aligned with the columns (null leaves a cell empty). */
  totales?: Array<string | number | null>;
  /** File name without extension. */
  nombreArchivo: string;
  /** PDF orientation; landscape by default (wide reports). */
  orientacion?: 'portrait' | 'landscape';
};

// Spec 002 §8: empty reports show 'NO HAY RESULTADOS' / 'No encontramos nada en ese rango de busqueda'.
export const SIN_RESULTADOS = 'NO HAY RESULTADOS';
export const SIN_RESULTADOS_DETALLE = 'No encontramos nada en ese rango de busqueda';

const dinero = new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const cantidad = new Intl.NumberFormat('es-DO', { minimumFractionDigits: 0, maximumFractionDigits: 4 });
const entero = new Intl.NumberFormat('es-DO', { maximumFractionDigits: 0 });

/** How a cell reads in the PDF (es-DO numbers, 2 fixed decimals for money). */
export function textoDeCelda(valor: string | number | null | undefined, formato: FormatoDeColumna): string {
  if (valor === null || valor === undefined) {
    return '';
  }
  if (typeof valor === 'string') {
    return valor;
  }
  switch (formato) {
    case 'dinero':
      return dinero.format(valor);
    case 'cantidad':
      return cantidad.format(valor);
    case 'entero':
      return entero.format(valor);
    case 'porcentaje':
      return formatearPorcentaje(valor);
    default:
      return String(valor);
  }
}

/** Collects a pdfkit document into one buffer. */
export function pdfABuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    doc.on('data', (parte: Buffer) => partes.push(parte));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A table as a Letter-size PDF with its header repeated on every page. */
export async function tablaEnPdf<F>(tabla: TablaExportable<F>): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: tabla.orientacion ?? 'landscape',
    margin: 36,
    info: { Title: tabla.titulo, Producer: 'POS' },
  });
  const izquierda = doc.page.margins.left;
  const anchoUtil = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const pesos = tabla.columnas.map((c) => c.ancho ?? 1);
  const sumaPesos = pesos.reduce((a, b) => a + b, 0);
  const anchos = pesos.map((p) => (p / sumaPesos) * anchoUtil);
  const relleno = 3;
  const alineacion = (formato: FormatoDeColumna | undefined) =>
    formato === undefined || formato === 'texto' ? 'left' : 'right';

  doc.font('Helvetica-Bold').fontSize(14).text(tabla.titulo, { align: 'left' });
  doc.font('Helvetica').fontSize(9);
  for (const linea of tabla.encabezado ?? []) {
    doc.text(linea);
  }
  doc.text(`Generado: ${formatearFechaHora(new Date())}`);
  doc.moveDown(0.5);

  function fila(celdas: string[], negrita: boolean, fondo?: string): void {
    doc.font(negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const alto =
      Math.max(
        ...celdas.map((texto, i) => doc.heightOfString(texto, { width: (anchos[i] ?? 0) - 2 * relleno })),
      ) +
      2 * relleno;
    if (doc.y + alto > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (!negrita || fondo === undefined) {
        encabezadoDeColumnas();
      }
    }
    const y = doc.y;
    if (fondo) {
      doc.save().rect(izquierda, y, anchoUtil, alto).fill(fondo).restore();
    }
    let x = izquierda;
    celdas.forEach((texto, i) => {
      const ancho = anchos[i] ?? 0;
      doc
        .fillColor('black')
        .font(negrita ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(8)
        .text(texto, x + relleno, y + relleno, {
          width: ancho - 2 * relleno,
          align: alineacion(tabla.columnas[i]?.formato),
        });
      x += ancho;
    });
    doc
      .moveTo(izquierda, y + alto)
      .lineTo(izquierda + anchoUtil, y + alto)
      .lineWidth(0.3)
      .strokeColor('#bbbbbb')
      .stroke();
    doc.x = izquierda;
    doc.y = y + alto;
  }

  function encabezadoDeColumnas(): void {
    fila(
      tabla.columnas.map((c) => c.titulo),
      true,
      '#e9ecef',
    );
  }

  if (tabla.filas.length === 0) {
    doc.moveDown(2).font('Helvetica-Bold').fontSize(14).text(SIN_RESULTADOS, { align: 'center' });
    doc.font('Helvetica').fontSize(10).text(SIN_RESULTADOS_DETALLE, { align: 'center' });
    return pdfABuffer(doc);
  }
  encabezadoDeColumnas();
  for (const registro of tabla.filas) {
    fila(
      tabla.columnas.map((c) => textoDeCelda(c.valor(registro), c.formato ?? 'texto')),
      false,
    );
  }
  if (tabla.totales) {
    fila(
      tabla.totales.map((valor, i) => textoDeCelda(valor, tabla.columnas[i]?.formato ?? 'texto')),
      true,
      '#f8f9fa',
    );
  }
  return pdfABuffer(doc);
}

const FORMATO_EXCEL: Record<FormatoDeColumna, string | undefined> = {
  texto: undefined,
  dinero: '#,##0.00',
  cantidad: '#,##0.####',
  entero: '#,##0',
  porcentaje: '0.00%',
};

/** A table as an .xlsx workbook: title rows, a bold header, numeric cells kept as numbers. */
export async function tablaEnXlsx<F>(tabla: TablaExportable<F>): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  libro.creator = 'POS';
  libro.created = new Date();
  const hoja = libro.addWorksheet(tabla.titulo.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  hoja.addRow([tabla.titulo]).font = { bold: true, size: 14 };
  for (const linea of tabla.encabezado ?? []) {
    hoja.addRow([linea]);
  }
  hoja.addRow([]);
  const cabecera = hoja.addRow(tabla.columnas.map((c) => c.titulo));
  cabecera.font = { bold: true };
  cabecera.eachCell((celda) => {
    celda.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };
  });
  if (tabla.filas.length === 0) {
    hoja.addRow([SIN_RESULTADOS, SIN_RESULTADOS_DETALLE]);
  }
  for (const registro of tabla.filas) {
    hoja.addRow(tabla.columnas.map((c) => c.valor(registro) ?? ''));
  }
  if (tabla.totales) {
    hoja.addRow(tabla.totales.map((valor) => valor ?? '')).font = { bold: true };
  }
  tabla.columnas.forEach((columna, i) => {
    const col = hoja.getColumn(i + 1);
    col.width = Math.max(10, Math.round((columna.ancho ?? 1) * 14));
    const formato = FORMATO_EXCEL[columna.formato ?? 'texto'];
    if (formato) {
      col.numFmt = formato;
    }
  });
  return Buffer.from(await libro.xlsx.writeBuffer());
}

export const TIPO_PDF = 'application/pdf';
export const TIPO_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The answer of a report's export call: the PDF (inline to print, or to download) or the .xlsx. */
export async function exportarTabla<F>(tabla: TablaExportable<F>, opcion: DocumentoOpcion): Promise<Archivo> {
  if (opcion === 'excel') {
    return {
      archivo: await tablaEnXlsx(tabla),
      tipo: TIPO_XLSX,
      nombre: `${tabla.nombreArchivo}.xlsx`,
      disposicion: 'attachment',
    };
  }
  return {
    archivo: await tablaEnPdf(tabla),
    tipo: TIPO_PDF,
    nombre: `${tabla.nombreArchivo}.pdf`,
    disposicion: opcion === 'print' ? 'inline' : 'attachment',
  };
}

function esArchivo(valor: unknown): valor is Archivo {
  return (
    typeof valor === 'object' &&
    valor !== null &&
    'archivo' in valor &&
    valor.archivo instanceof Uint8Array &&
    'tipo' in valor &&
    'nombre' in valor
  );
}

// RFC 6266: an ASCII fallback name plus the UTF-8 one (names carry accents: «existencia-almacén»).
function contentDisposition(archivo: Archivo): string {
  const ascii = archivo.nombre
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `${archivo.disposicion}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(archivo.nombre)}`;
}

/**
 * Registers routes whose handlers answer an `Archivo` (contract `Archivo`): inside this scope the
 * answer goes out as the file's bytes with its type and name; errors stay JSON.
 */
export async function rutasDeArchivos(
  app: FastifyInstance,
  registrar: (scope: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preSerialization', async (_request, reply, payload) => {
      if (esArchivo(payload)) {
        reply.header('content-type', payload.tipo);
        reply.header('content-disposition', contentDisposition(payload));
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
    scope.setReplySerializer((payload) =>
      esArchivo(payload) ? (Buffer.from(payload.archivo) as unknown as string) : JSON.stringify(payload),
    );
    await registrar(scope);
  });
}
