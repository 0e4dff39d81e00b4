import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';

/** Largest image accepted (logos, banners, products, contacts). */
export const TAMANO_MAXIMO_DE_IMAGEN = 5 * 1024 * 1024;

export const TIPOS_DE_IMAGEN = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
export type ExtensionDeImagen = keyof typeof TIPOS_DE_IMAGEN;

// The type is read from the file's first bytes, never from the name or the declared type; SVG is
// refused because it can carry scripts.
export function extensionDeImagen(bytes: Uint8Array): ExtensionDeImagen | undefined {
  const inicio = (firma: number[], desde = 0) => firma.every((byte, i) => bytes[desde + i] === byte);
  if (inicio([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return 'png';
  }
  if (inicio([0xff, 0xd8, 0xff])) {
    return 'jpg';
  }
  if (inicio([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return 'gif';
  }
  if (inicio([0x52, 0x49, 0x46, 0x46]) && inicio([0x57, 0x45, 0x42, 0x50], 8)) {
    return 'webp';
  }
  return undefined;
}

/** The folder of one company's files: `<archivos>/tenant_<tenantId>`. */
export function carpetaDeLaEmpresa(carpeta: string, tenantId: number): string {
  return join(carpeta, `tenant_${tenantId}`);
}

/** POST cliente/upload: stores the image under a generated name and answers that name. */
export async function guardarImagen(
  ctx: Ctx,
  carpeta: string,
  bytes: Uint8Array,
): Promise<{ nombre: string }> {
  const extension = extensionDeImagen(bytes);
  if (!extension) {
    throw new AppError('solicitud_invalida', 'Solo se admiten imágenes PNG, JPG, GIF o WEBP.', {
      errores: [{ campo: 'avatar', mensaje: 'El archivo no es una imagen PNG, JPG, GIF o WEBP' }],
    });
  }
  const destino = carpetaDeLaEmpresa(carpeta, ctx.tenantId);
  await mkdir(destino, { recursive: true });
  const nombre = `${randomUUID()}.${extension}`;
  await writeFile(join(destino, nombre), bytes, { flag: 'wx' });
  return { nombre };
}

/** POST /cliente/crearte/{avatar}: removes an image the company no longer uses. */
export async function eliminarImagen(
  ctx: Ctx,
  carpeta: string,
  nombre: string,
): Promise<{ message: string }> {
  try {
    await unlink(join(carpetaDeLaEmpresa(carpeta, ctx.tenantId), nombre));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new AppError('no_encontrado', 'La imagen no existe.');
    }
    throw error;
  }
  return { message: 'Imagen eliminada.' };
}
