import { cotizacionesApi, MENSAJE_ERROR_CORREO_COTIZACION } from '@pos/contract';
import type { FastifyInstance } from 'fastify';
import type { BaseDeDatos } from '../../db/client.ts';
import { rutasDePdfYCorreo } from '../../documentos/rutas.ts';
import { obtenerCotizacion } from './service.ts';

// Spec 001 §1 "PDF / e-mail": a quotation as the kit's PDF (GET /cotizacion/pdf/{id}, saved as
// Cotizacion-{comprobante}.pdf) and sent by e-mail (POST /cotizacion/correo/{id}); paths in docs/api.md.

export async function documentosDeCotizacionRoutes(
  app: FastifyInstance,
  db: BaseDeDatos,
  carpetaDeArchivos?: string,
): Promise<void> {
  await rutasDePdfYCorreo(
    app,
    db,
    {
      api: cotizacionesApi,
      modulo: 'cotizaciones',
      nombre: 'la cotización',
      mensajeDeError: MENSAJE_ERROR_CORREO_COTIZACION,
      enviado: (para) => `Cotización enviada a ${para}`,
      async leer(ctx, id) {
        const { cotizacionDb, lineasCotizacion } = await obtenerCotizacion(ctx, id);
        return {
          titulo: 'Cotización',
          prefijoDeArchivo: 'Cotizacion',
          femenino: true,
          cabecera: cotizacionDb,
          lineas: lineasCotizacion,
          vencimiento: 'Válida hasta',
        };
      },
    },
    carpetaDeArchivos,
  );
}
