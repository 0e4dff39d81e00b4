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

// Requests per route, so the whole run stays within a couple of minutes on a small machine
// (FUZZ_MAXIMO=0 sends only the baselines and the quantity checks; FUZZ_DETALLE=1 lists the refused
// baselines).
const MAXIMO_POR_RUTA = Number(process.env.FUZZ_MAXIMO ?? 70);

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

// A value `esquema` accepts, or a plausible one when none of the candidates passes; nothing when the
// field may be left out and no candidate fits it (its default then applies).
function valido(esquema: Esquema, profundidad = 0): unknown {
  // An optional reference (or list of them) the demo has no record for stays out: a random id would
  // only be refused.
  const forma = desenvolver(esquema);
  if (esquema.safeParse(undefined).success) {
    if (esUuid(forma)) {
      return undefined;
    }
    if (def(forma).type === 'array' && esUuid(def(forma).element as Esquema)) {
      return [];
    }
  }
  const valor = candidato(esquema, profundidad);
  return !esquema.safeParse(valor).success && esquema.safeParse(undefined).success ? undefined : valor;
}

function candidato(esquema: Esquema, profundidad: number): unknown {
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
    case 'pipe': {
      // What the input side accepts may fail the output side (a text cut to a date): try both.
      const entrada =
        def(d.in as Esquema).type === 'transform' ? undefined : valido(d.in as Esquema, profundidad);
      return entrada !== undefined && esquema.safeParse(entrada).success
        ? entrada
        : valido(d.out as Esquema, profundidad);
    }
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
        const valor =
          clave === 'identificadorUnico' ? IDENTIFICADOR_BASE : valorDelCampo(clave, hijo, profundidad);
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

// Records of the seeded demo company by field name (idAlmacen, idProducto …), read before the run, so
// a baseline names things that exist and its spoiled variants reach the service and the database.
let reales: Record<string, unknown> = {};

function esUuid(esquema: Esquema): boolean {
  const interno = desenvolver(esquema) as unknown as { format?: string; _zod: { def: Def } };
  return def(interno as Esquema).type === 'string' && interno.format === 'uuid';
}

function valorDelCampo(clave: string, esquema: Esquema, profundidad: number): unknown {
  const real = reales[clave];
  if (real !== undefined && esquema.safeParse(real).success) {
    return real;
  }
  return valido(esquema, profundidad + 1);
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
  } else if (d.type === 'tuple' && profundidad < 3 && Array.isArray(base)) {
    // The spec's list bodies ([factura, lineas, …]): each element, and the fields inside it.
    (d.items as Esquema[]).forEach((item, i) => {
      salida.push([...ruta, i]);
      salida.push(...campos(item, base[i], [...ruta, i], profundidad));
    });
  } else if (d.type === 'array' && profundidad < 3 && Array.isArray(base) && base.length > 0) {
    salida.push(...campos(d.element as Esquema, base[0], [...ruta, 0], profundidad + 1));
  }
  return salida;
}

