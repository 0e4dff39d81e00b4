import { contactos, type ResultadoImportacionRnc } from '@pos/contract';
import { ErrorDeApi, URL_API } from '../../api/client.ts';
import { leerSesion } from '../../app/sesion.ts';

export type ProgresoDeSubida = { enviados: number; total: number };

/**
 * Uploads DGII_RNC.TXT to POST /rnc-info/importar (multipart field `archivo`). XMLHttpRequest, not
 * fetch, because only it reports upload progress; the answer is what the import loaded.
 */
export function subirRegistroRnc(
  archivo: File,
  alProgresar: (progreso: ProgresoDeSubida) => void,
  senal?: AbortSignal,
): Promise<ResultadoImportacionRnc> {
  const sesion = leerSesion();
  return new Promise((resolver, rechazar) => {
    const xhr = new XMLHttpRequest();
    xhr.open(contactos.importarRnc.method, `${URL_API}${contactos.importarRnc.path}`);
    if (sesion) {
      xhr.setRequestHeader('tenantId', String(sesion.tenantId));
      xhr.setRequestHeader('authorization', `Bearer ${sesion.token}`);
    }
    xhr.upload.onprogress = (evento) => {
      alProgresar({ enviados: evento.loaded, total: evento.lengthComputable ? evento.total : archivo.size });
    };
    xhr.onload = () => {
      let cuerpo: unknown = null;
      try {
        cuerpo = JSON.parse(xhr.responseText);
      } catch {
        cuerpo = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolver(contactos.importarRnc.respuesta.parse(cuerpo));
        return;
      }
      const { message } = (cuerpo ?? {}) as { message?: unknown };
      rechazar(
        new ErrorDeApi(
          xhr.status,
          typeof message === 'string' ? message : `El servidor respondió con el error ${xhr.status}.`,
        ),
      );
    };
    xhr.onerror = () =>
      rechazar(new ErrorDeApi(0, 'No hay conexión con el servidor. Revisa tu internet e intenta de nuevo.'));
    xhr.onabort = () => rechazar(new DOMException('Subida cancelada', 'AbortError'));
    senal?.addEventListener('abort', () => xhr.abort());
    const datos = new FormData();
    datos.append('archivo', archivo);
    xhr.send(datos);
  });
}
