import { randomUUID } from 'node:crypto';
import type { Endpoint } from '@pos/contract';
import * as contrato from '@pos/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../app.ts';
import { crearEntorno, type Entorno, MOTORES } from '../testing/entorno.ts';

// Architecture invariant 8: a malformed request is the client's fault, answered 4xx with the one error
// shape in Spanish, never a 500. For every registered route, each field of its contract's body, params
// and query receives each bad value below while the other fields keep a valid value.

type Def = { type: string; [clave: string]: unknown };
type Esquema = z.ZodType & { _zod: { def: Def } };

const UN_MEGA = 'x'.repeat(1024 * 1024);
const MALOS: { nombre: string; valor: (actual: unknown) => unknown }[] = [
  { nombre: 'NUL', valor: () => 'abc\u0000def' },
  { nombre: 'fecha imposible', valor: () => '2026-02-30' },
  { nombre: '5e-324', valor: () => 5e-324 },
  { nombre: '-1', valor: () => -1 },
  { nombre: 'texto largo', valor: () => 'x'.repeat(5000) },
  { nombre: 'tipo equivocado', valor: (actual) => (typeof actual === 'string' ? 12345 : 'abc') },
];
// Values that travel in a URL (path segments and query strings) are always text.
const MALOS_EN_URL = [
  'abc\u0000def',
  '2026-02-30',
  '9999-99-99',
  '5e-324',
  '-1',
  'x'.repeat(101),
  '%',
  'abc',
];

// Requests per route, so the whole run stays within a couple of minutes on a small machine.
const MAXIMO_POR_RUTA = 70;

const def = (esquema: Esquema): Def => esquema._zod.def;

// The baseline's identificadorUnico, replaced by a fresh one in every request.
const IDENTIFICADOR_BASE = 'identificador-de-fuzz';

function esEndpoint(valor: unknown): valor is Endpoint {
  return (
    typeof valor === 'object' &&
    valor !== null &&
    'method' in valor &&
    'path' in valor &&
    'body' in valor &&
    'respuesta' in valor
  );
}

// Every endpoint the contract exports, at any depth (the master-data families nest theirs).
function endpointsDelContrato(): Map<string, Endpoint> {
  const porRuta = new Map<string, Endpoint>();
  const visitar = (valor: unknown, profundidad: number) => {
    if (esEndpoint(valor)) {
      porRuta.set(`${valor.method} /api${valor.path}`, valor);
    } else if (typeof valor === 'object' && valor !== null && profundidad < 3) {
      for (const hijo of Object.values(valor)) {
        visitar(hijo, profundidad + 1);
      }
    }
  };
  visitar(contrato, 0);
  return porRuta;
}

// The schema without its wrappers (optional, default, pipe…), for walking into objects and arrays.
function desenvolver(esquema: Esquema): Esquema {
  let actual = esquema;
  for (let i = 0; i < 10; i++) {
    const d = def(actual);
    if (
      ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(d.type)
    ) {
      actual = d.innerType as Esquema;
    } else if (d.type === 'pipe') {
      actual = (def(d.in as Esquema).type === 'transform' ? d.out : d.in) as Esquema;
    } else if (d.type === 'lazy') {
      actual = (d.getter as () => Esquema)();
    } else {
      return actual;
    }
  }
  return actual;
}

const CANDIDATOS_DE_TEXTO = [
  'Prueba',
  '2026-01-15',
  '10:30',
  '00000000-0000-4000-8000-000000000000',
  '131246796',
  '8095551234',
  '1.1.01',
  '#112233',
  'prueba@ejemplo.do',
  'B01',
  '1',
  '10.5',
  'true',
  'Prueba de fuzz 12345678',
];
const CANDIDATOS_DE_NUMERO = [1, 10, 100, 0, 0.5, 2026];

