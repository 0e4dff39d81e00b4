import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import multipart from '@fastify/multipart';
import { archivos, NOMBRE_DE_ARCHIVO } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { ruta } from '../../http/handle.ts';
import {
  carpetaDeLaEmpresa,
  eliminarImagen,
  guardarImagen,
  TAMANO_MAXIMO_DE_IMAGEN,
  TIPOS_DE_IMAGEN,
} from './service.ts';

// Multipart failures of @fastify/multipart, in Spanish; anything else goes on to the app's handler.
function errorDeMultipart(error: { code?: string }): AppError | undefined {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        'demasiado_grande',
        `La imagen no puede pasar de ${TAMANO_MAXIMO_DE_IMAGEN / (1024 * 1024)} MB.`,
      );
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('solicitud_invalida', 'Envía una sola imagen, en el campo avatar.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return new AppError('solicitud_invalida', 'El formulario de la imagen no es válido.');
    default:
      return undefined;
  }
}

/** Image upload and removal (spec 002 §7 "Images") and the files' public reads; `carpeta` holds `tenant_<id>/`. */
export async function archivosRoutes(app: FastifyInstance, db: BaseDeDatos, carpeta: string): Promise<void> {
  // Multipart only here: every other route of the API stays JSON-only.
  await app.register(async (subida) => {
    await subida.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: TAMANO_MAXIMO_DE_IMAGEN, files: 1, fields: 5, parts: 6 },
    });
    subida.setErrorHandler((error) => {
      throw errorDeMultipart(error as { code?: string }) ?? error;
    });
    ruta(subida, db, archivos.subir, { sesion: true }, (ctx, { body }) =>
      guardarImagen(ctx, carpeta, body.avatar),
    );
  });
  ruta(app, db, archivos.eliminar, { sesion: true }, (ctx, { params }) =>
    eliminarImagen(ctx, carpeta, params.avatar),
  );

  // Read by <img> tags, which send no tenantId header: the company is the one in the path, and a
  // header naming another one is refused. Names are checked against the upload's own pattern, so
  // nothing outside that company's folder can be reached.
  app.get<{ Params: { tenantId: string; archivo: string } }>(
    '/archivos/tenant_:tenantId/:archivo',
    async (request, reply) => {
      const { tenantId, archivo } = request.params;
      if (!/^[1-9]\d{0,8}$/.test(tenantId) || !NOMBRE_DE_ARCHIVO.test(archivo)) {
        throw new AppError('solicitud_invalida', 'El nombre del archivo no es válido.');
      }
      const cabecera = request.headers.tenantid;
      if (typeof cabecera === 'string' && cabecera.trim() !== tenantId) {
        throw new AppError('prohibido', 'El archivo pertenece a otra empresa.');
      }
      const ruta = join(carpetaDeLaEmpresa(carpeta, Number(tenantId)), archivo);
      const info = await stat(ruta).catch(() => undefined);
      if (!info?.isFile()) {
        throw new AppError('no_encontrado', 'La imagen no existe.');
      }
      const extension = extname(archivo).slice(1) as keyof typeof TIPOS_DE_IMAGEN;
      return (
        reply
          .header('content-type', TIPOS_DE_IMAGEN[extension])
          .header('content-length', info.size)
          .header('x-content-type-options', 'nosniff')
          // Names are never reused, so a file can be cached for good.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(createReadStream(ruta))
      );
    },
  );
}
