import {
  type ActualizarPedido,
  type AnularPedido,
  type CrearPedido,
  type DetallePedido,
  type FiltroPedidos,
  type LineaPedido,
  type LineaPedidoEntrada,
  MENSAJE_LIMITE_DEL_LUGAR,
  MENSAJE_LINEA_DE_PEDIDO_BLOQUEADA,
  MENSAJE_MOTIVO_PEDIDO,
  type Pedido,
  type PedidoEntrada,
} from '@pos/contract';
import { validarMotivoDeAnulacion } from '@pos/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import {
  type ContextoDePrecios,
  cabeceraDeVenta,
  lineasDeVenta,
  totalesDeVenta,
} from '../../documentos/venta.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { diasDelFiltro, entreDias } from '../../http/periodo.ts';
import { anularDocumento, RESULTADO_EN_MASCULINO, registrarSolicitud } from '../anulaciones/service.ts';
import { tomarDelContador } from '../numeracion/service.ts';
import { lineasPedido, pedidos } from './tables.ts';

/** The document type of sales orders in the shared cancellation requests. */
export const TIPO_DOCUMENTO_PEDIDO = 'pedido';

type FilaPedido = typeof pedidos.$inferSelect;
type FilaLinea = typeof lineasPedido.$inferSelect;
type NuevaLinea = typeof lineasPedido.$inferInsert;

// ---------------------------------------------------------------- answers

function aPedido(fila: FilaPedido): Pedido {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    numeroPedido: fila.numeroPedido,
    nombre: fila.nombre,
    alias: fila.alias,
    idCliente: fila.idCliente,
    rnc: fila.rnc,
    correo: fila.correo,
    direccion: fila.direccion,
    movil: fila.movil,
    socio: fila.socio,
    idListaDePrecio: fila.idListaDePrecio,
    idLugarDeAsignacion: fila.idLugarDeAsignacion,
    asignadoA: fila.asignadoA,
    idAlmacen: fila.idAlmacen,
    fechaEmision: fila.fechaEmision,
    hora: fila.hora,
    metodoDePago: fila.metodoDePago,
    efectivoRecibido: Number(fila.efectivoRecibido),
    subtotal: Number(fila.subtotal),
    impuestos: Number(fila.impuestos),
    totalGral: Number(fila.totalGral),
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    tipoDeAnulacion: fila.tipoDeAnulacion,
    notaAnular: fila.notaAnular,
    notaAutorizacion: fila.notaAutorizacion,
    estadoFacturado: fila.estadoFacturado,
    facturas_vinculadas: fila.idFactura ? [fila.idFactura] : [],
    idUsuario: fila.idUsuario,
    creadaPor: fila.creadaPor,
    creadoEn: fila.creadoEn.toISOString(),
  };
}

function aLinea(fila: FilaLinea): LineaPedido {
  return {
    _id: fila.id,
    idPedido: fila.idPedido,
    orden: fila.orden,
    idProducto: fila.idProducto,
    idCodigoDeBarra: fila.idCodigoDeBarra,
    descripcion: fila.descripcion,
    nota: fila.nota,
    cantidad: Number(fila.cantidad),
    precio: fila.precio,
    descuento: Number(fila.descuento),
    descuentoParaSocios: Number(fila.descuentoParaSocios),
    impuestos: fila.impuestos,
    paquete: fila.paquete,
    variantes: fila.variantes,
    total: Number(fila.total),
    estadoImpresion: fila.estadoImpresion,
    estadoFacturado: fila.estadoFacturado,
    estadoDeEntrega: fila.estadoDeEntrega,
  };
}

async function filaDePedido(ctx: Ctx, id: string, bloquear = false): Promise<FilaPedido> {
  const consulta = ctx.tx
    .select()
    .from(pedidos)
    .where(and(eq(pedidos.tenantId, ctx.tenantId), eq(pedidos.id, id)))
    .limit(1);
  const [fila] = bloquear ? await consulta.for('update') : await consulta;
  if (!fila) {
    throw new AppError('no_encontrado', 'El pedido no existe.');
  }
  return fila;
}

