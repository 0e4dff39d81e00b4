import { Archivo, endpoint, facturas, ParamsId, RUTA_PDF_FACTURA } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { BaseDeDatos } from '../../db/client.ts';
import { rutasDeCorreo } from '../../documentos/correo.ts';
import { rutasDeArchivos } from '../../http/exportar.ts';
import { ruta } from '../../http/handle.ts';
import { CorreoDeFactura, prepararCorreoDeFactura } from './correo.ts';
import { pdfDeFactura } from './pdf.ts';

// Spec 001 §7: the invoice PDF (GET /email/pdf/download/{id}) and sending it by e-mail
// (POST /email/factura/{id}, a path the spec leaves open; see docs/api.md).

const descargarPdf = endpoint({
  method: 'GET',
  path: RUTA_PDF_FACTURA,
  body: z.unknown(),
  params: ParamsId,
  respuesta: Archivo,
});

// The route's handler answers what to send; the kit's `rutasDeCorreo` sends it after the commit.
const prepararEnvio = { ...facturas.enviarPorCorreo, respuesta: z.instanceof(CorreoDeFactura) };

/** Registers the invoice PDF and e-mail routes; `carpetaDeArchivos` holds the logos (absent: no logo). */
export async function documentosDeFacturaRoutes(
  app: FastifyInstance,
  db: BaseDeDatos,
  carpetaDeArchivos?: string,
): Promise<void> {
  const ver = { modulo: 'facturas', accion: 'ver' } as const;
  await rutasDeArchivos(app, (archivos) => {
    ruta(archivos, db, descargarPdf, ver, (ctx, { params }) =>
      pdfDeFactura(ctx, params.id, carpetaDeArchivos),
    );
  });
  await rutasDeCorreo(app, (correo) => {
    ruta(correo, db, prepararEnvio, ver, (ctx, { params, body }) =>
      prepararCorreoDeFactura(ctx, params.id, body, carpetaDeArchivos),
    );
  });
}
