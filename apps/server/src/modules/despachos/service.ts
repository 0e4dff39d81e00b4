import {
  type AnularConduceDespacho,
  type ConduceDespacho,
  type ConducesDeLaFactura,
  type CrearConduceDespacho,
  type DetalleConduceDespacho,
  type DetalleFactura,
  type FacturaDespachada,
  type FiltroConducesDespacho,
  FUNCIONES_EN_LA_EMPRESA,
  type LineaConduceDespacho,
  type ListaConducesDespacho,
  MENSAJE_DESPACHO_NO_EXISTE,
  MENSAJE_MOTIVO_DESPACHO,
  type PendienteDeDespacho,
  type UnConduceDespacho,
} from '@pos/contract';
import { fechaYHoraEnSantoDomingo } from '@pos/domain';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { paginaDe } from '../../db/paginas.ts';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { anularDocumento, RESULTADO_EN_MASCULINO, registrarSolicitud } from '../anulaciones/service.ts';
import { obtenerContacto } from '../contactos/service.ts';
import { obtenerFactura } from '../facturas/lectura.ts';
import { tomarDelContador } from '../numeracion/service.ts';
import {
  conducesDeDespacho,
  type FilaConduceDespacho,
  type FilaLineaConduceDespacho,
  lineasConduceDeDespacho,
} from './tables.ts';

// Dispatch notes (spec 001 §2, §3 "Dispatch note", §4, §5, §7 "Dispatch notes"). A dispatch note hands
// over part or all of what an active invoice sold, per invoice line. The invoice is read through the
// facturas service only. It moves no stock (the invoice did) and posts nothing, so cancelling it undoes
// nothing: a cancelled dispatch note simply stops counting as dispatched.

/** The document type of dispatch notes in cancellation requests (the audit screen). */
export const TIPO_DOCUMENTO_CONDUCE_DESPACHO = 'conduceDespacho';
const INDICE_IDENTIFICADOR = 'conduces_de_despacho_identificador_unico';

// Quantities have 4 decimals: compared and summed in ten-thousandths, never as binary fractions.
const aDiezMilesimas = (valor: number | string) => Math.round(Number(valor) * 10_000);
const deDiezMilesimas = (valor: number) => valor / 10_000;

function aConduce(fila: FilaConduceDespacho): ConduceDespacho {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    numeroConduceDespacho: fila.numero,
    idFactura: fila.idFactura,
    comprobanteFactura: fila.comprobanteFactura,
    nombreCliente: fila.nombreCliente,
    idChofer: fila.idChofer,
    nombreChofer: fila.nombreChofer,
    fecha: fila.fecha,
    nota: fila.nota,
    estado: fila.estado,
    autorizacion: fila.autorizacion ?? null,
    activo: fila.estado !== 'Anulado',
    tipoDeAnulacion: fila.tipoDeAnulacion,
    notaAnular: fila.notaAnular,
    notaAutorizacion: fila.notaAutorizacion,
    idUsuarioCreador: fila.idUsuarioCreador,
    creadaPor: fila.creadaPor,
    creadoEn: fila.creadoEn.toISOString(),
  };
}

function aLinea(fila: FilaLineaConduceDespacho): LineaConduceDespacho {
  return {
    _id: fila.id,
    idConduceDespacho: fila.idConduceDespacho,
    idLineaFactura: fila.idLineaFactura,
    idProducto: fila.idProducto,
    descripcion: fila.descripcion,
    cantidadDespachada: Number(fila.cantidadDespachada),
  };
}

function aFacturaDespachada(detalle: DetalleFactura): FacturaDespachada {
  const f = detalle.FacturaDb;
  return {
    _id: f._id,
    comprobante: f.comprobante ?? String(f.numeroFactura ?? ''),
    numeroFactura: f.numeroFactura,
    fechaEmision: f.fechaEmision,
    nombre: f.nombreOpcional || f.nombre,
    rnc: f.rnc || f.cedula,
    direccion: f.direccion,
    telefono: f.telefono || f.movil,
    estado: f.estado,
    total: f.total,
  };
}

async function fila(ctx: Ctx, id: string, bloquear = false): Promise<FilaConduceDespacho> {
  const consulta = ctx.tx
    .select()
    .from(conducesDeDespacho)
    .where(and(eq(conducesDeDespacho.tenantId, ctx.tenantId), eq(conducesDeDespacho.id, id)))
    .limit(1);
  const [encontrada] = bloquear ? await consulta.for('update') : await consulta;
  if (!encontrada) {
    throw new AppError('no_encontrado', MENSAJE_DESPACHO_NO_EXISTE);
  }
  return encontrada;
}

