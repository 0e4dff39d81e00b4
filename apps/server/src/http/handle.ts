import type { Accion, DocumentoRechazado, Endpoint, Modulo, Usuario } from '@pos/contract';
import { ETIQUETAS_DE_MODULO, permitidoEnModoLectura, tienePermiso } from '@pos/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BaseDeDatos, Tx } from '../db/client.ts';
import { autenticar, tenantDelToken } from '../modules/auth/service.ts';
import { exigirPlanActivo, exigirPlanActivoDeLaEmpresa } from '../modules/empresas/service.ts';
import { AppError, type CampoConError, errorDePostgres, ReintentarSolicitud } from './errors.ts';

/** Who may call a route: anyone (tenant from the header), any signed-in user, or a module permission. */
export type Permiso = { modulo: Modulo; accion: Accion };
/** `alguno`: any one of several permissions (a POS sale is a facturas or a puntoDeVentas right). */
export type Acceso = { publico: true } | { sesion: true } | Permiso | { alguno: readonly Permiso[] };

/** The signed-in user, with the state of the company's plan read in the same query. */
export type UsuarioSesion = Usuario & { sesionId: string; planSuspendido: boolean };

/** What every service receives first: the request's transaction and who is asking. */
export type Ctx = { tx: Tx; tenantId: number; ip: string; usuario: UsuarioSesion | null };
export type CtxConSesion = Ctx & { usuario: UsuarioSesion };

type Entrada<E extends Endpoint> = {
  body: z.output<E['body']>;
  params: z.output<E['params']>;
  query: z.output<NonNullable<E['query']>>;
};

const ACCIONES_EN_ESPANOL: Record<Accion, string> = {
  acceso: 'entrar a',
  ver: 'ver',
  crear: 'crear en',
  modificar: 'modificar en',
  emitirRecibo: 'emitir recibos en',
};

// The request's parts, each checked against the contract.
function leerEntrada<E extends Endpoint>(definicion: E, request: FastifyRequest): Entrada<E> {
  const params = validar(definicion.params, request.params, 'parámetros de la ruta') as z.output<E['params']>;
  const body = validar(definicion.body, request.body, 'cuerpo') as z.output<E['body']>;
  const query = (definicion.query ? validar(definicion.query, request.query, 'consulta') : {}) as z.output<
    NonNullable<E['query']>
  >;
  return { body, params, query };
}

/**
 * Who is asking may do this here: the right (autorizar) and, for a call that changes data, a plan that
 * is not Suspendido (spec 000 §4 "Plan": read mode). The plan follows the call's declared effect, not
 * the right that granted it, so no write slips through under a reading right.
 */
function admitir(ctx: CtxConSesion, definicion: Pick<Endpoint, 'method' | 'efecto'>, acceso: Acceso): void {
  autorizar(ctx, acceso);
  if (!permitidoEnModoLectura(definicion)) {
    exigirPlanActivo(ctx);
  }
}

/**
 * An onRequest hook: the tenantId header and the bearer's form are checked before the body is read,
 * so a request without a valid bearer is refused before anything is parsed or validated.
 */
export async function exigirPortador(request: FastifyRequest): Promise<void> {
  leerToken(request, leerTenantId(request));
}

/** Registers one endpoint of the contract: validates, authenticates, authorises, runs `fn` in the company's transaction. */
export function ruta<E extends Endpoint, A extends Acceso>(
  app: FastifyInstance,
  db: BaseDeDatos,
  definicion: E,
  acceso: A,
  fn: (
    ctx: A extends { publico: true } ? Ctx : CtxConSesion,
    entrada: Entrada<E>,
  ) => Promise<z.input<E['respuesta']>>,
): void {
  const publico = 'publico' in acceso;
  app.route({
    method: definicion.method,
    url: definicion.path,
    ...(publico ? {} : { onRequest: exigirPortador }),
    handler: async (request) => {
      const tenantId = leerTenantId(request);
      const token = publico ? null : leerToken(request, tenantId);
      const resultado = await conReintento(() =>
        db.enEmpresa(tenantId, async (tx) => {
          const ctx: Ctx = { tx, tenantId, ip: request.ip, usuario: null };
          if (token !== null) {
            ctx.usuario = await autenticar(tx, token);
            admitir(ctx as CtxConSesion, definicion, acceso);
          } else if (!permitidoEnModoLectura(definicion)) {
            // A public call that writes (a catalogue order, a booking) is refused in read mode too,
            // before its body is looked at, as a signed-in one is (spec 000 §4 "Plan").
            await exigirPlanActivoDeLaEmpresa(ctx);
          }
          // Validated once the caller may make the call: a refusal (no right, read mode) never
          // depends on what the body holds.
          const entrada = leerEntrada(definicion, request);
          try {
            return { valor: await fn(ctx as CtxConSesion, entrada) };
          } catch (error) {
            if (error instanceof AppError && error.confirmarTransaccion) {
              return { error };
            }
            throw error;
          }
        }),
      );
      if ('error' in resultado) {
        throw resultado.error;
      }
      // The contract's answer schema strips anything not in the spec's shape (never a password hash).
      return definicion.respuesta.parse(resultado.valor);
    },
  });
}

