import {
  type ActualizarUsuario,
  type ConDerechos,
  type CrearUsuario,
  DatosUsuario,
  derechosQueNoConcede,
  esAdministradorCompleto,
  nombreDelDerecho,
  type Perfil,
  todosLosPrivilegios,
  type Usuario,
  type UsuarioDetalle,
} from '@pos/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { CtxConSesion } from '../../http/handle.ts';
import { hashearPassword } from '../auth/password.ts';
import { accesosFallidosDe, olvidarAccesosFallidos, revocarSesionesDelUsuario } from '../auth/service.ts';
import { limiteDeUsuarios } from '../empresas/service.ts';
import { usuarios } from './tables.ts';

type FilaUsuario = typeof usuarios.$inferSelect;
export type UsuarioConHash = Usuario & { id: string; passwordHash: string };

// Spec 002 §5: the plan's user limit (0 = unlimited).
const MENSAJE_LIMITE =
  'No puedes crear mas usuarios, has llegado al limite de usuarios permitidos en tu plan';

/** A stored user row as the API's user (with its hash, for the services that check it). */
export function usuarioDeFila(fila: FilaUsuario): UsuarioConHash {
  // Stored settings go through the contract so fields added later get their defaults.
  const datos = DatosUsuario.parse({ ...fila.datos, activo: fila.activo });
  return {
    ...datos,
    _id: fila.id,
    id: fila.id,
    username: fila.username,
    passwordHash: fila.passwordHash,
    creadoEn: fila.creadoEn.toISOString(),
    actualizadoEn: fila.actualizadoEn.toISOString(),
  };
}

function sinHash({ passwordHash: _hash, id: _id, ...usuario }: UsuarioConHash): Usuario {
  return usuario;
}

function datosGuardables(entrada: Omit<CrearUsuario, 'username' | 'password'>): Record<string, unknown> {
  const { activo: _activo, ...datos } = DatosUsuario.parse(entrada);
  return datos;
}

/** The user with this username in the current company (case-insensitive), if any. */
export async function buscarUsuarioPorNombre(tx: Tx, username: string): Promise<UsuarioConHash | undefined> {
  const [fila] = await tx
    .select()
    .from(usuarios)
    .where(and(sql`lower(${usuarios.username}) = lower(${username})`, eq(usuarios.eliminado, false)))
    .limit(1);
  return fila ? usuarioDeFila(fila) : undefined;
}

/** The user with this id in the current company, if not deleted. */
export async function buscarUsuarioPorId(tx: Tx, id: string): Promise<UsuarioConHash | undefined> {
  const [fila] = await tx
    .select()
    .from(usuarios)
    .where(and(eq(usuarios.id, id), eq(usuarios.eliminado, false)))
    .limit(1);
  return fila ? usuarioDeFila(fila) : undefined;
}

// Only this module writes `usuarios`. A module that needs a user inside a query of its own (one round
// trip) joins one of these read-only subqueries instead of the table.
const vigentes = new QueryBuilder()
  .select()
  .from(usuarios)
  .where(eq(usuarios.eliminado, false))
  .as('usuarios_vigentes');

/** The users not deleted, whole rows for `usuarioDeFila` (a session's user, on every request). */
export const usuariosVigentes = {
  subconsulta: vigentes,
  fila: {
    tenantId: vigentes.tenantId,
    id: vigentes.id,
    username: vigentes.username,
    passwordHash: vigentes.passwordHash,
    datos: vigentes.datos,
    activo: vigentes.activo,
    eliminado: vigentes.eliminado,
    creadoEn: vigentes.creadoEn,
    actualizadoEn: vigentes.actualizadoEn,
  },
};

/** Every user's username by id, deleted ones too (a closed shift still names its cashier). */
export const nombresDeUsuarios = new QueryBuilder()
  .select({ tenantId: usuarios.tenantId, id: usuarios.id, username: usuarios.username })
  .from(usuarios)
  .as('nombres_de_usuarios');

/** Active users of the company, counted against the plan's limit. */
export async function contarUsuariosActivos(tx: Tx, tenantId: number): Promise<number> {
  const [fila] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(usuarios)
    .where(and(eq(usuarios.tenantId, tenantId), eq(usuarios.eliminado, false), eq(usuarios.activo, true)));
  return fila?.total ?? 0;
}

async function exigirNombreLibre(ctx: CtxConSesion, username: string, exceptoId?: string): Promise<void> {
  const existente = await buscarUsuarioPorNombre(ctx.tx, username);
  if (existente && existente.id !== exceptoId) {
    throw new AppError('conflicto', `Ya existe un usuario con el nombre «${username}» en esta empresa.`, {
      errores: [{ campo: 'username', mensaje: 'Ya existe un usuario con ese nombre' }],
    });
  }
}

// Per-company advisory lock (namespace, tenant) taken before counting the plan's seats.
const CANDADO_CUPO_DE_USUARIOS = 5003;

