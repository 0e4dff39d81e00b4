import type { Archivo, Endpoint, EnviarDocumentoPorCorreo, Modulo, ParamsId } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { BaseDeDatos } from '../db/client.ts';
import { rutasDeArchivos } from '../http/exportar.ts';
import { type Ctx, ruta } from '../http/handle.ts';
import { CorreoDeDocumento, redactarCorreoDeDocumento, rutasDeCorreo, smtpParaEnviar } from './correo.ts';
import {
  documentoDeVentaEnPdf,
  empresaDelPdf,
  nombreDelPdfDeVenta,
  type PdfDeVenta,
  pdfDeVenta,
  renderizarDocumentoPdf,
} from './pdf.ts';

// Spec 001 §1 "PDF / e-mail" for the kit's families (quotations, delivery notes): the download and the
// send, declared once. A family gives its two endpoints, its module (the `ver` right, as the invoice's
// PDF and e-mail ask `facturas.ver`), how texts name it and how to read one document for the page.

export type PdfYCorreo = {
  api: {
    pdf: Endpoint<z.ZodType, typeof Archivo, typeof ParamsId>;
    enviarPorCorreo: Endpoint<typeof EnviarDocumentoPorCorreo, z.ZodType, typeof ParamsId>;
  };
  modulo: Modulo;
  /** How the e-mail's text names it: 'la cotización', 'el conduce'. */
  nombre: string;
  /** Spec 001 §1: 'Error al enviar {document type} por correo'. */
  mensajeDeError: string;
  /** The answer once sent: 'Cotización enviada a …'. */
  enviado: (para: string) => string;
  leer: (ctx: Ctx, id: string) => Promise<PdfDeVenta>;
};

/** Registers GET {pdf} and POST {enviarPorCorreo} of a family; `carpetaDeArchivos` holds the logos. */
export async function rutasDePdfYCorreo(
  app: FastifyInstance,
  db: BaseDeDatos,
  familia: PdfYCorreo,
  carpetaDeArchivos: string | undefined,
): Promise<void> {
  const ver = { modulo: familia.modulo, accion: 'ver' } as const;
  await rutasDeArchivos(app, (archivos) => {
    ruta(archivos, db, familia.api.pdf, ver, async (ctx, { params }) =>
      pdfDeVenta(await familia.leer(ctx, params.id), await empresaDelPdf(ctx, carpetaDeArchivos)),
    );
  });
  const prepararEnvio = { ...familia.api.enviarPorCorreo, respuesta: z.instanceof(CorreoDeDocumento) };
  await rutasDeCorreo(app, (correo) => {
    ruta(correo, db, prepararEnvio, ver, async (ctx, { params, body }) => {
      const pdf = await familia.leer(ctx, params.id);
      const empresa = await empresaDelPdf(ctx, carpetaDeArchivos);
      const smtp = await smtpParaEnviar(ctx);
      const c = pdf.cabecera;
      const { asunto, texto } = redactarCorreoDeDocumento({
        titulo: pdf.titulo,
        nombre: familia.nombre,
        numero: c.comprobante,
        fecha: c.fechaEmision,
        total: c.totalGral,
        cliente: c.nombreOpcional || c.nombre,
        mensaje: body.mensaje ?? '',
        empresa,
        lado: pdf.lado,
      });
      return new CorreoDeDocumento(smtp, empresa, body.correo, {
        asunto,
        texto,
        nombreDelArchivo: nombreDelPdfDeVenta(pdf),
        renderizar: () => renderizarDocumentoPdf(documentoDeVentaEnPdf(pdf), empresa),
        mensajeDeError: familia.mensajeDeError,
        enviado: familia.enviado(body.correo),
      });
    });
  });
}
