import { conducesApi, MENSAJE_ERROR_CORREO_CONDUCE } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { rutasDePdfYCorreo } from '../../documentos/rutas.ts';
import { obtenerFactura } from '../facturas/lectura.ts';
import { obtenerConduce } from './service.ts';

// Spec 001 §1 "PDF / e-mail": a delivery note as the kit's PDF (GET /conduce/pdf/{id}, saved as
// Conduce-{comprobante}.pdf) and sent by e-mail (POST /conduce/correo/{id}); paths in docs/api.md.
// The page says its kind (spec 001 §2: Pre-Factura or Post-Factura) and the invoice involved: the one
// a post-invoice conduce delivers, or the one that billed a pre-invoice conduce.

export async function documentosDeConduceRoutes(
  app: FastifyInstance,
  db: BaseDeDatos,
  carpetaDeArchivos?: string,
): Promise<void> {
  await rutasDePdfYCorreo(
    app,
    db,
    {
      api: conducesApi,
      modulo: 'conduces',
      nombre: 'el conduce',
      mensajeDeError: MENSAJE_ERROR_CORREO_CONDUCE,
      enviado: (para) => `Conduce enviado a ${para}`,
      async leer(ctx, id) {
        const { conduceDb, lineasConduce } = await obtenerConduce(ctx, id);
        const post = conduceDb.tipo === 'postFactura';
        const datos: Array<[string, string]> = [['Tipo', post ? 'Post-Factura' : 'Pre-Factura']];
        if (conduceDb.idFactura) {
          const { FacturaDb: f } = await obtenerFactura(ctx, conduceDb.idFactura);
          datos.push([
            post ? 'Entrega factura' : 'Facturado en',
            f.comprobante ?? `N.º ${f.numeroFactura ?? ''}`,
          ]);
        }
        return {
          titulo: 'Conduce',
          prefijoDeArchivo: 'Conduce',
          femenino: false,
          cabecera: conduceDb,
          lineas: lineasConduce,
          datos,
        };
      },
    },
    carpetaDeArchivos,
  );
}