async function lineasDe(ctx: Ctx, idPedido: string): Promise<FilaLinea[]> {
  return ctx.tx
    .select()
    .from(lineasPedido)
    .where(and(eq(lineasPedido.tenantId, ctx.tenantId), eq(lineasPedido.idPedido, idPedido)))
    .orderBy(asc(lineasPedido.orden));
}

async function detalleDe(ctx: Ctx, fila: FilaPedido): Promise<DetallePedido> {
  return { pedidoDb: aPedido(fila), lineasDelPedido: (await lineasDe(ctx, fila.id)).map(aLinea) };
}

/** GET /pedido/{id}. */
export async function obtenerPedido(ctx: Ctx, id: string): Promise<DetallePedido> {
  return detalleDe(ctx, await filaDePedido(ctx, id));
}

/** The order created with this identificadorUnico (a sync's twin). */
export async function pedidoPorIdentificador(ctx: Ctx, identificadorUnico: string): Promise<Pedido> {
  const [fila] = await ctx.tx
    .select()
    .from(pedidos)
    .where(and(eq(pedidos.tenantId, ctx.tenantId), eq(pedidos.identificadorUnico, identificadorUnico)))
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', 'El pedido no existe.');
  }
  return aPedido(fila);
}

// ---------------------------------------------------------------- preparing

type Cabecera = Omit<
  typeof pedidos.$inferInsert,
  'tenantId' | 'identificadorUnico' | 'numeroPedido' | 'idUsuario'
>;

// The kit's sales header (customer snapshot, price list, warehouse, dates) and the order's own fields.
async function cabeceraDe(
  ctx: CtxConSesion,
  entrada: PedidoEntrada,
): Promise<{ cabecera: Cabecera; contexto: ContextoDePrecios }> {
  const { cabecera: venta, contexto } = await cabeceraDeVenta(ctx, {
    idCliente: entrada.idCliente,
    nombre: entrada.nombre,
    nombreOpcional: '',
    idListaDePrecio: entrada.idListaDePrecio,
    almacenActual: entrada.almacenActual,
    fechaEmision: entrada.fechaEmision,
    hora: entrada.hora,
    notaPieDePagina: '',
    notaInformacionInterna: '',
  });
  const cabecera: Cabecera = {
    nombre: venta.nombre ?? '',
    alias: entrada.alias,
    idCliente: venta.idCliente ?? null,
    rnc: venta.rnc ?? '',
    correo: venta.correo ?? '',
    direccion: venta.direccion ?? '',
    movil: venta.movil ?? '',
    socio: venta.socio ?? false,
    idListaDePrecio: venta.idListaDePrecio ?? null,
    idLugarDeAsignacion: entrada.idLugarDeAsignacion ?? null,
    asignadoA: entrada.asignadoA,
    idAlmacen: venta.idAlmacen,
    fechaEmision: venta.fechaEmision,
    hora: venta.hora,
    metodoDePago: entrada.metodoDePago,
    efectivoRecibido: String(entrada.efectivoRecibido),
    location: entrada.location ?? null,
  };
  return { cabecera, contexto };
}

// The kit's priced lines (spec 001 §1: the user's price lock and discount limit, a partner's own
// discount always allowed; the domain's amounts), with the columns an order line keeps.
async function lineasCalculadas(
  ctx: CtxConSesion,
  entradas: readonly LineaPedidoEntrada[],
  idAlmacen: string,
  contexto: ContextoDePrecios,
): Promise<Omit<NuevaLinea, 'tenantId' | 'idPedido' | 'orden'>[]> {
  return (await lineasDeVenta(ctx, entradas, idAlmacen, contexto)).map(
    ({ importe: _i, montoDescuento: _m, subtotal: _s, totalImpuestos: _t, ...linea }) => linea,
  );
}