// A value `esquema` accepts, or a plausible one when none of the candidates passes.
function valido(esquema: Esquema, profundidad = 0): unknown {
  const d = def(esquema);
  const prueba = (candidatos: unknown[], porDefecto: unknown) =>
    candidatos.find((c) => esquema.safeParse(c).success) ?? porDefecto;
  switch (d.type) {
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return valido(d.innerType as Esquema, profundidad);
    case 'default':
    case 'prefault': {
      const interno = valido(d.innerType as Esquema, profundidad);
      return interno === undefined ? (esquema as z.ZodType).parse(undefined) : interno;
    }
    case 'pipe':
      return valido((def(d.in as Esquema).type === 'transform' ? d.out : d.in) as Esquema, profundidad);
    case 'lazy':
      return profundidad > 4 ? undefined : valido((d.getter as () => Esquema)(), profundidad + 1);
    case 'string': {
      const formato = (esquema as unknown as { format?: string }).format;
      if (formato === 'uuid' || formato === 'guid') {
        return randomUUID();
      }
      return prueba(CANDIDATOS_DE_TEXTO, 'Prueba');
    }
    case 'number':
      return prueba(CANDIDATOS_DE_NUMERO, 1);
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0];
    case 'literal':
      return (d.values as unknown[])[0];
    case 'null':
      return null;
    case 'undefined':
    case 'void':
      return undefined;
    case 'union': {
      const opciones = d.options as Esquema[];
      for (const opcion of opciones) {
        const valor = valido(opcion, profundidad);
        if (opcion.safeParse(valor).success) {
          return valor;
        }
      }
      return valido(opciones[0] as Esquema, profundidad);
    }
    case 'intersection': {
      const izquierda = valido(d.left as Esquema, profundidad);
      const derecha = valido(d.right as Esquema, profundidad);
      return typeof izquierda === 'object' && typeof derecha === 'object'
        ? { ...(izquierda as object), ...(derecha as object) }
        : izquierda;
    }
    case 'object': {
      const objeto: Record<string, unknown> = {};
      for (const [clave, hijo] of Object.entries(d.shape as Record<string, Esquema>)) {
        const valor = clave === 'identificadorUnico' ? IDENTIFICADOR_BASE : valido(hijo, profundidad + 1);
        if (valor !== undefined) {
          objeto[clave] = valor;
        }
      }
      return objeto;
    }
    case 'array':
      return profundidad > 4 ? [] : [valido(d.element as Esquema, profundidad + 1)];
    case 'tuple':
      return (d.items as Esquema[]).map((item) => valido(item, profundidad + 1));
    case 'record':
      return {};
    default:
      return 'Prueba';
  }
}

type Ruta = (string | number)[];

// The paths of the fields to spoil: each key of the object, and the keys of a nested object or of the
// first element of an array, one level further down.
function campos(esquema: Esquema, base: unknown, ruta: Ruta = [], profundidad = 0): Ruta[] {
  const forma = desenvolver(esquema);
  const d = def(forma);
  const salida: Ruta[] = [];
  if (d.type === 'intersection') {
    return [
      ...campos(d.left as Esquema, base, ruta, profundidad),
      ...campos(d.right as Esquema, base, ruta, profundidad),
    ];
  }
  if (d.type === 'union') {
    const opcion =
      (d.options as Esquema[]).find((o) => o.safeParse(base).success) ?? (d.options as Esquema[])[0];
    return opcion && def(desenvolver(opcion)).type !== 'union' ? campos(opcion, base, ruta, profundidad) : [];
  }
  if (d.type === 'object' && profundidad < 3) {
    for (const [clave, hijo] of Object.entries(d.shape as Record<string, Esquema>)) {
      const rutaHijo = [...ruta, clave];
      salida.push(rutaHijo);
      const valorHijo = (base as Record<string, unknown> | undefined)?.[clave];
      salida.push(...campos(hijo, valorHijo, rutaHijo, profundidad + 1));
    }
  } else if (d.type === 'array' && profundidad < 3 && Array.isArray(base) && base.length > 0) {
    salida.push(...campos(d.element as Esquema, base[0], [...ruta, 0], profundidad + 1));
  }
  return salida;
}

