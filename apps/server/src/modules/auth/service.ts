import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Credenciales, Token } from '@pos/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion, UsuarioSesion } from '../../http/handle.ts';
import { exigirEmpresa, sqlPlanSuspendido } from '../empresas/service.ts';
import { buscarUsuarioPorNombre, usuarioDeFila, usuariosVigentes } from '../usuarios/service.ts';
import { HASH_FICTICIO, verificarPassword } from './password.ts';
import { fallosDeAcceso, intentosDeAcceso, sesiones } from './tables.ts';

// Spec 000 §9: "token max age 60". Read as minutes of inactivity: each use within the window extends it,
// so a cashier is not thrown out mid-shift, and an abandoned session dies an hour later (docs/api.md).
export const MINUTOS_DE_SESION = 60;
// Renew at most every 5 minutes, so most requests do not write.
const MINUTOS_ENTRE_RENOVACIONES = 5;

// Brute force (docs/api.md «Fuerza bruta»): a wrong password makes only that address wait before trying
// that username again, longer at each failure, so an attacker elsewhere cannot lock anyone out.
// The first failures cost nothing (a cashier mistypes); then 30 s, 1, 2, 4, 8 and at most 15 minutes.
export const FALLOS_SIN_ESPERA = 4;
export const SEGUNDOS_DE_PRIMERA_ESPERA = 30;
export const SEGUNDOS_DE_ESPERA_MAXIMA = 15 * 60;
// A day without failures forgets them.
const HORAS_PARA_OLVIDAR = 24;
// Flood guard: an address failing this often (many usernames: password spraying) waits 15 minutes,
// except for users who already signed in from it (a shop's cashiers share one public address).
export const FALLOS_POR_DIRECCION = 100;
export const MINUTOS_DE_BLOQUEO = 15;
const DIAS_DE_DIRECCION_CONOCIDA = 30;

const MENSAJE_CREDENCIALES = 'Usuario o contraseña incorrectos.';

/** Token layout `tenantId.sesionId.secreto`: the company is readable without a query, the secret is only stored hashed. */
export function tenantDelToken(token: string): number | null {
  const partes = FORMATO_DEL_TOKEN.exec(token);
  return partes ? Number(partes[1]) : null;
}

// Exactly the three parts `iniciarSesion` writes (a UUID, 32 bytes in base64url): anything around
// them, such as `<token>.x`, makes a different token, refused.
const FORMATO_DEL_TOKEN =
  /^([1-9]\d{0,8})\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/;

function hashDelSecreto(secreto: string): string {
  return createHash('sha256').update(secreto).digest('hex');
}

function minutosDespues(minutos: number): Date {
  return new Date(Date.now() + minutos * 60_000);
}

/** POST /auth/login: checks the password, makes repeated failures wait, opens a session. */
export async function iniciarSesion(ctx: Ctx, credenciales: Credenciales): Promise<Token> {
  await exigirEmpresa(ctx);
  const anteriores = await fallosDelPar(ctx, credenciales.username);
  rechazarSiDebeEsperar(anteriores.esperaHasta, 'Demasiados intentos fallidos.');
  const usuario = await buscarUsuarioPorNombre(ctx.tx, credenciales.username);
  await rechazarSiLaDireccionEstaBloqueada(ctx, usuario?.id);
  const valida = await verificarPassword(
    credenciales.password,
    usuario?.passwordHash ?? (await HASH_FICTICIO),
  );
  if (!usuario || !valida || !usuario.activo) {
    await registrarFallo(ctx, anteriores);
    throw new AppError('no_autenticado', MENSAJE_CREDENCIALES, { confirmarTransaccion: true });
  }
  // Only this address's failures: a right password elsewhere must not free an attacker's address.
  await ctx.tx
    .delete(fallosDeAcceso)
    .where(
      and(
        eq(fallosDeAcceso.tenantId, ctx.tenantId),
        eq(fallosDeAcceso.usuario, anteriores.usuario),
        eq(fallosDeAcceso.ip, ctx.ip),
      ),
    );
  const secreto = randomBytes(32).toString('base64url');
  const [sesion] = await ctx.tx
    .insert(sesiones)
    .values({
      tenantId: ctx.tenantId,
      usuarioId: usuario.id,
      secretoHash: hashDelSecreto(secreto),
      expiraEn: minutosDespues(MINUTOS_DE_SESION),
      direccionIp: ctx.ip,
    })
    .returning({ id: sesiones.id });
  return { token: `${ctx.tenantId}.${sesion?.id}.${secreto}` };
}

type FallosDelPar = { usuario: string; fallos: number; esperaHasta: Date | null };

/**
 * The failures of this username from this address, with its row locked until the transaction ends:
 * parallel guesses from one address take turns, so a burst cannot slip past the wait.
 */
