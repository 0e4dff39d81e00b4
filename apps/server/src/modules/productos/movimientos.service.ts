import { MENSAJE_BAJO_STOCK } from '@pos/contract';
import { detalleDeFaltantes, faltantesDeExistencia, type PedidoDeExistencia } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';

// ---------------------------------------------------------------------------------------------
// The stock ledger (architecture invariant 7).
//
// CONTRACT (stable; sales, purchases, returns and adjustments call it inside their own transaction):
//
//   registrarMovimientos(ctx, movimientos): Promise<ResultadoDeMovimientos>
//
//   - `ctx` is the request's Ctx: the movements are written in `ctx.tx`, so they commit or roll back
//     with the document. The user (`ctx.usuario?._id`) is recorded on each row.
//   - One Movimiento per line and warehouse: `cantidad` in stock UNITS, positive in (purchase,
//     inbound adjustment, return from a customer), negative out (sale, outbound adjustment, return to
//     a supplier). A line in package mode is converted first with the domain's
//     `unidadesDeInventario(linea, cantidadPorPaquete)`. Zero quantities are ignored.
//   - `costoUnitario` (before tax, per unit): on an inbound movement it updates the product's
//     costoPromedio (weighted by the stock on hand across all warehouses; when that stock is 0 or
//     negative the average becomes the new cost) and ultimoCosto. Inbound without it (a customer
//     return) enters at the current average and changes neither. Outbound movements are recorded at
//     the current average (the cost of sale) whatever is passed.
//   - `tipoDocumento` + `idDocumento` name the document (e.g. 'factura', 'compra', 'ajusteDeInventario');
//     `revertirMovimientos` undoes all of a document's movements (cancellation, or an update that
//     rewrites its lines).
//   - Products that are not inventoriable (productoInventariable false: services) are skipped, so a
//     caller may pass every line. An unknown product is a 404 AppError; nothing is written.
//   - Availability is never checked here: whether a sale may leave stock negative is the caller's rule
//     (ventaSinDisponibilidad, bloqueoPorNoExistenciaDelInventario).
//   - The running balance (productos_almacenes.disponibilidad, created on first movement into a
//     warehouse) is updated in the same transaction and always equals the sum of the movements.
//     Rows are locked product by product in id order, so concurrent documents do not deadlock. A call
//     where no movement carries a cost (a sale, a reversal) is written in one statement.
//   - The result's costoUnitario gives, per product, the unit cost its movements were recorded at
//     (a sale's cost of sales).
//
//   movimientosParaRegistrar(movimientos): the same movements without a new cost as the rows a
//   document written in one call (a sale) hands to `inventario_registrar_sin_costo`; outbound ones at
//   the average the caller read with its products, so its journal entry and the ledger agree.
// ---------------------------------------------------------------------------------------------

/** Conventional document types of the ledger; any other name is accepted. */
export type TipoDeDocumentoDeInventario =
  | 'inventarioInicial'
  | 'ajusteDeInventario'
  | 'factura'
  | 'devolucion'
  | 'compra'
  | 'devolucionDeCompra'
  | 'conduce'
  | (string & {});

export type Movimiento = {
  idProducto: string;
  idAlmacen: string;
  /** Units: positive in, negative out (up to 4 decimals). */
  cantidad: number | string;
  /** Cost per unit before tax; sets the average and last cost on inbound movements. */
  costoUnitario?: number | string | undefined;
  /**
   * An outbound movement that takes back goods at the cost they came in with (`costoUnitario`), not at
   * the average: the average is recomputed without them (a cancelled or edited purchase undone exactly).
   */
  retirarAlCosto?: boolean | undefined;
  tipoDocumento: TipoDeDocumentoDeInventario;
  idDocumento?: string | null | undefined;
  /** Defaults to now. */
  fecha?: Date | undefined;
};

export type ExistenciaResultante = { idProducto: string; idAlmacen: string; disponibilidad: number };

export type ResultadoDeMovimientos = {
  /** Balance after the movements, per product and warehouse touched. */
  existencias: ExistenciaResultante[];
  /** Average and last cost after the movements, per product touched. */
  costos: { idProducto: string; costoPromedio: number; ultimoCosto: number }[];
  /** The unit cost each product's (last) movement was recorded at: a sale's cost of sales. */
  costoUnitario: Map<string, string>;
};