function conValor(base: unknown, ruta: Ruta, valor: unknown): unknown {
  const copia = structuredClone(base) as Record<string | number, unknown>;
  let actual = copia;
  for (const clave of ruta.slice(0, -1)) {
    actual = actual[clave] as Record<string | number, unknown>;
  }
  actual[ruta[ruta.length - 1] as string | number] = valor;
  return copia;
}

function leer(base: unknown, ruta: Ruta): unknown {
  let actual = base as Record<string | number, unknown> | undefined;
  for (const clave of ruta) {
    actual = actual?.[clave] as Record<string | number, unknown> | undefined;
  }
  return actual;
}

function consulta(valores: Record<string, unknown>): string {
  const partes = Object.entries(valores)
    .filter(([, v]) => v !== undefined && v !== null && typeof v !== 'object')
    .map(([clave, v]) => `${encodeURIComponent(clave)}=${encodeURIComponent(String(v))}`);
  return partes.length > 0 ? `?${partes.join('&')}` : '';
}

function url(plantilla: string, params: Record<string, unknown>, query: Record<string, unknown>): string {
  const ruta = plantilla.replace(/:([A-Za-z0-9_]+)/g, (_, nombre: string) =>
    encodeURIComponent(String(params[nombre] ?? randomUUID())),
  );
  return ruta + consulta(query);
}

// An English word of Fastify's or zod's default messages: the API answers in Spanish only.
const INGLES = /\b(the|is|must|should|expected|invalid|exceeding|unsupported|body|route|not found)\b/i;