/**
 * Spec 002 §5: refuses a new active user beyond the plan's limit. The company's seat count is taken
 * under a per-company lock held to the end of the transaction, so parallel creations take turns and
 * the last seat goes to one of them only.
 */
async function exigirCupo(ctx: CtxConSesion): Promise<void> {
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(${CANDADO_CUPO_DE_USUARIOS}, ${ctx.tenantId})`);
  const limite = await limiteDeUsuarios(ctx);
  if (limite > 0 && (await contarUsuariosActivos(ctx.tx, ctx.tenantId)) >= limite) {
    throw new AppError('prohibido', MENSAJE_LIMITE);
  }
}

// ---------------------------------------------------------------- Who edits whom
// Nobody grants a right they do not hold; only a full administrator (esAdministradorCompleto, the
// `admin` every company starts with) changes another user's password or edits, deactivates or deletes
// a user holding rights the editor lacks; nobody changes their own rights (docs/api.md «Usuarios»).

function listaDeDerechos(derechos: string[]): string {
  const nombres = derechos.slice(0, 3).map(nombreDelDerecho);
  const resto = derechos.length - nombres.length;
  return `${nombres.join(', ')}${resto > 0 ? ` y ${resto} más` : ''}`;
}

/** Refuses rights in `nuevo` that the editor may not grant, besides those `anterior` already held. */
function exigirQuePuedaConceder(ctx: CtxConSesion, nuevo: ConDerechos, anterior?: ConDerechos): void {
  const yaTenia = new Set(anterior ? derechosQueNoConcede(ctx.usuario, anterior) : []);
  const nuevos = derechosQueNoConcede(ctx.usuario, nuevo).filter((derecho) => !yaTenia.has(derecho));
  if (nuevos.length > 0) {
    throw new AppError('prohibido', `No puedes dar permisos que tú no tienes: ${listaDeDerechos(nuevos)}.`, {
      datos: { derechos: nuevos },
    });
  }
}

/** Refuses touching a user who holds rights the editor lacks, unless the editor is a full administrator. */
function exigirQuePuedaEditarA(ctx: CtxConSesion, usuario: UsuarioConHash, accion: string): void {
  if (esAdministradorCompleto(ctx.usuario)) {
    return;
  }
  const faltan = derechosQueNoConcede(ctx.usuario, usuario);
  if (faltan.length > 0) {
    throw new AppError(
      'prohibido',
      `Solo un administrador con todos los permisos puede ${accion} a «${usuario.username}»: tiene permisos que tú no tienes (${listaDeDerechos(faltan)}).`,
      { datos: { derechos: faltan } },
    );
  }
}

/** Whether two users hold exactly the same rights and restrictions (everything of the Permisos tab). */
function mismosDerechos(a: DatosUsuario, b: DatosUsuario): boolean {
  // Both went through the contract's schema, so their keys come in the same order.
  const derechos = (u: DatosUsuario) =>
    JSON.stringify([
      u.privilegios,
      u.anularYEliminarDocumentos,
      u.crearInstanciaDelSistema,
      u.poderEditarPedidosImpresionPreventa,
      u.limiteDescuento,
      u.revendedor,
      u.bloquearPrecio,
      u.bloquearImpuesto,
    ]);
  return derechos(a) === derechos(b);
}

/** GET /profile: the signed-in user with its privileges. */
export async function obtenerPerfil(ctx: CtxConSesion): Promise<Perfil> {
  const { sesionId: _sesion, planSuspendido: _plan, ...usuario } = ctx.usuario;
  return {
    ...usuario,
    tenantId: ctx.tenantId,
    scope: usuario.perfilSeleccionado ? [usuario.perfilSeleccionado] : [],
  };
}

/** GET /users/: the company's users, by name. */
export async function listarUsuarios(ctx: CtxConSesion): Promise<Usuario[]> {
  const filas = await ctx.tx
    .select()
    .from(usuarios)
    .where(and(eq(usuarios.tenantId, ctx.tenantId), eq(usuarios.eliminado, false)))
    .orderBy(asc(sql`lower(${usuarios.username})`));
  return filas.map((fila) => sinHash(usuarioDeFila(fila)));
}

async function exigirUsuario(ctx: CtxConSesion, id: string): Promise<UsuarioConHash> {
  const usuario = await buscarUsuarioPorId(ctx.tx, id);
  if (!usuario) {
    throw new AppError('no_encontrado', 'El usuario no existe.');
  }
  return usuario;
}

/** GET /users/{id}, with the user's recent failed sign-ins. */
export async function obtenerUsuario(ctx: CtxConSesion, id: string): Promise<UsuarioDetalle> {
  const usuario = await exigirUsuario(ctx, id);
  return {
    ...sinHash(usuario),
    accesosFallidos: await accesosFallidosDe(ctx.tx, ctx.tenantId, usuario.username),
  };
}

/** POST /users/: refused beyond the plan's user limit. */
export async function crearUsuario(ctx: CtxConSesion, entrada: CrearUsuario): Promise<Usuario> {
  const { username, password, ...resto } = entrada;
  exigirQuePuedaConceder(ctx, entrada);
  await exigirNombreLibre(ctx, username);
  if (resto.activo !== false) {
    await exigirCupo(ctx);
  }
  const [fila] = await ctx.tx
    .insert(usuarios)
    .values({
      tenantId: ctx.tenantId,
      username,
      passwordHash: await hashearPassword(password),
      datos: datosGuardables(resto),
      activo: resto.activo !== false,
    })
    .returning();
  if (!fila) {
    throw new Error('El insert de usuarios no devolvió la fila');
  }
  return sinHash(usuarioDeFila(fila));
}

/**
 * The first user of a new company (`admin`, or the e-mail of a registered company, modules/registro),
 * with every right; `crearInstanciaDelSistema` only for the operator company (spec 000 §2, §6). No
 * session yet and no seat check: it is the company's first user.
 */
export async function crearAdministrador(
  tx: Tx,
  tenantId: number,
  password: string,
  opciones: { crearInstanciaDelSistema: boolean; username?: string },
): Promise<void> {
  const datos = DatosUsuario.parse({
    privilegios: todosLosPrivilegios(),
    anularYEliminarDocumentos: true,
    crearInstanciaDelSistema: opciones.crearInstanciaDelSistema,
    perfilSeleccionado: 'Administrador',
  });
  const { activo: _activo, ...guardables } = datos;
  await tx.insert(usuarios).values({
    tenantId,
    username: opciones.username ?? 'admin',
    passwordHash: await hashearPassword(password),
    datos: guardables,
  });
}

/** PUT /users/{id}: replaces the editable fields; a new password or a deactivation ends the user's sessions. */
export async function actualizarUsuario(
  ctx: CtxConSesion,
  id: string,
  entrada: ActualizarUsuario,
): Promise<Usuario> {
  const actual = await exigirUsuario(ctx, id);
  const { username, password, ...resto } = entrada;
  const activo = resto.activo !== false;
  if (id === ctx.usuario._id) {
    if (!activo) {
      throw new AppError('conflicto', 'No puedes desactivar tu propio usuario.');
    }
    if (!mismosDerechos(actual, DatosUsuario.parse(resto))) {
      throw new AppError(
        'prohibido',
        'No puedes cambiar tus propios permisos: pídeselo a otro administrador.',
      );
    }
  } else {
    exigirQuePuedaEditarA(ctx, actual, 'modificar');
    if (password && !esAdministradorCompleto(ctx.usuario)) {
      throw new AppError(
        'prohibido',
        'Solo un administrador con todos los permisos puede cambiar la contraseña de otro usuario.',
      );
    }
    exigirQuePuedaConceder(ctx, entrada, actual);
  }
  if (activo && !actual.activo) {
    await exigirCupo(ctx);
  }
  await exigirNombreLibre(ctx, username, id);
  const [fila] = await ctx.tx
    .update(usuarios)
    .set({
      username,
      datos: datosGuardables(resto),
      activo,
      actualizadoEn: new Date(),
      ...(password ? { passwordHash: await hashearPassword(password) } : {}),
    })
    .where(and(eq(usuarios.tenantId, ctx.tenantId), eq(usuarios.id, id)))
    .returning();
  if (!fila) {
    throw new AppError('no_encontrado', 'El usuario no existe.');
  }
  if (password || !activo) {
    await revocarSesionesDelUsuario(ctx.tx, ctx.tenantId, id);
  }
  return sinHash(usuarioDeFila(fila));
}

/** DELETE /users/{id}: a soft delete, since documents keep pointing at their creator. */
export async function eliminarUsuario(ctx: CtxConSesion, id: string): Promise<{ message: string }> {
  if (id === ctx.usuario._id) {
    throw new AppError('conflicto', 'No puedes eliminar tu propio usuario.');
  }
  exigirQuePuedaEditarA(ctx, await exigirUsuario(ctx, id), 'eliminar');
  const [fila] = await ctx.tx
    .update(usuarios)
    .set({ eliminado: true, activo: false, actualizadoEn: new Date() })
    .where(and(eq(usuarios.tenantId, ctx.tenantId), eq(usuarios.id, id), eq(usuarios.eliminado, false)))
    .returning({ username: usuarios.username });
  if (!fila) {
    throw new AppError('no_encontrado', 'El usuario no existe.');
  }
  await revocarSesionesDelUsuario(ctx.tx, ctx.tenantId, id);
  return { message: `Usuario «${fila.username}» eliminado.` };
}

/** PUT /users/desbloquear/{id}: forgets the user's failed sign-ins, so no address waits any more. */
export async function desbloquearUsuario(ctx: CtxConSesion, id: string): Promise<{ message: string }> {
  const usuario = await exigirUsuario(ctx, id);
  if (id !== ctx.usuario._id) {
    exigirQuePuedaEditarA(ctx, usuario, 'desbloquear');
  }
  await olvidarAccesosFallidos(ctx.tx, ctx.tenantId, usuario.username);
  return { message: `Usuario «${usuario.username}» desbloqueado.` };
}