type ProductoBloqueado = { id: string; inventariable: boolean };

function comoDecimal(valor: number | string, campo: string): string {
  const texto = typeof valor === 'number' ? String(valor) : valor.trim();
  if (!/^-?\d+(\.\d+)?(e-?\d+)?$/i.test(texto) || !Number.isFinite(Number(texto))) {
    throw new AppError('solicitud_invalida', `El ${campo} del movimiento de inventario no es un número.`);
  }
  return texto;
}

/** Writes stock movements and keeps balances and costs in step, in the caller's transaction. */
export async function registrarMovimientos(
  ctx: Ctx,
  movimientos: readonly Movimiento[],
): Promise<ResultadoDeMovimientos> {
  const utiles = movimientos
    .map((movimiento) => ({
      ...movimiento,
      cantidad: comoDecimal(movimiento.cantidad, 'cantidad'),
      costoUnitario:
        movimiento.costoUnitario === undefined ? undefined : comoDecimal(movimiento.costoUnitario, 'costo'),
    }))
    .filter((movimiento) => Number(movimiento.cantidad) !== 0);
  if (utiles.length === 0) {
    return { existencias: [], costos: [], costoUnitario: new Map() };
  }
  for (const movimiento of utiles) {
    if (movimiento.costoUnitario !== undefined && Number(movimiento.costoUnitario) < 0) {
      throw new AppError(
        'solicitud_invalida',
        'El costo de un movimiento de inventario no puede ser negativo.',
      );
    }
  }
  if (utiles.every((movimiento) => movimiento.costoUnitario === undefined)) {
    return registrarSinCosto(ctx, utiles);
  }
  const ids = [...new Set(utiles.map((movimiento) => movimiento.idProducto))].sort();
  const bloqueados = await filas<ProductoBloqueado>(
    ctx.tx,
    sql`select id, producto_inventariable as inventariable from productos
        where tenant_id = ${ctx.tenantId} and id in ${ids} order by id for no key update`,
  );
  if (bloqueados.length !== ids.length) {
    throw new AppError('no_encontrado', 'Un producto del movimiento de inventario no existe.');
  }
  const inventariables = new Set(bloqueados.filter((p) => p.inventariable).map((p) => p.id));
  // Stable sort: the same product's movements keep their order (the average depends on it).
  const ordenados = utiles
    .filter((movimiento) => inventariables.has(movimiento.idProducto))
    .map((movimiento, posicion) => ({ movimiento, posicion }))
    .sort(
      (a, b) =>
        a.movimiento.idProducto.localeCompare(b.movimiento.idProducto) ||
        a.movimiento.idAlmacen.localeCompare(b.movimiento.idAlmacen) ||
        a.posicion - b.posicion,
    )
    .map(({ movimiento }) => movimiento);

  const idUsuario = ctx.usuario?._id ?? null;
  const existencias = new Map<string, ExistenciaResultante>();
  const costos = new Map<string, { idProducto: string; costoPromedio: number; ultimoCosto: number }>();
  const costosUnitarios = new Map<string, string>();
  for (const movimiento of ordenados) {
    const entrada = Number(movimiento.cantidad) > 0;
    const retiroAlCosto =
      !entrada && movimiento.retirarAlCosto === true && movimiento.costoUnitario !== undefined;
    if (retiroAlCosto) {
      // The stock's value less these units at their cost, over the units left; with nothing left the
      // average stays (there is no stock to value).
      const [costo] = await filas<{ costo_promedio: string; ultimo_costo: string }>(
        ctx.tx,
        sql`update productos p set
              costo_promedio = case when s.stock + ${movimiento.cantidad}::numeric > 0
                then greatest(round((s.stock * p.costo_promedio + ${movimiento.cantidad}::numeric * ${movimiento.costoUnitario}::numeric)
                           / (s.stock + ${movimiento.cantidad}::numeric), 12), 0)
                else p.costo_promedio end
            from (select coalesce(sum(disponibilidad), 0) as stock from productos_almacenes
                  where tenant_id = ${ctx.tenantId} and id_producto = ${movimiento.idProducto}) s
            where p.tenant_id = ${ctx.tenantId} and p.id = ${movimiento.idProducto}
            returning p.costo_promedio, p.ultimo_costo`,
      );
      if (costo) {
        costos.set(movimiento.idProducto, {
          idProducto: movimiento.idProducto,
          costoPromedio: Number(costo.costo_promedio),
          ultimoCosto: Number(costo.ultimo_costo),
        });
      }
    }
    if (entrada && movimiento.costoUnitario !== undefined) {
      // Weighted average over the stock on hand in every warehouse, before this movement.
      const [costo] = await filas<{ costo_promedio: string; ultimo_costo: string }>(
        ctx.tx,
        sql`update productos p set
              costo_promedio = case when s.stock > 0
                then round((s.stock * p.costo_promedio + ${movimiento.cantidad}::numeric * ${movimiento.costoUnitario}::numeric)
                           / (s.stock + ${movimiento.cantidad}::numeric), 12)
                else ${movimiento.costoUnitario}::numeric end,
              ultimo_costo = ${movimiento.costoUnitario}::numeric
            from (select coalesce(sum(disponibilidad), 0) as stock from productos_almacenes
                  where tenant_id = ${ctx.tenantId} and id_producto = ${movimiento.idProducto}) s
            where p.tenant_id = ${ctx.tenantId} and p.id = ${movimiento.idProducto}
            returning p.costo_promedio, p.ultimo_costo`,
      );
      if (costo) {
        costos.set(movimiento.idProducto, {
          idProducto: movimiento.idProducto,
          costoPromedio: Number(costo.costo_promedio),
          ultimoCosto: Number(costo.ultimo_costo),
        });
      }
    }
    // Outbound (and inbound without a cost) movements are valued at the current average.
    const costoUnitario =
      (entrada || retiroAlCosto) && movimiento.costoUnitario !== undefined
        ? sql`${movimiento.costoUnitario}::numeric`
        : sql`(select costo_promedio from productos where tenant_id = ${ctx.tenantId} and id = ${movimiento.idProducto})`;
    const [saldo] = await filas<{ disponibilidad: string; costo_unitario: string }>(
      ctx.tx,
      sql`with movimiento as (
            insert into movimientos_de_inventario
              (tenant_id, id_producto, id_almacen, cantidad, costo_unitario, tipo_documento, id_documento, fecha, id_usuario)
            values (${ctx.tenantId}, ${movimiento.idProducto}, ${movimiento.idAlmacen}, ${movimiento.cantidad}::numeric,
                    ${costoUnitario}, ${movimiento.tipoDocumento}, ${movimiento.idDocumento ?? null},
                    ${(movimiento.fecha ?? new Date()).toISOString()}::timestamptz, ${idUsuario})
            returning cantidad, costo_unitario)
          insert into productos_almacenes as pa (tenant_id, id_producto, id_almacen, disponibilidad)
          select ${ctx.tenantId}, ${movimiento.idProducto}, ${movimiento.idAlmacen}, cantidad from movimiento
          on conflict (tenant_id, id_producto, id_almacen)
          do update set disponibilidad = pa.disponibilidad + excluded.disponibilidad, actualizado_en = now()
          returning pa.disponibilidad, (select costo_unitario from movimiento) as costo_unitario`,
    );
    costosUnitarios.set(movimiento.idProducto, saldo?.costo_unitario ?? '0');
    existencias.set(`${movimiento.idProducto}|${movimiento.idAlmacen}`, {
      idProducto: movimiento.idProducto,
      idAlmacen: movimiento.idAlmacen,
      disponibilidad: Number(saldo?.disponibilidad ?? 0),
    });
  }
  return {
    existencias: [...existencias.values()],
    costos: [...costos.values()],
    costoUnitario: costosUnitarios,
  };
}

