import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Credenciales, Token } from '@pos/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion, UsuarioSesion } from '../../http/handle.ts';
import { exigirEmpresa, sqlPlanSuspendido } from '../empresas/service.ts';
import { buscarUsuarioPorNombre, usuarioDeFila } from '../usuarios/service.ts';
import { usuarios } from '../usuarios/tables.ts';
import { HASH_FICTICIO, verificarPassword } from './password.ts';
import { intentosDeAcceso, sesiones } from './tables.ts';

// Spec 000 §9: "token max age 60". Read as minutes of inactivity: each use within the window extends it,
// so a cashier is not thrown out mid-shift, and an abandoned session dies an hour later (docs/api.md).
export const MINUTOS_DE_SESION = 60;
// Renew at most every 5 minutes, so most requests do not write.
const MINUTOS_ENTRE_RENOVACIONES = 5;

// Brute force: after 5 failures within 15 minutes for one username, or 20 from one address (a shop's
// cashiers share one public address), refuse that username or address for 15 minutes.
export const FALLOS_POR_USUARIO = 5;
export const FALLOS_POR_DIRECCION = 20;
export const MINUTOS_DE_BLOQUEO = 15;

const MENSAJE_CREDENCIALES = 'Usuario o contraseña incorrectos.';

/** Token layout `tenantId.sesionId.secreto`: the company is readable without a query, the secret is only stored hashed. */
export function tenantDelToken(token: string): number | null {
  const partes = FORMATO_DEL_TOKEN.exec(token);
  return partes ? Number(partes[1]) : null;
}

function hashDelSecreto(secreto: string): string {
  return createHash('sha256').update(secreto).digest('hex');
}

function minutosDespues(minutos: number): Date {
  return new Date(Date.now() + minutos * 60_000);
}

// Exactly the three parts `iniciarSesion` writes (a UUID, 32 bytes in base64url): anything around
// them, such as `<token>.x`, makes a different token, refused.
const FORMATO_DEL_TOKEN =
  /^([1-9]\d{0,8})\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/;

/** POST /auth/login: checks the password, throttles repeated failures, opens a session. */
export async function iniciarSesion(ctx: Ctx, credenciales: Credenciales): Promise<Token> {
  await exigirEmpresa(ctx);
  const claves = [`usuario:${credenciales.username.toLowerCase()}`, `ip:${ctx.ip}`];
  await rechazarSiEstaBloqueado(ctx, claves);
  const usuario = await buscarUsuarioPorNombre(ctx.tx, credenciales.username);
  const valida = await verificarPassword(
    credenciales.password,
    usuario?.passwordHash ?? (await HASH_FICTICIO),
  );
  if (!usuario || !valida || !usuario.activo) {
    await registrarFallo(ctx, claves);
    throw new AppError('no_autenticado', MENSAJE_CREDENCIALES, { confirmarTransaccion: true });
  }
  await ctx.tx
    .delete(intentosDeAcceso)
    .where(and(eq(intentosDeAcceso.tenantId, ctx.tenantId), eq(intentosDeAcceso.clave, claves[0] ?? '')));
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

async function rechazarSiEstaBloqueado(ctx: Ctx, claves: string[]): Promise<void> {
  const [bloqueo] = await ctx.tx
    .select({ hasta: intentosDeAcceso.bloqueadoHasta })
    .from(intentosDeAcceso)
    .where(
      and(
        eq(intentosDeAcceso.tenantId, ctx.tenantId),
        sql`${intentosDeAcceso.clave} in (${sql.join(
          claves.map((c) => sql`${c}`),
          sql`, `,
        )})`,
        gt(intentosDeAcceso.bloqueadoHasta, new Date()),
      ),
    )
    .orderBy(sql`${intentosDeAcceso.bloqueadoHasta} desc`)
    .limit(1);
  if (bloqueo?.hasta) {
    const minutos = Math.max(1, Math.ceil((bloqueo.hasta.getTime() - Date.now()) / 60_000));
    throw new AppError(
      'demasiadas_solicitudes',
      `Demasiados intentos fallidos. Espera ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'} e intenta de nuevo.`,
    );
  }
}

async function registrarFallo(ctx: Ctx, claves: string[]): Promise<void> {
  for (const clave of claves) {
    const permitidos = clave.startsWith('ip:') ? FALLOS_POR_DIRECCION : FALLOS_POR_USUARIO;
    // A window older than the block period starts over at 1.
    await ctx.tx.execute(sql`
      insert into intentos_de_acceso (tenant_id, clave, fallos, primer_fallo_en)
      values (${ctx.tenantId}, ${clave}, 1, now())
      on conflict (tenant_id, clave) do update set
        fallos = case when intentos_de_acceso.primer_fallo_en < now() - make_interval(mins => ${MINUTOS_DE_BLOQUEO})
                      then 1 else intentos_de_acceso.fallos + 1 end,
        primer_fallo_en = case when intentos_de_acceso.primer_fallo_en < now() - make_interval(mins => ${MINUTOS_DE_BLOQUEO})
                      then now() else intentos_de_acceso.primer_fallo_en end,
        bloqueado_hasta = case when intentos_de_acceso.primer_fallo_en >= now() - make_interval(mins => ${MINUTOS_DE_BLOQUEO})
                                 and intentos_de_acceso.fallos + 1 >= ${permitidos}
                      then now() + make_interval(mins => ${MINUTOS_DE_BLOQUEO}) else null end`);
  }
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
  const [fila] = await tx
    .select({ sesion: sesiones, usuario: usuarios, planSuspendido: sqlPlanSuspendido(sesiones.tenantId) })
    .from(sesiones)
    .innerJoin(
      usuarios,
      and(
        eq(usuarios.tenantId, sesiones.tenantId),
        eq(usuarios.id, sesiones.usuarioId),
        eq(usuarios.eliminado, false),
      ),
    )
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