// The order's totals from all its lines.
function totalesDe(lineas: readonly Pick<NuevaLinea, 'cantidad' | 'precio' | 'descuento' | 'impuestos'>[]) {
  const { subtotal, impuestos, totalGral } = totalesDeVenta(lineas);
  return { subtotal, impuestos, totalGral };
}

// Spec 001 §8 'Limite alcanzado en el lugar selecionado': a place (table, counter) holds at most the
// user's limitePedidosAsignados open orders (active, not invoiced); 0 means no limit (docs/api.md).
async function verificarLugar(
  ctx: CtxConSesion,
  idLugar: string | null | undefined,
  excluir?: string,
): Promise<void> {
  const limite = ctx.usuario.limitePedidosAsignados;
  if (!idLugar || limite <= 0) {
    return;
  }
  const [fila] = await filas<{ abiertos: string }>(
    ctx.tx,
    sql`select count(*) as abiertos from pedidos where tenant_id = ${ctx.tenantId}
        and id_lugar_de_asignacion = ${idLugar} and estado = 'Activo' and not estado_facturado
        ${excluir ? sql`and id <> ${excluir}` : sql``}`,
  );
  const abiertos = Number(fila?.abiertos ?? 0);
  if (abiertos >= limite) {
    throw new AppError(
      'conflicto',
      `${MENSAJE_LIMITE_DEL_LUGAR}: ya tiene ${abiertos} pedidos abiertos y el límite es ${limite}.`,
    );
  }
}

// ---------------------------------------------------------------- create and update

/**
 * POST /pedido/ (spec 001 §3, §4, §7): an Activo order, not invoiced, numbered from the company's
 * 'pedidos' counter (gapless: taken in this transaction). A retry with the same identificadorUnico
 * answers the order already created (solicitudDuplicada) and writes nothing.
 */
export async function crearPedido(
  ctx: CtxConSesion,
  [entrada, entradas, identificadorUnico]: CrearPedido,
): Promise<DetallePedido & { solicitudDuplicada: boolean }> {
  const { fila, solicitudDuplicada } = await crearUnaVez({
    indice: 'pedidos_identificador_unico',
    buscar: async () =>
      (
        await ctx.tx
          .select()
          .from(pedidos)
          .where(and(eq(pedidos.tenantId, ctx.tenantId), eq(pedidos.identificadorUnico, identificadorUnico)))
          .limit(1)
      )[0],
    crear: async () => {
      const { cabecera, contexto } = await cabeceraDe(ctx, entrada);
      await verificarLugar(ctx, cabecera.idLugarDeAsignacion);
      const lineas = await lineasCalculadas(ctx, entradas, cabecera.idAlmacen, contexto);
      const [creada] = await ctx.tx
        .insert(pedidos)
        .values({
          ...cabecera,
          ...totalesDe(lineas),
          tenantId: ctx.tenantId,
          identificadorUnico,
          numeroPedido: await tomarDelContador(ctx, 'pedidos'),
          idUsuario: ctx.usuario._id,
          creadaPor: ctx.usuario.username,
        })
        .returning();
      if (!creada) {
        throw new Error('La inserción del pedido no devolvió fila');
      }
      await ctx.tx
        .insert(lineasPedido)
        .values(lineas.map((l, orden) => ({ ...l, tenantId: ctx.tenantId, idPedido: creada.id, orden })));
      return creada;
    },
  });
  return { ...(await detalleDe(ctx, fila)), solicitudDuplicada };
}

// Whether an edit changes what the kitchen or the bill would show of a line.
function cambia(actual: FilaLinea, nueva: Omit<NuevaLinea, 'tenantId' | 'idPedido' | 'orden'>): boolean {
  return (
    actual.idProducto !== nueva.idProducto ||
    Number(actual.cantidad) !== Number(nueva.cantidad) ||
    Number(actual.precio) !== Number(nueva.precio) ||
    Number(actual.descuento) !== Number(nueva.descuento ?? 0) ||
    actual.paquete !== (nueva.paquete ?? false) ||
    actual.descripcion !== nueva.descripcion ||
    actual.nota !== (nueva.nota ?? '') ||
    JSON.stringify(actual.variantes) !== JSON.stringify(nueva.variantes ?? [])
  );
}