/** The opening stock of a product created in this same transaction, in one warehouse. */
export type ExistenciaInicial = {
  idProducto: string;
  idAlmacen: string;
  cantidad: number;
  costoUnitario: number | string;
};

const LOTE_DE_MOVIMIENTOS = 1000;

/**
 * The opening stock of products created in the caller's transaction, written set-wise (a spreadsheet
 * import of thousands of products): one 'inventarioInicial' movement per product and warehouse, the
 * balance, and the costs. Only for products with no movement yet, for which registrarMovimientos would
 * give the same result: with no stock on hand the average cost becomes the entry's cost.
 */
export async function registrarExistenciaInicial(
  ctx: Ctx,
  existencias: readonly ExistenciaInicial[],
): Promise<void> {
  const utiles = existencias.filter((e) => e.cantidad > 0);
  const idUsuario = ctx.usuario?._id ?? null;
  for (let i = 0; i < utiles.length; i += LOTE_DE_MOVIMIENTOS) {
    const lote = utiles.slice(i, i + LOTE_DE_MOVIMIENTOS).map((e) => ({
      id_producto: e.idProducto,
      id_almacen: e.idAlmacen,
      cantidad: comoDecimal(e.cantidad, 'cantidad'),
      costo: comoDecimal(e.costoUnitario, 'costo'),
    }));
    await ctx.tx.execute(sql`
      with lote as (
        select x.* from jsonb_to_recordset(${JSON.stringify(lote)}::jsonb)
          as x(id_producto uuid, id_almacen uuid, cantidad numeric, costo numeric)
        join productos p on p.tenant_id = ${ctx.tenantId} and p.id = x.id_producto and p.producto_inventariable),
      movimientos as (
        insert into movimientos_de_inventario
          (tenant_id, id_producto, id_almacen, cantidad, costo_unitario, tipo_documento, id_documento, id_usuario)
        select ${ctx.tenantId}, id_producto, id_almacen, cantidad, costo, 'inventarioInicial', id_producto, ${idUsuario}
        from lote returning id_producto),
      saldos as (
        insert into productos_almacenes as pa (tenant_id, id_producto, id_almacen, disponibilidad)
        select ${ctx.tenantId}, id_producto, id_almacen, cantidad from lote
        on conflict (tenant_id, id_producto, id_almacen)
        do update set disponibilidad = pa.disponibilidad + excluded.disponibilidad, actualizado_en = now()
        returning pa.id_producto)
      update productos p set costo_promedio = l.costo, ultimo_costo = l.costo
      from (select distinct on (id_producto) id_producto, costo from lote order by id_producto) l
      where p.tenant_id = ${ctx.tenantId} and p.id = l.id_producto`);
  }
}

