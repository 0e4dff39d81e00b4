import type { ActualizarConfiguracionGeneral, ConfiguracionGeneral, EstadoDelPlan } from '@pos/contract';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { BaseDeDatos, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { sembrarCatalogoDeCuentas } from '../contabilidad/service.ts';
import { sembrarNumeracionesIniciales } from '../numeracion/service.ts';
import { contarUsuariosActivos } from '../usuarios/service.ts';
import { configuracionGeneral, empresas, type SmtpGuardado } from './tables.ts';

// The stored form of the outgoing mail server (with its password), for the invoice mailer.
export type { SmtpGuardado } from './tables.ts';

// Spec 000 §6: the text of the 'Plan En Modo Lectura' dialog.
export const MENSAJE_PLAN_SUSPENDIDO =
  'Plan En Modo Lectura: considera activar tu suscripción para poder editar y crear documentos.';

async function empresaActual(tx: Tx, tenantId: number) {
  const [empresa] = await tx.select().from(empresas).where(eq(empresas.tenantId, tenantId)).limit(1);
  if (!empresa) {
    throw new AppError('no_encontrado', `No existe la empresa ${tenantId}.`);
  }
  return empresa;
}

/** Whether the company's plan is Suspendido, as an SQL expression (read with the session, no extra round trip). */
export function sqlPlanSuspendido(tenantId: number | AnyColumn): SQL<boolean> {
  return sql<boolean>`coalesce((select estado_del_plan = 'Suspendido' from empresas where tenant_id = ${tenantId}), false)`;
}

/** Refuses any change while the company's plan is Suspendido (read-only mode, spec 000 §4 "Plan"). */
export function exigirPlanActivo(ctx: CtxConSesion): void {
  if (ctx.usuario.planSuspendido) {
    throw new AppError('prohibido', MENSAJE_PLAN_SUSPENDIDO);
  }
}

/**
 * Every company of the installation, for the scheduled tasks (sistema/tareas.ts). Read from the id
 * sequence, not from `empresas`, whose rows the forced row security hides outside a company: 1 and 2
 * are created by the seed, the others take 3, 4… (migration 0001). A number whose company does not
 * exist (a failed registration) finds nothing in its own transaction.
 */
export async function empresasDeLaInstalacion(db: BaseDeDatos): Promise<number[]> {
  const [secuencia] = await db.consultarComoDueno<{ last_value: string; is_called: boolean }>(
    sql`select last_value, is_called from empresas_tenant_id_seq`,
  );
  const ultima = secuencia?.is_called ? Number(secuencia.last_value) : 2;
  return Array.from({ length: ultima }, (_, i) => i + 1);
}

/**
 * The same refusal for a public write (a booking from the public page, docs/reservaciones.md): no session
 * carries the plan, so the company's row is read; a company that does not exist is a 404.
 */
export async function exigirPlanActivoDeLaEmpresa(ctx: Ctx): Promise<void> {
  if ((await empresaActual(ctx.tx, ctx.tenantId)).estadoDelPlan === 'Suspendido') {
    throw new AppError('prohibido', MENSAJE_PLAN_SUSPENDIDO);
  }
}

/** The plan's user limit; 0 means unlimited (spec 002 §5). */
export async function limiteDeUsuarios(ctx: Ctx): Promise<number> {
  return (await empresaActual(ctx.tx, ctx.tenantId)).limiteCantidadDeUsuarios;
}

/** Fails with 404 when the header names a company that does not exist. */
export async function exigirEmpresa(ctx: Ctx): Promise<void> {
  await empresaActual(ctx.tx, ctx.tenantId);
}

/** GET /tenant/api-test: the health check, answering the plan fields (spec 000 §7). */
export async function estadoDelPlan(ctx: Ctx): Promise<EstadoDelPlan> {
  const empresa = await empresaActual(ctx.tx, ctx.tenantId);
  return {
    estadoDelPlan: empresa.estadoDelPlan,
    balancePendienteDelPlan: Number(empresa.balancePendienteDelPlan),
    cantidadDeUsuarios: await contarUsuariosActivos(ctx.tx, ctx.tenantId),
    limiteCantidadDeUsuarios: empresa.limiteCantidadDeUsuarios,
    diasDePruebaDisponibles: empresa.diasDePruebaDisponibles,
    vigenciaDelPlan: empresa.vigenciaDelPlan,
  };
}

function aConfiguracion(fila: typeof configuracionGeneral.$inferSelect): ConfiguracionGeneral {
  return {
    _id: 1001,
    avatar: fila.avatar,
    imagenDePortada: fila.imagenDePortada,
    bannerPublicitario: fila.bannerPublicitario,
    usoCodigoDeBalanza: fila.usoCodigoDeBalanza,
    colorLinkCatalogo: fila.colorLinkCatalogo,
    habilitarSecciones: fila.habilitarSecciones,
    configGeneral: [
      {
        nombre: fila.nombre,
        rnc: fila.rnc,
        direccion: fila.direccion,
        telefono: fila.telefono,
        correo: fila.correo,
      },
    ],
    bloqueoPorNoExistencia: fila.bloqueoPorNoExistencia,
    tieneCodigoDeAutorizacion: fila.codigoDeAutorizacion !== '',
    // The password never leaves the server (docs/security.md).
    smtp: fila.smtp
      ? {
          host: fila.smtp.host,
          port: fila.smtp.port,
          secure: fila.smtp.secure,
          usuario: fila.smtp.usuario,
          remitente: fila.smtp.remitente,
          tienePassword: fila.smtp.password !== '',
        }
      : null,
  };
}

/** The company's outgoing mail server with its password, for sending invoices; null when not set. */
export async function smtpDeLaEmpresa(ctx: Ctx): Promise<SmtpGuardado | null> {
  const [fila] = await ctx.tx
    .select({ smtp: configuracionGeneral.smtp })
    .from(configuracionGeneral)
    .where(eq(configuracionGeneral.tenantId, ctx.tenantId))
    .limit(1);
  return fila?.smtp ?? null;
}

/**
 * The two sale rules of the general configuration (spec 001 §5): refuse selling without stock, and the
 * code a cashier enters to sell over a customer's credit limit. Read by the invoice service.
 */
export async function reglasDeVenta(
  ctx: Ctx,
): Promise<{ bloqueoPorNoExistencia: boolean; codigoDeAutorizacion: string }> {
  const [fila] = await ctx.tx
    .select({
      bloqueoPorNoExistencia: configuracionGeneral.bloqueoPorNoExistencia,
      codigoDeAutorizacion: configuracionGeneral.codigoDeAutorizacion,
    })
    .from(configuracionGeneral)
    .where(eq(configuracionGeneral.tenantId, ctx.tenantId))
    .limit(1);
  return fila ?? { bloqueoPorNoExistencia: false, codigoDeAutorizacion: '' };
}

/** reglasDeVenta as an SQL expression yielding its JSON (read with the rest of a sale's context). */
export function sqlReglasDeVenta(ctx: Ctx): SQL {
  return sql`(select json_build_object('bloqueoPorNoExistencia', bloqueo_por_no_existencia,
      'codigoDeAutorizacion', codigo_de_autorizacion)
    from configuracion_general where tenant_id = ${ctx.tenantId})`;
}

/** GET /general/1001. */
export async function obtenerConfiguracionGeneral(ctx: Ctx): Promise<ConfiguracionGeneral> {
  const [fila] = await ctx.tx
    .select()
    .from(configuracionGeneral)
    .where(eq(configuracionGeneral.tenantId, ctx.tenantId))
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', 'La empresa no tiene configuración general.');
  }
  return aConfiguracion(fila);
}

