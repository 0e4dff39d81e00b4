import type { DetalleExpediente, Expediente, FiltroExpedientes, LineaExpediente } from '@pos/contract';
import { contarExpediente } from '@pos/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { expedientes, lineasExpediente } from './tables.ts';

// Case files (spec 002 §3 "Case file", §4; docs/expedientes.md): reading one with its processes, and the
// list. Creating, changing and cancelling are in escritura.ts.

/** The document type of case files in the shared cancellation requests and the audit screen. */
export const TIPO_DOCUMENTO_EXPEDIENTE = 'expediente';

export type FilaExpediente = typeof expedientes.$inferSelect;
export type FilaLineaExpediente = typeof lineasExpediente.$inferSelect;

/** Spec 002 §4: a process's tasks counted (pending = Pendiente + EnProceso; finished = Finalizado). */
export function conteoDe(lineas: readonly Pick<FilaLineaExpediente, 'tareas'>[]) {
  return contarExpediente(lineas.flatMap((l) => l.tareas));
}

export function aExpediente(fila: FilaExpediente, lineas: readonly FilaLineaExpediente[]): Expediente {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    idNumeracion: fila.idNumeracion,
    numeracionNombre: fila.numeracionNombre,
    numero: fila.numero,
    comprobante: fila.comprobante,
    nombre: fila.nombre,
    numeroDeIdentificacion: fila.numeroDeIdentificacion,
    idCliente: fila.idCliente,
    correo: fila.correo,
    telefono: fila.telefono,
    movil: fila.movil,
    direccion: fila.direccion,
    nota: fila.nota,
    creadaPor: fila.creadaPor,
    idUsuarioCreador: fila.idUsuarioCreador,
    fechaEmision: fila.fechaEmision,
    date: fila.creadoEn.toISOString(),
    hora: fila.hora,
    vencimiento: fila.vencimiento,
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    activo: fila.estado !== 'Anulado',
    notaAnular: fila.notaAnular,
    notaAutorizacion: fila.notaAutorizacion,
    procesos: lineas.length,
    ...conteoDe(lineas),
    actualizadoEn: fila.actualizadoEn.toISOString(),
  };
}

export function aLinea(fila: FilaLineaExpediente): LineaExpediente {
  return {
    _id: fila.id,
    idExpediente: fila.idExpediente,
    numero: fila.numero,
    nombre: fila.nombre,
    descripcion: fila.descripcion,
    contenido: fila.contenido,
    estado: fila.estado,
    tareas: fila.tareas,
    documentContent: fila.documentos,
    archivosAdjunto: fila.adjuntos,
    eventos: fila.eventos,
    ...conteoDe([fila]),
  };
}

export async function filaDeExpediente(ctx: Ctx, id: string, bloquear = false): Promise<FilaExpediente> {
  const consulta = ctx.tx
    .select()
    .from(expedientes)
    .where(and(eq(expedientes.tenantId, ctx.tenantId), eq(expedientes.id, id)))
    .limit(1);
  const [fila] = bloquear ? await consulta.for('update') : await consulta;
  if (!fila) {
    throw new AppError('no_encontrado', 'El expediente no existe.');
  }
  return fila;
}

export async function lineasDe(ctx: Ctx, ids: readonly string[]): Promise<FilaLineaExpediente[]> {
  if (ids.length === 0) {
    return [];
  }
  return ctx.tx
    .select()
    .from(lineasExpediente)
    .where(and(eq(lineasExpediente.tenantId, ctx.tenantId), inArray(lineasExpediente.idExpediente, [...ids])))
    .orderBy(asc(lineasExpediente.idExpediente), asc(lineasExpediente.numero));
}

export async function detalleDe(ctx: Ctx, fila: FilaExpediente): Promise<DetalleExpediente> {
  const lineas = await lineasDe(ctx, [fila.id]);
  return { expedienteCabecera: aExpediente(fila, lineas), lineasExpediente: lineas.map(aLinea) };
}

/** GET /expediente/{id}. */
export async function obtenerExpediente(ctx: Ctx, id: string): Promise<DetalleExpediente> {
  return detalleDe(ctx, await filaDeExpediente(ctx, id));
}

/**
 * POST /expediente/todas: newest first, by period, by number, client name or identification, by client
 * and by whether tasks remain; the active list shows what is in force, the audit view (buscarPorEstado)
 * only Por-Anular and Anulado.
 */
export async function listarExpedientes(
  ctx: Ctx,
  filtro: FiltroExpedientes,
): Promise<{ res: Expediente[]; totalRows: number }> {
  const condiciones = [sql`x.tenant_id = ${ctx.tenantId}`];
  condiciones.push(
    filtro.buscarPorEstado ? sql`x.estado in ('Por-Anular', 'Anulado')` : sql`x.estado <> 'Anulado'`,
  );
  const dias = entreDias(sql`x.fecha_emision`, diasDelFiltro(filtro));
  if (dias) {
    condiciones.push(dias);
  }
  if (filtro.idCliente) {
    condiciones.push(sql`x.id_cliente = ${filtro.idCliente}`);
  }
  if (filtro.input) {
    const patron = `%${filtro.input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(
      sql`(x.comprobante ilike ${patron} or x.nombre ilike ${patron} or x.numero_de_identificacion ilike ${patron})`,
    );
  }
  if (filtro.tareas) {
    // Spec 002 §4: a task is pending while Pendiente or EnProceso.
    const pendiente = sql`exists (select 1 from lineas_expediente l, jsonb_array_elements(l.tareas) t
      where l.tenant_id = x.tenant_id and l.id_expediente = x.id and t->>'estado' <> 'Finalizado')`;
    condiciones.push(filtro.tareas === 'conPendientes' ? pendiente : sql`not ${pendiente}`);
  }
  const donde = sql.join(condiciones, sql` and `);
  const [cuantos] = await filas<{ total: string }>(
    ctx.tx,
    sql`select count(*) as total from expedientes x where ${donde}`,
  );
  const pagina = await ctx.tx
    .select()
    .from(expedientes)
    .where(sql`${expedientes.id} in (select x.id from expedientes x where ${donde}
      order by x.fecha_emision desc, x.numero desc limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit})`)
    .orderBy(sql`${expedientes.fechaEmision} desc, ${expedientes.numero} desc`);
  const lineas = await lineasDe(
    ctx,
    pagina.map((f) => f.id),
  );
  return {
    res: pagina.map((f) =>
      aExpediente(
        f,
        lineas.filter((l) => l.idExpediente === f.id),
      ),
    ),
    totalRows: Number(cuantos?.total ?? 0),
  };
}