type MovimientoValidado = Omit<Movimiento, 'cantidad' | 'costoUnitario'> & {
  cantidad: string;
  costoUnitario?: string | undefined;
};

/** Movements of a document written in one call; the document's function names it. */
export type MovimientoDeDocumento = Omit<Movimiento, 'idDocumento'>;

// The argument of `inventario_registrar_sin_costo` (migration 0009): the movements in order, with a
// quantity, as its JSON rows.
function filasDeMovimientos(
  movimientos: readonly (MovimientoValidado & { idDocumento?: string | null | undefined })[],
): Record<string, unknown>[] {
  return movimientos.map((m, orden) => ({
    orden,
    id_producto: m.idProducto,
    id_almacen: m.idAlmacen,
    cantidad: m.cantidad,
    costo_unitario: m.costoUnitario ?? null,
    tipo_documento: m.tipoDocumento,
    id_documento: m.idDocumento ?? null,
    fecha: (m.fecha ?? new Date()).toISOString(),
  }));
}

/**
 * A document's movements as the JSON rows its own SQL function hands to `inventario_registrar_sin_costo`
 * (a sale writes header, lines, stock and journal in one call: the sale's throughput, bench/). An outbound
 * movement is recorded at the `costoUnitario` the caller read with its products (the average, as its
 * journal entry values the cost of sales), else at the current average. Non-inventoriable products
 * are skipped there. Empty when no movement has a quantity.
 */
export function movimientosParaRegistrar(
  movimientos: readonly MovimientoDeDocumento[],
): Record<string, unknown>[] {
  return filasDeMovimientos(
    movimientos
      .map((m) => ({
        ...m,
        cantidad: comoDecimal(m.cantidad, 'cantidad'),
        costoUnitario: m.costoUnitario === undefined ? undefined : comoDecimal(m.costoUnitario, 'costo'),
      }))
      .filter((m) => Number(m.cantidad) !== 0),
  );
}

