import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import { SMTPServer } from 'smtp-server';

// Test helpers for documents sent as PDF by e-mail: a local SMTP server that keeps what it receives,
// the PDF attachment of a MIME message, and the text a pdfkit PDF shows.

export type Recibido = { de: string; para: string[]; usuario: string | undefined; crudo: string };

/** A local SMTP server (no TLS, loopback) that requires the given user and password and keeps what it receives. */
export async function servidorSmtp(usuario: string, password: string, antesDeAceptar?: () => Promise<void>) {
  const recibidos: Recibido[] = [];
  const servidor = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _sesion, listo) {
      if (auth.username === usuario && auth.password === password) {
        listo(null, { user: auth.username });
      } else {
        listo(new Error('Invalid username or password'));
      }
    },
    onData(flujo, sesion, listo) {
      const partes: Buffer[] = [];
      flujo.on('data', (parte: Buffer) => partes.push(parte));
      flujo.on('end', async () => {
        await antesDeAceptar?.();
        recibidos.push({
          de: sesion.envelope.mailFrom ? sesion.envelope.mailFrom.address : '',
          para: sesion.envelope.rcptTo.map((r) => r.address),
          usuario: sesion.user as string | undefined,
          crudo: Buffer.concat(partes).toString('utf8'),
        });
        listo();
      });
    },
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const puerto = (servidor.server.address() as AddressInfo).port;
  return {
    puerto,
    recibidos,
    cerrar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}

/** The attachment of a MIME message: its headers and decoded bytes. */
export function adjuntoPdf(crudo: string): { cabeceras: string; bytes: Buffer } | undefined {
  const partes = crudo.split(/\r?\n--/);
  for (const parte of partes) {
    const corte = parte.search(/\r?\n\r?\n/);
    const cabeceras = parte.slice(0, corte);
    if (/Content-Type: application\/pdf/i.test(cabeceras)) {
      const cuerpo = parte.slice(corte).replace(/\s+/g, '');
      return { cabeceras, bytes: Buffer.from(cuerpo, 'base64') };
    }
  }
  return undefined;
}

/**
 * The text a pdfkit PDF draws, one line per text operation: its content streams are deflated and its
 * standard fonts write WinAnsi codes as hex strings inside TJ arrays (Latin-1 for Spanish letters).
 */
export function textoDelPdf(pdf: Buffer): string {
  const crudo = pdf.toString('latin1');
  const lineas: string[] = [];
  for (const flujo of crudo.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let contenido: string;
    try {
      contenido = inflateSync(Buffer.from(flujo[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const operacion of contenido.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(operacion[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      lineas.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lineas.join('\n');
}