/** A signed-in caller of `rutaPorLotes`: `fn` opens the transactions its batch needs. */
export type SesionDeLote = {
  tenantId: number;
  ip: string;
  usuario: UsuarioSesion;
  enTransaccion<T>(fn: (ctx: CtxConSesion) => Promise<T>): Promise<T>;
};

// A batch holds up to 100 documents (a supermarket's invoices run to dozens of lines each), well over
// the 1 MiB allowed to a single document's request.
const LIMITE_DE_UN_LOTE = 16 * 1024 * 1024;

/**
 * Registers a batch endpoint (offline sync): validated and authorised like `ruta`, with the session
 * checked in a transaction of its own; `fn` then opens its own transactions: one per item
 * (`cadaPendiente`), or the whole batch at once when it can write it safely (the invoices,
 * `sincronizarFacturas`). A crash mid-batch loses nothing that committed, and the replay finds those
 * by their identificadorUnico.
 */
export function rutaPorLotes<E extends Endpoint>(
  app: FastifyInstance,
  db: BaseDeDatos,
  definicion: E,
  acceso: Exclude<Acceso, { publico: true }>,
  fn: (sesion: SesionDeLote, entrada: Entrada<E>) => Promise<z.input<E['respuesta']>>,
): void {
  app.route({
    method: definicion.method,
    url: definicion.path,
    bodyLimit: LIMITE_DE_UN_LOTE,
    // The bearer is looked at before a body this large is read: without one, nothing is parsed.
    onRequest: exigirPortador,
    handler: async (request) => {
      const tenantId = leerTenantId(request);
      const token = leerToken(request, tenantId);
      const usuario = await db.enEmpresa(tenantId, async (tx) => {
        const ctx: CtxConSesion = { tx, tenantId, ip: request.ip, usuario: await autenticar(tx, token) };
        admitir(ctx, definicion, acceso);
        return ctx.usuario;
      });
      const entrada = leerEntrada(definicion, request);
      const sesion: SesionDeLote = {
        tenantId,
        ip: request.ip,
        usuario,
        enTransaccion: (trabajo) =>
          db.enEmpresa(tenantId, (tx) => trabajo({ tx, tenantId, ip: request.ip, usuario })),
      };
      return definicion.respuesta.parse(await fn(sesion, entrada));
    },
  });
}

/**
 * The loop of an offline sync: each pending document is created by `crear` in a transaction of its
 * own. A refusal (an AppError, or a database error the data caused) is reported with its reason and
 * the others go on. A twin that won the race for the same identificadorUnico (ReintentarSolicitud)
 * is answered by `gemela`, read in a fresh transaction, as created.
 */
export async function cadaPendiente<R>(
  sesion: SesionDeLote,
  pendientes: readonly unknown[],
  identificadorDe: (pendiente: unknown) => string,
  crear: (ctx: CtxConSesion, pendiente: unknown) => Promise<R>,
  gemela: (ctx: CtxConSesion, identificadorUnico: string) => Promise<R>,
): Promise<{ creados: R[]; rechazados: DocumentoRechazado[] }> {
  const creados: R[] = [];
  const rechazados: DocumentoRechazado[] = [];
  for (const pendiente of pendientes) {
    const identificadorUnico = identificadorDe(pendiente);
    try {
      creados.push(await sesion.enTransaccion((ctx) => crear(ctx, pendiente)));
    } catch (error) {
      if (error instanceof ReintentarSolicitud) {
        creados.push(await sesion.enTransaccion((ctx) => gemela(ctx, identificadorUnico)));
        continue;
      }
      const rechazo = error instanceof AppError ? error : errorDePostgres(error);
      if (!rechazo) {
        throw error;
      }
      rechazados.push(documentoRechazado(identificadorUnico, rechazo));
    }
  }
  return { creados, rechazados };
}

