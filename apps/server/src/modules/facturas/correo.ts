import {
  type DetalleFactura,
  type EnviarFacturaPorCorreo,
  MENSAJE_ERROR_CORREO_FACTURA,
} from '@pos/contract';
import type { z } from 'zod';
import { CorreoDeDocumento, redactarCorreoDeDocumento, smtpParaEnviar } from '../../documentos/correo.ts';
import type { Ctx } from '../../http/handle.ts';
import type { SmtpGuardado } from '../empresas/service.ts';
import {
  datosDelPdf,
  type EmpresaDelPdf,
  nombreDelPdfDeFactura,
  renderizarFacturaPdf,
  tituloDeFactura,
} from './pdf.ts';

// Spec 001 §1 "Sending a document by e-mail": the invoice PDF goes out attached through the company's
// own SMTP server, by the document kit's sender (documentos/correo.ts: SMTP settings, public-address
// rule, failure message). This file says only what the invoice's message reads.

/** The invoice's message, read inside the transaction; the kit sends it after the commit. */
export class CorreoDeFactura extends CorreoDeDocumento {
  constructor(
    smtp: SmtpGuardado,
    readonly detalle: DetalleFactura,
    empresa: EmpresaDelPdf,
    para: string,
    readonly mensaje: string,
  ) {
    const { asunto, texto } = redactarCorreo({ detalle, empresa, mensaje });
    super(smtp, empresa, para, {
      asunto,
      texto,
      nombreDelArchivo: nombreDelPdfDeFactura(detalle.FacturaDb),
      renderizar: () => renderizarFacturaPdf(detalle, empresa),
      mensajeDeError: MENSAJE_ERROR_CORREO_FACTURA,
      enviado: `Factura enviada a ${para}`,
    });
  }
}

/** Reads the invoice, the company and its SMTP settings; 409 when the company has no mail server. */
export async function prepararCorreoDeFactura(
  ctx: Ctx,
  id: string,
  entrada: z.output<typeof EnviarFacturaPorCorreo>,
  carpetaDeArchivos: string | undefined,
): Promise<CorreoDeFactura> {
  const { detalle, empresa } = await datosDelPdf(ctx, id, carpetaDeArchivos);
  const smtp = await smtpParaEnviar(ctx);
  return new CorreoDeFactura(smtp, detalle, empresa, entrada.correo, entrada.mensaje ?? '');
}

/** The e-mail's subject and plain text (the customer's name, the number, the date and the amount). */
export function redactarCorreo(correo: {
  detalle: DetalleFactura;
  empresa: EmpresaDelPdf;
  mensaje: string;
}): { asunto: string; texto: string } {
  const f = correo.detalle.FacturaDb;
  const titulo = tituloDeFactura(f);
  return redactarCorreoDeDocumento({
    titulo,
    nombre: `la ${titulo.toLowerCase()}`,
    numero: f.comprobante ?? (f.numeroFactura === null ? '' : `N.º ${f.numeroFactura}`),
    fecha: f.fechaEmision,
    total: f.total,
    cliente: f.nombreOpcional || f.nombre,
    mensaje: correo.mensaje,
    empresa: correo.empresa,
  });
}