async function fallosDelPar(ctx: Ctx, username: string): Promise<FallosDelPar> {
  const [fila] = await ctx.tx
    .insert(fallosDeAcceso)
    .values({ tenantId: ctx.tenantId, usuario: sql`lower(${username})`, ip: ctx.ip })
    .onConflictDoUpdate({
      target: [fallosDeAcceso.tenantId, fallosDeAcceso.usuario, fallosDeAcceso.ip],
      set: { fallos: sql`${fallosDeAcceso.fallos}` },
    })
    .returning();
  if (!fila) {
    throw new Error('El registro de fallos de acceso no devolvió la fila');
  }
  const olvidados =
    fila.ultimoFalloEn !== null && fila.ultimoFalloEn.getTime() < Date.now() - HORAS_PARA_OLVIDAR * 3_600_000;
  return {
    usuario: fila.usuario,
    fallos: olvidados ? 0 : fila.fallos,
    esperaHasta: olvidados ? null : fila.esperaHasta,
  };
}

/** The wait after `fallos` failures in a row: none for the first ones, then doubling up to the maximum. */
export function segundosDeEspera(fallos: number): number {
  if (fallos <= FALLOS_SIN_ESPERA) {
    return 0;
  }
  return Math.min(
    SEGUNDOS_DE_ESPERA_MAXIMA,
    SEGUNDOS_DE_PRIMERA_ESPERA * 2 ** (fallos - FALLOS_SIN_ESPERA - 1),
  );
}

function rechazarSiDebeEsperar(hasta: Date | null, motivo: string): void {
  const segundos = hasta ? Math.ceil((hasta.getTime() - Date.now()) / 1000) : 0;
  if (segundos <= 0) {
    return;
  }
  const minutos = Math.ceil(segundos / 60);
  const espera =
    segundos < 60
      ? `${segundos} ${segundos === 1 ? 'segundo' : 'segundos'}`
      : `${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}`;
  throw new AppError('demasiadas_solicitudes', `${motivo} Espera ${espera} e intenta de nuevo.`, {
    datos: { segundosDeEspera: segundos },
  });
}

async function rechazarSiLaDireccionEstaBloqueada(ctx: Ctx, usuarioId: string | undefined): Promise<void> {
  const [bloqueo] = await ctx.tx
    .select({ hasta: intentosDeAcceso.bloqueadoHasta })
    .from(intentosDeAcceso)
    .where(
      and(
        eq(intentosDeAcceso.tenantId, ctx.tenantId),
        eq(intentosDeAcceso.clave, `ip:${ctx.ip}`),
        gt(intentosDeAcceso.bloqueadoHasta, new Date()),
      ),
    )
    .limit(1);
  if (!bloqueo?.hasta || (usuarioId && (await entroDesdeAqui(ctx, usuarioId)))) {
    return;
  }
  rechazarSiDebeEsperar(bloqueo.hasta, 'Demasiados intentos fallidos desde esta dirección.');
}

/** Whether the user signed in from this address lately: the flood guard lets them through. */
async function entroDesdeAqui(ctx: Ctx, usuarioId: string): Promise<boolean> {
  const filas = await ctx.tx
    .select({ id: sesiones.id })
    .from(sesiones)
    .where(
      and(
        eq(sesiones.tenantId, ctx.tenantId),
        eq(sesiones.usuarioId, usuarioId),
        eq(sesiones.direccionIp, ctx.ip),
        gt(sesiones.creadaEn, new Date(Date.now() - DIAS_DE_DIRECCION_CONOCIDA * 86_400_000)),
      ),
    )
    .limit(1);
  return filas.length > 0;
}

async function registrarFallo(ctx: Ctx, anteriores: FallosDelPar): Promise<void> {
  const fallos = anteriores.fallos + 1;
  const segundos = segundosDeEspera(fallos);
  await ctx.tx
    .update(fallosDeAcceso)
    .set({
      fallos,
      ultimoFalloEn: sql`now()`,
      esperaHasta: segundos > 0 ? sql`now() + make_interval(secs => ${segundos})` : null,
    })
    .where(
      and(
        eq(fallosDeAcceso.tenantId, ctx.tenantId),
        eq(fallosDeAcceso.usuario, anteriores.usuario),
        eq(fallosDeAcceso.ip, ctx.ip),
      ),
    );
  // The address's count for the flood guard: a window older than the block period starts over at 1.
  await ctx.tx.execute(sql`
    insert into intentos_de_acceso (tenant_id, clave, fallos, primer_fallo_en)
    values (${ctx.tenantId}, ${`ip:${ctx.ip}`}, 1, now())
    on conflict (tenant_id, clave) do update set
      fallos = case when intentos_de_acceso.primer_fallo_en < now() - make_interval(mins => ${MINUTOS_DE_BLOQUEO})
                    then 1 else intentos_de_acceso.fallos + 1 end,
      primer_fallo_en = case when intentos_de_acceso.primer_fallo_en < now() - make_interval(mins => ${MINUTOS_DE_BLOQUEO})
                    then now() else intentos_de_acceso.primer_fallo_en end,
      bloqueado_hasta = case when intentos_de_acceso.primer_fallo_en >= now() - make_interval(mins => ${MINUTOS_DE_BLOQUEO})
                               and intentos_de_acceso.fallos + 1 >= ${FALLOS_POR_DIRECCION}
                    then now() + make_interval(mins => ${MINUTOS_DE_BLOQUEO}) else null end`);
}

