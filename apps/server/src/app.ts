import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { BaseDeDatos } from './db/client.ts';
import { registrarCabecerasDeSeguridad } from './http/cabeceras.ts';
import { AppError, cuerpoDeError, errorDePostgres, traducirErrorDeFastify } from './http/errors.ts';
import { servirWeb } from './http/web.ts';
import { ajustesRoutes } from './modules/ajustes/routes.ts';
import { anulacionesRoutes } from './modules/anulaciones/routes.ts';
import { archivosRoutes } from './modules/archivos/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { bancosRoutes } from './modules/bancos/routes.ts';
import { catalogoRoutes } from './modules/catalogo/routes.ts';
import { centrosDeCostoRoutes } from './modules/centrosDeCosto/routes.ts';
import { comprasRoutes, documentosDeCompraRoutes } from './modules/compras/routes.ts';
import { conciliacionesRoutes } from './modules/conciliaciones/routes.ts';
import { documentosDeConduceRoutes } from './modules/conduces/documentos.routes.ts';
import { conducesRoutes } from './modules/conduces/routes.ts';
import { configuracionRoutes } from './modules/configuracion/routes.ts';
import { contabilidadRoutes, libroContableRoutes } from './modules/contabilidad/routes.ts';
import { contactosRoutes } from './modules/contactos/routes.ts';
import { documentosDeCotizacionRoutes } from './modules/cotizaciones/documentos.routes.ts';
import { cotizacionesRoutes } from './modules/cotizaciones/routes.ts';
import { creditosRoutes } from './modules/creditos/routes.ts';
import { despachosRoutes } from './modules/despachos/routes.ts';
import { egresosRoutes } from './modules/egresos/routes.ts';
import { empresasRoutes } from './modules/empresas/routes.ts';
import { entradasDeDiarioRoutes } from './modules/entradasDeDiario/routes.ts';
import { estadosDeCuentaRoutes } from './modules/estadosDeCuenta/routes.ts';
import { etiquetasRoutes } from './modules/etiquetas/routes.ts';
import { expedientesRoutes } from './modules/expedientes/routes.ts';
import { documentosDeFacturaRoutes } from './modules/facturas/documentos.routes.ts';
import { facturasRoutes } from './modules/facturas/routes.ts';
import { facturasRecurrentesRoutes } from './modules/facturasRecurrentes/routes.ts';
import { gastosMenoresRoutes } from './modules/gastosMenores/routes.ts';
import { importacionRoutes } from './modules/importacion/routes.ts';
import { ingresosRoutes } from './modules/ingresos/routes.ts';
import { inventarioRoutes } from './modules/inventario/routes.ts';
import { documentosDeNotaDeCreditoRoutes } from './modules/notasDeCredito/documentos.routes.ts';
import { notasDeCreditoRoutes } from './modules/notasDeCredito/routes.ts';
import { documentosDeNotaDeDebitoRoutes } from './modules/notasDeDebito/documentos.routes.ts';
import { notasDeDebitoRoutes } from './modules/notasDeDebito/routes.ts';
import { numeracionRoutes } from './modules/numeracion/routes.ts';
import { documentosDeOrdenDeCompraRoutes } from './modules/ordenesDeCompra/documentos.routes.ts';
import { ordenesDeCompraRoutes } from './modules/ordenesDeCompra/routes.ts';
import { pedidosRoutes } from './modules/pedidos/routes.ts';
import { productosRoutes } from './modules/productos/routes.ts';
import { registroRoutes } from './modules/registro/routes.ts';
import { rutasDeDgii } from './modules/reportes/dgii.ts';
import { reportesRoutes } from './modules/reportes/routes.ts';
import { reservacionesRoutes } from './modules/reservaciones/routes.ts';
import { tableroRoutes } from './modules/tablero/routes.ts';
import { turnosRoutes } from './modules/turnos/routes.ts';
import { usuariosRoutes } from './modules/usuarios/routes.ts';
import { tareasRoutes } from './sistema/tareas.ts';

export type OpcionesApp = {
  db: BaseDeDatos;
  /** Folder of the built web app; when present it is served on every path outside /api. */
  webDir?: string | undefined;
  /** Folder of uploaded images (`tenant_<id>/` inside); without it the image routes are not served. */
  archivosDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  bodyLimit?: number;
  /** Told of every route as it is registered (the fuzz test lists them all this way). */
  alRegistrarRuta?: (ruta: RouteOptions) => void;
};

function aAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) {
    return error;
  }
  if (typeof error === 'object' && error !== null) {
    return errorDePostgres(error) ?? traducirErrorDeFastify(error as { code?: string; statusCode?: number });
  }
  return undefined;
}

