import {
  type Endpoint,
  type ErrorDeImportacion,
  importacionProductos,
  type ResultadoDeImportacion,
} from '@pos/contract';
import type { z } from 'zod';
import { ErrorDeApi, URL_API } from '../../api/client.ts';
import { leerSesion } from '../../app/sesion.ts';

const SIN_CONEXION = 'No hay conexión con el servidor. Revisa tu internet e intenta de nuevo.';

function cabecerasDeSesion(): Record<string, string> {
  const sesion = leerSesion();
  return sesion ? { tenantId: String(sesion.tenantId), authorization: `Bearer ${sesion.token}` } : {};
}

/** The file name of a `content-disposition` header (RFC 5987 `filename*` first). */
export function nombreDeArchivo(disposicion: string | null, porDefecto: string): string {
  if (!disposicion) {
    return porDefecto;
  }
  const extendido = /filename\*=UTF-8''([^;]+)/i.exec(disposicion);
  if (extendido?.[1]) {
    try {
      return decodeURIComponent(extendido[1]);
    } catch {
      return porDefecto;
    }
  }
  return /filename="([^"]+)"/i.exec(disposicion)?.[1] ?? porDefecto;
}

/**
 * Calls an endpoint that answers a file (contract `Archivo`: the server sends the bytes with their type
 * and name); errors stay JSON and become `ErrorDeApi` as in `api()`.
 */
export async function pedirArchivo<E extends Endpoint>(
  endpoint: E,
  body?: z.input<E['body']>,
): Promise<{ blob: Blob; nombre: string }> {
  const cabeceras = cabecerasDeSesion();
  if (body !== undefined) {
    cabeceras['content-type'] = 'application/json';
  }
  let respuesta: Response;
  try {
    respuesta = await fetch(`${URL_API}${endpoint.path}`, {
      method: endpoint.method,
      headers: cabeceras,
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new ErrorDeApi(0, SIN_CONEXION);
  }
  if (!respuesta.ok) {
    const cuerpo = (await respuesta.json().catch(() => null)) as {
      message?: unknown;
      errores?: Array<{ campo: string; mensaje: string }>;
    } | null;
    throw new ErrorDeApi(
      respuesta.status,
      typeof cuerpo?.message === 'string'
        ? cuerpo.message
        : `El servidor respondió con el error ${respuesta.status}.`,
      Array.isArray(cuerpo?.errores) ? cuerpo.errores : [],
    );
  }
  return {
    blob: await respuesta.blob(),
    nombre: nombreDeArchivo(respuesta.headers.get('content-disposition'), 'archivo'),
  };
}

/** Saves a file through the browser's download. */
export function guardarArchivo(blob: Blob, nombre: string): void {
  const url = URL.createObjectURL(blob);
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = nombre;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Opens a PDF in a new tab. The tab is opened before the request (inside the click) so that pop-up
 * blockers allow it; `ventana` is that tab. Without one the PDF is downloaded instead.
 */
export function mostrarPdf(blob: Blob, nombre: string, ventana: Window | null): void {
  if (!ventana || ventana.closed) {
    guardarArchivo(blob, nombre);
    return;
  }
  const url = URL.createObjectURL(blob);
  ventana.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
}

export type ProgresoDeSubida = { enviados: number; total: number };

/** A failed import: the server's message and, when the file had bad rows, each row's error. */
export class ErrorDeImportacionDeProductos extends ErrorDeApi {
  readonly filas: ErrorDeImportacion[];
  constructor(statusCode: number, mensaje: string, filas: ErrorDeImportacion[]) {
    super(statusCode, mensaje, filas);
    this.name = 'ErrorDeImportacionDeProductos';
    this.filas = filas;
  }
}

function erroresDeFilas(errores: unknown): ErrorDeImportacion[] {
  if (!Array.isArray(errores)) {
    return [];
  }
  return errores.flatMap((e: Partial<ErrorDeImportacion>) =>
    typeof e?.mensaje === 'string'
      ? [
          {
            campo: String(e.campo ?? ''),
            mensaje: e.mensaje,
            fila: typeof e.fila === 'number' ? e.fila : 0,
            columna: String(e.columna ?? ''),
          },
        ]
      : [],
  );
}

/**
 * Uploads a products spreadsheet to POST /registro-productos/import-xlsx (multipart field `avatar`, and
 * the warehouse of the initial stock). XMLHttpRequest, not fetch, because only it reports upload progress.
 */
export function subirHojaDeProductos(
  archivo: File,
  idAlmacen: string | null,
  alProgresar: (progreso: ProgresoDeSubida) => void,
  senal?: AbortSignal,
): Promise<ResultadoDeImportacion> {
  const { importar } = importacionProductos;
  return new Promise((resolver, rechazar) => {
    const xhr = new XMLHttpRequest();
    xhr.open(importar.method, `${URL_API}${importar.path}`);
    for (const [clave, valor] of Object.entries(cabecerasDeSesion())) {
      xhr.setRequestHeader(clave, valor);
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
        const leido = importar.respuesta.safeParse(cuerpo);
        if (leido.success) {
          resolver(leido.data);
        } else {
          rechazar(new ErrorDeApi(xhr.status, 'El servidor respondió algo inesperado.'));
        }
        return;
      }
      const { message, errores } = (cuerpo ?? {}) as { message?: unknown; errores?: unknown };
      rechazar(
        new ErrorDeImportacionDeProductos(
          xhr.status,
          typeof message === 'string' ? message : `El servidor respondió con el error ${xhr.status}.`,
          erroresDeFilas(errores),
        ),
      );
    };
    xhr.onerror = () => rechazar(new ErrorDeApi(0, SIN_CONEXION));
    xhr.onabort = () => rechazar(new DOMException('Subida cancelada', 'AbortError'));
    senal?.addEventListener('abort', () => xhr.abort());
    const datos = new FormData();
    if (idAlmacen) {
      datos.append('idAlmacen', idAlmacen);
    }
    datos.append('avatar', archivo);
    xhr.send(datos);
  });
}