// Movements without a new cost (sales, customer returns, reversals) never move the average cost, so
// they need no lock on the product: one call writes them all and upserts the balances.
async function registrarSinCosto(
  ctx: Ctx,
  movimientos: readonly MovimientoValidado[],
): Promise<ResultadoDeMovimientos> {
  const resultado = await filas<{
    clase: string;
    id_producto: string | null;
    id_almacen: string | null;
    valor: string;
  }>(
    ctx.tx,
    sql`select * from inventario_registrar_sin_costo(${ctx.tenantId}, ${ctx.usuario?._id ?? null}::uuid, null,
          ${JSON.stringify(filasDeMovimientos(movimientos))}::jsonb)`,
  );
  if (Number(resultado.find((fila) => fila.clase === 'faltan')?.valor ?? 0) > 0) {
    throw new AppError('no_encontrado', 'Un producto del movimiento de inventario no existe.');
  }
  return {
    existencias: resultado
      .filter((fila) => fila.clase === 'saldo')
      .map((fila) => ({
        idProducto: fila.id_producto as string,
        idAlmacen: fila.id_almacen as string,
        disponibilidad: Number(fila.valor),
      })),
    costos: [],
    costoUnitario: new Map(
      resultado
        .filter((fila) => fila.clase === 'costo')
        .map((fila) => [fila.id_producto as string, fila.valor]),
    ),
  };
}

/**
 * Undoes every movement of one document with opposite movements (same type and id), so the document's
 * net stock effect becomes zero; for a cancellation, or before rewriting an updated document's lines.
 * The average cost is not recomputed backwards (the reversal of an inbound movement leaves at the average).
 */
export async function revertirMovimientos(
  ctx: Ctx,
  documento: { tipoDocumento: TipoDeDocumentoDeInventario; idDocumento: string },
  opciones: { alCosto?: boolean } = {},
): Promise<ResultadoDeMovimientos> {
  // `alCosto`: a document that brought goods in at a cost (a purchase) takes them back at that cost
  // (`retirarAlCosto`), so the average returns to what it would be without the document.
  const netos = await filas<{
    id_producto: string;
    id_almacen: string;
    cantidad: string;
    costo: string | null;
  }>(
    ctx.tx,
    sql`select id_producto, id_almacen, sum(cantidad)::text as cantidad,
          case when sum(cantidad) > 0 then round(sum(cantidad * costo_unitario) / sum(cantidad), 12)::text end as costo
        from movimientos_de_inventario
        where tenant_id = ${ctx.tenantId} and tipo_documento = ${documento.tipoDocumento}
          and id_documento = ${documento.idDocumento}
        group by id_producto, id_almacen having sum(cantidad) <> 0`,
  );
  return registrarMovimientos(
    ctx,
    netos.map((neto) => ({
      idProducto: neto.id_producto,
      idAlmacen: neto.id_almacen,
      cantidad: neto.cantidad.startsWith('-') ? neto.cantidad.slice(1) : `-${neto.cantidad}`,
      ...(opciones.alCosto && neto.costo !== null ? { costoUnitario: neto.costo, retirarAlCosto: true } : {}),
      tipoDocumento: documento.tipoDocumento,
      idDocumento: documento.idDocumento,
    })),
  );
}

/**
 * Locks, until the caller's transaction ends, the balances of `idsProductos` in one warehouse (or in
 * every warehouse, `idAlmacen` null), in (product, warehouse) order like every document, and returns
 * what each holds now (a product that never moved there has no row: it holds 0, nothing to lock). A
 * sale with stock blocking on takes it before checking the stock (spec 000 §5), so the next sale of
 * the same product waits here and then reads what this one left.
 */