describe.each(MOTORES)('fuzz de todas las rutas (%s)', (motor) => {
  let entorno: Entorno;
  let app: FastifyInstance;
  const registradas: { method: string; url: string }[] = [];

  beforeAll(async () => {
    entorno = await crearEntorno(motor);
    app = await buildApp({
      db: entorno.db,
      alRegistrarRuta: (ruta) => {
        for (const method of [ruta.method].flat()) {
          if (method !== 'HEAD' && ruta.url.startsWith('/api')) {
            registradas.push({ method, url: ruta.url });
          }
        }
      },
    });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await entorno?.cerrar();
  });

  it('ninguna solicitud malformada recibe un 5xx, y todo error tiene la forma única en español', async () => {
    const contratos = endpointsDelContrato();
    let token = await entorno.login();
    const fallos: string[] = [];
    let enviadas = 0;
    let rutasSinContrato = 0;

    const enviar = async (method: string, direccion: string, cuerpo: unknown, que: string) => {
      // Each request its own identificadorUnico: a replayed one would be answered as the first create.
      const carga =
        cuerpo === undefined || typeof cuerpo === 'string'
          ? cuerpo
          : JSON.stringify(cuerpo).replaceAll(IDENTIFICADOR_BASE, () => randomUUID());
      const mandar = () =>
        app.inject({
          method: method as 'GET',
          url: direccion,
          headers: { tenantid: '1', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(carga === undefined ? {} : { payload: carga }),
        });
      enviadas++;
      let respuesta: LightMyRequestResponse = await mandar();
      if (respuesta.statusCode === 401) {
        // A spoiled value ended the session (logout, a password change): sign in again and go on.
        token = await entorno.login();
      }
      if (respuesta.statusCode >= 500) {
        fallos.push(
          `${respuesta.statusCode} ${method} ${direccion.slice(0, 120)} ${que}: ${respuesta.body.slice(0, 300)}`,
        );
        return;
      }
      if (respuesta.statusCode >= 400) {
        let cuerpoDeError: { statusCode?: unknown; error?: unknown; message?: unknown } = {};
        try {
          cuerpoDeError = respuesta.json();
        } catch {
          // Not JSON: reported below.
        }
        if (
          typeof cuerpoDeError.message !== 'string' ||
          typeof cuerpoDeError.error !== 'string' ||
          cuerpoDeError.statusCode !== respuesta.statusCode ||
          INGLES.test(cuerpoDeError.message)
        ) {
          fallos.push(
            `forma ${respuesta.statusCode} ${method} ${direccion.slice(0, 120)} ${que}: ${respuesta.body.slice(0, 300)}`,
          );
        }
      }
      respuesta = undefined as never;
    };

    // The session-ending routes last, so the others run with a live token.
    const ordenadas = [...registradas].sort(
      (a, b) => Number(/logout|cerrar-sesion/.test(a.url)) - Number(/logout|cerrar-sesion/.test(b.url)),
    );
    for (const { method, url: plantilla } of ordenadas) {
      const endpoint = contratos.get(`${method} ${plantilla}`);
      if (!endpoint) {
        rutasSinContrato++;
      }
      const params = (endpoint ? valido(endpoint.params as Esquema) : {}) as Record<string, unknown>;
      const query = (endpoint?.query ? valido(endpoint.query as Esquema) : {}) as Record<string, unknown>;
      const conCuerpo = method !== 'GET' && method !== 'DELETE';
      const cuerpo = endpoint && conCuerpo ? valido(endpoint.body as Esquema) : undefined;
      if (typeof cuerpo === 'object' && cuerpo !== null && '_id' in cuerpo && typeof params.id === 'string') {
        (cuerpo as Record<string, unknown>)._id = params.id;
      }
      let restantes = MAXIMO_POR_RUTA;
      const probar = async (direccion: string, carga: unknown, que: string) => {
        if (restantes-- > 0) {
          await enviar(method, direccion, carga, que);
        }
      };

      // Each path segment and each query field spoiled, as text.
      const nombresDeParams = [...plantilla.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
      for (const nombre of nombresDeParams) {
        for (const malo of MALOS_EN_URL) {
          const segmento = malo === '%' ? '%' : encodeURIComponent(malo);
          const direccion = plantilla
            .replace(`:${nombre}`, segmento)
            .replace(/:([A-Za-z0-9_]+)/g, () => randomUUID());
          await probar(direccion + consulta(query), cuerpo, `param ${nombre}=${malo.slice(0, 20)}`);
        }
      }
      for (const campo of campos((endpoint?.query ?? contrato.SinParams) as Esquema, query)) {
        if (campo.length !== 1) {
          continue;
        }
        for (const malo of MALOS_EN_URL.filter((m) => m !== '%')) {
          await probar(
            url(plantilla, params, conValor(query, campo, malo) as Record<string, unknown>),
            cuerpo,
            `query ${campo.join('.')}=${malo.slice(0, 20)}`,
          );
        }
      }
      // The body: a wrong type and a megabyte as a whole, then each field spoiled.
      const direccion = url(plantilla, params, query);
      if (conCuerpo) {
        await probar(direccion, JSON.stringify('abc'), 'cuerpo de tipo equivocado');
        await probar(direccion, { texto: UN_MEGA }, 'cuerpo de 1 MB');
        for (const campo of endpoint ? campos(endpoint.body as Esquema, cuerpo) : []) {
          const actual = leer(cuerpo, campo);
          for (const malo of MALOS) {
            await probar(
              direccion,
              conValor(cuerpo, campo, malo.valor(actual)),
              `${campo.join('.')}=${malo.nombre}`,
            );
          }
        }
      }
      if (endpoint && conCuerpo) {
        // The baseline itself: a valid request must not fail either.
        await probar(direccion, cuerpo, 'cuerpo base');
      }
    }
    // Fastify's own refusals: a bare % and an over-long segment outside any contract.
    await enviar('GET', '/api/%', undefined, 'url con %');
    await enviar('GET', `/api/clientes/${'x'.repeat(5000)}`, undefined, 'segmento largo');

    console.info(
      `fuzz (${motor}): ${enviadas} solicitudes a ${registradas.length} rutas (${rutasSinContrato} sin contrato), ${fallos.length} fallos`,
    );
    if (fallos.length > 0) {
      console.info(fallos.join('\n'));
    }
    expect(registradas.length).toBeGreaterThan(150);
    expect(fallos.slice(0, 60)).toEqual([]);
  }, 600_000);
});