async function lineasDe(ctx: Ctx, ids: readonly string[]): Promise<FilaLineaConduceDespacho[]> {
  if (ids.length === 0) {
    return [];
  }
  return ctx.tx
    .select()
    .from(lineasConduceDeDespacho)
    .where(
      and(
        eq(lineasConduceDeDespacho.tenantId, ctx.tenantId),
        inArray(lineasConduceDeDespacho.idConduceDespacho, [...ids]),
      ),
    )
    .orderBy(asc(lineasConduceDeDespacho.orden));
}

async function detalleDe(ctx: Ctx, cabecera: FilaConduceDespacho): Promise<DetalleConduceDespacho> {
  return {
    conduceDespachoDb: aConduce(cabecera),
    lineaConduceDespacho: (await lineasDe(ctx, [cabecera.id])).map(aLinea),
  };
}

/**
 * What the active dispatch notes (not Anulado: a pending cancellation still counts) of each invoice
 * dispatched, per invoice line, in ten-thousandths.
 */
async function despachadoPorLinea(ctx: Ctx, idsFactura: readonly string[]) {
  const porFactura = new Map<string, Map<string, number>>();
  if (idsFactura.length === 0) {
    return porFactura;
  }
  const sumas = await ctx.tx
    .select({
      idFactura: conducesDeDespacho.idFactura,
      idLineaFactura: lineasConduceDeDespacho.idLineaFactura,
      cantidad: sql<string>`sum(${lineasConduceDeDespacho.cantidadDespachada})`,
    })
    .from(lineasConduceDeDespacho)
    .innerJoin(
      conducesDeDespacho,
      and(
        eq(conducesDeDespacho.tenantId, lineasConduceDeDespacho.tenantId),
        eq(conducesDeDespacho.id, lineasConduceDeDespacho.idConduceDespacho),
      ),
    )
    .where(
      and(
        eq(lineasConduceDeDespacho.tenantId, ctx.tenantId),
        inArray(conducesDeDespacho.idFactura, [...idsFactura]),
        ne(conducesDeDespacho.estado, 'Anulado'),
      ),
    )
    .groupBy(conducesDeDespacho.idFactura, lineasConduceDeDespacho.idLineaFactura);
  for (const s of sumas) {
    const lineas = porFactura.get(s.idFactura) ?? new Map<string, number>();
    lineas.set(s.idLineaFactura, aDiezMilesimas(s.cantidad));
    porFactura.set(s.idFactura, lineas);
  }
  return porFactura;
}

/** Per invoice line: sold, dispatched, pending (never below 0). */
function pendientesDe(factura: DetalleFactura, despachado: Map<string, number> | undefined) {
  return factura.linea_facturasRef.map((l): PendienteDeDespacho & { pendienteExacto: number } => {
    const vendida = aDiezMilesimas(l.cantidad);
    const despachada = despachado?.get(l._id) ?? 0;
    const pendiente = Math.max(0, vendida - despachada);
    return {
      idLineaFactura: l._id,
      idProducto: l.idProducto,
      descripcion: l.descripcion,
      vendida: deDiezMilesimas(vendida),
      despachada: deDiezMilesimas(despachada),
      pendiente: deDiezMilesimas(pendiente),
      pendienteExacto: pendiente,
    };
  });
}

const sinExacto = ({ pendienteExacto: _, ...p }: PendienteDeDespacho & { pendienteExacto: number }) => p;

/** The invoice a dispatch note hands over: it must exist and be active (spec 001 §3 "Dispatch note"). */
async function facturaActiva(ctx: Ctx, idFactura: string): Promise<DetalleFactura> {
  const factura = await obtenerFactura(ctx, idFactura);
  if (factura.FacturaDb.estado !== 'Activo') {
    const estado = factura.FacturaDb.estado === 'Anulado' ? 'anulada' : 'por anular';
    throw new AppError(
      'conflicto',
      `La factura ${factura.FacturaDb.comprobante ?? ''} está ${estado}; no se puede despachar.`,
      { errores: [{ campo: 'idFactura', mensaje: 'La factura no está activa.' }] },
    );
  }
  return factura;
}

/** The driver: a contact whose role is Chofer, Operador or Responsable-De-Inventario (spec 001 §7). */
async function choferDe(ctx: Ctx, idChofer: string) {
  const chofer = await obtenerContacto(ctx, idChofer);
  const funciones: readonly string[] = FUNCIONES_EN_LA_EMPRESA;
  if (!funciones.includes(chofer.funcionEnLaEmpresa) || chofer.estado === 'Anulado') {
    throw new AppError(
      'solicitud_invalida',
      `${chofer.nombre} no es chofer, operador ni responsable de inventario.`,
      { errores: [{ campo: 'idChofer', mensaje: 'Elige un chofer, operador o responsable de inventario.' }] },
    );
  }
  return chofer;
}

