import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { aCentavos, formatearDinero, formatearFecha } from '@pos/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import ipaddr from 'ipaddr.js';
import { createTransport } from 'nodemailer';
import { AppError } from '../http/errors.ts';
import type { Ctx } from '../http/handle.ts';
import { type SmtpGuardado, smtpDeLaEmpresa } from '../modules/empresas/service.ts';
import { type EmpresaDelPdf, type Lado, TEXTOS_DEL_LADO } from './pdf.ts';

// Spec 001 §1 "Sending a document by e-mail": a document's PDF goes out attached through the company's
// own SMTP server. One sender for every family (invoices, quotations, delivery notes): the SMTP
// settings, the public-address rule and the failure message live here once. The work is split in two
// so that no transaction stays open during network I/O: a family's route reads everything inside the
// request's transaction and answers a `CorreoDeDocumento`; `rutasDeCorreo`'s hook renders and sends it
// after the transaction has committed.

export const MENSAJE_SIN_SMTP =
  'Configura el correo saliente (SMTP) en Configuración general antes de enviar documentos por correo.';

/** What a family says about the message: the words and the attachment, rendered only at send time. */
export type EnvioDeDocumento = {
  asunto: string;
  texto: string;
  nombreDelArchivo: string;
  renderizar: () => Promise<Buffer>;
  /** Spec 001 §1: 'Error al enviar {document type} por correo'. */
  mensajeDeError: string;
  /** The answer once sent: 'Cotización enviada a …'. */
  enviado: string;
};

/** Everything the sending needs, read inside the transaction. */
export class CorreoDeDocumento {
  constructor(
    readonly smtp: SmtpGuardado,
    readonly empresa: EmpresaDelPdf,
    readonly para: string,
    readonly envio: EnvioDeDocumento,
  ) {}
}

/** The company's SMTP settings; 409 when the company has no mail server. */
export async function smtpParaEnviar(ctx: Ctx): Promise<SmtpGuardado> {
  const smtp = await smtpDeLaEmpresa(ctx);
  if (!smtp?.host || !smtp.remitente) {
    throw new AppError('conflicto', MENSAJE_SIN_SMTP, { datos: { smtpConfigurado: false } });
  }
  return smtp;
}

/**
 * The e-mail's subject and plain text: the user's message, or a greeting with the customer's name, the
 * document, its date and its amount; then the company's signature.
 */
export function redactarCorreoDeDocumento(datos: {
  titulo: string;
  /** How the text names it: 'la factura de crédito fiscal', 'el conduce'. */
  nombre: string;
  numero: string;
  fecha: string;
  total: number;
  cliente: string;
  mensaje: string;
  empresa: EmpresaDelPdf;
  /** 'compra': written to a supplier (default 'venta', to a customer). */
  lado?: Lado;
}): { asunto: string; texto: string } {
  const { empresa } = datos;
  const asunto = `${datos.titulo} ${datos.numero} de ${empresa.nombre}`.replace(/\s+/g, ' ');
  const firma = [empresa.nombre, empresa.telefono, empresa.correo].filter(Boolean).join('\n');
  const cuerpo =
    datos.mensaje.trim() ||
    [
      `Saludos${datos.cliente ? `, ${datos.cliente}` : ''}:`,
      '',
      `Le enviamos adjunt${datos.nombre.startsWith('la ') ? 'a' : 'o'} ${datos.nombre} ${datos.numero} del ${formatearFecha(datos.fecha)}, por un total de ${formatearDinero(aCentavos(datos.total))}.`,
      '',
      TEXTOS_DEL_LADO[datos.lado ?? 'venta'].cierre,
    ].join('\n');
  return { asunto, texto: `${cuerpo}\n\n--\n${firma}\n` };
}

// Waits short enough that the cashier gets an answer instead of a hung request.
const ESPERAS = { connectionTimeout: 15_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

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
export async function enviarCorreoDeDocumento(
  correo: CorreoDeDocumento,
  registro?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ message: string }> {
  const { host, port, secure, usuario, password, remitente } = correo.smtp;
  const { envio } = correo;
  const fallo = (error: unknown) => {
    registro?.warn({ err: error, smtp: `${host}:${port}` }, `Falló el envío por correo: ${envio.asunto}`);
    return new AppError('conflicto', `${envio.mensajeDeError}: ${razonDelFallo(error)}`, {
      datos: { errorDeCorreo: true },
    });
  };
  let direccion: string;
  try {
    direccion = await direccionDelServidorDeCorreo(host);
  } catch (error) {
    throw fallo(error);
  }
  const pdf = await envio.renderizar();
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
      subject: envio.asunto,
      text: envio.texto,
      attachments: [{ filename: envio.nombreDelArchivo, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (error) {
    throw fallo(error);
  } finally {
    transporte.close();
  }
  return { message: envio.enviado };
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

/**
 * Registers e-mail routes in a scope whose handlers answer a `CorreoDeDocumento`: the send runs in the
 * scope's preSerialization hook, after `ruta` has committed the transaction, so no transaction is
 * held open while the mail server talks.
 */
export async function rutasDeCorreo(
  app: FastifyInstance,
  registrar: (scope: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preSerialization', async (request, _reply, payload) =>
      payload instanceof CorreoDeDocumento ? enviarCorreoDeDocumento(payload, request.log) : payload,
    );
    await registrar(scope);
  });
}
