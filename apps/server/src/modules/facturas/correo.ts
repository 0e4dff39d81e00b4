import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  type DetalleFactura,
  type EnviarFacturaPorCorreo,
  MENSAJE_ERROR_CORREO_FACTURA,
} from '@pos/contract';
import { aCentavos, formatearDinero, formatearFecha } from '@pos/domain';
import type { FastifyBaseLogger } from 'fastify';
import ipaddr from 'ipaddr.js';
import { createTransport } from 'nodemailer';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { type SmtpGuardado, smtpDeLaEmpresa } from '../empresas/service.ts';
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

/**
 * Self-hosted installs whose mail server is on their own network set SMTP_PERMITIR_RED_PRIVADA=true
 * (README). Read at each send, so a test or an operator changes it without a restart.
 */
export function redPrivadaPermitida(): boolean {
  return process.env.SMTP_PERMITIR_RED_PRIVADA === 'true';
}

/** A mail server the platform refuses to reach; the reason goes to the log, never to the user. */
export class ServidorDeCorreoNoPermitido extends Error {}

/**
 * The address to connect to for the company's SMTP host. A company admin chooses the host, so without
 * the permit only public addresses are reached: never loopback, private, link-local (cloud metadata)
 * or any other reserved range, or «send by e-mail» would probe the server's own network. The name is
 * resolved once and every address it gives must be public; the send then connects to that address,
 * so a second resolution (DNS rebinding) cannot point it elsewhere.
 */
export async function direccionDelServidorDeCorreo(
  host: string,
  permitirRedPrivada = redPrivadaPermitida(),
): Promise<string> {
  const direcciones = await lookup(host, { all: true, verbatim: true });
  if (!permitirRedPrivada) {
    for (const { address } of direcciones) {
      const rango = ipaddr.process(address).range();
      if (rango !== 'unicast') {
        throw new ServidorDeCorreoNoPermitido(`${host} resuelve a ${address} (${rango}), que no es pública`);
      }
    }
  }
  const [primera] = direcciones;
  if (!primera) {
    throw new ServidorDeCorreoNoPermitido(`${host} no resuelve a ninguna dirección`);
  }
  return primera.address;
}

/**
 * Renders the PDF and sends it; a failure of the mail server is a 409. Its message says only what the
 * user can act on (a refused user or password); anything about the network is one generic sentence,
 * and the real error goes to `registro`.
 */
export async function enviarCorreoDeFactura(
  correo: CorreoDeFactura,
  registro?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ message: string }> {
  const { host, port, secure, usuario, password, remitente } = correo.smtp;
  const fallo = (error: unknown) => {
    registro?.warn({ err: error, smtp: `${host}:${port}` }, 'Falló el envío de una factura por correo');
    return new AppError('conflicto', `${MENSAJE_ERROR_CORREO_FACTURA}: ${razonDelFallo(error)}`, {
      datos: { errorDeCorreo: true },
    });
  };
  let direccion: string;
  try {
    direccion = await direccionDelServidorDeCorreo(host);
  } catch (error) {
    throw fallo(error);
  }
  const pdf = await renderizarFacturaPdf(correo.detalle, correo.empresa);
  const { asunto, texto } = redactarCorreo(correo);
  const transporte = createTransport({
    host: direccion,
    port,
    secure,
    // TLS still checks the certificate against the name the company wrote.
    ...(isIP(host) === 0 ? { servername: host } : {}),
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
    throw fallo(error);
  } finally {
    transporte.close();
  }
  return { message: `Factura enviada a ${correo.para}` };
}

export const RAZON_GENERICA_DEL_FALLO =
  'no se pudo enviar por el servidor SMTP configurado. Revisa el servidor, el puerto y la conexión segura en Configuración general.';

/**
 * The mail server's failure in words the user can act on. Only a refused login is told apart: the
 * rest (refused or timed-out connections, TLS, a non-public address, the server's own texts) reads
 * the same, so the answer never tells what listens where.
 */
export function razonDelFallo(error: unknown): string {
  const { code } = (error ?? {}) as { code?: string };
  return code === 'EAUTH' ? 'el servidor SMTP rechazó el usuario o la contraseña.' : RAZON_GENERICA_DEL_FALLO;
}
