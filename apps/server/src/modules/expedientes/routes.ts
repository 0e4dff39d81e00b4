import multipart from '@fastify/multipart';
import { expedientesApi } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { BaseDeDatos } from '../../db/client.ts';
import { CorreoDeDocumento, rutasDeCorreo } from '../../documentos/correo.ts';
import { AppError } from '../../http/errors.ts';
import { rutasDeArchivos } from '../../http/exportar.ts';
import { ruta } from '../../http/handle.ts';
import { guardarAdjunto, leerAdjunto, TAMANO_MAXIMO_DE_ADJUNTO } from './adjuntos.ts';
import { actualizarExpediente, anularExpediente, crearExpediente } from './escritura.ts';
import { listarExpedientes, obtenerExpediente } from './lectura.ts';
import { correoDeDocumento, pdfDeDocumento } from './pdf.ts';

// The upload's multipart failures in Spanish (the image upload's, modules/archivos, for a file).
function errorDeMultipart(error: { code?: string }): AppError | undefined {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        'demasiado_grande',
        `El archivo no puede pasar de ${TAMANO_MAXIMO_DE_ADJUNTO / (1024 * 1024)} MB.`,
      );
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('solicitud_invalida', 'Envía un solo archivo, en el campo avatar.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return new AppError('solicitud_invalida', 'El formulario del archivo no es válido.');
    default:
      return undefined;
  }
}

/**
 * Case files (spec 002 §7 "Case files"; docs/expedientes.md), privilege `expedientes`. `carpeta` holds the
 * uploaded files; without it attachments are refused (the rest works).
 */
export async function expedientesRoutes(
  app: FastifyInstance,
  db: BaseDeDatos,
  carpeta: string | undefined,
): Promise<void> {
  const api = expedientesApi;
  const permiso = (accion: 'ver' | 'crear' | 'modificar') => ({ modulo: 'expedientes', accion }) as const;
  ruta(app, db, api.crear, permiso('crear'), (ctx, { body }) => crearExpediente(ctx, body, carpeta));
  ruta(app, db, api.todas, permiso('ver'), (ctx, { body }) => listarExpedientes(ctx, body));
  ruta(app, db, api.uno, permiso('ver'), (ctx, { params }) => obtenerExpediente(ctx, params.id));
  ruta(app, db, api.actualizar, permiso('modificar'), (ctx, { params, body }) =>
    actualizarExpediente(ctx, params.id, body, carpeta),
  );
  // Any user who sees case files may ask for a cancellation; the shared flow decides direct or request.
  ruta(app, db, api.anular, permiso('ver'), (ctx, { params, body }) =>
    anularExpediente(ctx, params.id, body),
  );
  await rutasDeArchivos(app, (archivos) => {
    ruta(archivos, db, api.documentoPdf, permiso('ver'), (ctx, { params }) =>
      pdfDeDocumento(ctx, params.id, params.idDocumento, carpeta),
    );
    ruta(archivos, db, api.adjunto, permiso('ver'), async (ctx, { params }) => {
      if (!carpeta) {
        throw new AppError('no_encontrado', 'El archivo adjunto no existe.');
      }
      return leerAdjunto(ctx, carpeta, params.archivo);
    });
  });
  // The send runs after the route's transaction (rutasDeCorreo), as every document's e-mail.
  const prepararCorreo = { ...api.enviarDocumentoPorCorreo, respuesta: z.instanceof(CorreoDeDocumento) };
  await rutasDeCorreo(app, (correo) => {
    ruta(correo, db, prepararCorreo, permiso('ver'), (ctx, { params, body }) =>
      correoDeDocumento(ctx, params.id, params.idDocumento, body, carpeta),
    );
  });
  // Multipart only here, as for the images: every other route of the API stays JSON-only.
  await app.register(async (subida) => {
    await subida.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: TAMANO_MAXIMO_DE_ADJUNTO, files: 1, fields: 5, parts: 6 },
    });
    subida.setErrorHandler((error) => {
      throw errorDeMultipart(error as { code?: string }) ?? error;
    });
    // Uploading is part of writing a case file: who may create or modify them.
    const escribe = { alguno: [permiso('crear'), permiso('modificar')] } as const;
    ruta(subida, db, api.subirAdjunto, escribe, async (ctx, { body }) => {
      if (!carpeta) {
        throw new AppError('solicitud_invalida', 'Este servidor no guarda archivos adjuntos.');
      }
      return guardarAdjunto(ctx, carpeta, body.avatar);
    });
  });
}