/** PUT /general/1001: replaces the company's general settings. */
export async function actualizarConfiguracionGeneral(
  ctx: CtxConSesion,
  entrada: ActualizarConfiguracionGeneral,
): Promise<ConfiguracionGeneral> {
  const [datos] = entrada.configGeneral;
  const [anterior] = await ctx.tx
    .select({ smtp: configuracionGeneral.smtp })
    .from(configuracionGeneral)
    .where(eq(configuracionGeneral.tenantId, ctx.tenantId))
    .for('update')
    .limit(1);
  if (!anterior) {
    throw new AppError('no_encontrado', 'La empresa no tiene configuración general.');
  }
  // Absent sale settings and an empty code or password keep what is saved, so a client that
  // sends back what it read (without secrets) changes nothing it did not mean to.
  const reglas: Partial<typeof configuracionGeneral.$inferInsert> = {};
  if (entrada.bloqueoPorNoExistencia !== undefined) {
    reglas.bloqueoPorNoExistencia = entrada.bloqueoPorNoExistencia;
  }
  if (entrada.borrarCodigoDeAutorizacion) {
    reglas.codigoDeAutorizacion = '';
  } else if (entrada.codigoDeAutorizacion) {
    reglas.codigoDeAutorizacion = entrada.codigoDeAutorizacion;
  }
  if (entrada.smtp === null) {
    reglas.smtp = null;
  } else if (entrada.smtp) {
    const { host, port, secure, usuario, password, remitente } = entrada.smtp;
    reglas.smtp = {
      host,
      port,
      secure,
      usuario,
      password: password || anterior.smtp?.password || '',
      remitente,
    };
  }
  const [fila] = await ctx.tx
    .update(configuracionGeneral)
    .set({
      ...datos,
      ...reglas,
      avatar: entrada.avatar,
      imagenDePortada: entrada.imagenDePortada,
      bannerPublicitario: entrada.bannerPublicitario,
      usoCodigoDeBalanza: entrada.usoCodigoDeBalanza,
      colorLinkCatalogo: entrada.colorLinkCatalogo,
      habilitarSecciones: entrada.habilitarSecciones,
      actualizadaEn: new Date(),
    })
    .where(eq(configuracionGeneral.tenantId, ctx.tenantId))
    .returning();
  if (!fila) {
    throw new AppError('no_encontrado', 'La empresa no tiene configuración general.');
  }
  return aConfiguracion(fila);
}

