import { ErrorDeApi, URL_API } from '../../api/client.ts';
import { leerSesion } from '../../app/sesion.ts';

// A case file's files go with the session (never public links): the upload of an attachment and the
// opening of an attachment or a written document's PDF in a new tab (docs/expedientes.md «Adjuntos»).

function cabeceras(): Record<string, string> {
  const sesion = leerSesion();
  return sesion ? { tenantId: String(sesion.tenantId), authorization: `Bearer ${sesion.token}` } : {};
}

async function mensajeDeError(respuesta: Response, otro: string): Promise<ErrorDeApi> {
  const cuerpo = (await respuesta.json().catch(() => null)) as { message?: unknown } | null;
  return new ErrorDeApi(respuesta.status, typeof cuerpo?.message === 'string' ? cuerpo.message : otro);
}

/** POST /expediente/adjunto (multipart, field avatar): a PDF or an image; answers the stored name. */
export async function subirAdjunto(archivo: File): Promise<{ nombre: string; tipo: string }> {
  const datos = new FormData();
  datos.append('avatar', archivo);
  let respuesta: Response;
  try {
    respuesta = await fetch(`${URL_API}/expediente/adjunto`, {
      method: 'POST',
      headers: cabeceras(),
      body: datos,
    });
  } catch {
    throw new ErrorDeApi(0, 'No hay conexión con el servidor. Revisa tu internet e intenta de nuevo.');
  }
  if (!respuesta.ok) {
    throw await mensajeDeError(respuesta, 'No se pudo subir el archivo.');
  }
  return (await respuesta.json()) as { nombre: string; tipo: string };
}

/**
 * Opens a file of the API (`ruta` under /api) in a new tab. The tab is opened at the click, before the
 * download, so that the browser does not take it for a pop-up.
 */
export async function abrirArchivo(ruta: string): Promise<void> {
  const ventana = window.open('', '_blank');
  try {
    const respuesta = await fetch(`${URL_API}${ruta}`, { headers: cabeceras() });
    if (!respuesta.ok) {
      throw await mensajeDeError(respuesta, `El servidor respondió con el error ${respuesta.status}.`);
    }
    const url = URL.createObjectURL(await respuesta.blob());
    if (ventana) {
      ventana.location.href = url;
    } else {
      window.location.assign(url);
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    ventana?.close();
    throw error instanceof ErrorDeApi
      ? error
      : new ErrorDeApi(0, 'No hay conexión con el servidor. Revisa tu internet e intenta de nuevo.');
  }
}
