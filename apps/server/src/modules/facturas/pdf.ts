import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Archivo, type DetalleFactura, type Factura, NOMBRE_DE_ARCHIVO } from '@pos/contract';
import {
  aCentavos,
  formatearCantidad,
  formatearDinero,
  formatearFecha,
  formatearFechaHora,
  formatearImporte,
  formatearPorcentaje,
} from '@pos/domain';
import PDFDocument from 'pdfkit';
import { pdfABuffer, TIPO_PDF } from '../../http/exportar.ts';
import type { Ctx } from '../../http/handle.ts';
import { carpetaDeLaEmpresa } from '../archivos/service.ts';
import { obtenerConfiguracionGeneral } from '../empresas/service.ts';
import { obtenerFactura } from './lectura.ts';

// Issue 7, spec 001 §7 "GET /email/pdf/download/{id}": the invoice as a Letter-size document, the one
// downloaded and the one attached to the e-mail. `renderizarFacturaPdf` is pure (invoice detail and
// company in, bytes out); `datosDelPdf` reads what it needs inside the request's transaction.

/** What the PDF shows of the issuing company; the logo as PNG or JPEG bytes (pdfkit reads only those). */
export type EmpresaDelPdf = {
  nombre: string;
  rnc: string;
  direccion: string;
  telefono: string;
  correo: string;
  logo?: Uint8Array | null;
};

const MARGEN = 40;
const ACENTO = '#1f4e79';
const TEXTO = '#1d2939';
const TENUE = '#667085';
const BORDE = '#d0d5dd';
const FONDO = '#f2f4f7';
const ROJO = '#c92a2a';
/** Space kept free at the foot of every page for the page number. */
const PIE = 28;

/** Pesos with the currency sign, es-DO, 2 decimals (the domain's one formatter). */
function dinero(valor: number | string): string {
  return formatearDinero(aCentavos(valor));
}

/** The same amount without the sign, for table cells (the header says the currency). */
function monto(valor: number | string): string {
  return formatearImporte(aCentavos(valor));
}

/** 'HH:mm[:ss]' of the invoice (already Santo Domingo time) as es-DO shows it: '02:30 p. m.'. */
function horaDoce(hora: string): string {
  const [h = '0', m = '00'] = hora.split(':');
  const horas = Number(h);
  if (!Number.isFinite(horas)) {
    return hora;
  }
  const doce = horas % 12 === 0 ? 12 : horas % 12;
  return `${String(doce).padStart(2, '0')}:${m.padStart(2, '0')} ${horas < 12 ? 'a. m.' : 'p. m.'}`;
}

// pdfkit's standard fonts are WinAnsi: the narrow no-break space some ICU versions put in dates is not.
function limpio(texto: string): string {
  return texto.replace(/[\u202f\u00a0]/g, ' ');
}

/** The file name of spec 001 §7: Factura-{comprobante}.pdf; the internal number when there is no NCF. */
export function nombreDelPdfDeFactura(factura: Factura): string {
  const numero =
    factura.comprobante || (factura.numeroFactura === null ? factura._id : String(factura.numeroFactura));
  return `Factura-${numero}.pdf`;
}

/** The title by NCF type ('Factura de Crédito Fiscal'); a plain 'Factura' for an internal numbering. */
export function tituloDeFactura(factura: Factura): string {
  return factura.comprobante && factura.tipoNcfNombre ? factura.tipoNcfNombre : 'Factura';
}

type Columna = { titulo: string; ancho: number; alinear: 'left' | 'right' | 'center' };