export type NuevaEmpresa = {
  nombre: string;
  rnc?: string;
  telefono?: string;
  correo?: string;
  direccion?: string;
  limiteCantidadDeUsuarios?: number;
  diasDePruebaDisponibles?: number;
  vigenciaDelPlan?: number;
};

/** Whether the company `tenantId` exists (the first start creates the initial ones once). */
export async function existeEmpresa(tx: Tx, tenantId: number): Promise<boolean> {
  const filas = await tx
    .select({ id: empresas.tenantId })
    .from(empresas)
    .where(eq(empresas.tenantId, tenantId));
  return filas.length > 0;
}

/** Creates the company row and its general settings inside a transaction already bound to `tenantId`. */
export async function crearEmpresa(tx: Tx, tenantId: number, datos: NuevaEmpresa): Promise<void> {
  await tx.insert(empresas).values({
    tenantId,
    nombre: datos.nombre,
    limiteCantidadDeUsuarios: datos.limiteCantidadDeUsuarios ?? 0,
    diasDePruebaDisponibles: datos.diasDePruebaDisponibles ?? 0,
    vigenciaDelPlan: datos.vigenciaDelPlan ?? 0,
  });
  await tx.insert(configuracionGeneral).values({
    tenantId,
    nombre: datos.nombre,
    rnc: datos.rnc ?? '',
    telefono: datos.telefono ?? '',
    correo: datos.correo ?? '',
    direccion: datos.direccion ?? '',
  });
  // Every company starts with the Dominican chart of accounts and its default assignment.
  await sembrarCatalogoDeCuentas(tx, tenantId);
  // And with the internal numberings it needs before any configuration (journal entries).
  await sembrarNumeracionesIniciales(tx, tenantId);
}

/** The plan fields the billing task computes (modules/registro, spec 002 §3 "Plan and plan status"). */
export type EstadoCalculadoDelPlan = {
  estadoDelPlan: 'Activo' | 'Suspendido';
  balancePendienteDelPlan: string;
  diasDePruebaDisponibles: number;
};

/**
 * Writes the plan state of company `tenantId` (the transaction bound to it); answers whether anything
 * changed, so the task that runs it again with the same result reports no change.
 */
export async function actualizarEstadoDelPlan(
  tx: Tx,
  tenantId: number,
  estado: EstadoCalculadoDelPlan,
): Promise<{ antes: EstadoDelPlan['estadoDelPlan']; cambio: boolean }> {
  const empresa = await empresaActual(tx, tenantId);
  const cambio =
    empresa.estadoDelPlan !== estado.estadoDelPlan ||
    Number(empresa.balancePendienteDelPlan) !== Number(estado.balancePendienteDelPlan) ||
    empresa.diasDePruebaDisponibles !== estado.diasDePruebaDisponibles;
  if (cambio) {
    await tx.update(empresas).set(estado).where(eq(empresas.tenantId, tenantId));
  }
  return { antes: empresa.estadoDelPlan, cambio };
}

/** Applies a plan's user limit and validity to company `tenantId`; answers whether anything changed. */
export async function aplicarPlanALaEmpresa(
  tx: Tx,
  tenantId: number,
  plan: { limiteCantidadDeUsuarios: number; vigenciaDelPlan: number },
): Promise<boolean> {
  const empresa = await empresaActual(tx, tenantId);
  if (
    empresa.limiteCantidadDeUsuarios === plan.limiteCantidadDeUsuarios &&
    empresa.vigenciaDelPlan === plan.vigenciaDelPlan
  ) {
    return false;
  }
  await tx.update(empresas).set(plan).where(eq(empresas.tenantId, tenantId));
  return true;
}
