import { leerSesion } from '../app/sesion.ts';
import { ErrorDeApi, URL_API } from './client.ts';

/** The address of an uploaded image of the company (spec 002 §7 "Images": archivos/tenant_{tenantId}/{file}). */
export function urlDeArchivo(tenantId: number, nombre: string | null | undefined): string | null {
  return nombre ? `${URL_API}/archivos/tenant_${tenantId}/${encodeURIComponent(nombre)}` : null;
}

/** Uploads an image (`POST cliente/upload`, multipart field `avatar`) and returns its stored name. */
export async function subirImagen(archivo: File): Promise<string> {
  const sesion = leerSesion();
  const datos = new FormData();
  datos.append('avatar', archivo);
  const respuesta = await fetch(`${URL_API}/cliente/upload`, {
    method: 'POST',
    headers: sesion ? { tenantId: String(sesion.tenantId), authorization: `Bearer ${sesion.token}` } : {},
    body: datos,
  });
  const cuerpo = (await respuesta.json().catch(() => null)) as { nombre?: string; message?: string } | null;
  if (!respuesta.ok || !cuerpo?.nombre) {
    throw new ErrorDeApi(respuesta.status, cuerpo?.message ?? 'No se pudo subir la imagen.');
  }
  return cuerpo.nombre;
}
