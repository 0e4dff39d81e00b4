import {
  type DetalleFactura,
  type EnviarFacturaPorCorreo,
  MENSAJE_ERROR_CORREO_FACTURA,
} from '@pos/contract';
import { aCentavos, formatearDinero, formatearFecha } from '@pos/domain';
import { createTransport } from 'nodemailer';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { smtpDeLaEmpresa } from '../empresas/service.ts';
import type { SmtpGuardado } from '../empresas/tables.ts';
import {
  datosDelPdf,
  type EmpresaDelPdf,
  nombreDelPdfDeFactura,
  renderizarFacturaPdf,
  tituloDeFactura,
} from './pdf.ts';

// Issue 7, spec 001 §1 "Sending a document by e-mail": the invoice PDF goes out attached through the
// company's own SMTP server. The work is split in two so that no transaction stays open during network
// I/O: `prepararCorreoDeFactura` reads everything inside the request's transaction, and
// `enviarCorreoDeFactura` renders and sends after it has committed.

export const MENSAJE_SIN_SMTP =
  'Configura el correo saliente (SMTP) en Configuración general antes de enviar facturas.';

/** Everything the sending needs, read inside the transaction. */
export class CorreoDeFactura {
  constructor(
    readonly smtp: SmtpGuardado,
    readonly detalle: DetalleFactura,
    readonly empresa: EmpresaDelPdf,
    readonly para: string,
    readonly mensaje: string,
  ) {}
}

// Waits short enough that the cashier gets an answer instead of a hung request.
const ESPERAS = { connectionTimeout: 15_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** Reads the invoice, the company and its SMTP settings; 409 when the company has no mail server. */
export async function prepararCorreoDeFactura(
  ctx: Ctx,
  id: string,
  entrada: z.output<typeof EnviarFacturaPorCorreo>,
  carpetaDeArchivos: string | undefined,
): Promise<CorreoDeFactura> {
  const { detalle, empresa } = await datosDelPdf(ctx, id, carpetaDeArchivos);
  const smtp = await smtpDeLaEmpresa(ctx);
  if (!smtp?.host || !smtp.remitente) {
    throw new AppError('conflicto', MENSAJE_SIN_SMTP, { datos: { smtpConfigurado: false } });
  }
  return new CorreoDeFactura(smtp, detalle, empresa, entrada.correo, entrada.mensaje ?? '');
}

/** The e-mail's subject and plain text (the customer's name, the number, the date and the amount). */
export function redactarCorreo(correo: CorreoDeFactura): { asunto: string; texto: string } {
  const f = correo.detalle.FacturaDb;
  const titulo = tituloDeFactura(f);
  const numero = f.comprobante ?? (f.numeroFactura === null ? '' : `N.º ${f.numeroFactura}`);
  const asunto = `${titulo} ${numero} de ${correo.empresa.nombre}`.replace(/\s+/g, ' ');
  const firma = [correo.empresa.nombre, correo.empresa.telefono, correo.empresa.correo]
    .filter(Boolean)
    .join('\n');
  const cuerpo =
    correo.mensaje.trim() ||
    [
      `Saludos${f.nombreOpcional || f.nombre ? `, ${f.nombreOpcional || f.nombre}` : ''}:`,
      '',
      `Le enviamos adjunta la ${titulo.toLowerCase()} ${numero} del ${formatearFecha(f.fechaEmision)}, por un total de ${formatearDinero(aCentavos(f.total))}.`,
      '',
      'Gracias por su preferencia.',
    ].join('\n');
  return { asunto, texto: `${cuerpo}\n\n--\n${firma}\n` };
}

/** Renders the PDF and sends it; a failure of the mail server is a 409 naming the reason. */
export async function enviarCorreoDeFactura(correo: CorreoDeFactura): Promise<{ message: string }> {
  const pdf = await renderizarFacturaPdf(correo.detalle, correo.empresa);
  const { asunto, texto } = redactarCorreo(correo);
  const { host, port, secure, usuario, password, remitente } = correo.smtp;
  const transporte = createTransport({
    host,
    port,
    secure,
    ...(usuario ? { auth: { user: usuario, pass: password } } : {}),
    ...ESPERAS,
  });
  try {
    await transporte.sendMail({
      from: { name: correo.empresa.nombre, address: remitente },
      ...(correo.empresa.correo ? { replyTo: correo.empresa.correo } : {}),
      to: correo.para,
      subject: asunto,
      text: texto,
      attachments: [
        {
          filename: nombreDelPdfDeFactura(correo.detalle.FacturaDb),
          content: pdf,
          contentType: 'application/pdf',
        },
      ],
    });
  } catch (error) {
    throw new AppError('conflicto', `${MENSAJE_ERROR_CORREO_FACTURA}: ${razonDelFallo(error, correo.smtp)}`, {
      datos: { errorDeCorreo: true },
    });
  } finally {
    transporte.close();
  }
  return { message: `Factura enviada a ${correo.para}` };
}

/** The mail server's failure in words the user can act on. */
export function razonDelFallo(error: unknown, smtp: Pick<SmtpGuardado, 'host' | 'port'>): string {
  const { code, message, responseCode } = (error ?? {}) as {
    code?: string;
    message?: string;
    responseCode?: number;
  };
  const servidor = `${smtp.host}:${smtp.port}`;
  switch (code) {
    case 'EAUTH':
      return 'el servidor SMTP rechazó el usuario o la contraseña.';
    case 'EDNS':
      return `no se encontró el servidor ${smtp.host}.`;
    case 'ETIMEDOUT':
      return `el servidor ${servidor} no respondió a tiempo.`;
    case 'ETLS':
      return `falló la conexión segura (TLS) con ${servidor}; revisa el puerto y la opción de conexión segura.`;
    case 'ECONNECTION':
    case 'ESOCKET':
      return `no se pudo conectar con el servidor ${servidor}${message ? ` (${recortar(message)})` : ''}.`;
    case 'EENVELOPE':
      return `el servidor rechazó el remitente o el destinatario${message ? ` (${recortar(message)})` : ''}.`;
    default:
      return `${responseCode ? `el servidor respondió ${responseCode}: ` : ''}${recortar(message ?? 'error desconocido')}.`;
  }
}

function recortar(texto: string): string {
  const limpio = texto.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  return limpio.length > 200 ? `${limpio.slice(0, 200)}…` : limpio;
}