/** A user's recent failed sign-ins from every address (the user screen shows «Desbloquear» then). */
export async function accesosFallidosDe(
  tx: Tx,
  tenantId: number,
  username: string,
): Promise<{ fallos: number; esperaHasta: string | null }> {
  const [fila] = await tx
    .select({
      fallos: sql<number>`coalesce(sum(${fallosDeAcceso.fallos}), 0)::int`,
      esperaHasta: sql<Date | null>`max(${fallosDeAcceso.esperaHasta}) filter (where ${fallosDeAcceso.esperaHasta} > now())`,
    })
    .from(fallosDeAcceso)
    .where(
      and(
        eq(fallosDeAcceso.tenantId, tenantId),
        sql`${fallosDeAcceso.usuario} = lower(${username})`,
        gt(fallosDeAcceso.ultimoFalloEn, new Date(Date.now() - HORAS_PARA_OLVIDAR * 3_600_000)),
      ),
    );
  const hasta = fila?.esperaHasta ? new Date(fila.esperaHasta) : null;
  return { fallos: fila?.fallos ?? 0, esperaHasta: hasta ? hasta.toISOString() : null };
}

/** Forgets a user's failed sign-ins from every address, so none has to wait any more. */
export async function olvidarAccesosFallidos(tx: Tx, tenantId: number, username: string): Promise<void> {
  await tx
    .delete(fallosDeAcceso)
    .where(and(eq(fallosDeAcceso.tenantId, tenantId), sql`${fallosDeAcceso.usuario} = lower(${username})`));
}

/** Resolves a bearer token to its live session's user, or 401. Extends the session while it is used. */
export async function autenticar(tx: Tx, token: string): Promise<UsuarioSesion> {
  const [, sesionId, secreto] = token.split('.');
  // Built only when refused: an Error captures a stack trace, and this runs on every request.
  const invalida = () =>
    new AppError('no_autenticado', 'La sesión expiró o no es válida. Inicia sesión de nuevo.');
  if (!sesionId || !secreto || !/^[0-9a-f-]{36}$/.test(sesionId)) {
    throw invalida();
  }
  // One round trip for the session and its user: every authenticated request pays for it.
  const { subconsulta: vigente, fila: filaDeUsuario } = usuariosVigentes;
  const [fila] = await tx
    .select({
      sesion: sesiones,
      usuario: filaDeUsuario,
      planSuspendido: sqlPlanSuspendido(sesiones.tenantId),
    })
    .from(sesiones)
    .innerJoin(vigente, and(eq(vigente.tenantId, sesiones.tenantId), eq(vigente.id, sesiones.usuarioId)))
    .where(and(eq(sesiones.id, sesionId), isNull(sesiones.revocadaEn), gt(sesiones.expiraEn, new Date())))
    .limit(1);
  const sesion = fila?.sesion;
  const esperado = Buffer.from(sesion?.secretoHash ?? '', 'hex');
  const recibido = Buffer.from(hashDelSecreto(secreto), 'hex');
  if (!fila || !sesion || esperado.length !== recibido.length || !timingSafeEqual(esperado, recibido)) {
    throw invalida();
  }
  const usuario = usuarioDeFila(fila.usuario);
  if (!usuario.activo) {
    throw invalida();
  }
  if (sesion.expiraEn.getTime() - Date.now() < (MINUTOS_DE_SESION - MINUTOS_ENTRE_RENOVACIONES) * 60_000) {
    await tx
      .update(sesiones)
      .set({ expiraEn: minutosDespues(MINUTOS_DE_SESION) })
      .where(and(eq(sesiones.tenantId, sesion.tenantId), eq(sesiones.id, sesion.id)));
  }
  return { ...usuario, sesionId: sesion.id, planSuspendido: fila.planSuspendido };
}

/** POST /auth/logout: revokes the session so the token is refused everywhere afterwards. */
export async function cerrarSesion(ctx: CtxConSesion): Promise<{ message: string }> {
  await ctx.tx
    .update(sesiones)
    .set({ revocadaEn: new Date() })
    .where(and(eq(sesiones.tenantId, ctx.tenantId), eq(sesiones.id, ctx.usuario.sesionId)));
  return { message: 'Sesión cerrada.' };
}

/** Revokes every session of a user (deactivated, deleted or password changed). */
export async function revocarSesionesDelUsuario(tx: Tx, tenantId: number, usuarioId: string): Promise<void> {
  await tx
    .update(sesiones)
    .set({ revocadaEn: new Date() })
    .where(
      and(eq(sesiones.tenantId, tenantId), eq(sesiones.usuarioId, usuarioId), isNull(sesiones.revocadaEn)),
    );
}
