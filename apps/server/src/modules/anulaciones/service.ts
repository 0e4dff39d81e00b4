import type { SolicitudDeAnulacion } from '@pos/contract';
import { NOTA_SOLICITUD_DENEGADA } from '@pos/domain';
import { and, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { solicitudesAnulacion } from './tables.ts';

// ---------------------------------------------------------------------------------------------
// The shared cancellation requests (spec 000 §4 "Document status and authorization"). Every
// cancellable document calls these from its own anular service:
//   registrarSolicitud: after a direct cancel (recorded as Aprobada, for the audit trail) or a
//                       request (Por-Anular / Pendiente) that a supervisor will resolve;
//   resolverSolicitud:  when the supervisor approves or rejects the document's pending request.
// The document keeps its own estado/autorizacion; this table is what the audit screen lists.
// ---------------------------------------------------------------------------------------------

/** Who may approve or reject a pending request: a supervisor (direct rights) or an auditor who may modify. */
export function puedeResolverAnulaciones(ctx: CtxConSesion): boolean {
  const usuario = ctx.usuario;
  return usuario.anularYEliminarDocumentos || Boolean(usuario.privilegios.auditorias?.modificar);
}

export type NuevaSolicitud = {
  tipoDocumento: string;
  idDocumento: string;
  numeracioDocumento: string;
  /** A direct cancellation by a user with anularYEliminarDocumentos. */
  directa: boolean;
  tipoDeAnulacion: string;
  notaAnular: string;
};

export async function registrarSolicitud(ctx: Ctx, solicitud: NuevaSolicitud): Promise<void> {
  await ctx.tx.insert(solicitudesAnulacion).values({
    tenantId: ctx.tenantId,
    tipoDocumento: solicitud.tipoDocumento,
    idDocumento: solicitud.idDocumento,
    numeracioDocumento: solicitud.numeracioDocumento,
    estado: solicitud.directa ? 'Anulado' : 'Por-Anular',
    autorizacion: solicitud.directa ? 'Aprobada' : 'Pendiente',
    tipoDeAnulacion: solicitud.tipoDeAnulacion,
    notaAnular: solicitud.notaAnular,
    idUsuario: ctx.usuario?._id ?? null,
    idSupervisor: solicitud.directa ? (ctx.usuario?._id ?? null) : null,
    resueltaEn: solicitud.directa ? new Date() : null,
  });
}

export async function resolverSolicitud(
  ctx: Ctx,
  tipoDocumento: string,
  idDocumento: string,
  autorizacion: 'Aprobada' | 'Rechazada',
  notaAutorizacion: string,
): Promise<void> {
  await ctx.tx
    .update(solicitudesAnulacion)
    .set({
      estado: autorizacion === 'Aprobada' ? 'Anulado' : 'Activo',
      autorizacion,
      notaAutorizacion,
      idSupervisor: ctx.usuario?._id ?? null,
      resueltaEn: new Date(),
    })
    .where(
      and(
        eq(solicitudesAnulacion.tenantId, ctx.tenantId),
        eq(solicitudesAnulacion.tipoDocumento, tipoDocumento),
        eq(solicitudesAnulacion.idDocumento, idDocumento),
        eq(solicitudesAnulacion.autorizacion, 'Pendiente'),
      ),
    );
}

/** What a cancellation step writes on the document. */
export type CambioDeAnulacion = {
  estado: 'Activo' | 'Por-Anular' | 'Anulado';
  autorizacion: 'Pendiente' | 'Aprobada' | 'Rechazada';
  notaAutorizacion?: string;
  notaAnular?: string;
  tipoDeAnulacion?: string;
};

type EstadoDeDocumento = CambioDeAnulacion['estado'];

/**
 * The cancellation flow every cancellable document shares (spec 000 §4, 001 §4): a pending request is
 * approved (undone and Anulado) or rejected (Activo, 'Solicitud Denegada') by a supervisor sending
 * `autorizacion`; otherwise the document's own checks run (`motivo`, which gives the stored reason or
 * throws) and a user with anularYEliminarDocumentos cancels at once (undone), anyone else files a
 * request (Por-Anular / Pendiente). Each step is recorded for the audit screen. The document reads and
 * writes its own row (`deshacer`, `guardar`).
 */
export async function anularDocumento<T>(
  ctx: CtxConSesion,
  documento: {
    tipoDocumento: string;
    id: string;
    /** The number the audit screen shows. */
    numero: string;
    estado: EstadoDeDocumento;
    /** How messages name it: «La factura B0100000001», «El pedido 12». */
    nombre: string;
    /** Its past participle: 'anulada' or 'anulado'. */
    anulado: string;
  },
  pedido: {
    autorizacion?: CambioDeAnulacion['autorizacion'] | undefined;
    notaAutorizacion?: string | undefined;
  },
  pasos: {
    motivo: () => Promise<{ tipoDeAnulacion: string; notaAnular: string }>;
    deshacer: () => Promise<void>;
    guardar: (cambio: CambioDeAnulacion) => Promise<T>;
  },
): Promise<{ documento: T; resultado: 'directa' | 'solicitada' | 'aprobada' | 'rechazada' }> {
  const { autorizacion, notaAutorizacion } = pedido;
  if (documento.estado === 'Por-Anular' && (autorizacion === 'Aprobada' || autorizacion === 'Rechazada')) {
    if (!puedeResolverAnulaciones(ctx)) {
      throw new AppError(
        'prohibido',
        'Solo un supervisor puede aprobar o rechazar solicitudes de anulación.',
      );
    }
    const aprobada = autorizacion === 'Aprobada';
    if (aprobada) {
      await pasos.deshacer();
    }
    const guardado = await pasos.guardar({
      estado: aprobada ? 'Anulado' : 'Activo',
      autorizacion,
      notaAutorizacion: aprobada ? (notaAutorizacion ?? '') : NOTA_SOLICITUD_DENEGADA,
      ...(aprobada ? {} : { notaAnular: '' }),
    });
    await resolverSolicitud(
      ctx,
      documento.tipoDocumento,
      documento.id,
      autorizacion,
      aprobada ? (notaAutorizacion ?? '') : notaAutorizacion || NOTA_SOLICITUD_DENEGADA,
    );
    return { documento: guardado, resultado: aprobada ? 'aprobada' : 'rechazada' };
  }
  if (documento.estado === 'Anulado') {
    throw new AppError('conflicto', `${documento.nombre} ya está ${documento.anulado}.`);
  }
  if (documento.estado === 'Por-Anular') {
    throw new AppError('conflicto', `${documento.nombre} ya tiene una solicitud de anulación pendiente.`);
  }
  const motivo = await pasos.motivo();
  const directa = ctx.usuario.anularYEliminarDocumentos;
  if (directa) {
    await pasos.deshacer();
  }
  const guardado = await pasos.guardar({
    estado: directa ? 'Anulado' : 'Por-Anular',
    autorizacion: directa ? 'Aprobada' : 'Pendiente',
    ...motivo,
  });
  await registrarSolicitud(ctx, {
    tipoDocumento: documento.tipoDocumento,
    idDocumento: documento.id,
    numeracioDocumento: documento.numero,
    directa,
    ...motivo,
  });
  return { documento: guardado, resultado: directa ? 'directa' : 'solicitada' };
}

/** What `anularDocumento` did, as the answers of a masculine document (el recibo, el pedido) say it. */
export const RESULTADO_EN_MASCULINO = {
  directa: 'anulado',
  solicitada: 'solicitado',
  aprobada: 'aprobado',
  rechazada: 'rechazado',
} as const;

/** The same, as the answers of a feminine document (la nota de crédito, la nota de débito) say it. */
export const RESULTADO_EN_FEMENINO = {
  directa: 'anulada',
  solicitada: 'solicitada',
  aprobada: 'aprobada',
  rechazada: 'rechazada',
} as const;

type FilaSolicitud = {
  id: string;
  tipo_documento: string;
  id_documento: string;
  numeracio_documento: string;
  estado: SolicitudDeAnulacion['estado'];
  autorizacion: SolicitudDeAnulacion['autorizacion'];
  tipo_de_anulacion: string;
  nota_anular: string;
  nota_autorizacion: string;
  id_usuario: string | null;
  nombre_usuario: string | null;
  id_supervisor: string | null;
  nombre_supervisor: string | null;
  total: string | null;
  creado_en: Date | string;
  resuelta_en: Date | string | null;
  total_rows: string;
};

const iso = (valor: Date | string) => new Date(valor).toISOString();

/** POST /users/solicitud-Anulacion/: the audit list, newest first (Pendiente by default). */
export async function listarSolicitudes(
  ctx: Ctx,
  filtro: {
    estado: 'Pendiente' | 'Aprobada' | 'Rechazada' | 'Todas';
    idUsuario?: string | null | undefined;
    page: number;
    limit: number;
  },
): Promise<{ data: SolicitudDeAnulacion[]; total: number }> {
  const condiciones = [sql`s.tenant_id = ${ctx.tenantId}`];
  if (filtro.estado !== 'Todas') {
    condiciones.push(sql`s.autorizacion = ${filtro.estado}`);
  }
  if (filtro.idUsuario) {
    condiciones.push(sql`s.id_usuario = ${filtro.idUsuario}`);
  }
  // The document's total is read per family.
  const resultado = await filas<FilaSolicitud>(
    ctx.tx,
    sql`select s.*, u.username as nombre_usuario, sup.username as nombre_supervisor,
          case s.tipo_documento
            when 'factura' then
              (select f.total from facturas f where f.tenant_id = s.tenant_id and f.id = s.id_documento)
            when 'ingreso' then
              (select i.total from ingresos_recibidos i where i.tenant_id = s.tenant_id and i.id = s.id_documento)
            when 'egreso' then
              (select e.total from recibos_egresos e where e.tenant_id = s.tenant_id and e.id = s.id_documento)
            when 'pedido' then
              (select p.total_gral from pedidos p where p.tenant_id = s.tenant_id and p.id = s.id_documento)
            when 'cotizacion' then
              (select c.total_gral from cotizaciones c where c.tenant_id = s.tenant_id and c.id = s.id_documento)
            when 'facturaRecurrente' then
              (select r.total_gral from facturas_recurrentes r where r.tenant_id = s.tenant_id and r.id = s.id_documento)
            when 'conduce' then
              (select c.total_gral from conduces c where c.tenant_id = s.tenant_id and c.id = s.id_documento)
            when 'ordenDeCompra' then
              (select o.total_gral from ordenes_de_compra o where o.tenant_id = s.tenant_id and o.id = s.id_documento)
            when 'notaDeCredito' then
              (select n.total_gral from notas_de_credito n where n.tenant_id = s.tenant_id and n.id = s.id_documento)
            when 'notaDeDebito' then
              (select n.total_gral from notas_de_debito n where n.tenant_id = s.tenant_id and n.id = s.id_documento)
            when 'gastoMenor' then
              (select g.total from gastos_menores g where g.tenant_id = s.tenant_id and g.id = s.id_documento)
            when 'entradaDeDiario' then
              (select d.total_debito from entradas_de_diario d where d.tenant_id = s.tenant_id and d.id = s.id_documento)
            when 'creditoAFavor' then
              (select c.monto from creditos_a_favor c where c.tenant_id = s.tenant_id and c.id = s.id_documento)
            when 'transaccionCreditoAFavor' then
              (select t.monto from transacciones_credito_a_favor t
                where t.tenant_id = s.tenant_id and t.id = s.id_documento)
            -- A dispatch note has no amount of its own: the audit screen shows its invoice's total.
            when 'conduceDespacho' then
              (select f.total from conduces_de_despacho d
                 join facturas f on f.tenant_id = d.tenant_id and f.id = d.id_factura
                where d.tenant_id = s.tenant_id and d.id = s.id_documento)
          end as total,
          count(*) over () as total_rows
        from solicitudes_anulacion s
        left join usuarios u on u.tenant_id = s.tenant_id and u.id = s.id_usuario
        left join usuarios sup on sup.tenant_id = s.tenant_id and sup.id = s.id_supervisor
        where ${sql.join(condiciones, sql` and `)}
        order by s.creado_en desc
        limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit}`,
  );
  return {
    data: resultado.map((fila) => ({
      _id: fila.id,
      tipoDocumento: fila.tipo_documento,
      idDocumento: fila.id_documento,
      numeracioDocumento: fila.numeracio_documento,
      estado: fila.estado,
      autorizacion: fila.autorizacion,
      tipoDeAnulacion: fila.tipo_de_anulacion,
      notaAnular: fila.nota_anular,
      notaAutorizacion: fila.nota_autorizacion,
      idUsuario: fila.id_usuario,
      nombreUsuario: fila.nombre_usuario ?? '',
      idSupervisor: fila.id_supervisor,
      nombreSupervisor: fila.nombre_supervisor ?? '',
      total: fila.total === null ? null : Number(fila.total),
      fecha: iso(fila.creado_en),
      resueltaEn: fila.resuelta_en === null ? null : iso(fila.resuelta_en),
    })),
    total: Number(resultado[0]?.total_rows ?? 0),
  };
}