// Every failure leaves in the API's one error shape: a known one with its status, anything else a 500.
function responderError(error: unknown, request: FastifyRequest, reply: FastifyReply, aConsola: boolean) {
  const conocido = aAppError(error);
  if (conocido) {
    const cuerpo = cuerpoDeError(conocido);
    return reply.status(cuerpo.statusCode).send(cuerpo);
  }
  request.log.error(error);
  if (aConsola) {
    console.error(error);
  }
  return reply.status(500).send({
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'Ocurrió un error inesperado en el servidor. Intenta de nuevo; si persiste, contacta a soporte.',
  });
}

/** Builds the HTTP application: the spec's API under /api and the web app everywhere else. */
export async function buildApp(opciones: OpcionesApp): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opciones.logger ?? false,
    trustProxy: opciones.trustProxy ?? false,
    bodyLimit: opciones.bodyLimit ?? 1024 * 1024,
    // The router's refusals (a bad `%` escape, an over-long segment) in the API's one error shape.
    frameworkErrors: (error, request, reply) => responderError(error, request, reply, !opciones.logger),
  });
  const alRegistrarRuta = opciones.alRegistrarRuta;
  if (alRegistrarRuta) {
    app.addHook('onRoute', (ruta) => alRegistrarRuta(ruta));
  }

  // The API speaks JSON only. A POST without a body but with a JSON content type (logout, varlidar-token)
  // is an empty body, not an error.
  const parserJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, cuerpo, done) => {
    if (cuerpo === '') {
      done(null, undefined);
      return;
    }
    void parserJson(request, cuerpo.toString(), done);
  });

  app.setErrorHandler((error, request, reply) => responderError(error, request, reply, !opciones.logger));

  // Before any route: every answer, errors and the web app's files included, carries them.
  await registrarCabecerasDeSeguridad(app);

  await app.register(
    async (api) => {
      authRoutes(api, opciones.db);
      usuariosRoutes(api, opciones.db);
      empresasRoutes(api, opciones.db);
      configuracionRoutes(api, opciones.db);
      inventarioRoutes(api, opciones.db);
      numeracionRoutes(api, opciones.db);
      contabilidadRoutes(api, opciones.db);
      centrosDeCostoRoutes(api, opciones.db);
      entradasDeDiarioRoutes(api, opciones.db);
      contactosRoutes(api, opciones.db);
      productosRoutes(api, opciones.db);
      turnosRoutes(api, opciones.db);
      tableroRoutes(api, opciones.db);
      facturasRoutes(api, opciones.db);
      facturasRecurrentesRoutes(api, opciones.db);
      await ingresosRoutes(api, opciones.db, opciones.archivosDir);
      await egresosRoutes(api, opciones.db, opciones.archivosDir);
      pedidosRoutes(api, opciones.db);
      cotizacionesRoutes(api, opciones.db);
      conducesRoutes(api, opciones.db);
      despachosRoutes(api, opciones.db);
      notasDeCreditoRoutes(api, opciones.db);
      notasDeDebitoRoutes(api, opciones.db);
      ordenesDeCompraRoutes(api, opciones.db);
      comprasRoutes(api, opciones.db);
      gastosMenoresRoutes(api, opciones.db);
      bancosRoutes(api, opciones.db);
      creditosRoutes(api, opciones.db);
      anulacionesRoutes(api, opciones.db);
      await etiquetasRoutes(api, opciones.db);
      await ajustesRoutes(api, opciones.db);
      await libroContableRoutes(api, opciones.db);
      await conciliacionesRoutes(api, opciones.db);
      await importacionRoutes(api, opciones.db);
      await documentosDeFacturaRoutes(api, opciones.db, opciones.archivosDir);
      await documentosDeCotizacionRoutes(api, opciones.db, opciones.archivosDir);
      await documentosDeConduceRoutes(api, opciones.db, opciones.archivosDir);
      await documentosDeNotaDeCreditoRoutes(api, opciones.db, opciones.archivosDir);
      await documentosDeNotaDeDebitoRoutes(api, opciones.db, opciones.archivosDir);
      await documentosDeOrdenDeCompraRoutes(api, opciones.db, opciones.archivosDir);
      await documentosDeCompraRoutes(api, opciones.db, opciones.archivosDir);
      await estadosDeCuentaRoutes(api, opciones.db, opciones.archivosDir);
      await expedientesRoutes(api, opciones.db, opciones.archivosDir);
      await reportesRoutes(api, opciones.db);
      await rutasDeDgii(api, opciones.db);
      await reservacionesRoutes(api, opciones.db);
      tareasRoutes(api, opciones.db);
      await catalogoRoutes(api, opciones.db);
      await registroRoutes(api, opciones.db);
      if (opciones.archivosDir) {
        await archivosRoutes(api, opciones.db, opciones.archivosDir);
      }
    },
    { prefix: '/api' },
  );

  await servirWeb(app, opciones.webDir);

  return app;
}
