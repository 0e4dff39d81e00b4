import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Archivo, type CabeceraDeVenta, type LineaDeVenta, NOMBRE_DE_ARCHIVO } from '@pos/contract';
import {
  aCentavos,
  formatearCantidad,
  formatearDinero,
  formatearFecha,
  formatearImporte,
  formatearPorcentaje,
} from '@pos/domain';
import PDFDocument from 'pdfkit';
import { pdfABuffer, TIPO_PDF } from '../http/exportar.ts';
import type { Ctx } from '../http/handle.ts';
import { carpetaDeLaEmpresa } from '../modules/archivos/service.ts';
import { obtenerConfiguracionGeneral } from '../modules/empresas/service.ts';

// The business document as a Letter-size PDF (spec 001 §1 "PDF / e-mail", §7): the one downloaded and
// the one attached to the e-mail. One layout for every family — company header, the document's data
// box, the customer block, the lines table, totals, notes and the page footer — so an invoice, a
// quotation and a delivery note read alike. A family says only what is its own (an invoice's NCF,
// due date, payments and tax breakdown; a conduce's kind) through `DocumentoDelPdf`.
// `renderizarDocumentoPdf` is pure (document and company in, bytes out).

/** What the PDF shows of the issuing company; the logo as PNG or JPEG bytes (pdfkit reads only those). */
export type EmpresaDelPdf = {
  nombre: string;
  rnc: string;
  direccion: string;
  telefono: string;
  correo: string;
  logo?: Uint8Array | null;
};

/** A row of the totals or of the side block; `fondo` marks the total rows (acento: white on blue). */
export type FilaDelPdf = {
  etiqueta: string;
  valor: string;
  fuerte?: boolean;
  color?: string;
  fondo?: 'acento' | 'tenue';
};

/** A line as the table shows it (the fields invoice lines and the kit's lines share). */
export type LineaDelPdf = Pick<
  LineaDeVenta,
  'cantidad' | 'descripcion' | 'nota' | 'descuento' | 'montoDescuento' | 'totalImpuestos' | 'total'
> & { precio: number | string };

/** What a family puts on the page. */
export type DocumentoDelPdf = {
  /** 'Factura de Crédito Fiscal', 'Cotización': the big title (in capitals) and the footer's name. */
  titulo: string;
  /** The number in the footer and the file's title: 'B0100000007', 'N.º 7'. */
  numero: string;
  /** The data box under the title: [label, value]; the label in `resaltar` is set larger and bold. */
  datos: Array<[string, string]>;
  resaltar?: string;
  cliente: { titulo: string; nombre: string; lineas: string[] };
  /** Beside the customer: sale conditions, the user who made it. */
  condiciones: Array<[string, string]>;
  lineas: readonly LineaDelPdf[];
  /** The small print under the table. */
  leyenda: string;
  totales: FilaDelPdf[];
  /** Beside the totals (an invoice's payments): a title, its rows or `vacio`, then a summary. */
  lateral?: { titulo: string; filas: Array<[string, string]>; vacio: string; resumen: FilaDelPdf[] };
  nota: string;
  /**
   * A table of its own in place of the sales lines (a customer statement's invoices): its columns
   * (one with `ancho` 0 takes the width left) and each row's cells as text; `lineas` is then empty.
   */
  tabla?: { columnas: ColumnaDelPdf[]; filas: string[][] };
  /** Across every page (spec 001 §4: a cancelled document stays on file and reads as void). */
  marcaDeAgua?: string;
  /** Which side of the business the document is on: a purchasing document's lines are at cost. */
  lado?: Lado;
};

/**
 * The side of a document: 'venta' (sold to a customer, at a price) or 'compra' (bought from a supplier,
 * at cost: purchases, purchase orders, debit notes — spec 001 §3). The one switch of the sales words.
 */
export type Lado = 'venta' | 'compra';

