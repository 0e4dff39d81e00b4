import {
  type ActualizarOrdenDeCompra,
  type AnularOrdenDeCompra,
  type CrearOrdenDeCompra,
  type DetalleOrdenDeCompra,
  type FiltroOrdenesDeCompra,
  MENSAJE_MOTIVO_ORDEN_DE_COMPRA,
  MENSAJE_ORDEN_DE_COMPRA_NO_EXISTE,
  MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE,
  mensajeOrdenDeCompraVinculada,
  type OrdenDeCompra,
  type OrdenDeCompraCreada,
} from '@pos/contract';
import { sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { FilaCabecera } from '../../documentos/columnas.ts';
import { type CabeceraDe, type DetalleDe, documento } from '../../documentos/documento.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { type FilaOrdenDeCompra, lineasOrdenDeCompra, ordenesDeCompra } from './tables.ts';

/** The document type of purchase orders in the shared cancellation requests. */
export const TIPO_DOCUMENTO_ORDEN_DE_COMPRA = 'ordenDeCompra';

/** A purchase order's header as every answer gives it (docs/documents.md «Órdenes de compra»). */
export type CabeceraDeOrden = OrdenDeCompra;
/** An order with its lines. */
export type DetalleDeOrden = DetalleOrdenDeCompra;

type ExtrasDeOrden = { idCompra: string | null; comprobanteCompra: string | null };

// The kit hands its rows typed with its own columns; an order's row also has its purchase.
const comoOrden = (fila: FilaCabecera) => fila as FilaOrdenDeCompra;

/**
 * The numbers of the purchases that took these orders: read from purchases' table (others read it and
 * never write it), as the kit's conversion reads its target's.
 */
async function comprobantesDeCompras(ctx: Ctx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const leidas = await filas<{ id: string; comprobante: string }>(
    ctx.tx,
    sql`select id, comprobante from compras
        where tenant_id = ${ctx.tenantId}
          and id in (${sql.join(
            [...new Set(ids)].map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
  );
  return new Map(leidas.map((c) => [c.id, c.comprobante]));
}

// Spec 001 §3 "Purchase order", §4, §7: an order is numbered from the 'ordenDeCompra' numbering, priced
// at cost (the kit's purchase pricing), moves no stock and posts nothing, and is cancelled with a
// free-text reason (§5). §4: a purchase takes it once ('Only one copy of a purchase order may be linked
// to a purchase'); while taken it is not changed, voided or deleted ("first void or delete those").
const kit = documento<'numeroOrdenDeCompra', 'idOrdenDeCompra', CrearOrdenDeCompra, ExtrasDeOrden>({
  tipo: TIPO_DOCUMENTO_ORDEN_DE_COMPRA,
  tablas: { cabecera: ordenesDeCompra, lineas: lineasOrdenDeCompra },
  numeracion: 'ordenDeCompra',
  indiceIdentificador: 'ordenes_de_compra_identificador_unico',
  nombre: 'orden de compra',
  femenino: true,
  campoNumero: 'numeroOrdenDeCompra',
  campoDocumento: 'idOrdenDeCompra',
  mensajes: { noExiste: MENSAJE_ORDEN_DE_COMPRA_NO_EXISTE, sinMotivo: MENSAJE_MOTIVO_ORDEN_DE_COMPRA },
  precios: 'compra',
  facturable: {
    destino: {
      tabla: 'compras',
      columna: 'id_compra',
      accion: 'vincular a una compra',
      yaTomado: () => MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE,
    },
  },
  extras: {
    alCrear: async () => ({}),
    // The purchase's number is filled by `conCompras` (it lives in purchases' table).
    respuesta: (fila) => ({ idCompra: comoOrden(fila).idCompra, comprobanteCompra: null }),
  },
  async verificarCambio(ctx, fila) {
    const idCompra = comoOrden(fila).idCompra;
    if (idCompra) {
      const comprobante = (await comprobantesDeCompras(ctx, [idCompra])).get(idCompra) ?? '';
      throw new AppError('conflicto', mensajeOrdenDeCompraVinculada(comprobante));
    }
  },
});

type Cabecera = CabeceraDe<'numeroOrdenDeCompra', ExtrasDeOrden>;

async function conCompras(ctx: Ctx, cabeceras: Cabecera[]): Promise<CabeceraDeOrden[]> {
  const numeros = await comprobantesDeCompras(
    ctx,
    cabeceras.flatMap((c) => (c.idCompra ? [c.idCompra] : [])),
  );
  return cabeceras.map((c) => ({
    ...c,
    comprobanteCompra: c.idCompra ? (numeros.get(c.idCompra) ?? null) : null,
  }));
}

async function aDetalle(
  ctx: Ctx,
  detalle: DetalleDe<'numeroOrdenDeCompra', 'idOrdenDeCompra', ExtrasDeOrden>,
): Promise<DetalleDeOrden> {
  const [ordenCompraDb] = await conCompras(ctx, [detalle.cabecera]);
  return { ordenCompraDb: ordenCompraDb ?? detalle.cabecera, lineaOrdenDeCompra: detalle.lineas };
}

/** POST /orden-de-compra/. */
export async function crearOrdenDeCompra(
  ctx: CtxConSesion,
  { lineasDeCompraDto, identificadorUnico, ...cabecera }: CrearOrdenDeCompra,
): Promise<OrdenDeCompraCreada> {
  const creada = await kit.crear(
    ctx,
    { ...cabecera, lineasDeCompraDto: [], identificadorUnico },
    lineasDeCompraDto,
    identificadorUnico,
  );
  const detalle = await aDetalle(ctx, creada);
  return {
    ...detalle,
    nombre: detalle.ordenCompraDb.nombre,
    numeroOrdenDeCompra: detalle.ordenCompraDb.numeroOrdenDeCompra,
    solicitudDuplicada: creada.solicitudDuplicada,
  };
}

/** PATCH /orden-de-compra/{id}. */
export async function actualizarOrdenDeCompra(
  ctx: CtxConSesion,
  id: string,
  [cabecera, quitar, lineas]: ActualizarOrdenDeCompra,
): Promise<DetalleDeOrden> {
  return aDetalle(ctx, await kit.actualizar(ctx, id, cabecera, quitar, lineas));
}

/** GET /orden-de-compra/{id}. */
export async function obtenerOrdenDeCompra(ctx: Ctx, id: string): Promise<DetalleDeOrden> {
  return aDetalle(ctx, await kit.obtener(ctx, id));
}

/** POST /orden-de-compra/todas. */
export async function listarOrdenesDeCompra(ctx: Ctx, filtro: FiltroOrdenesDeCompra) {
  const { res, totalRows } = await kit.listar(ctx, filtro);
  return { res: await conCompras(ctx, res), totalRows };
}

/** GET /orden-de-compra/cliente/{id}: a supplier's orders a purchase can take (active, not taken). */
export async function ordenesDelProveedor(ctx: Ctx, idProveedor: string) {
  const { res, totalRows } = await kit.delCliente(ctx, idProveedor, 1, 200, true);
  return { res: await conCompras(ctx, res), totalRows };
}

/**
 * GET /orden-de-compra/vincular_orden_compra/{id}: one order to bring into a purchase's form, refused
 * when it cannot be taken (spec 001 §5 'LA ORDEN DE COMPRA YA EXISTE…'). The purchase's save checks it
 * again under lock (`ordenesParaComprar`).
 */
export async function ordenParaVincular(ctx: Ctx, id: string): Promise<DetalleDeOrden> {
  const detalle = await obtenerOrdenDeCompra(ctx, id);
  const { estado, idCompra, comprobante } = detalle.ordenCompraDb;
  if (idCompra) {
    throw new AppError('conflicto', MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE);
  }
  if (estado !== 'Activo') {
    const como = estado === 'Anulado' ? 'anulada' : 'por anular';
    throw new AppError(
      'conflicto',
      `La orden de compra ${comprobante} está ${como}; no se puede vincular a una compra.`,
    );
  }
  return detalle;
}

// ------------------------------------------------------------ Purchase order → purchase

/**
 * Locks the orders (in id order), each Activo and not linked yet, with their lines, in the order of
 * `ids`; the same id twice in one purchase or one already linked → 'LA ORDEN DE COMPRA YA EXISTE…'
 * (409, spec 001 §4-§5). Two purchases taking the same order at once take turns; the second is refused.
 */
export async function ordenesParaComprar(ctx: Ctx, ids: readonly string[]): Promise<DetalleDeOrden[]> {
  if (new Set(ids).size !== ids.length) {
    throw new AppError('conflicto', MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE);
  }
  const detalles = await kit.paraFacturar(ctx, ids);
  return Promise.all(detalles.map((d) => aDetalle(ctx, d)));
}

/** The purchase just written took these orders (read by `ordenesParaComprar` in the same transaction). */
export function vincularOrdenes(ctx: Ctx, ids: readonly string[], idCompra: string): Promise<void> {
  return kit.facturar(ctx, ids, idCompra);
}

/** The purchase was cancelled, deleted, or changed its linked orders: they can be linked again. */
export function liberarOrdenes(ctx: Ctx, idCompra: string): Promise<void> {
  return kit.liberar(ctx, idCompra);
}

/** ordenDeCompraVinculadas of a purchase's detail. */
export async function ordenesDeLaCompra(ctx: Ctx, idCompra: string): Promise<CabeceraDeOrden[]> {
  return conCompras(ctx, await kit.tomadosPor(ctx, idCompra));
}

/** PUT /orden-de-compra/anular/{id}. */
export async function anularOrdenDeCompra(ctx: CtxConSesion, id: string, entrada: AnularOrdenDeCompra) {
  const { cabecera, resultado } = await kit.anular(ctx, id, entrada);
  const enFemenino = {
    directa: 'anulada',
    solicitada: 'solicitada',
    aprobada: 'aprobada',
    rechazada: 'rechazada',
  } as const;
  const [ordenCompraDb] = await conCompras(ctx, [cabecera]);
  return { ordenCompraDb: ordenCompraDb ?? cabecera, resultado: enFemenino[resultado] };
}

/** DELETE /orden-de-compra/eliminar/{id}. */
export async function eliminarOrdenDeCompra(ctx: CtxConSesion, id: string) {
  const cabecera = await kit.eliminar(ctx, id);
  const [ordenCompraDb] = await conCompras(ctx, [cabecera]);
  return { numeroOrdenDeCompra: cabecera.numeroOrdenDeCompra, ordenCompraDb: ordenCompraDb ?? cabecera };
}