function bloqueada(ctx: CtxConSesion, linea: FilaLinea): boolean {
  return (
    linea.estadoFacturado || (linea.estadoImpresion > 0 && !ctx.usuario.poderEditarPedidosImpresionPreventa)
  );
}

/**
 * PATCH /pedido/{id} (spec 001 §5, §7): the header, the lines to delete and the lines (with _id an
 * existing one, without a new one). Only an active order not invoiced changes; a line already invoiced,
 * or printed (unless the user has poderEditarPedidosImpresionPreventa), cannot be changed or removed.
 */
export async function actualizarPedido(
  ctx: CtxConSesion,
  id: string,
  [entrada, eliminar, entradas]: ActualizarPedido,
): Promise<DetallePedido> {
  const fila = await filaDePedido(ctx, id, true);
  if (fila.estado !== 'Activo') {
    throw new AppError(
      'conflicto',
      `El pedido ${fila.numeroPedido} está ${fila.estado === 'Anulado' ? 'anulado' : 'por anular'}.`,
    );
  }
  if (fila.estadoFacturado) {
    throw new AppError('conflicto', `El pedido ${fila.numeroPedido} ya fue facturado.`);
  }
  const actuales = new Map((await lineasDe(ctx, id)).map((l) => [l.id, l]));
  const { cabecera, contexto } = await cabeceraDe(ctx, entrada);
  await verificarLugar(ctx, cabecera.idLugarDeAsignacion, id);
  const nuevas = await lineasCalculadas(ctx, entradas, cabecera.idAlmacen, contexto);
  const existentes = nuevas.filter((l): l is typeof l & { id: string } => typeof l.id === 'string');
  const ids = [...eliminar, ...existentes.map((l) => l.id)];
  if (new Set(ids).size !== ids.length) {
    throw new AppError(
      'solicitud_invalida',
      'Una línea del pedido viene repetida o se quita y se cambia a la vez.',
    );
  }
  for (const idLinea of eliminar) {
    const actual = actuales.get(idLinea);
    if (!actual) {
      throw new AppError('no_encontrado', 'Una línea del pedido no existe.');
    }
    if (bloqueada(ctx, actual)) {
      throw new AppError('conflicto', MENSAJE_LINEA_DE_PEDIDO_BLOQUEADA);
    }
  }
  for (const linea of existentes) {
    const actual = actuales.get(linea.id);
    if (!actual) {
      throw new AppError('no_encontrado', 'Una línea del pedido no existe.');
    }
    if (cambia(actual, linea) && bloqueada(ctx, actual)) {
      throw new AppError('conflicto', MENSAJE_LINEA_DE_PEDIDO_BLOQUEADA);
    }
  }
  if (eliminar.length > 0) {
    await ctx.tx
      .delete(lineasPedido)
      .where(and(eq(lineasPedido.tenantId, ctx.tenantId), inArray(lineasPedido.id, [...eliminar])));
  }
  // An existing line is changed in place: its order, print count and delivery state stay.
  for (const { id: idLinea, ...campos } of existentes) {
    await ctx.tx
      .update(lineasPedido)
      .set(campos)
      .where(and(eq(lineasPedido.tenantId, ctx.tenantId), eq(lineasPedido.id, idLinea)));
  }
  const siguiente = Math.max(-1, ...[...actuales.values()].map((l) => l.orden)) + 1;
  const agregadas = nuevas.filter((l) => typeof l.id !== 'string');
  if (agregadas.length > 0) {
    await ctx.tx
      .insert(lineasPedido)
      .values(
        agregadas.map((l, i) => ({ ...l, tenantId: ctx.tenantId, idPedido: id, orden: siguiente + i })),
      );
  }
  const todas = await lineasDe(ctx, id);
  if (todas.length === 0) {
    throw new AppError('solicitud_invalida', 'El pedido debe quedar con por lo menos un artículo.');
  }
  const [cambiada] = await ctx.tx
    .update(pedidos)
    .set({ ...cabecera, ...totalesDe(todas), actualizadoEn: new Date() })
    .where(and(eq(pedidos.tenantId, ctx.tenantId), eq(pedidos.id, id)))
    .returning();
  return { pedidoDb: aPedido(cambiada ?? fila), lineasDelPedido: todas.map(aLinea) };
}