export async function bloquearExistencias(
  ctx: Ctx,
  idsProductos: Iterable<string>,
  idAlmacen: string | null,
): Promise<ExistenciaResultante[]> {
  const ids = [...new Set(idsProductos)];
  if (ids.length === 0) {
    return [];
  }
  const saldos = await filas<{ id_producto: string; id_almacen: string; disponibilidad: string }>(
    ctx.tx,
    sql`select id_producto, id_almacen, disponibilidad from productos_almacenes
        where tenant_id = ${ctx.tenantId} and id_producto in ${ids}
          ${idAlmacen === null ? sql`` : sql`and id_almacen = ${idAlmacen}`}
        order by id_producto, id_almacen for no key update`,
  );
  return saldos.map((saldo) => ({
    idProducto: saldo.id_producto,
    idAlmacen: saldo.id_almacen,
    disponibilidad: Number(saldo.disponibilidad),
  }));
}

/**
 * Spec 000 §5 stock blocking (the company's bloqueoPorNoExistencia, on: the caller checks it): refuses
 * with a 409 naming every stocked product the document would take beyond `disponibilidad` (what each
 * holds in the document's warehouse), with their list as productoBajoStock (spec 001 §8). The one rule
 * of every document that takes goods out; a caller that counted the balances itself (a sync batch, on
 * balances it locked) passes them here, any other calls `exigirExistenciaBloqueada`.
 */
export function exigirExistencia(
  pedidos: readonly PedidoDeExistencia[],
  disponibilidad: (idProducto: string) => number,
): void {
  const faltan = faltantesDeExistencia(pedidos, disponibilidad);
  if (faltan.length > 0) {
    throw new AppError('conflicto', `${MENSAJE_BAJO_STOCK}: ${detalleDeFaltantes(faltan)}`, {
      datos: { productoBajoStock: faltan },
    });
  }
}

/**
 * `exigirExistencia` on the balances of `idAlmacen` read locked until the commit
 * (`bloquearExistencias`): concurrent documents taking the last units take turns, and each sees what
 * the ones before it left. Called before the document's own outbound movements are written (after an
 * edit reversed its old ones).
 */
export async function exigirExistenciaBloqueada(
  ctx: Ctx,
  pedidos: readonly PedidoDeExistencia[],
  idAlmacen: string,
): Promise<void> {
  const saldos = await bloquearExistencias(
    ctx,
    pedidos.map((pedido) => pedido.idProducto),
    idAlmacen,
  );
  const porProducto = new Map(saldos.map((saldo) => [saldo.idProducto, saldo.disponibilidad]));
  exigirExistencia(pedidos, (idProducto) => porProducto.get(idProducto) ?? 0);
}

/** Availability of a product in one warehouse (0 when it never moved there). */
export async function disponibilidadEn(ctx: Ctx, idProducto: string, idAlmacen: string): Promise<number> {
  const [fila] = await filas<{ disponibilidad: string }>(
    ctx.tx,
    sql`select disponibilidad from productos_almacenes
        where tenant_id = ${ctx.tenantId} and id_producto = ${idProducto} and id_almacen = ${idAlmacen}`,
  );
  return Number(fila?.disponibilidad ?? 0);
}

/** The movements of a product (newest first), for the product reports and the audit view. */
export async function movimientosDeProducto(
  ctx: Ctx,
  idProducto: string,
  filtro: { idAlmacen?: string; tipoDocumento?: string } = {},
) {
  const almacen = filtro.idAlmacen ? sql`and id_almacen = ${filtro.idAlmacen}` : sql``;
  const tipo = filtro.tipoDocumento ? sql`and tipo_documento = ${filtro.tipoDocumento}` : sql``;
  return filas<{
    id: string;
    idAlmacen: string;
    cantidad: string;
    costoUnitario: string;
    tipoDocumento: string;
    idDocumento: string | null;
    fecha: string;
    idUsuario: string | null;
  }>(
    ctx.tx,
    sql`select id, id_almacen as "idAlmacen", cantidad::text as cantidad, costo_unitario::text as "costoUnitario",
          tipo_documento as "tipoDocumento", id_documento as "idDocumento", fecha, id_usuario as "idUsuario"
        from movimientos_de_inventario
        where tenant_id = ${ctx.tenantId} and id_producto = ${idProducto} ${almacen} ${tipo}
        order by fecha desc, id`,
  );
}