async function porIdentificador(ctx: Ctx, identificadorUnico: string) {
  const [encontrada] = await ctx.tx
    .select()
    .from(conducesDeDespacho)
    .where(
      and(
        eq(conducesDeDespacho.tenantId, ctx.tenantId),
        eq(conducesDeDespacho.identificadorUnico, identificadorUnico),
      ),
    )
    .limit(1);
  return encontrada;
}

/**
 * POST /conduce-de-despacho/. Per invoice line, what is dispatched never goes above what the invoice
 * sold minus what its active dispatch notes already dispatched. Dispatches of one invoice take turns
 * (a transaction advisory lock per invoice, taken before anything is read), so two at once cannot both
 * pass, and a concurrent replay finds the first one already written (`solicitudDuplicada`).
 */
export async function crearConduceDespacho(ctx: CtxConSesion, entrada: CrearConduceDespacho) {
  await ctx.tx.execute(
    sql`select pg_advisory_xact_lock(${ctx.tenantId}, hashtext(${`despacho-factura:${entrada.idFactura}`}))`,
  );
  const { fila: creada, solicitudDuplicada } = await crearUnaVez({
    indice: INDICE_IDENTIFICADOR,
    buscar: () => porIdentificador(ctx, entrada.identificadorUnico),
    crear: async () => {
      const factura = await facturaActiva(ctx, entrada.idFactura);
      const comprobante = factura.FacturaDb.comprobante ?? '';
      const pendientes = new Map(
        pendientesDe(
          factura,
          (await despachadoPorLinea(ctx, [entrada.idFactura])).get(entrada.idFactura),
        ).map((p) => [p.idLineaFactura, p]),
      );
      const vistas = new Set<string>();
      const lineas = entrada.lineaConduceDespacho.map((l) => {
        const pendiente = pendientes.get(l.idLineaFactura);
        if (!pendiente) {
          throw new AppError('solicitud_invalida', `Una línea no pertenece a la factura ${comprobante}.`);
        }
        if (vistas.has(l.idLineaFactura)) {
          throw new AppError(
            'solicitud_invalida',
            `«${pendiente.descripcion}» viene repetida en el conduce.`,
          );
        }
        vistas.add(l.idLineaFactura);
        if (aDiezMilesimas(l.cantidadDespachada) > pendiente.pendienteExacto) {
          throw new AppError(
            'conflicto',
            `«${pendiente.descripcion}»: se despacharían ${l.cantidadDespachada} y de la factura ${comprobante} quedan ${pendiente.pendiente} por despachar (vendida ${pendiente.vendida}, despachada ${pendiente.despachada}).`,
          );
        }
        return { pendiente, cantidad: l.cantidadDespachada };
      });
      const chofer = entrada.idChofer ? await choferDe(ctx, entrada.idChofer) : null;
      const [insertada] = await ctx.tx
        .insert(conducesDeDespacho)
        .values({
          tenantId: ctx.tenantId,
          identificadorUnico: entrada.identificadorUnico,
          numero: await tomarDelContador(ctx, 'conducesDeDespacho'),
          idFactura: entrada.idFactura,
          comprobanteFactura: comprobante,
          nombreCliente: factura.FacturaDb.nombreOpcional || factura.FacturaDb.nombre,
          idChofer: chofer?._id ?? null,
          nombreChofer: chofer ? `${chofer.nombre} ${chofer.apellidos}`.trim() : '',
          fecha: entrada.fecha ?? fechaYHoraEnSantoDomingo(new Date()).fecha,
          nota: entrada.nota,
          idUsuarioCreador: ctx.usuario._id,
          creadaPor: ctx.usuario.username,
        })
        .returning();
      if (!insertada) {
        throw new Error('La inserción del conduce de despacho no devolvió fila');
      }
      await ctx.tx.insert(lineasConduceDeDespacho).values(
        lineas.map(({ pendiente, cantidad }, orden) => ({
          tenantId: ctx.tenantId,
          idConduceDespacho: insertada.id,
          orden,
          idLineaFactura: pendiente.idLineaFactura,
          idProducto: pendiente.idProducto,
          descripcion: pendiente.descripcion,
          cantidadDespachada: String(cantidad),
        })),
      );
      return insertada;
    },
  });
  return { ...(await detalleDe(ctx, creada)), solicitudDuplicada };
}