/**
 * The invoice that billed an order was cancelled or deleted: the order is open again, to be billed
 * anew (the trigger of migration 0014 marked it when the invoice was written).
 */
export async function liberarPedido(ctx: Ctx, idPedido: string, idFactura: string): Promise<void> {
  const liberado = await ctx.tx
    .update(pedidos)
    .set({ estadoFacturado: false, idFactura: null, actualizadoEn: new Date() })
    .where(
      and(eq(pedidos.tenantId, ctx.tenantId), eq(pedidos.id, idPedido), eq(pedidos.idFactura, idFactura)),
    )
    .returning({ id: pedidos.id });
  if (liberado.length > 0) {
    await ctx.tx
      .update(lineasPedido)
      .set({ estadoFacturado: false })
      .where(and(eq(lineasPedido.tenantId, ctx.tenantId), eq(lineasPedido.idPedido, idPedido)));
  }
}

// ---------------------------------------------------------------- list

/**
 * POST /pedido/todas: 14 per page, newest first. Without buscarPorEstado the active ones (optionally
 * only the not-invoiced, of a place or a user); with it, Por-Anular and Anulado.
 */
export async function listarPedidos(
  ctx: Ctx,
  filtro: FiltroPedidos,
): Promise<{ res: Pedido[]; totalRows: number }> {
  const condiciones = [sql`p.tenant_id = ${ctx.tenantId}`];
  if (filtro.buscarPorEstado) {
    condiciones.push(sql`p.estado in ('Por-Anular', 'Anulado')`);
  } else {
    condiciones.push(sql`p.estado = ${filtro.estado ?? 'Activo'}`);
  }
  if (filtro.estadoFacturado !== null && filtro.estadoFacturado !== undefined) {
    condiciones.push(sql`p.estado_facturado = ${filtro.estadoFacturado}`);
  }
  if (filtro.idAsinacion) {
    condiciones.push(sql`p.id_lugar_de_asignacion = ${filtro.idAsinacion}`);
  }
  if (filtro.idUsuario) {
    condiciones.push(sql`p.id_usuario = ${filtro.idUsuario}`);
  }
  const dias = entreDias(sql`p.fecha_emision`, diasDelFiltro(filtro));
  if (dias) {
    condiciones.push(dias);
  }
  if (filtro.input) {
    const patron = `%${filtro.input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(
      sql`(p.nombre ilike ${patron} or p.alias ilike ${patron} or p.asignado_a ilike ${patron}
           or p.numero_pedido::text = ${filtro.input})`,
    );
  }
  const donde = sql.join(condiciones, sql` and `);
  const [cuenta] = await filas<{ total: string }>(
    ctx.tx,
    sql`select count(*) as total from pedidos p where ${donde}`,
  );
  const pagina = await ctx.tx
    .select()
    .from(pedidos)
    .where(
      sql`${pedidos.id} in (select p.id from pedidos p where ${donde}
        order by p.numero_pedido desc limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit})`,
    )
    .orderBy(sql`${pedidos.numeroPedido} desc`);
  return { res: pagina.map(aPedido), totalRows: Number(cuenta?.total ?? 0) };
}

// ---------------------------------------------------------------- cancel and delete

/**
 * PUT /pedido/anular/{id} (spec 000 §4, 001 §4-§5): one of the nine reasons; a user with
 * anularYEliminarDocumentos cancels at once, anyone else files a request that a supervisor approves or
 * rejects on the same call. An order already invoiced is not cancelled (its invoice is).
 */
export async function anularPedido(
  ctx: CtxConSesion,
  id: string,
  entrada: AnularPedido,
): Promise<{ pedidoDb: Pedido; resultado: 'anulado' | 'solicitado' | 'aprobado' | 'rechazado' }> {
  const fila = await filaDePedido(ctx, id, true);
  const { documento, resultado } = await anularDocumento(
    ctx,
    {
      tipoDocumento: TIPO_DOCUMENTO_PEDIDO,
      id,
      numero: String(fila.numeroPedido),
      estado: fila.estado,
      nombre: `El pedido ${fila.numeroPedido}`,
      anulado: 'anulado',
    },
    entrada,
    {
      motivo: async () => {
        if (fila.estadoFacturado) {
          throw new AppError(
            'conflicto',
            `El pedido ${fila.numeroPedido} ya fue facturado; anula su factura.`,
          );
        }
        const motivo = validarMotivoDeAnulacion('pedido', entrada.tipoDeAnulacion);
        if (!motivo.ok) {
          throw new AppError('solicitud_invalida', MENSAJE_MOTIVO_PEDIDO, {
            errores: [{ campo: 'tipoDeAnulacion', mensaje: MENSAJE_MOTIVO_PEDIDO }],
          });
        }
        return { tipoDeAnulacion: motivo.valor, notaAnular: entrada.notaAnular || motivo.valor };
      },
      // An order wrote no stock and no journal entry: nothing to undo.
      deshacer: async () => {},
      guardar: async (cambio) => {
        const [cambiada] = await ctx.tx
          .update(pedidos)
          .set({ ...cambio, actualizadoEn: new Date() })
          .where(and(eq(pedidos.tenantId, ctx.tenantId), eq(pedidos.id, id)))
          .returning();
        return cambiada ?? fila;
      },
    },
  );
  return { pedidoDb: aPedido(documento), resultado: RESULTADO_EN_MASCULINO[resultado] };
}
/**
 * DELETE /pedido/{id}: an open order leaves the lists. It is kept as Anulado («Eliminado») rather than
 * removed, so the order numbers stay without gaps and the audit screen records who did it; deleting is
 * for users who may cancel documents directly (anularYEliminarDocumentos).
 */
export async function eliminarPedido(ctx: CtxConSesion, id: string): Promise<{ pedidoDb: Pedido }> {
  const fila = await filaDePedido(ctx, id, true);
  if (!ctx.usuario.anularYEliminarDocumentos) {
    throw new AppError('prohibido', 'No tienes permiso para eliminar pedidos; solicita su anulación.');
  }
  if (fila.estadoFacturado) {
    throw new AppError(
      'conflicto',
      `El pedido ${fila.numeroPedido} ya fue facturado y no se puede eliminar.`,
    );
  }
  if (fila.estado !== 'Activo') {
    throw new AppError('conflicto', `El pedido ${fila.numeroPedido} no está activo.`);
  }
  const nota = `Eliminado por ${ctx.usuario.username}`;
  const [eliminado] = await ctx.tx
    .update(pedidos)
    .set({ estado: 'Anulado', autorizacion: 'Aprobada', notaAnular: nota, actualizadoEn: new Date() })
    .where(and(eq(pedidos.tenantId, ctx.tenantId), eq(pedidos.id, id)))
    .returning();
  await registrarSolicitud(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_PEDIDO,
    idDocumento: id,
    numeracioDocumento: String(fila.numeroPedido),
    directa: true,
    tipoDeAnulacion: 'Eliminado',
    notaAnular: nota,
  });
  return { pedidoDb: aPedido(eliminado ?? fila) };
}
