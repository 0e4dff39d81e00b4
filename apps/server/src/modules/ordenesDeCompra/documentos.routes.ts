import { MENSAJE_ERROR_CORREO_ORDEN_DE_COMPRA, ordenesDeCompraApi } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { rutasDePdfYCorreo } from '../../documentos/rutas.ts';
import { obtenerOrdenDeCompra } from './service.ts';

// Spec 001 §1 "PDF / e-mail": an order as the kit's PDF (GET /orden-de-compra/pdf/{id}, saved as
// OrdenDeCompra-{comprobante}.pdf) and sent to the supplier by e-mail (POST /orden-de-compra/correo/{id}).
export async function documentosDeOrdenDeCompraRoutes(
  app: FastifyInstance,
  db: BaseDeDatos,
  carpetaDeArchivos?: string,
): Promise<void> {
  await rutasDePdfYCorreo(
    app,
    db,
    {
      api: ordenesDeCompraApi,
      modulo: 'ordenesDeCompra',
      nombre: 'la orden de compra',
      mensajeDeError: MENSAJE_ERROR_CORREO_ORDEN_DE_COMPRA,
      enviado: (para) => `Orden de compra enviada a ${para}`,
      async leer(ctx, id) {
        const { ordenCompraDb, lineaOrdenDeCompra } = await obtenerOrdenDeCompra(ctx, id);
        return {
          titulo: 'Orden de compra',
          prefijoDeArchivo: 'OrdenDeCompra',
          femenino: true,
          cabecera: ordenCompraDb,
          lineas: lineaOrdenDeCompra,
          vencimiento: 'Entrega',
          lado: 'compra',
        };
      },
    },
    carpetaDeArchivos,
  );
}
