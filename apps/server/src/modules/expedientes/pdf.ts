import type { Archivo, EnviarDocumentoPorCorreo } from '@pos/contract';
import { formatearFecha } from '@pos/domain';
import PDFDocument from 'pdfkit';
import { CorreoDeDocumento, smtpParaEnviar } from '../../documentos/correo.ts';
import { type EmpresaDelPdf, empresaDelPdf, limpio } from '../../documentos/pdf.ts';
import { AppError } from '../../http/errors.ts';
import { pdfABuffer, TIPO_PDF } from '../../http/exportar.ts';
import type { Ctx } from '../../http/handle.ts';
import { filaDeExpediente, lineasDe } from './lectura.ts';

// A written document of a case file (spec 002 §3 line documentContent[]: a contract or a certificate
// from a template, as edited) on a Letter page: the company's letterhead, the text as written, and a
// footer naming the case file and the page. The text is the document's own; nothing is filled here (the
// template was filled when the document was written, packages/domain plantillasDeExpediente).

const MARGEN = 56;
const ACENTO = '#1f4e79';
const TENUE = '#667085';

/** Renders the document's text under the company's letterhead (pure: data in, bytes out). */
export async function renderizarDocumentoDeExpediente(
  d: {
    titulo: string;
    contenido: string;
    expediente: string;
    cliente: string;
    fecha: string;
    anulado: boolean;
  },
  empresa: EmpresaDelPdf,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGEN, left: MARGEN, right: MARGEN, bottom: MARGEN },
    bufferPages: true,
    info: { Title: `${d.titulo} · ${d.expediente}`, Author: empresa.nombre, Producer: 'POS' },
  });
  const ancho = doc.page.width - 2 * MARGEN;
  let x = MARGEN;
  if (empresa.logo && empresa.logo.length > 0) {
    try {
      doc.image(Buffer.from(empresa.logo), MARGEN, MARGEN, { fit: [56, 56] });
      x = MARGEN + 68;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the document.
    }
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(ACENTO)
    .text(limpio(empresa.nombre), x, MARGEN, {
      width: ancho - (x - MARGEN),
    });
  const datos = [
    empresa.rnc ? `RNC: ${empresa.rnc}` : '',
    empresa.direccion,
    empresa.telefono ? `Tel.: ${empresa.telefono}` : '',
  ]
    .filter(Boolean)
    .join('  ·  ');
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(TENUE)
    .text(limpio(datos), x, doc.y + 2, { width: ancho - (x - MARGEN) });
  const bajo = Math.max(doc.y, empresa.logo ? MARGEN + 56 : 0) + 8;
  doc
    .moveTo(MARGEN, bajo)
    .lineTo(MARGEN + ancho, bajo)
    .lineWidth(0.8)
    .strokeColor(ACENTO)
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(TENUE)
    .text(limpio(`Expediente ${d.expediente}  ·  ${d.cliente}  ·  ${d.fecha}`), MARGEN, bajo + 6, {
      width: ancho,
      align: 'right',
    });
  doc.moveDown(1.5);
  doc.font('Times-Roman').fontSize(11.5).fillColor('#111111');
  doc.text(limpio(d.contenido), MARGEN, doc.y, {
    width: ancho,
    align: 'justify',
    lineGap: 3,
    paragraphGap: 4,
  });

  const paginas = doc.bufferedPageRange();
  for (let i = 0; i < paginas.count; i += 1) {
    doc.switchToPage(paginas.start + i);
    if (d.anulado) {
      doc
        .save()
        .rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] })
        .font('Helvetica-Bold')
        .fontSize(90)
        .fillColor('#c92a2a')
        .opacity(0.12)
        .text('ANULADO', 0, doc.page.height / 2 - 45, {
          width: doc.page.width,
          align: 'center',
          lineBreak: false,
        })
        .restore();
    }
    // Written inside the bottom margin: lift it for the footer, or pdfkit would start a new page.
    const margenInferior = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(TENUE)
      .opacity(1)
      .text(
        limpio(`${d.titulo} · Expediente ${d.expediente} · Página ${i + 1} de ${paginas.count}`),
        MARGEN,
        doc.page.height - MARGEN + 16,
        { width: ancho, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = margenInferior;
  }
  return pdfABuffer(doc);
}

/** One written document of the case file, with what its page and its e-mail say about the case file. */
async function documentoDelExpediente(ctx: Ctx, id: string, idDocumento: string) {
  const expediente = await filaDeExpediente(ctx, id);
  const documento = (await lineasDe(ctx, [id]))
    .flatMap((l) => l.documentos)
    .find((d) => d._id === idDocumento);
  if (!documento) {
    throw new AppError('no_encontrado', 'El documento no es de este expediente.');
  }
  const nombre = `${documento.nombre}-${expediente.comprobante}`.replace(/[\\/:*?"<>|]+/g, ' ').trim();
  return {
    datos: {
      titulo: documento.nombre,
      contenido: documento.contenido,
      expediente: expediente.comprobante,
      cliente: expediente.nombre,
      fecha: formatearFecha(expediente.fechaEmision),
      anulado: expediente.estado === 'Anulado',
    },
    nombreDelArchivo: `${nombre}.pdf`,
  };
}

/** GET /expediente/documento-pdf/{id}/{idDocumento}: one written document of the case file. */
export async function pdfDeDocumento(
  ctx: Ctx,
  id: string,
  idDocumento: string,
  carpeta: string | undefined,
): Promise<Archivo> {
  const { datos, nombreDelArchivo } = await documentoDelExpediente(ctx, id, idDocumento);
  const bytes = await renderizarDocumentoDeExpediente(datos, await empresaDelPdf(ctx, carpeta));
  return { archivo: bytes, tipo: TIPO_PDF, nombre: nombreDelArchivo, disposicion: 'inline' };
}

/**
 * POST /expediente/documento-correo/{id}/{idDocumento} {correo, mensaje?} (docs/expedientes.md): the
 * same PDF, attached to an e-mail through the company's SMTP; the send happens after the transaction
 * (documentos/correo.ts). The text is the user's message, or a greeting naming the document and the
 * case file, then the company's signature.
 */
export async function correoDeDocumento(
  ctx: Ctx,
  id: string,
  idDocumento: string,
  entrada: EnviarDocumentoPorCorreo,
  carpeta: string | undefined,
): Promise<CorreoDeDocumento> {
  const { datos, nombreDelArchivo } = await documentoDelExpediente(ctx, id, idDocumento);
  const empresa = await empresaDelPdf(ctx, carpeta);
  const smtp = await smtpParaEnviar(ctx);
  const firma = [empresa.nombre, empresa.telefono, empresa.correo].filter(Boolean).join('\n');
  const cuerpo =
    entrada.mensaje?.trim() ||
    [
      `Saludos${datos.cliente ? `, ${datos.cliente}` : ''}:`,
      '',
      `Le enviamos adjunto el documento «${datos.titulo}» de su expediente ${datos.expediente}.`,
      '',
      'Quedamos a su disposición para cualquier consulta.',
    ].join('\n');
  return new CorreoDeDocumento(smtp, empresa, entrada.correo, {
    asunto: `${datos.titulo} · Expediente ${datos.expediente} de ${empresa.nombre}`,
    texto: `${cuerpo}\n\n--\n${firma}\n`,
    nombreDelArchivo,
    renderizar: () => renderizarDocumentoDeExpediente(datos, empresa),
    mensajeDeError: 'Error al enviar el documento del expediente por correo',
    enviado: `Documento enviado a ${entrada.correo}`,
  });
}