/** GET /conduce-de-despacho/{id}. */
export async function obtenerConduceDespacho(ctx: Ctx, id: string): Promise<DetalleConduceDespacho> {
  return detalleDe(ctx, await fila(ctx, id));
}

/** GET /conduce-de-despacho/un-conduce/{id}: with its invoice and what the invoice has pending. */
export async function unConduceDespacho(ctx: Ctx, id: string): Promise<UnConduceDespacho> {
  const detalle = await detalleDe(ctx, await fila(ctx, id));
  const idFactura = detalle.conduceDespachoDb.idFactura;
  const factura = await obtenerFactura(ctx, idFactura);
  const despachado = (await despachadoPorLinea(ctx, [idFactura])).get(idFactura);
  return {
    ...detalle,
    factura: aFacturaDespachada(factura),
    pendientes: pendientesDe(factura, despachado).map(sinExacto),
  };
}

/** The invoice's dispatch notes still in force (not cancelled), named by number. */
export async function despachosDeLaFactura(ctx: Ctx, idFactura: string): Promise<string[]> {
  const filas = await ctx.tx
    .select({ numero: conducesDeDespacho.numero })
    .from(conducesDeDespacho)
    .where(
      and(
        eq(conducesDeDespacho.tenantId, ctx.tenantId),
        eq(conducesDeDespacho.idFactura, idFactura),
        ne(conducesDeDespacho.estado, 'Anulado'),
      ),
    );
  return filas.map((f) => `despacho ${f.numero}`);
}

/** GET /conduce-de-despacho/todos-los-Conduce/{idFactura}: its dispatch notes and what is pending. */
export async function conducesDeLaFactura(ctx: Ctx, idFactura: string): Promise<ConducesDeLaFactura> {
  const factura = await obtenerFactura(ctx, idFactura);
  const conduces = await ctx.tx
    .select()
    .from(conducesDeDespacho)
    .where(and(eq(conducesDeDespacho.tenantId, ctx.tenantId), eq(conducesDeDespacho.idFactura, idFactura)))
    .orderBy(sql`${conducesDeDespacho.numero} desc`);
  const despachado = (await despachadoPorLinea(ctx, [idFactura])).get(idFactura);
  return {
    factura: aFacturaDespachada(factura),
    conduces: conduces.map(aConduce),
    pendientes: pendientesDe(factura, despachado).map(sinExacto),
  };
}

async function pagina(ctx: Ctx, donde: SQL, page: number, limit: number): Promise<ListaConducesDespacho> {
  const { filas: leidas, total } = await paginaDe(ctx, conducesDeDespacho, {
    donde,
    orden: sql`d.fecha desc, d.numero desc`,
    page,
    limit,
  });
  return { res: leidas.map(aConduce), totalRows: total };
}

/**
 * Of `idsFactura`, those still active with something left to dispatch. Each invoice is read through
 * the facturas service (one read per distinct invoice of the filtered list).
 */
async function facturasConPendientes(ctx: Ctx, idsFactura: readonly string[]): Promise<string[]> {
  const despachado = await despachadoPorLinea(ctx, idsFactura);
  const conPendientes: string[] = [];
  for (const id of idsFactura) {
    const factura = await obtenerFactura(ctx, id);
    if (
      factura.FacturaDb.estado === 'Activo' &&
      pendientesDe(factura, despachado.get(id)).some((p) => p.pendienteExacto > 0)
    ) {
      conPendientes.push(id);
    }
  }
  return conPendientes;
}

