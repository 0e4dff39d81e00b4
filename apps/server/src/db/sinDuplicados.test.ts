import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, MOTORES } from '../testing/entorno.ts';
import { filas } from './client.ts';

// Architecture invariant 4, through real endpoints: a retried create answers the first row with
// solicitudDuplicada, also when the retries arrive at the same time.
describe.each(MOTORES)('insertarSinDuplicar a través de la API (%s)', (motor) => {
  let e: Entorno;
  let admin: string;
  beforeAll(async () => {
    e = await crearEntorno(motor);
    admin = await e.login();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  async function contar(tabla: string, identificadorUnico: string): Promise<number> {
    const [fila] = await e.db.enEmpresa(1, (tx) =>
      filas<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${sql.identifier(tabla)} where identificador_unico = ${identificadorUnico}`,
      ),
    );
    return fila?.n ?? 0;
  }

  it('la misma creación dos veces responde la primera fila con solicitudDuplicada: true', async () => {
    const identificadorUnico = randomUUID();
    const primera = await e.api({
      method: 'POST',
      url: '/api/impuestos/',
      token: admin,
      body: { identificadorUnico, name: 'Itbis 18%' },
    });
    const segunda = await e.api({
      method: 'POST',
      url: '/api/impuestos/',
      token: admin,
      body: { identificadorUnico, name: 'Otro nombre', tasa: 0.05 },
    });
    expect(primera.json().solicitudDuplicada).toBe(false);
    expect(segunda.statusCode).toBe(200);
    expect(segunda.json()).toEqual({ ...primera.json(), solicitudDuplicada: true });
    expect(await contar('impuestos', identificadorUnico)).toBe(1);
    // The same identifier in another company is another document.
    const token2 = await e.login(2);
    const enLa2 = await e.api({
      method: 'POST',
      url: '/api/impuestos/',
      tenant: 2,
      token: token2,
      body: { identificadorUnico, name: 'Itbis 16%' },
    });
    expect(enLa2.json()).toMatchObject({ solicitudDuplicada: false, name: 'Itbis 16%' });
  });

  for (const [tabla, url, cuerpo] of [
    ['impuestos', '/api/impuestos/', { name: 'Propina 10%' }],
    // Warehouses also take the next numeroAlmacen under a lock: retries must not burn numbers.
    ['almacenes', '/api/almacen/', { nombre: 'Almacén concurrente' }],
  ] as const) {
    it(`10 creaciones simultáneas con un identificadorUnico dejan una sola fila (${tabla})`, async () => {
      const identificadorUnico = randomUUID();
      const respuestas = await Promise.all(
        Array.from({ length: 10 }, () =>
          e.api({ method: 'POST', url, token: admin, body: { identificadorUnico, ...cuerpo } }),
        ),
      );
      for (const r of respuestas) {
        expect(r.statusCode, r.body).toBe(200);
      }
      const cuerpos = respuestas.map((r) => r.json());
      expect(new Set(cuerpos.map((x) => x._id)).size).toBe(1);
      expect(cuerpos.filter((x) => x.solicitudDuplicada === false)).toHaveLength(1);
      expect(cuerpos.filter((x) => x.solicitudDuplicada === true)).toHaveLength(9);
      expect(await contar(tabla, identificadorUnico)).toBe(1);
    });
  }

  it('después de la carrera, el siguiente almacén toma el número siguiente sin huecos', async () => {
    const lista = await e.api({ method: 'GET', url: '/api/almacen/', token: admin });
    const numeros = (lista.json().res as Array<{ numeroAlmacen: number }>).map((a) => a.numeroAlmacen);
    expect(numeros).toEqual(Array.from({ length: numeros.length }, (_, i) => i + 1));
  });
});