/** Renders the invoice PDF (Letter, portrait) and answers its bytes. */
export async function renderizarFacturaPdf(detalle: DetalleFactura, empresa: EmpresaDelPdf): Promise<Buffer> {
  const f = detalle.FacturaDb;
  const titulo = tituloDeFactura(f);
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGEN, left: MARGEN, right: MARGEN, bottom: MARGEN },
    bufferPages: true,
    info: {
      Title: `${titulo} ${f.comprobante ?? f.numeroFactura ?? ''}`.trim(),
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
      // A logo pdfkit cannot read (WEBP, GIF, damaged) is left out rather than failing the invoice.
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

  fuente(true, 15, ACENTO).text(titulo.toUpperCase(), xDocumento, arriba, {
    width: anchoDocumento,
    align: 'right',
  });
  doc.moveDown(0.3);
  const filasDocumento: Array<[string, string]> = [];
  if (f.comprobante) {
    filasDocumento.push(['NCF', f.comprobante]);
    if (f.vencimientoNcf) {
      filasDocumento.push(['Válido hasta', formatearFecha(f.vencimientoNcf)]);
    }
  }
  if (f.numeroFactura !== null) {
    filasDocumento.push(['Factura N.º', String(f.numeroFactura)]);
  }
  filasDocumento.push(['Fecha', formatearFecha(f.fechaEmision)]);
  if (f.hora) {
    filasDocumento.push(['Hora', horaDoce(f.hora)]);
  }
  if (f.plazoPagos > 0) {
    filasDocumento.push(['Vence', formatearFecha(f.vencimiento)]);
  }
  const altoFilaDoc = 14;
  const yCaja = doc.y;
  const altoCaja = filasDocumento.length * altoFilaDoc + 10;
  doc.save().roundedRect(xDocumento, yCaja, anchoDocumento, altoCaja, 4).fill(FONDO).restore();
  filasDocumento.forEach(([etiqueta, valor], i) => {
    const y = yCaja + 6 + i * altoFilaDoc;
    fuente(false, 9, TENUE).text(etiqueta, xDocumento + 10, y, { width: 80, lineBreak: false });
    fuente(etiqueta === 'NCF', etiqueta === 'NCF' ? 10 : 9).text(limpio(valor), xDocumento + 90, y, {
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
  fuente(true, 8, TENUE).text('FACTURAR A', izquierda + 10, yCliente + 8, { characterSpacing: 0.5 });
  fuente(true, 11).text(f.nombre || 'Consumidor final', izquierda + 10, doc.y + 2, { width: anchoCliente });
  const lineasCliente = [
    f.nombreOpcional && f.nombreOpcional !== f.nombre ? `A nombre de: ${f.nombreOpcional}` : '',
    f.rnc ? `${f.rnc.length === 11 ? 'Cédula' : 'RNC'}: ${f.rnc}` : f.cedula ? `Cédula: ${f.cedula}` : '',
    f.direccion,
    [f.telefono || f.movil, f.correo].filter(Boolean).join('  ·  '),
  ].filter((linea) => linea !== '');
  fuente(false, 9, TENUE);
  for (const linea of lineasCliente) {
    doc.text(linea, izquierda + 10, doc.y + 1, { width: anchoCliente });
  }
  const finCliente = doc.y;
  const xCondicion = derecha - anchoCondicion - 10;
  const condicion: Array<[string, string]> = [
    ['Condición', f.plazoPagos > 0 ? `Crédito a ${f.plazoPagos} días` : 'Contado'],
    ['Forma de pago', f.metodoDePago],
  ];
  if (f.numeroDeAprobacionTarjeta) {
    condicion.push(['Aprobación', f.numeroDeAprobacionTarjeta]);
  }
  if (f.creadaPor) {
    condicion.push(['Atendido por', f.creadaPor]);
  }
  condicion.forEach(([etiqueta, valor], i) => {
    const y = yCliente + 8 + i * 13;
    fuente(false, 9, TENUE).text(etiqueta, xCondicion, y, { width: 75, lineBreak: false });
    fuente(true, 9).text(valor, xCondicion + 75, y, {
      width: anchoCondicion - 75,
      align: 'right',
      lineBreak: false,
    });
  });
  const altoCliente = Math.max(finCliente, yCliente + 8 + condicion.length * 13) + 8 - yCliente;
  doc
    .save()
    .roundedRect(izquierda, yCliente, ancho, altoCliente, 4)
    .lineWidth(0.7)
    .strokeColor(BORDE)
    .stroke()
    .restore();
  doc.y = yCliente + altoCliente + 16;

  // ---------------------------------------------------------------- lines
  const columnas: Columna[] = [
    { titulo: 'Cant.', ancho: 46, alinear: 'right' },
    { titulo: 'Descripción', ancho: 0, alinear: 'left' },
    { titulo: 'Precio', ancho: 72, alinear: 'right' },
    { titulo: 'Descuento', ancho: 66, alinear: 'right' },
    { titulo: 'ITBIS', ancho: 66, alinear: 'right' },
    { titulo: 'Importe', ancho: 80, alinear: 'right' },
  ];
  const fija = columnas.reduce((suma, c) => suma + c.ancho, 0);
  const descripcion = columnas[1];
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
  detalle.linea_facturasRef.forEach((linea, indice) => {
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
  fuente(false, 7.5, TENUE).text(
    'Montos en pesos dominicanos (RD$). Precios sin ITBIS.',
    izquierda,
    doc.y + 4,
    {
      width: ancho,
    },
  );
  doc.y += 10;

  // ---------------------------------------------------------------- totals (right) and payments (left)
  type FilaTotal = { etiqueta: string; valor: string; fuerte?: boolean; color?: string };
  const totales: FilaTotal[] = [{ etiqueta: 'Subtotal', valor: dinero(f.importe) }];
  if (f.descuento > 0) {
    totales.push({ etiqueta: 'Descuento', valor: `-${dinero(f.descuento)}` });
    totales.push({ etiqueta: 'Subtotal con descuento', valor: dinero(f.subtotal) });
  }
  if (f.desgloseDeImpuestos.length > 0) {
    for (const impuesto of f.desgloseDeImpuestos) {
      totales.push({
        etiqueta: impuesto.name || impuesto.tipoDeImpuesto || 'Impuesto',
        valor: dinero(impuesto.total),
      });
    }
  } else {
    totales.push({ etiqueta: 'ITBIS', valor: dinero(f.impuestos) });
  }
  totales.push({ etiqueta: 'TOTAL', valor: dinero(f.total), fuerte: true });
  const retenciones = detalle.retenciones.length > 0 ? detalle.retenciones : f.retenciones;
  if (f.totalRetenciones > 0) {
    for (const retencion of retenciones) {
      totales.push({
        etiqueta: `Retención ${retencion.nombre}${retencion.porcentaje && !retencion.nombre.includes('%') ? ` (${formatearPorcentaje(retencion.porcentaje / 100)})` : ''}`,
        valor: `-${dinero(retencion.monto)}`,
      });
    }
    if (retenciones.length === 0) {
      totales.push({ etiqueta: 'Retenciones', valor: `-${dinero(f.totalRetenciones)}` });
    }
    totales.push({ etiqueta: 'Monto a pagar', valor: dinero(f.montoAPagar), fuerte: true });
  }

  const pagos = detalle.listaPagosIngreso;
  const cobro: FilaTotal[] = [];
  if (f.efectivoRecibido > 0) {
    cobro.push({ etiqueta: 'Efectivo recibido', valor: dinero(f.efectivoRecibido) });
  }
  if (f.cambioDeDinero > 0) {
    cobro.push({ etiqueta: 'Cambio', valor: dinero(f.cambioDeDinero) });
  }
  cobro.push({ etiqueta: 'Cobrado', valor: dinero(detalle.cobrado) });
  if (detalle.pendiente > 0) {
    cobro.push({
      etiqueta: 'Pendiente por cobrar',
      valor: dinero(detalle.pendiente),
      fuerte: true,
      color: ROJO,
    });
  }

  const altoFila = 15;
  const altoTotales = totales.length * altoFila + 8 + (totales.some((t) => t.fuerte) ? 6 : 0);
  const altoPagos = 18 + Math.max(1, pagos.length) * 13 + 8 + cobro.length * 13;
  reservar(Math.max(altoTotales, altoPagos));
  const yBloque = doc.y;

  const anchoTotales = 230;
  const xTotales = derecha - anchoTotales;
  let yTotal = yBloque;
  for (const fila of totales) {
    if (fila.etiqueta === 'TOTAL' || fila.etiqueta === 'Monto a pagar') {
      yTotal += 3;
      doc
        .save()
        .rect(xTotales, yTotal - 3, anchoTotales, altoFila + 4)
        .fill(fila.etiqueta === 'TOTAL' ? ACENTO : FONDO)
        .restore();
    }
    const color = fila.etiqueta === 'TOTAL' ? '#ffffff' : (fila.color ?? TEXTO);
    const tamano = fila.fuerte ? 10.5 : 9;
    fuente(Boolean(fila.fuerte), tamano, fila.etiqueta === 'TOTAL' ? '#ffffff' : TENUE).text(
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

  const anchoPagos = ancho - anchoTotales - 24;
  let yPago = yBloque;
  fuente(true, 8, TENUE).text('PAGOS', izquierda, yPago, { characterSpacing: 0.5 });
  yPago += 13;
  doc
    .save()
    .moveTo(izquierda, yPago)
    .lineTo(izquierda + anchoPagos, yPago)
    .lineWidth(0.5)
    .strokeColor(BORDE)
    .stroke()
    .restore();
  yPago += 4;
  if (pagos.length === 0) {
    fuente(false, 9, TENUE).text('Sin pagos registrados', izquierda, yPago, { width: anchoPagos });
    yPago += 13;
  }
  for (const pago of pagos) {
    const descripcionPago = [
      pago.metodo,
      pago.numeroDeAprobacion ? `aprob. ${pago.numeroDeAprobacion}` : '',
      pago.origen === 'ingreso' && pago.fecha ? limpio(formatearFechaHora(pago.fecha)) : '',
    ]
      .filter(Boolean)
      .join(' · ');
    fuente(false, 9).text(descripcionPago, izquierda, yPago, { width: anchoPagos - 100, lineBreak: false });
    fuente(false, 9).text(limpio(dinero(pago.monto)), izquierda + anchoPagos - 100, yPago, {
      width: 100,
      align: 'right',
      lineBreak: false,
    });
    yPago += 13;
  }
  yPago += 6;
  for (const fila of cobro) {
    fuente(Boolean(fila.fuerte), 9, fila.color ?? TENUE).text(fila.etiqueta, izquierda, yPago, {
      width: anchoPagos - 100,
      lineBreak: false,
    });
    fuente(Boolean(fila.fuerte), 9, fila.color ?? TEXTO).text(
      limpio(fila.valor),
      izquierda + anchoPagos - 100,
      yPago,
      {
        width: 100,
        align: 'right',
        lineBreak: false,
      },
    );
    yPago += 13;
  }
  doc.x = izquierda;
  doc.y = Math.max(yTotal, yPago) + 14;

  // ---------------------------------------------------------------- footer note
  if (f.notaPieDePagina.trim()) {
    fuente(false, 9);
    const altoNota = doc.heightOfString(f.notaPieDePagina, { width: ancho - 20 }) + 20;
    reservar(altoNota);
    const yNota = doc.y;
    doc.save().rect(izquierda, yNota, 2.5, altoNota).fill(ACENTO).restore();
    fuente(true, 8, TENUE).text('NOTA', izquierda + 10, yNota + 4, { characterSpacing: 0.5 });
    fuente(false, 9).text(f.notaPieDePagina, izquierda + 10, doc.y + 1, { width: ancho - 20 });
    doc.y = yNota + altoNota + 6;
  }

  // ---------------------------------------------------------------- every page: watermark and page number
  const rango = doc.bufferedPageRange();
  for (let i = rango.start; i < rango.start + rango.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would make pdfkit open a page: lift the margin while drawing.
    const margenInferior = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (f.estado === 'Anulado') {
      // Spec 001 §4: a cancelled invoice stays on file and must read as void at a glance.
      const cx = doc.page.width / 2;
      const cy = doc.page.height / 2;
      doc.save();
      doc.rotate(-35, { origin: [cx, cy] });
      doc.fillOpacity(0.14);
      fuente(true, 110, ROJO).text('ANULADA', cx - 300, cy - 55, {
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
    const identificacion = [
      titulo,
      f.comprobante ?? (f.numeroFactura === null ? '' : `N.º ${f.numeroFactura}`),
    ]
      .filter(Boolean)
      .join(' ');
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

/** The invoice and the issuing company as the PDF shows them; read inside the request's transaction. */
export async function datosDelPdf(
  ctx: Ctx,
  id: string,
  carpetaDeArchivos: string | undefined,
): Promise<{ detalle: DetalleFactura; empresa: EmpresaDelPdf }> {
  const detalle = await obtenerFactura(ctx, id);
  const general = await obtenerConfiguracionGeneral(ctx);
  const [datos] = general.configGeneral;
  return {
    detalle,
    empresa: {
      nombre: datos.nombre,
      rnc: datos.rnc,
      direccion: datos.direccion,
      telefono: datos.telefono,
      correo: datos.correo,
      logo: await leerLogo(ctx.tenantId, general.avatar, carpetaDeArchivos),
    },
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

/** GET /email/pdf/download/{id}: the invoice PDF as a download named Factura-{comprobante}.pdf. */
export async function pdfDeFactura(
  ctx: Ctx,
  id: string,
  carpetaDeArchivos: string | undefined,
): Promise<Archivo> {
  const { detalle, empresa } = await datosDelPdf(ctx, id, carpetaDeArchivos);
  return {
    archivo: await renderizarFacturaPdf(detalle, empresa),
    tipo: TIPO_PDF,
    nombre: nombreDelPdfDeFactura(detalle.FacturaDb),
    disposicion: 'attachment',
  };
}