/** How each side names the contact (the block's title) and the unit amount of a line, and closes an e-mail. */
export const TEXTOS_DEL_LADO = {
  venta: {
    contacto: 'CLIENTE',
    unitario: 'Precio',
    leyenda: 'Montos en pesos dominicanos (RD$). Precios sin ITBIS.',
    cierre: 'Gracias por su preferencia.',
  },
  compra: {
    contacto: 'PROVEEDOR',
    unitario: 'Costo',
    leyenda: 'Montos en pesos dominicanos (RD$). Costos sin ITBIS.',
    cierre: 'Quedamos atentos a su confirmación. Muchas gracias.',
  },
} as const satisfies Record<Lado, { contacto: string; unitario: string; leyenda: string; cierre: string }>;

const MARGEN = 40;
const ACENTO = '#1f4e79';
const TEXTO = '#1d2939';
const TENUE = '#667085';
const BORDE = '#d0d5dd';
const FONDO = '#f2f4f7';
export const ROJO = '#c92a2a';
/** Space kept free at the foot of every page for the page number. */
const PIE = 28;

/** Pesos with the currency sign, es-DO, 2 decimals (the domain's one formatter). */
export function dinero(valor: number | string): string {
  return formatearDinero(aCentavos(valor));
}

/** A name (an account's) as fits one row of the side box beside the totals. */
export const corto = (texto: string) => (texto.length > 26 ? `${texto.slice(0, 25)}…` : texto);

/** The same amount without the sign, for table cells (the header says the currency). */
function monto(valor: number | string): string {
  return formatearImporte(aCentavos(valor));
}

/** 'HH:mm[:ss]' of a document (already Santo Domingo time) as es-DO shows it: '02:30 p. m.'. */
export function horaDoce(hora: string): string {
  const [h = '0', m = '00'] = hora.split(':');
  const horas = Number(h);
  if (!Number.isFinite(horas)) {
    return hora;
  }
  const doce = horas % 12 === 0 ? 12 : horas % 12;
  return `${String(doce).padStart(2, '0')}:${m.padStart(2, '0')} ${horas < 12 ? 'a. m.' : 'p. m.'}`;
}

// pdfkit's standard fonts are WinAnsi: the narrow no-break space some ICU versions put in dates is not.
export function limpio(texto: string): string {
  return texto.replace(/[\u202f\u00a0]/g, ' ');
}

/** The customer fields every sales document snapshots (spec 001 §3). */
type ClienteDeDocumento = Pick<
  CabeceraDeVenta,
  'nombre' | 'nombreOpcional' | 'rnc' | 'cedula' | 'direccion' | 'telefono' | 'movil' | 'correo'
>;

/** The customer block: name (or 'Consumidor final'), optional name, RNC or cédula, address, contact. */
export function clienteDelPdf(titulo: string, d: ClienteDeDocumento): DocumentoDelPdf['cliente'] {
  return {
    titulo,
    nombre: d.nombre || 'Consumidor final',
    lineas: [
      d.nombreOpcional && d.nombreOpcional !== d.nombre ? `A nombre de: ${d.nombreOpcional}` : '',
      d.rnc ? `${d.rnc.length === 11 ? 'Cédula' : 'RNC'}: ${d.rnc}` : d.cedula ? `Cédula: ${d.cedula}` : '',
      d.direccion,
      [d.telefono || d.movil, d.correo].filter(Boolean).join('  ·  '),
    ].filter((linea) => linea !== ''),
  };
}

/**
 * Subtotal, discount, taxes (one row per tax of `desglose`, else one 'ITBIS' row) and the total, as
 * every sales document adds them up (packages/domain computed and stored them).
 */
export function totalesDelPdf(
  d: { importe: number; descuento: number; subtotal: number; impuestos: number; total: number },
  desglose: ReadonlyArray<{ etiqueta: string; total: number }> = [],
): FilaDelPdf[] {
  const totales: FilaDelPdf[] = [{ etiqueta: 'Subtotal', valor: dinero(d.importe) }];
  if (d.descuento > 0) {
    totales.push({ etiqueta: 'Descuento', valor: `-${dinero(d.descuento)}` });
    totales.push({ etiqueta: 'Subtotal con descuento', valor: dinero(d.subtotal) });
  }
  if (desglose.length > 0) {
    for (const impuesto of desglose) {
      totales.push({ etiqueta: impuesto.etiqueta, valor: dinero(impuesto.total) });
    }
  } else {
    totales.push({ etiqueta: 'ITBIS', valor: dinero(d.impuestos) });
  }
  totales.push({ etiqueta: 'TOTAL', valor: dinero(d.total), fuerte: true, fondo: 'acento' });
  return totales;
}

