import etag from '@fastify/etag';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * How a group of public routes (no session: the catalogue, the booking page, self sign-up) is served.
 * `porMinuto`: requests one address may make to the group per minute. `cacheSegundos`: how long a
 * browser or proxy may keep a GET answer; it is revalidated by its ETag after that.
 */
export type OpcionesPublicas = { porMinuto: number; cacheSegundos?: number };

/**
 * Registers a group of public routes (spec 000 §2: the catalogue and booking routes need no session).
 * Inside, routes are declared with `ruta(…, { publico: true }, …)`: the company comes from the tenantId
 * header (the pages' `?lista=`), and a bearer, if one is sent, is never read, so a visitor sees the same
 * whoever they are. Each group has its own per-address limit, so a flood of catalogue reads does not
 * spend the allowance of orders or bookings. GET answers carry an ETag (a repeat visit gets a 304).
 */
export async function rutasPublicas(
  app: FastifyInstance,
  opciones: OpcionesPublicas,
  registrar: (publicas: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (publicas) => {
    await publicas.register(rateLimit, {
      max: opciones.porMinuto,
      timeWindow: 60_000,
      // An AppError is answered in the API's one error shape (429) by the application's error handler.
      errorResponseBuilder: (_request, contexto) =>
        new AppError(
          'demasiadas_solicitudes',
          `Demasiadas solicitudes desde esta dirección. Intenta de nuevo en ${Math.max(1, Math.ceil(contexto.ttl / 1000))} segundos.`,
        ),
    });
    await publicas.register(etag, { weak: true });
    const cacheSegundos = opciones.cacheSegundos ?? 0;
    publicas.addHook('onSend', async (request, reply, cuerpo) => {
      if (request.method === 'GET' && reply.statusCode < 400) {
        // Shared caches may keep it: the answer is the same for every visitor of the company.
        reply.header('cache-control', `public, max-age=${cacheSegundos}, must-revalidate`);
      } else {
        reply.header('cache-control', 'no-store');
      }
      return cuerpo;
    });
    await registrar(publicas);
  });
}
