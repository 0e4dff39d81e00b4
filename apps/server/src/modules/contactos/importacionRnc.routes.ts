import multipart from '@fastify/multipart';
import { contactos, TAMANO_MAXIMO_REGISTRO_RNC, tienePermiso } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { type CtxConSesion, exigirPortador, leerTenantId, leerToken } from '../../http/handle.ts';
import { TENANT_OPERADOR } from '../../sistema/empresasIniciales.ts';
import { autenticar } from '../auth/service.ts';
import { exigirPlanActivo } from '../empresas/service.ts';
import { importarRegistroRnc } from './rnc.ts';

export const MENSAJE_SOLO_OPERADORA =
  'El registro de RNC de la DGII es común a todas las empresas y solo se importa desde la empresa operadora de la plataforma.';
export const MENSAJE_IMPORTACION_EN_CURSO =
  'Ya hay una importación del registro de RNC en curso; espera a que termine.';

function errorDeMultipart(error: { code?: string }): AppError | undefined {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        'demasiado_grande',
        `El archivo no puede pasar de ${TAMANO_MAXIMO_REGISTRO_RNC / (1024 * 1024)} MB.`,
      );
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('solicitud_invalida', 'Envía un solo archivo, en el campo archivo.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return new AppError('solicitud_invalida', 'El formulario del archivo no es válido.');
    default:
      return undefined;
  }
}

/**
 * POST /rnc-info/importar: the DGII_RNC.TXT upload of /configuraciones/general/utilidades. The registry
 * is global, so only a user of the operator company (tenant 2) with «modificar» in general settings
 * may replace it. The file part is streamed straight into `importarRegistroRnc` (never buffered); a
 * file over the limit aborts the load and the previous registry stays.
 */
export function importacionRncRoutes(app: FastifyInstance, db: BaseDeDatos): void {
  let importando = false;
  void app.register(async (subida) => {
    // Multipart only in this scope: every other route of the API stays JSON-only.
    await subida.register(multipart, {
      limits: { fileSize: TAMANO_MAXIMO_REGISTRO_RNC, files: 1, fields: 0, parts: 1 },
    });
    subida.setErrorHandler((error) => {
      throw errorDeMultipart(error as { code?: string }) ?? error;
    });
    // The bearer is checked before the upload is read, as `ruta` does.
    subida.post(contactos.importarRnc.path, { onRequest: exigirPortador }, async (request) => {
      const tenantId = leerTenantId(request);
      const token = leerToken(request, tenantId);
      await db.enEmpresa(tenantId, async (tx) => {
        const usuario = await autenticar(tx, token);
        const ctx: CtxConSesion = { tx, tenantId, ip: request.ip, usuario };
        if (!tienePermiso(usuario.privilegios, 'configuracionGeneral', 'modificar')) {
          throw new AppError('prohibido', 'No tienes permiso para modificar en Configuración general.');
        }
        if (tenantId !== TENANT_OPERADOR) {
          throw new AppError('prohibido', MENSAJE_SOLO_OPERADORA);
        }
        exigirPlanActivo(ctx);
      });
      if (!request.isMultipart()) {
        throw new AppError('solicitud_invalida', 'Envía el archivo DGII_RNC.TXT en el campo archivo.');
      }
      if (importando) {
        throw new AppError('conflicto', MENSAJE_IMPORTACION_EN_CURSO);
      }
      importando = true;
      try {
        const parte = await request.file();
        if (parte?.fieldname !== 'archivo') {
          parte?.file.resume();
          throw new AppError('solicitud_invalida', 'Envía el archivo DGII_RNC.TXT en el campo archivo.', {
            errores: [{ campo: 'archivo', mensaje: 'Debes adjuntar el archivo DGII_RNC.TXT' }],
          });
        }
        const resultado = await importarRegistroRnc(db, parte.file);
        return contactos.importarRnc.respuesta.parse(resultado);
      } finally {
        importando = false;
      }
    });
  });
}