export const LEYENDA_DE_MONTOS = TEXTOS_DEL_LADO.venta.leyenda;

export type ColumnaDelPdf = { titulo: string; ancho: number; alinear: 'left' | 'right' | 'center' };
type Columna = ColumnaDelPdf;

/** Renders a document PDF (Letter, portrait) and answers its bytes. */
export async function renderizarDocumentoPdf(d: DocumentoDelPdf, empresa: EmpresaDelPdf): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGEN, left: MARGEN, right: MARGEN, bottom: MARGEN },
    bufferPages: true,
    info: {
      Title: `${d.titulo} ${d.numero}`.trim(),
      Author: empresa.nombre,
      Producer: 'POS',
    },
  });
  const izquierda = MARGEN;
  const ancho = doc.page.width - 2 * MARGEN;
  const derecha = izquierda + ancho;
  const limiteInferior = () => doc.page.height - MARGEN - PIE;

  function fuente(negrita: boolean, tamano: number, color = TEXTO): PDFKit.PDFDocument {
    return doc
      .font(negrita ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(tamano)
      .fillColor(color);
  }

  /** Starts a new page when `alto` points do not fit above the footer. */
  function reservar(alto: number): boolean {
    if (doc.y + alto > limiteInferior()) {
      doc.addPage();
      doc.y = MARGEN;
      return true;
    }
    return false;
  }

  // ---------------------------------------------------------------- company (left) and document (right)
  const arriba = MARGEN;
  let xEmpresa = izquierda;
  if (empresa.logo && empresa.logo.length > 0) {
    try {
      doc.image(Buffer.from(empresa.logo), izquierda, arriba, { fit: [72, 72] });
      xEmpresa = izquierda + 84;
    } catch {
      // A logo pdfkit cannot read (WEBP, GIF, damaged) is left out rather than failing the document.
    }
  }
  const anchoDocumento = 210;
  const xDocumento = derecha - anchoDocumento;
  const anchoEmpresa = xDocumento - 16 - xEmpresa;
  fuente(true, 14).text(empresa.nombre, xEmpresa, arriba, { width: anchoEmpresa });
  doc.moveDown(0.2);
  const datosEmpresa = [
    empresa.rnc ? `RNC: ${empresa.rnc}` : '',
    empresa.direccion,
    empresa.telefono ? `Tel.: ${empresa.telefono}` : '',
    empresa.correo,
  ].filter((linea) => linea !== '');
  fuente(false, 9, TENUE);
  for (const linea of datosEmpresa) {
    doc.text(linea, xEmpresa, doc.y, { width: anchoEmpresa, lineGap: 1 });
  }
  const finEmpresa = Math.max(doc.y, empresa.logo ? arriba + 72 : 0);

  fuente(true, 15, ACENTO).text(d.titulo.toUpperCase(), xDocumento, arriba, {
    width: anchoDocumento,
    align: 'right',
  });
  doc.moveDown(0.3);
  const altoFilaDoc = 14;
  const yCaja = doc.y;
  const altoCaja = d.datos.length * altoFilaDoc + 10;
  doc.save().roundedRect(xDocumento, yCaja, anchoDocumento, altoCaja, 4).fill(FONDO).restore();
  d.datos.forEach(([etiqueta, valor], i) => {
    const y = yCaja + 6 + i * altoFilaDoc;
    const resaltada = etiqueta === d.resaltar;
    fuente(false, 9, TENUE).text(etiqueta, xDocumento + 10, y, { width: 80, lineBreak: false });
    fuente(resaltada, resaltada ? 10 : 9).text(limpio(valor), xDocumento + 90, y, {
      width: anchoDocumento - 100,
      align: 'right',
      lineBreak: false,
    });
  });
  doc.y = Math.max(finEmpresa, yCaja + altoCaja) + 16;

  // ---------------------------------------------------------------- customer
  const yCliente = doc.y;
  const anchoCondicion = 170;
  const anchoCliente = ancho - anchoCondicion - 24;
  fuente(true, 8, TENUE).text(d.cliente.titulo, izquierda + 10, yCliente + 8, { characterSpacing: 0.5 });
  fuente(true, 11).text(d.cliente.nombre, izquierda + 10, doc.y + 2, { width: anchoCliente });
  fuente(false, 9, TENUE);
  for (const linea of d.cliente.lineas) {
    doc.text(linea, izquierda + 10, doc.y + 1, { width: anchoCliente });
  }
  const finCliente = doc.y;
  const xCondicion = derecha - anchoCondicion - 10;
  d.condiciones.forEach(([etiqueta, valor], i) => {
    const y = yCliente + 8 + i * 13;
    fuente(false, 9, TENUE).text(etiqueta, xCondicion, y, { width: 75, lineBreak: false });
    fuente(true, 9).text(valor, xCondicion + 75, y, {
      width: anchoCondicion - 75,
      align: 'right',
      lineBreak: false,
    });
  });
  const altoCliente = Math.max(finCliente, yCliente + 8 + d.condiciones.length * 13) + 8 - yCliente;
  doc
    .save()
    .roundedRect(izquierda, yCliente, ancho, altoCliente, 4)
    .lineWidth(0.7)
    .strokeColor(BORDE)
    .stroke()
    .restore();
  doc.y = yCliente + altoCliente + 16;

  // ---------------------------------------------------------------- lines
  const columnas: Columna[] = d.tabla?.columnas.map((c) => ({ ...c })) ?? [
    { titulo: 'Cant.', ancho: 46, alinear: 'right' },
    { titulo: 'Descripción', ancho: 0, alinear: 'left' },
    { titulo: TEXTOS_DEL_LADO[d.lado ?? 'venta'].unitario, ancho: 72, alinear: 'right' },
    { titulo: 'Descuento', ancho: 66, alinear: 'right' },
    { titulo: 'ITBIS', ancho: 66, alinear: 'right' },
    { titulo: 'Importe', ancho: 80, alinear: 'right' },
  ];
  const fija = columnas.reduce((suma, c) => suma + c.ancho, 0);
  const descripcion = columnas.find((c) => c.ancho === 0);
  if (descripcion) {
    descripcion.ancho = ancho - fija;
  }
  const relleno = 5;

  function encabezadoDeTabla(): void {
    const y = doc.y;
    doc.save().rect(izquierda, y, ancho, 18).fill(ACENTO).restore();
    let x = izquierda;
    for (const columna of columnas) {
      fuente(true, 8.5, '#ffffff').text(columna.titulo, x + relleno, y + 5, {
        width: columna.ancho - 2 * relleno,
        align: columna.alinear === 'right' ? 'right' : 'left',
        lineBreak: false,
      });
      x += columna.ancho;
    }
    doc.y = y + 18;
  }

  encabezadoDeTabla();
  d.tabla?.filas.forEach((celdas, indice) => {
    fuente(false, 9);
    const alto =
      Math.max(
        ...columnas.map((c, i) => doc.heightOfString(celdas[i] || ' ', { width: c.ancho - 2 * relleno })),
      ) +
      2 * relleno;
    if (reservar(alto)) {
      encabezadoDeTabla();
    }
    const y = doc.y;
    if (indice % 2 === 1) {
      doc.save().rect(izquierda, y, ancho, alto).fill('#f9fafb').restore();
    }
    let x = izquierda;
    columnas.forEach((columna, i) => {
      fuente(false, 9).text(limpio(celdas[i] ?? ''), x + relleno, y + relleno, {
        width: columna.ancho - 2 * relleno,
        align: columna.alinear,
      });
      x += columna.ancho;
    });
    doc
      .save()
      .moveTo(izquierda, y + alto)
      .lineTo(derecha, y + alto)
      .lineWidth(0.5)
      .strokeColor(BORDE)
      .stroke()
      .restore();
    doc.x = izquierda;
    doc.y = y + alto;
  });
  d.lineas.forEach((linea, indice) => {
    const anchoDescripcion = (descripcion?.ancho ?? 200) - 2 * relleno;
    fuente(false, 9);
    const altoDescripcion = doc.heightOfString(linea.descripcion, { width: anchoDescripcion });
    fuente(false, 7.5);
    const altoNota = linea.nota ? doc.heightOfString(linea.nota, { width: anchoDescripcion }) + 1 : 0;
    const descuento =
      linea.montoDescuento > 0
        ? `${monto(linea.montoDescuento)}${linea.descuento > 0 ? `\n${formatearPorcentaje(linea.descuento)}` : ''}`
        : '';
    const anchoNumero = (columnas[3]?.ancho ?? 66) - 2 * relleno;
    fuente(false, 9);
    // The row is as tall as its tallest cell: the description with its note, or a discount on two lines.
    const altoNumeros = Math.max(
      ...[descuento, monto(linea.total), monto(linea.precio)].map((texto) =>
        doc.heightOfString(texto || ' ', { width: anchoNumero }),
      ),
    );
    const alto = Math.max(altoDescripcion + altoNota, altoNumeros) + 2 * relleno;
    if (reservar(alto)) {
      encabezadoDeTabla();
    }
    const y = doc.y;
    if (indice % 2 === 1) {
      doc.save().rect(izquierda, y, ancho, alto).fill('#f9fafb').restore();
    }
    const celdas = [
      formatearCantidad(linea.cantidad),
      '',
      monto(linea.precio),
      descuento,
      monto(linea.totalImpuestos),
      monto(linea.total),
    ];
    let x = izquierda;
    columnas.forEach((columna, i) => {
      if (i === 1) {
        fuente(false, 9).text(linea.descripcion, x + relleno, y + relleno, { width: anchoDescripcion });
        if (linea.nota) {
          fuente(false, 7.5, TENUE).text(linea.nota, x + relleno, doc.y + 1, { width: anchoDescripcion });
        }
      } else {
        fuente(i === 5, 9).text(celdas[i] ?? '', x + relleno, y + relleno, {
          width: columna.ancho - 2 * relleno,
          align: columna.alinear,
        });
      }
      x += columna.ancho;
    });
    doc
      .save()
      .moveTo(izquierda, y + alto)
      .lineTo(derecha, y + alto)
      .lineWidth(0.5)
      .strokeColor(BORDE)
      .stroke()
      .restore();
    doc.x = izquierda;
    doc.y = y + alto;
  });
  fuente(false, 7.5, TENUE).text(d.leyenda, izquierda, doc.y + 4, {
    width: ancho,
  });
  doc.y += 10;

  // ---------------------------------------------------------------- totals (right) and side block (left)
  const lateral = d.lateral;
  const altoFila = 15;
  const altoTotales = d.totales.length * altoFila + 8 + (d.totales.some((t) => t.fuerte) ? 6 : 0);
  const altoLateral = lateral
    ? 18 + Math.max(1, lateral.filas.length) * 13 + 8 + lateral.resumen.length * 13
    : 0;
  reservar(Math.max(altoTotales, altoLateral));
  const yBloque = doc.y;

  const anchoTotales = 230;
  const xTotales = derecha - anchoTotales;
  let yTotal = yBloque;
  for (const fila of d.totales) {
    if (fila.fondo) {
      yTotal += 3;
      doc
        .save()
        .rect(xTotales, yTotal - 3, anchoTotales, altoFila + 4)
        .fill(fila.fondo === 'acento' ? ACENTO : FONDO)
        .restore();
    }
    const blanco = fila.fondo === 'acento';
    const color = blanco ? '#ffffff' : (fila.color ?? TEXTO);
    const tamano = fila.fuerte ? 10.5 : 9;
    fuente(Boolean(fila.fuerte), tamano, blanco ? '#ffffff' : TENUE).text(
      fila.etiqueta,
      xTotales + 8,
      yTotal,
      { width: 130, lineBreak: false },
    );
    fuente(Boolean(fila.fuerte), tamano, color).text(limpio(fila.valor), xTotales + 110, yTotal, {
      width: anchoTotales - 118,
      align: 'right',
      lineBreak: false,
    });
    yTotal += altoFila + (fila.fuerte ? 3 : 0);
  }

  let yLateral = yBloque;
  if (lateral) {
    const anchoLateral = ancho - anchoTotales - 24;
    fuente(true, 8, TENUE).text(lateral.titulo, izquierda, yLateral, { characterSpacing: 0.5 });
    yLateral += 13;
    doc
      .save()
      .moveTo(izquierda, yLateral)
      .lineTo(izquierda + anchoLateral, yLateral)
      .lineWidth(0.5)
      .strokeColor(BORDE)
      .stroke()
      .restore();
    yLateral += 4;
    if (lateral.filas.length === 0) {
      fuente(false, 9, TENUE).text(lateral.vacio, izquierda, yLateral, { width: anchoLateral });
      yLateral += 13;
    }
    for (const [texto, valor] of lateral.filas) {
      fuente(false, 9).text(texto, izquierda, yLateral, { width: anchoLateral - 100, lineBreak: false });
      fuente(false, 9).text(limpio(valor), izquierda + anchoLateral - 100, yLateral, {
        width: 100,
        align: 'right',
        lineBreak: false,
      });
      yLateral += 13;
    }
    yLateral += 6;
    for (const fila of lateral.resumen) {
      fuente(Boolean(fila.fuerte), 9, fila.color ?? TENUE).text(fila.etiqueta, izquierda, yLateral, {
        width: anchoLateral - 100,
        lineBreak: false,
      });
      fuente(Boolean(fila.fuerte), 9, fila.color ?? TEXTO).text(
        limpio(fila.valor),
        izquierda + anchoLateral - 100,
        yLateral,
        {
          width: 100,
          align: 'right',
          lineBreak: false,
        },
      );
      yLateral += 13;
    }
  }
  doc.x = izquierda;
  doc.y = Math.max(yTotal, yLateral) + 14;

  // ---------------------------------------------------------------- footer note
  if (d.nota.trim()) {
    fuente(false, 9);
    const altoNota = doc.heightOfString(d.nota, { width: ancho - 20 }) + 20;
    reservar(altoNota);
    const yNota = doc.y;
    doc.save().rect(izquierda, yNota, 2.5, altoNota).fill(ACENTO).restore();
    fuente(true, 8, TENUE).text('NOTA', izquierda + 10, yNota + 4, { characterSpacing: 0.5 });
    fuente(false, 9).text(d.nota, izquierda + 10, doc.y + 1, { width: ancho - 20 });
    doc.y = yNota + altoNota + 6;
  }

  // ---------------------------------------------------------------- every page: watermark and page number
  const rango = doc.bufferedPageRange();
  for (let i = rango.start; i < rango.start + rango.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would make pdfkit open a page: lift the margin while drawing.
    const margenInferior = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (d.marcaDeAgua) {
      const cx = doc.page.width / 2;
      const cy = doc.page.height / 2;
      doc.save();
      doc.rotate(-35, { origin: [cx, cy] });
      doc.fillOpacity(0.14);
      fuente(true, 110, ROJO).text(d.marcaDeAgua, cx - 300, cy - 55, {
        width: 600,
        align: 'center',
        lineBreak: false,
      });
      doc.restore();
    }
    const yPie = doc.page.height - MARGEN - 12;
    doc
      .save()
      .moveTo(izquierda, yPie - 6)
      .lineTo(derecha, yPie - 6)
      .lineWidth(0.5)
      .strokeColor(BORDE)
      .stroke()
      .restore();
    const identificacion = [d.titulo, d.numero].filter(Boolean).join(' ');
    fuente(false, 7.5, TENUE).text(`${empresa.nombre} · ${identificacion}`, izquierda, yPie, {
      width: ancho - 100,
      height: 10,
      ellipsis: true,
    });
    fuente(false, 7.5, TENUE).text(`Página ${i - rango.start + 1} de ${rango.count}`, derecha - 90, yPie, {
      width: 90,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margenInferior;
  }
  return pdfABuffer(doc);
}

/** The issuing company as the PDF shows it; read inside the request's transaction. */
export async function empresaDelPdf(ctx: Ctx, carpetaDeArchivos: string | undefined): Promise<EmpresaDelPdf> {
  const general = await obtenerConfiguracionGeneral(ctx);
  const [datos] = general.configGeneral;
  return {
    nombre: datos.nombre,
    rnc: datos.rnc,
    direccion: datos.direccion,
    telefono: datos.telefono,
    correo: datos.correo,
    logo: await leerLogo(ctx.tenantId, general.avatar, carpetaDeArchivos),
  };
}

// The logo is the company's uploaded avatar (spec 002 §3). Only names of the upload's own pattern are
// read (the setting is free text), and only PNG and JPEG, the formats pdfkit draws.
async function leerLogo(
  tenantId: number,
  avatar: string | null,
  carpetaDeArchivos: string | undefined,
): Promise<Uint8Array | null> {
  if (!carpetaDeArchivos || !avatar || !NOMBRE_DE_ARCHIVO.test(avatar) || !/\.(png|jpe?g)$/i.test(avatar)) {
    return null;
  }
  try {
    return await readFile(join(carpetaDeLaEmpresa(carpetaDeArchivos, tenantId), avatar));
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ the kit's own documents

/**
 * How a kit family's document reads on paper: its title ('Cotización'), the file's prefix
 * ('Cotizacion', spec 001 §7's Factura-{comprobante}.pdf pattern) and its own rows of the data box
 * (a conduce's kind and invoice).
 */
export type PdfDeVenta = {
  titulo: string;
  prefijoDeArchivo: string;
  cabecera: CabeceraDeVenta;
  lineas: readonly LineaDeVenta[];
  datos?: Array<[string, string]>;
  /** The label of a `vencimiento` ('Válida hasta' for a quotation); absent, it is not shown. */
  vencimiento?: string;
  /** Grammatical gender of the title, for the void mark (ANULADA / ANULADO). */
  femenino: boolean;
  /** Beside the totals: where the total went (a credit note: applied, refunded, credit in favour). */
  lateral?: DocumentoDelPdf['lateral'];
  /** 'compra' for a purchasing document (supplier, costs); default 'venta'. */
  lado?: Lado;
};

/** The file name: {prefijo}-{comprobante}.pdf. */
export function nombreDelPdfDeVenta(pdf: Pick<PdfDeVenta, 'prefijoDeArchivo' | 'cabecera'>): string {
  return `${pdf.prefijoDeArchivo}-${pdf.cabecera.comprobante || pdf.cabecera._id}.pdf`;
}

/** A kit document (quotation, delivery note) as the shared layout takes it. */
export function documentoDeVentaEnPdf(pdf: PdfDeVenta): DocumentoDelPdf {
  const c = pdf.cabecera;
  const datos: Array<[string, string]> = [
    ['Número', c.comprobante],
    ['Fecha', formatearFecha(c.fechaEmision)],
  ];
  if (c.hora) {
    datos.push(['Hora', horaDoce(c.hora)]);
  }
  if (pdf.vencimiento && c.vencimiento) {
    datos.push([pdf.vencimiento, formatearFecha(c.vencimiento)]);
  }
  datos.push(...(pdf.datos ?? []));
  const lado = pdf.lado ?? 'venta';
  return {
    titulo: pdf.titulo,
    numero: c.comprobante,
    datos,
    resaltar: 'Número',
    cliente: clienteDelPdf(TEXTOS_DEL_LADO[lado].contacto, c),
    condiciones: c.creadaPor
      ? [[lado === 'compra' ? `Registrad${pdf.femenino ? 'a' : 'o'} por` : 'Atendido por', c.creadaPor]]
      : [],
    lineas: pdf.lineas,
    leyenda: TEXTOS_DEL_LADO[lado].leyenda,
    lado,
    totales: totalesDelPdf({ ...c, total: c.totalGral }),
    nota: c.notaPieDePagina,
    ...(pdf.lateral ? { lateral: pdf.lateral } : {}),
    ...(c.estado === 'Anulado' ? { marcaDeAgua: pdf.femenino ? 'ANULADA' : 'ANULADO' } : {}),
  };
}

/** A kit document's PDF as a download named {prefijo}-{comprobante}.pdf. */
export async function pdfDeVenta(pdf: PdfDeVenta, empresa: EmpresaDelPdf): Promise<Archivo> {
  return {
    archivo: await renderizarDocumentoPdf(documentoDeVentaEnPdf(pdf), empresa),
    tipo: TIPO_PDF,
    nombre: nombreDelPdfDeVenta(pdf),
    disposicion: 'attachment',
  };
}
