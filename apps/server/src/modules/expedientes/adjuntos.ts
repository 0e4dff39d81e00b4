import { randomUUID } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Archivo } from '@pos/contract';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import {
  carpetaDeLaEmpresa,
  extensionDeImagen,
  TAMANO_MAXIMO_DE_IMAGEN,
  TIPOS_DE_IMAGEN,
} from '../archivos/service.ts';

// A case file's attached files (spec 002 §3 line archivosAdjunto[]; docs/expedientes.md «Adjuntos»). The
// image upload's rules (modules/archivos: one file in field `avatar`, at most 5 MB, the type read from the
// first bytes, a generated name) plus PDF. They live in a folder of their own inside the company's,
// `tenant_<id>/expedientes/`, which the public image route cannot reach (its names have no folder): a
// case file's papers are read only through GET /expediente/adjunto/{archivo}, with a session and the
// expedientes right.

/** The same limit as the images. */
export const TAMANO_MAXIMO_DE_ADJUNTO = TAMANO_MAXIMO_DE_IMAGEN;

export const TIPOS_DE_ADJUNTO = { ...TIPOS_DE_IMAGEN, pdf: 'application/pdf' } as const;
type ExtensionDeAdjunto = keyof typeof TIPOS_DE_ADJUNTO;

export const MENSAJE_TIPO_DE_ADJUNTO = 'Solo se admiten archivos PDF o imágenes PNG, JPG, GIF o WEBP.';

// A PDF starts with «%PDF-»; anything else that is not one of the images (an executable, a script, an
// office file) is refused.
function extensionDeAdjunto(bytes: Uint8Array): ExtensionDeAdjunto | undefined {
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d];
  if (pdf.every((byte, i) => bytes[i] === byte)) {
    return 'pdf';
  }
  return extensionDeImagen(bytes);
}

function carpetaDeAdjuntos(carpeta: string, tenantId: number): string {
  return join(carpetaDeLaEmpresa(carpeta, tenantId), 'expedientes');
}

/** The MIME type of a stored attachment, from the extension its upload gave it. */
export function tipoDeAdjunto(nombre: string): string {
  const extension = nombre.slice(nombre.lastIndexOf('.') + 1) as ExtensionDeAdjunto;
  return TIPOS_DE_ADJUNTO[extension] ?? 'application/octet-stream';
}

/** POST /expediente/adjunto: stores the file under a generated name and answers it. */
export async function guardarAdjunto(
  ctx: Ctx,
  carpeta: string,
  bytes: Uint8Array,
): Promise<{ nombre: string; tipo: string; tamano: number }> {
  const extension = extensionDeAdjunto(bytes);
  if (!extension) {
    throw new AppError('solicitud_invalida', MENSAJE_TIPO_DE_ADJUNTO, {
      errores: [{ campo: 'avatar', mensaje: 'El archivo no es un PDF ni una imagen PNG, JPG, GIF o WEBP' }],
    });
  }
  const destino = carpetaDeAdjuntos(carpeta, ctx.tenantId);
  await mkdir(destino, { recursive: true });
  const nombre = `${randomUUID()}.${extension}`;
  await writeFile(join(destino, nombre), bytes, { flag: 'wx' });
  return { nombre, tipo: TIPOS_DE_ADJUNTO[extension], tamano: bytes.length };
}

/** Refuses, naming the line, an attachment whose file was never uploaded to this company. */
export async function exigirAdjuntos(
  ctx: Ctx,
  carpeta: string | undefined,
  adjuntos: ReadonlyArray<{ campo: string; contenido: string }>,
): Promise<void> {
  for (const adjunto of adjuntos) {
    const info = carpeta
      ? await stat(join(carpetaDeAdjuntos(carpeta, ctx.tenantId), adjunto.contenido)).catch(() => undefined)
      : undefined;
    if (!info?.isFile()) {
      const mensaje = carpeta
        ? 'El archivo adjunto no existe; súbelo de nuevo.'
        : 'Este servidor no guarda archivos adjuntos.';
      throw new AppError('solicitud_invalida', mensaje, { errores: [{ campo: adjunto.campo, mensaje }] });
    }
  }
}

/** GET /expediente/adjunto/{archivo}: the file, shown in the browser (a PDF or an image). */
export async function leerAdjunto(ctx: Ctx, carpeta: string, nombre: string): Promise<Archivo> {
  const bytes = await readFile(join(carpetaDeAdjuntos(carpeta, ctx.tenantId), nombre)).catch(() => undefined);
  if (!bytes) {
    throw new AppError('no_encontrado', 'El archivo adjunto no existe.');
  }
  return { archivo: bytes, tipo: tipoDeAdjunto(nombre), nombre, disposicion: 'inline' };
}
