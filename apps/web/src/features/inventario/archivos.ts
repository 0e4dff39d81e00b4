import type { DocumentoOpcion, Endpoint } from '@pos/contract';
import type { z } from 'zod';
import { ErrorDeApi, URL_API } from '../../api/client.ts';
import { leerSesion } from '../../app/sesion.ts';

// The report files (spec 002 §7: documentoOpcion print, excel or pdf) come back as bytes, not JSON, so
// they do not go through `api()`: same headers, a Blob answer, and the server's JSON message on errors.

type Archivo = { blob: Blob; nombre: string };

/** The file name of a Content-Disposition header (the UTF-8 form when present). */
export function nombreDeArchivo(disposicion: string | null, porDefecto: string): string {
  if (!disposicion) {
    return porDefecto;
  }
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposicion);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // A malformed name falls back to the plain one.
    }
  }
  return /filename="([^"]+)"/i.exec(disposicion)?.[1] ?? porDefecto;
}

/** Asks the server for a file (POST with a JSON body); throws `ErrorDeApi` with its message on failure. */
export async function pedirArchivo<E extends Endpoint>(
  endpoint: E,
  body: z.input<E['body']>,
): Promise<Archivo> {
  const sesion = leerSesion();
  const cabeceras: Record<string, string> = { 'content-type': 'application/json' };
  if (sesion) {
    cabeceras.tenantId = String(sesion.tenantId);
    cabeceras.authorization = `Bearer ${sesion.token}`;
  }
  let respuesta: Response;
  try {
    respuesta = await fetch(`${URL_API}${endpoint.path}`, {
      method: endpoint.method,
      headers: cabeceras,
      body: JSON.stringify(body),
    });
  } catch {
    throw new ErrorDeApi(0, 'No hay conexión con el servidor. Revisa tu internet e intenta de nuevo.');
  }
  if (!respuesta.ok) {
    const cuerpo = (await respuesta.json().catch(() => null)) as { message?: unknown } | null;
    throw new ErrorDeApi(
      respuesta.status,
      typeof cuerpo?.message === 'string'
        ? cuerpo.message
        : `El servidor respondió con el error ${respuesta.status}.`,
    );
  }
  return {
    blob: await respuesta.blob(),
    nombre: nombreDeArchivo(respuesta.headers.get('content-disposition'), 'reporte'),
  };
}

function descargar({ blob, nombre }: Archivo): void {
  const url = URL.createObjectURL(blob);
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = nombre;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// Printing: the PDF loads in a hidden frame and the browser's print dialog opens over the page, as
// the original app did with its print window (spec 000 §9: print window timeout 1000 ms).
function imprimir({ blob }: Archivo): void {
  const url = URL.createObjectURL(blob);
  const marco = document.createElement('iframe');
  marco.style.position = 'fixed';
  marco.style.width = '0';
  marco.style.height = '0';
  marco.style.border = '0';
  marco.src = url;
  marco.onload = () => {
    setTimeout(() => {
      try {
        marco.contentWindow?.focus();
        marco.contentWindow?.print();
      } catch {
        window.open(url, '_blank', 'noopener');
      }
    }, 100);
  };
  document.body.append(marco);
  setTimeout(() => {
    marco.remove();
    URL.revokeObjectURL(url);
  }, 10 * 60_000);
}

/** Prints, or downloads the PDF or the spreadsheet the server builds for `body`. */
export async function exportar<E extends Endpoint>(
  endpoint: E,
  body: z.input<E['body']>,
  opcion: DocumentoOpcion,
): Promise<void> {
  const archivo = await pedirArchivo(endpoint, body);
  if (opcion === 'print') {
    imprimir(archivo);
  } else {
    descargar(archivo);
  }
}