/** POST /conduce-de-despacho/todos: the active ones (spec 001 §2), newest first. */
export async function listarConducesDespacho(
  ctx: Ctx,
  filtro: FiltroConducesDespacho,
): Promise<ListaConducesDespacho> {
  const condiciones = [sql`d.tenant_id = ${ctx.tenantId}`, sql`d.estado <> 'Anulado'`];
  if (filtro.idChofer) {
    condiciones.push(sql`d.id_chofer = ${filtro.idChofer}`);
  }
  const dias = entreDias(sql`d.fecha`, diasDelFiltro(filtro));
  if (dias) {
    condiciones.push(dias);
  }
  if (filtro.input) {
    const patron = `%${filtro.input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(
      sql`(d.comprobante_factura ilike ${patron} or d.nombre_cliente ilike ${patron}
           or d.nombre_chofer ilike ${patron} or d.numero::text = ${filtro.input})`,
    );
  }
  if (filtro.verPendientes) {
    const candidatas = await filas<{ id_factura: string }>(
      ctx.tx,
      sql`select distinct d.id_factura from conduces_de_despacho d where ${sql.join(condiciones, sql` and `)}`,
    );
    const conPendientes = await facturasConPendientes(
      ctx,
      candidatas.map((c) => c.id_factura),
    );
    if (conPendientes.length === 0) {
      return { res: [], totalRows: 0 };
    }
    condiciones.push(
      sql`d.id_factura in (${sql.join(
        conPendientes.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  return pagina(ctx, sql.join(condiciones, sql` and `), filtro.page, filtro.limit);
}

/** POST /conduce-de-despacho/anulados: the audit view, Por-Anular and Anulado (spec 001 §2). */
export function listarConducesDespachoAnulados(ctx: Ctx, filtro: { page: number; limit: number }) {
  return pagina(
    ctx,
    sql`d.tenant_id = ${ctx.tenantId} and d.estado in ('Por-Anular', 'Anulado')`,
    filtro.page,
    filtro.limit,
  );
}

const nombreDe = (f: FilaConduceDespacho) => `El conduce de despacho ${f.numero}`;

async function guardarCambio(ctx: Ctx, id: string, cambio: Partial<FilaConduceDespacho>) {
  const [cambiada] = await ctx.tx
    .update(conducesDeDespacho)
    .set({ ...cambio, actualizadoEn: new Date() })
    .where(and(eq(conducesDeDespacho.tenantId, ctx.tenantId), eq(conducesDeDespacho.id, id)))
    .returning();
  if (!cambiada) {
    throw new AppError('no_encontrado', MENSAJE_DESPACHO_NO_EXISTE);
  }
  return cambiada;
}

/**
 * PUT /conduce-de-despacho/anular/{id}: a free-text reason (spec 001 §5); direct with
 * anularYEliminarDocumentos, else a request a supervisor approves or rejects (spec 001 §4). Nothing
 * to undo: once Anulado its quantities stop counting, so the invoice has them pending again.
 */
export async function anularConduceDespacho(ctx: CtxConSesion, id: string, entrada: AnularConduceDespacho) {
  const actual = await fila(ctx, id, true);
  const { documento, resultado } = await anularDocumento(
    ctx,
    {
      tipoDocumento: TIPO_DOCUMENTO_CONDUCE_DESPACHO,
      id,
      numero: String(actual.numero),
      estado: actual.estado,
      nombre: nombreDe(actual),
      anulado: 'anulado',
    },
    entrada,
    {
      motivo: async () => {
        const nota = entrada.notaAnular.trim() || entrada.tipoDeAnulacion.trim();
        if (!nota) {
          throw new AppError('solicitud_invalida', MENSAJE_MOTIVO_DESPACHO, {
            errores: [{ campo: 'notaAnular', mensaje: MENSAJE_MOTIVO_DESPACHO }],
          });
        }
        return { tipoDeAnulacion: entrada.tipoDeAnulacion.trim(), notaAnular: nota };
      },
      deshacer: async () => {},
      guardar: (cambio) => guardarCambio(ctx, id, cambio),
    },
  );
  return { conduceDespachoDb: aConduce(documento), resultado: RESULTADO_EN_MASCULINO[resultado] };
}

/**
 * DELETE /conduce-de-despacho/eliminar/{id}: as the document kit does, it is kept as Anulado
 * («Eliminado por …») so its number stays and the audit screen records who did it; for users who
 * cancel directly.
 */
export async function eliminarConduceDespacho(ctx: CtxConSesion, id: string) {
  const actual = await fila(ctx, id, true);
  if (!ctx.usuario.anularYEliminarDocumentos) {
    throw new AppError(
      'prohibido',
      `No tienes permiso para eliminar; solicita la anulación del conduce de despacho ${actual.numero}.`,
    );
  }
  if (actual.estado !== 'Activo') {
    const como = actual.estado === 'Anulado' ? 'anulado' : 'por anular';
    throw new AppError('conflicto', `${nombreDe(actual)} está ${como} y no se puede eliminar.`);
  }
  const nota = `Eliminado por ${ctx.usuario.username}`;
  const eliminada = await guardarCambio(ctx, id, {
    estado: 'Anulado',
    autorizacion: 'Aprobada',
    notaAnular: nota,
  });
  await registrarSolicitud(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_CONDUCE_DESPACHO,
    idDocumento: id,
    numeracioDocumento: String(actual.numero),
    directa: true,
    tipoDeAnulacion: 'Eliminado',
    notaAnular: nota,
  });
  return { conduceDespachoDb: aConduce(eliminada) };
}
