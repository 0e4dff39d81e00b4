import {
  type AnularFactura,
  type DetalleFactura,
  facturas,
  numeracion,
  RUTA_PDF_FACTURA,
} from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ErrorDeApi, URL_API } from '../../api/client.ts';
import { leerSesion } from '../../app/sesion.ts';

export const facturaQueries = {
  all: () => ['facturas'] as const,
  una: (id: string) =>
    queryOptions({
      queryKey: [...facturaQueries.all(), 'una', id],
      queryFn: ({ signal }) => api(facturas.una, { params: { id }, signal }),
    }),
};

/** The sales numberings the form offers (spec 001 §9 document type ventas). */
export const numeracionQueries = {
  ventas: () =>
    queryOptions({
      queryKey: ['numeraciones', 'ventas'],
      queryFn: async ({ signal }) =>
        (await api(numeracion.listar, { signal })).filter((n) => n.tipoDeDocumento === 'ventas'),
      staleTime: 60_000,
    }),
};

function useInvalidarFacturas() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: facturaQueries.all() });
}

export function useCrearFactura() {
  const invalidar = useInvalidarFacturas();
  return useMutation({
    mutationFn: (body: z.input<typeof facturas.crear.body>) => api(facturas.crear, { body }),
    onSuccess: invalidar,
  });
}

export function useActualizarFactura() {
  const invalidar = useInvalidarFacturas();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof facturas.actualizar.body> }) =>
      api(facturas.actualizar, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useAnularFactura() {
  const invalidar = useInvalidarFacturas();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof AnularFactura> }) =>
      api(facturas.anular, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useEliminarFactura() {
  const invalidar = useInvalidarFacturas();
  return useMutation({
    mutationFn: (id: string) => api(facturas.eliminar, { params: { id } }),
    onSuccess: invalidar,
  });
}

export function useEnviarFacturaPorCorreo() {
  return useMutation({
    mutationFn: ({ id, correo, mensaje }: { id: string; correo: string; mensaje?: string }) =>
      api(facturas.enviarPorCorreo, { params: { id }, body: { correo, ...(mensaje ? { mensaje } : {}) } }),
  });
}

/** The file name the spec gives the invoice PDF (spec 001 §7: Factura-{comprobante}.pdf). */
export function nombreDelPdf(detalle: DetalleFactura): string {
  const factura = detalle.FacturaDb;
  return `Factura-${factura.comprobante ?? factura.numeroFactura ?? factura._id}.pdf`;
}

// GET /email/pdf/download/{id} answers bytes, not JSON, so it does not go through `api()`: the same
// headers (the token is required), a Blob, and the server's JSON message on errors.
/** Downloads the invoice's A4 PDF and saves it as Factura-{comprobante}.pdf. */
export async function descargarPdfDeFactura(detalle: DetalleFactura): Promise<void> {
  const sesion = leerSesion();
  const cabeceras: Record<string, string> = {};
  if (sesion) {
    cabeceras.tenantId = String(sesion.tenantId);
    cabeceras.authorization = `Bearer ${sesion.token}`;
  }
  const ruta = RUTA_PDF_FACTURA.replace(':id', encodeURIComponent(detalle.FacturaDb._id));
  let respuesta: Response;
  try {
    respuesta = await fetch(`${URL_API}${ruta}`, { headers: cabeceras });
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
  const url = URL.createObjectURL(await respuesta.blob());
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = nombreDelPdf(detalle);
  document.body.appendChild(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
