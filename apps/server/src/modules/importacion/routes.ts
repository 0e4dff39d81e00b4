import multipart from '@fastify/multipart';
import { importacionProductos, TAMANO_MAXIMO_DE_IMPORTACION } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { rutasDeArchivos } from '../../http/exportar.ts';
import { ruta } from '../../http/handle.ts';
import { importarProductos, plantillaDeImportacion } from './service.ts';

function errorDeMultipart(error: { code?: string }): AppError | undefined {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        'demasiado_grande',
        `La hoja de cálculo no puede pasar de ${TAMANO_MAXIMO_DE_IMPORTACION / (1024 * 1024)} MB.`,
      );
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('solicitud_invalida', 'Envía una sola hoja de cálculo, en el campo avatar.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return new AppError('solicitud_invalida', 'El formulario de la hoja de cálculo no es válido.');
    default:
      return undefined;
  }
}

/** Product import from a spreadsheet and its template (spec 002 §7; layout in docs/api.md). */
export async function importacionRoutes(app: FastifyInstance, db: BaseDeDatos): Promise<void> {
  const crear = { modulo: 'productos', accion: 'crear' } as const;
  // Multipart only here: every other route of the API stays JSON-only.
  await app.register(async (subida) => {
    await subida.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: TAMANO_MAXIMO_DE_IMPORTACION, files: 1, fields: 3, parts: 4 },
    });
    subida.setErrorHandler((error) => {
      throw errorDeMultipart(error as { code?: string }) ?? error;
    });
    ruta(subida, db, importacionProductos.importar, crear, (ctx, { body }) => importarProductos(ctx, body));
  });
  await rutasDeArchivos(app, (archivos) => {
    ruta(archivos, db, importacionProductos.plantilla, crear, () => plantillaDeImportacion());
  });
}