function conValor(base: unknown, ruta: Ruta, valor: unknown): unknown {
  const copia = structuredClone(base) as Record<string | number, unknown>;
  let actual = copia;
  ruta.slice(0, -1).forEach((clave, i) => {
    // A parent the baseline leaves out (an optional object) is created to hold the spoiled field.
    actual[clave] ??= typeof ruta[i + 1] === 'number' ? [] : {};
    actual = actual[clave] as Record<string | number, unknown>;
  });
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The first record of a list answer (any depth), the administrator left out: editing or deleting the
// account the run signs in with would end the run.
function primerRegistro(valor: unknown, profundidad = 0): Record<string, unknown> | undefined {
  if (profundidad > 4 || typeof valor !== 'object' || valor === null) {
    return undefined;
  }
  const registro = valor as Record<string, unknown>;
  if (typeof registro._id === 'string' && UUID.test(registro._id) && registro.username !== 'admin') {
    return registro;
  }
  for (const hijo of Array.isArray(valor) ? valor : Object.values(registro)) {
    const encontrado = primerRegistro(hijo, profundidad + 1);
    if (encontrado) {
      return encontrado;
    }
  }
  return undefined;
}

// The list that names the records of each resource: a route's `:id` is the first one listed when the
// route's turn comes (so a record the run created, or the demo's).
const LISTAS: [RegExp, 'GET' | 'POST', string, string?, string?][] = [
  [
    /^\/api\/factura\/por-identificador-unico\//,
    'POST',
    '/api/factura/lista-de-facturas',
    'identificadorUnico',
  ],
  [/^\/api\/ingresos-recibidos\/anular\/$/, 'POST', '/api/ingresos-recibidos/todos', '_id', 'idIngresosRef'],
  [/^\/api\/ajuste-inventario\/un-inventario$/, 'POST', '/api/ajuste-inventario/todos', '_id', '_id'],
  [/^\/api\/users\//, 'GET', '/api/users/'],
  [/^\/api\/impuestos\//, 'GET', '/api/impuestos/'],
  [/^\/api\/listas-precio\//, 'GET', '/api/listas-precio/'],
  [/^\/api\/lista-de-retenciones\//, 'GET', '/api/lista-de-retenciones/todas'],
  [/^\/api\/terminales\//, 'GET', '/api/terminales/'],
  [/^\/api\/lista-ruta\//, 'GET', '/api/lista-ruta/'],
  [/^\/api\/almacen\//, 'GET', '/api/almacen/'],
  [/^\/api\/asignar-pedido\//, 'GET', '/api/asignar-pedido/'],
  [/^\/api\/categorias-productos\//, 'GET', '/api/categorias-productos/'],
  [/^\/api\/secciones\//, 'GET', '/api/secciones/'],
  [/^\/api\/areas-de-produccion\//, 'GET', '/api/areas-de-produccion/'],
  [/^\/api\/numeracion\//, 'GET', '/api/numeracion/'],
  [/^\/api\/catalogo-de-cuentas\//, 'GET', '/api/catalogo-de-cuentas/'],
  [/^\/api\/perfil-barcode\//, 'GET', '/api/perfil-barcode/'],
  [/^\/api\/cliente\//, 'POST', '/api/cliente/contactos'],
  [/^\/api\/registro-productos\//, 'POST', '/api/registro-productos/todos'],
  [/^\/api\/(factura|email)\//, 'POST', '/api/factura/lista-de-facturas'],
  [/^\/api\/ingresos-recibidos\//, 'POST', '/api/ingresos-recibidos/todos'],
  [/^\/api\/pedido\//, 'POST', '/api/pedido/todas'],
  [/^\/api\/ajuste-inventario\//, 'POST', '/api/ajuste-inventario/todos'],
  [/^\/api\/turno\//, 'POST', '/api/turno/abiertos/'],
];

// Routes that remove or cancel what they name run after all the others, so the records they take
// away are not missed by the rest; the session-ending ones last of all.
function turno(ruta: { method: string; url: string }): number {
  if (/logout|cerrar-sesion/.test(ruta.url)) {
    return 3;
  }
  if (ruta.method === 'DELETE' || /anular|eliminar/.test(ruta.url)) {
    return 2;
  }
  return ruta.method === 'POST' && !ruta.url.includes(':') ? 0 : 1;
}

// A spoiled number in one of these fields (a quantity or an amount) must be refused by the contract,
// with the field named, whenever the contract let the route's baseline through.
const CAMPO_DE_CANTIDAD_O_MONTO = /cantidad|importe|monto|precio|costo|efectivo|formaDePago/i;

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
      const respuesta: LightMyRequestResponse = await mandar();
      if (respuesta.statusCode === 401) {
        // A spoiled value ended the session (logout, a password change): sign in again and go on.
        token = await entorno.login();
      }
      if (respuesta.statusCode >= 500) {
        fallos.push(
          `${respuesta.statusCode} ${method} ${direccion.slice(0, 120)} ${que}: ${respuesta.body.slice(0, 300)}`,
        );
        return respuesta;
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
      return respuesta;
    };

    const consultar = async (method: 'GET' | 'POST', direccion: string, filtro: object = {}) => {
      const respuesta = await app.inject({
        method,
        url: direccion,
        headers: { tenantid: '1', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { payload: JSON.stringify(filtro) } : {}),
      });
      expect(respuesta.statusCode, `${method} ${direccion}: ${respuesta.body.slice(0, 200)}`).toBe(200);
      return respuesta.json() as unknown;
    };
    const idDe = async (method: 'GET' | 'POST', direccion: string, clave = '_id', filtro: object = {}) =>
      primerRegistro(await consultar(method, direccion, filtro))?.[clave] as string | undefined;
    const almacen = await idDe('GET', '/api/almacen/principal');
    const categoria = await idDe('GET', '/api/categorias-productos/');
    const factura = primerRegistro(await consultar('POST', '/api/factura/lista-de-facturas'));
    const cuenta = JSON.stringify(await consultar('GET', '/api/asignacion-de-cuentas-contables')).match(
      /"idCuenta":"([0-9a-f-]{36})"/,
    )?.[1];
    const usuario = (await consultar('GET', '/api/profile')) as { _id?: string; usuario?: { _id?: string } };
    const idUsuario = usuario.usuario?._id ?? usuario._id;
    const baseDeReales: Record<string, unknown> = {
      idAlmacen: almacen,
      almacenActual: almacen,
      almacenPorDefecto: almacen,
      Almacen: almacen,
      // Eggs: inventoriable, with stock in the main warehouse (productos/demo.ts).
      idProducto: await idDe('POST', '/api/registro-productos/todos', '_id', { input: 'Huevos' }),
      idCliente: await idDe('POST', '/api/cliente/contactos'),
      idFactura: factura?._id,
      idTurnoRef: factura?.idTurnoRef ?? undefined,
      idTerminalRef: await idDe('GET', '/api/terminales/'),
      idLista: await idDe('GET', '/api/listas-precio/'),
      categoria,
      categoriasProductosSeccionada: categoria ? [categoria] : undefined,
      idCuenta: cuenta,
      userId: idUsuario,
      idUsuario,
      usuariosViculados: idUsuario ? [idUsuario] : undefined,
      code: '2002',
      // A user without rights: the administrator may create it (nobody grants a right they lack).
      privilegios: {},
      crearInstanciaDelSistema: false,
      // A plain line: the demo's eggs have no package mode.
      paquete: false,
      agregarComoPaquete: false,
      // No identification, and a barcode of no other product.
      rnc: '',
      idCodigoDeBarra: '',
    };
    let rutasConBaseAceptada = 0;
    const cantidadesProbadas: string[] = [];
    const basesRechazadas: string[] = [];

    const ordenadas = [...registradas].sort((a, b) => turno(a) - turno(b));
    for (const { method, url: plantilla } of ordenadas) {
      const endpoint = contratos.get(`${method} ${plantilla}`);
      if (!endpoint) {
        rutasSinContrato++;
      }
      const lista = LISTAS.find(([prefijo]) => prefijo.test(plantilla));
      // A reason of the spec's lists (spec 001 §5), for the cancel baselines.
      reales = {
        ...baseDeReales,
        tipoDeAnulacion: plantilla.includes('/pedido/') ? 'Error en la orden' : '4',
        // The eggs' barcode where a product is added to a document by its code.
        ...(plantilla.includes('/agregar') ? { idCodigoDeBarra: '2002' } : {}),
      };
      if (plantilla === '/api/ingresos-recibidos/') {
        // A receipt pays an invoice the customer still owes (the run's own sale on credit).
        reales.idFactura = await idDe('POST', '/api/factura/lista-de-facturas', '_id', {
          idCliente: baseDeReales.idCliente,
        });
      }
      const [, metodoDeLista, direccionDeLista, campoDeLista, claveReal] = lista ?? [];
      if (metodoDeLista && direccionDeLista && (claveReal || plantilla.includes(':id'))) {
        reales[claveReal ?? 'id'] = await idDe(metodoDeLista, direccionDeLista, campoDeLista);
      }
      const params = (endpoint ? valido(endpoint.params as Esquema) : {}) as Record<string, unknown>;
      const query = (endpoint?.query ? valido(endpoint.query as Esquema) : {}) as Record<string, unknown>;
      const conCuerpo = method !== 'GET' && method !== 'DELETE';
      const cuerpo =
        endpoint && conCuerpo
          ? def(endpoint.body as Esquema).type === 'unknown'
            ? {}
            : valido(endpoint.body as Esquema)
          : undefined;
      // The record the body names is the path's (a header of a tuple body too).
      const encabezado = (Array.isArray(cuerpo) ? cuerpo[0] : cuerpo) as Record<string, unknown> | undefined;
      if (typeof encabezado?._id === 'string' && typeof params.id === 'string') {
        encabezado._id = params.id;
      }
      let restantes = MAXIMO_POR_RUTA;
      const probar = async (direccion: string, carga: unknown, que: string) => {
        if (restantes-- > 0) {
          await enviar(method, direccion, carga, que);
        }
      };
      // The baseline itself: a valid request must not fail either, and the routes that accept it are
      // the ones whose spoiled fields reach the service and the database.
      // The contract let the baseline through: accepted, or refused later by the service (a record it
      // does not find, a rule of the business), so a spoiled number there must be the contract's 400.
      let baseAceptada = false;
      let contratoAceptoLaBase = false;
      const probarBase = async () => {
        if (endpoint) {
          const respuesta = await enviar(method, url(plantilla, params, query), cuerpo, 'cuerpo base');
          baseAceptada = respuesta.statusCode < 300;
          contratoAceptoLaBase = baseAceptada || [404, 409].includes(respuesta.statusCode);
          if (baseAceptada) {
            rutasConBaseAceptada++;
          } else {
            basesRechazadas.push(
              `${respuesta.statusCode} ${method} ${plantilla}: ${respuesta.body.slice(0, 160)}`,
            );
          }
        }
      };
      const destructiva = turno({ method, url: plantilla }) === 2;
      if (!destructiva) {
        await probarBase();
      }

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
            const que = `${campo.join('.')}=${malo.nombre}`;
            const carga = conValor(cuerpo, campo, malo.valor(actual));
            if (
              malo.nombre === '5e-324' &&
              contratoAceptoLaBase &&
              typeof actual === 'number' &&
              CAMPO_DE_CANTIDAD_O_MONTO.test(String(campo[campo.length - 1]))
            ) {
              // Checked on every such field, outside the per-route budget.
              const respuesta = await enviar(method, direccion, carga, que);
              const errores = (respuesta.json() as { errores?: { campo: string }[] }).errores ?? [];
              cantidadesProbadas.push(`${method} ${plantilla} ${campo.join('.')}`);
              if (respuesta.statusCode !== 400 || !errores.some((e) => e.campo === campo.join('.'))) {
                fallos.push(
                  `5e-324 sin 400 con el campo: ${method} ${plantilla} ${que}: ${respuesta.body.slice(0, 200)}`,
                );
              }
              continue;
            }
            await probar(direccion, carga, que);
          }
        }
      }
      if (destructiva) {
        await probarBase();
      }
    }
    // Fastify's own refusals: a bare % and an over-long segment outside any contract.
    await enviar('GET', '/api/%', undefined, 'url con %');
    await enviar('GET', `/api/clientes/${'x'.repeat(5000)}`, undefined, 'segmento largo');

    console.info(
      `fuzz (${motor}): ${enviadas} solicitudes a ${registradas.length} rutas (${rutasSinContrato} sin contrato), ` +
        `${rutasConBaseAceptada} con la solicitud base aceptada (2xx), ` +
        `${cantidadesProbadas.length} cantidades o montos con 5e-324, ${fallos.length} fallos`,
    );
    if (process.env.FUZZ_DETALLE) {
      console.info(
        `bases rechazadas:\n${basesRechazadas.join('\n')}\n5e-324:\n${cantidadesProbadas.join('\n')}`,
      );
    }
    if (fallos.length > 0) {
      console.info(fallos.join('\n'));
    }
    expect(registradas.length).toBeGreaterThan(150);
    // The deep paths are reached: most baselines are accepted, and the documents' quantities and
    // amounts were spoiled with 5e-324 (each answered 400 naming its field, or it is in `fallos`).
    expect(rutasConBaseAceptada).toBeGreaterThan(140);
    expect(cantidadesProbadas).toEqual(
      expect.arrayContaining([
        'POST /api/factura/crear 1.0.cantidad',
        'POST /api/factura/crear 0.efectivoRecibido',
        'POST /api/pedido/ 1.0.cantidad',
        'POST /api/ajuste-inventario/ 1.0.cantidad',
        'POST /api/ingresos-recibidos/ res.0.importe',
        'POST /api/registro-productos/ 1.0.cantidadInicial',
      ]),
    );
    expect(fallos.slice(0, 60)).toEqual([]);
  }, 600_000);
});
