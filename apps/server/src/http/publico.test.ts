import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, cuerpoDeError } from './errors.ts';
import { rutasPublicas } from './publico.ts';

// The frame every public route stands on (spec 000 §2: catalogue and booking pages need no session).
async function aplicacion(porMinuto: number) {
  const app = Fastify();
  app.setErrorHandler((error, _request, reply) => {
    const cuerpo = cuerpoDeError(error as AppError);
    return reply.status(cuerpo.statusCode).send(cuerpo);
  });
  let lecturas = 0;
  await rutasPublicas(app, { porMinuto, cacheSegundos: 60 }, (publicas) => {
    publicas.get('/publico', async () => ({ lecturas: ++lecturas > 0 ? 'iguales' : 'distintas' }));
    publicas.post('/publico', async () => ({ ok: true }));
  });
  app.get('/privado', async () => ({ ok: true }));
  return app;
}

describe('rutas públicas', () => {
  it('limitan las solicitudes por dirección con un 429 en español, solo dentro del grupo', async () => {
    const app = await aplicacion(3);
    const codigos: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      codigos.push(
        (await app.inject({ method: 'GET', url: '/publico', remoteAddress: '10.0.0.1' })).statusCode,
      );
    }
    expect(codigos).toEqual([200, 200, 200, 429]);
    const rechazo = await app.inject({ method: 'POST', url: '/publico', remoteAddress: '10.0.0.1' });
    expect(rechazo.statusCode).toBe(429);
    expect(rechazo.json().message).toMatch(
      /^Demasiadas solicitudes desde esta dirección\. Intenta de nuevo en \d+ segundos\.$/,
    );
    // Another address keeps its own allowance, and routes outside the group are not limited.
    expect((await app.inject({ method: 'GET', url: '/publico', remoteAddress: '10.0.0.2' })).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await app.inject({ method: 'GET', url: '/privado', remoteAddress: '10.0.0.1' })).statusCode,
      ).toBe(200);
    }
    await app.close();
  });

  it('las lecturas llevan ETag y caché pública; una visita repetida recibe 304', async () => {
    const app = await aplicacion(100);
    const primera = await app.inject({ method: 'GET', url: '/publico' });
    expect(primera.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    const etiqueta = String(primera.headers.etag);
    expect(etiqueta).toMatch(/^W\/"/);
    const repetida = await app.inject({
      method: 'GET',
      url: '/publico',
      headers: { 'if-none-match': etiqueta },
    });
    expect(repetida.statusCode).toBe(304);
    expect(repetida.body).toBe('');
    const escritura = await app.inject({ method: 'POST', url: '/publico' });
    expect(escritura.headers['cache-control']).toBe('no-store');
    await app.close();
  });
});

it('AppError de demasiadas solicitudes es un 429', () => {
  expect(cuerpoDeError(new AppError('demasiadas_solicitudes', 'x')).statusCode).toBe(429);
});