/** How a sync answers a document it refused: its identificadorUnico and why, as an error answer says it. */
export function documentoRechazado(identificadorUnico: string, rechazo: AppError): DocumentoRechazado {
  return {
    identificadorUnico,
    message: rechazo.message,
    ...(rechazo.errores ? { errores: rechazo.errores } : {}),
    ...(rechazo.datos ? { datos: rechazo.datos } : {}),
  };
}

// One more attempt when a race was lost (ReintentarSolicitud); a second loss is a plain conflict.
async function conReintento<T>(intento: () => Promise<T>): Promise<T> {
  try {
    return await intento();
  } catch (error) {
    if (!(error instanceof ReintentarSolicitud)) {
      throw error;
    }
  }
  try {
    return await intento();
  } catch (error) {
    if (error instanceof ReintentarSolicitud) {
      throw new AppError('conflicto', 'Otra solicitud igual estaba en curso; intenta de nuevo.');
    }
    throw error;
  }
}

function autorizar(ctx: CtxConSesion, acceso: Acceso): void {
  const permisos = 'modulo' in acceso ? [acceso] : 'alguno' in acceso ? acceso.alguno : [];
  const [primero] = permisos;
  if (!primero) {
    return;
  }
  if (!permisos.some((p) => tienePermiso(ctx.usuario.privilegios, p.modulo, p.accion))) {
    // sinPermiso tells a missing right from other refusals (a suspended plan, another company's
    // session): the offline queue sets aside only what this user may not create.
    throw new AppError(
      'prohibido',
      `No tienes permiso para ${ACCIONES_EN_ESPANOL[primero.accion]} ${ETIQUETAS_DE_MODULO[primero.modulo]}.`,
      { datos: { sinPermiso: true } },
    );
  }
}

/** The company named by the tenantId header, or 400. */
export function leerTenantId(request: FastifyRequest): number {
  const valor = request.headers.tenantid;
  if (typeof valor !== 'string' || !/^[1-9]\d{0,8}$/.test(valor.trim())) {
    throw new AppError(
      'solicitud_invalida',
      'Falta el encabezado tenantId o no es un número de empresa válido.',
      { errores: [{ campo: 'tenantId', mensaje: 'Debe ser el número de la empresa' }] },
    );
  }
  return Number(valor.trim());
}

/** The bearer token, well formed and of the header's company, or 401 / 403. */
export function leerToken(request: FastifyRequest, tenantId: number): string {
  const autorizacion = request.headers.authorization;
  const token = autorizacion?.startsWith('Bearer ') ? autorizacion.slice('Bearer '.length).trim() : '';
  if (!token) {
    throw new AppError('no_autenticado', 'Debes iniciar sesión.');
  }
  const tenantDelPortador = tenantDelToken(token);
  if (tenantDelPortador === null) {
    throw new AppError('no_autenticado', 'La sesión no es válida. Inicia sesión de nuevo.');
  }
  if (tenantDelPortador !== tenantId) {
    throw new AppError('prohibido', 'La sesión pertenece a otra empresa.');
  }
  return token;
}

/** Parses with a contract schema; a failure is a 400 naming each field in Spanish. */
export function validar<S extends z.ZodType>(esquema: S, valor: unknown, donde: string): z.output<S> {
  const resultado = esquema.safeParse(valor);
  if (resultado.success) {
    return resultado.data;
  }
  const errores: CampoConError[] = resultado.error.issues.map((issue) => ({
    campo: issue.path.length > 0 ? issue.path.join('.') : donde,
    mensaje: issue.message,
  }));
  const primero = errores[0];
  const mensaje = primero
    ? `Datos inválidos en ${primero.campo === donde ? `el ${donde}` : `«${primero.campo}»`}: ${primero.mensaje}`
    : `Datos inválidos en el ${donde}.`;
  throw new AppError('solicitud_invalida', mensaje, { errores });
}
