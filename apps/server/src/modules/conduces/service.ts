import {
  type ActualizarConduce,
  type AnularConduce,
  type ConduceEntrada,
  type CrearConduce,
  type DetalleConduce,
  type FiltroConduces,
  MENSAJE_CONDUCE_FACTURADO,
  MENSAJE_CONDUCE_NO_EXISTE,
  MENSAJE_CONDUCE_POST_FACTURA,
  MENSAJE_MOTIVO_CONDUCE,
  type TipoDeConduce,
} from '@pos/contract';
import { unidadesDeInventario } from '@pos/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FilaCabecera, FilaLinea } from '../../documentos/columnas.ts';
import { type DetalleDe, documento, type Efectos } from '../../documentos/documento.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { RESULTADO_EN_MASCULINO } from '../anulaciones/service.ts';
import { reglasDeVenta } from '../empresas/service.ts';
import { obtenerFactura } from '../facturas/lectura.ts';
import { type FilaProducto, filaProducto } from '../productos/lectura.ts';
import {
  exigirExistenciaBloqueada,
  registrarMovimientos,
  revertirMovimientos,
} from '../productos/movimientos.service.ts';
import { conduces, type FilaConduce, lineasConduce } from './tables.ts';

/** The document type of delivery notes in cancellation requests and in the inventory ledger. */
export const TIPO_DOCUMENTO_CONDUCE = 'conduce';

type ExtrasDeConduce = { tipo: TipoDeConduce; idFactura: string | null; totalGraltemRetirados: number };

// The kit hands its rows typed with its own columns; a conduce's row also has the conduce's own.
const comoConduce = (fila: FilaCabecera) => fila as FilaConduce;

/** Stock units per line (a package counts its product's cantidadPorPaquete units), with its product. */
async function unidadesPorLinea(ctx: Ctx, lineas: readonly FilaLinea[]) {
  const productos = new Map<string, FilaProducto>();
  for (const id of new Set(lineas.map((l) => l.idProducto))) {
    productos.set(id, await filaProducto(ctx, id));
  }
  return lineas.map((l) => {
    const producto = productos.get(l.idProducto) as FilaProducto;
    return {
      linea: l,
      producto,
      unidades: unidadesDeInventario(
        { cantidad: Number(l.cantidad), paquete: l.paquete },
        Number(producto.cantidadPorPaquete),
      ),
    };
  });
}

/** The invoice a post-invoice conduce delivers: it must exist and be active (spec 001 §2). */
async function facturaActiva(ctx: Ctx, idFactura: string) {
  const factura = await obtenerFactura(ctx, idFactura);
  if (factura.FacturaDb.estado !== 'Activo') {
    throw new AppError(
      'conflicto',
      `La factura ${factura.FacturaDb.comprobante ?? ''} está ${factura.FacturaDb.estado.toLowerCase()}; no se puede entregar con un conduce.`,
      { errores: [{ campo: 'idFactura', mensaje: 'La factura no está activa.' }] },
    );
  }
  return factura;
}

/**
 * A post-invoice conduce delivers no more than the invoice sold: per product, the units of every
 * active post-invoice conduce of that invoice (this one included, as just written) stay within the
 * invoice's units. Conduces of one invoice take turns here, so two deliveries at once cannot both pass.
 */
async function verificarEntregaDeFactura(ctx: CtxConSesion, idFactura: string): Promise<void> {
  await ctx.tx.execute(
    sql`select pg_advisory_xact_lock(${ctx.tenantId}, hashtext(${`conduce-factura:${idFactura}`}))`,
  );
  const factura = await facturaActiva(ctx, idFactura);
  const vendidas = new Map<string, number>();
  for (const l of factura.linea_facturasRef) {
    vendidas.set(l.idProducto, (vendidas.get(l.idProducto) ?? 0) + l.unidades);
  }
  const deLaFactura = await ctx.tx
    .select({ id: conduces.id })
    .from(conduces)
    .where(
      and(
        eq(conduces.tenantId, ctx.tenantId),
        eq(conduces.idFactura, idFactura),
        eq(conduces.tipo, 'postFactura'),
        ne(conduces.estado, 'Anulado'),
      ),
    );
  const lineas =
    deLaFactura.length === 0
      ? []
      : await ctx.tx
          .select()
          .from(lineasConduce)
          .where(
            and(
              eq(lineasConduce.tenantId, ctx.tenantId),
              inArray(
                lineasConduce.idDocumento,
                deLaFactura.map((c) => c.id),
              ),
            ),
          );
  const entregadas = new Map<string, { unidades: number; descripcion: string }>();
  for (const { linea, unidades } of await unidadesPorLinea(ctx, lineas)) {
    const previa = entregadas.get(linea.idProducto);
    entregadas.set(linea.idProducto, {
      unidades: (previa?.unidades ?? 0) + unidades,
      descripcion: previa?.descripcion ?? linea.descripcion,
    });
  }
  const comprobante = factura.FacturaDb.comprobante ?? '';
  for (const [idProducto, entregada] of entregadas) {
    const vendida = vendidas.get(idProducto) ?? 0;
    // In ten-thousandths, the scale of the quantities.
    if (Math.round(entregada.unidades * 10_000) > Math.round(vendida * 10_000)) {
      throw new AppError(
        'conflicto',
        vendida === 0
          ? `«${entregada.descripcion}» no está en la factura ${comprobante}.`
          : `Los conduces de la factura ${comprobante} entregarían ${entregada.unidades} de «${entregada.descripcion}» y la factura vendió ${vendida}.`,
      );
    }
  }
}

// Spec 001 §2: a pre-invoice conduce takes the goods out of stock when issued, through the inventory
// ledger (one outbound movement per line, in the header's warehouse); cancelling, deleting or editing
// it reverses exactly those movements. A post-invoice one moves nothing (the invoice already did): its
// effect is the delivery against the invoice, checked each time its lines are written.
const efectos: Efectos = {
  async escribir(ctx, fila, lineas) {
    const conduce = comoConduce(fila);
    if (conduce.tipo === 'postFactura') {
      await verificarEntregaDeFactura(ctx, conduce.idFactura ?? '');
      return;
    }
    const salidas = await unidadesPorLinea(ctx, lineas);
    // Spec 000 §5: with the company's stock blocking on, the goods a conduce takes out obey the sale's
    // rule, on balances locked until the commit (after an edit reversed the conduce's old movements).
    if ((await reglasDeVenta(ctx)).bloqueoPorNoExistencia) {
      await exigirExistenciaBloqueada(
        ctx,
        salidas.map(({ producto, unidades }) => ({
          idProducto: producto.id,
          descripcion: producto.nombre,
          unidades,
          productoInventariable: producto.productoInventariable,
          ventaSinDisponibilidad: producto.ventaSinDisponibilidad,
        })),
        conduce.idAlmacen,
      );
    }
    await registrarMovimientos(
      ctx,
      salidas.map(({ linea, unidades }) => ({
        idProducto: linea.idProducto,
        idAlmacen: conduce.idAlmacen,
        cantidad: -unidades,
        tipoDocumento: TIPO_DOCUMENTO_CONDUCE,
        idDocumento: conduce.id,
      })),
    );
  },
  async deshacer(ctx, fila) {
    if (comoConduce(fila).tipo === 'preFactura') {
      await revertirMovimientos(ctx, { tipoDocumento: TIPO_DOCUMENTO_CONDUCE, idDocumento: fila.id });
    }
  },
};

const kit = documento<'numeroConduce', 'idConduce', ConduceEntrada, ExtrasDeConduce>({
  tipo: TIPO_DOCUMENTO_CONDUCE,
  tablas: { cabecera: conduces, lineas: lineasConduce },
  numeracion: 'conduce',
  indiceIdentificador: 'conduces_identificador_unico',
  nombre: 'conduce',
  femenino: false,
  campoNumero: 'numeroConduce',
  campoDocumento: 'idConduce',
  mensajes: { noExiste: MENSAJE_CONDUCE_NO_EXISTE, sinMotivo: MENSAJE_MOTIVO_CONDUCE },
  efectos,
  extras: {
    async alCrear(ctx, entrada) {
      if (entrada.tipo === 'postFactura') {
        // Checked before the number is taken, so a wrong invoice spends none.
        await facturaActiva(ctx, entrada.idFactura ?? '');
        return { tipo: 'postFactura', idFactura: entrada.idFactura };
      }
      return { tipo: 'preFactura', idFactura: null };
    },
    respuesta(fila) {
      const conduce = comoConduce(fila);
      return {
        tipo: conduce.tipo,
        idFactura: conduce.idFactura,
        totalGraltemRetirados: Number(conduce.totalGraltemRetirados),
      };
    },
  },
  // Spec 001 §2, §4: a pre-invoice conduce becomes an invoice once; its goods already left the stock, so
  // the invoice's lines from it move nothing, and what it took is totalGraltemRetirados.
  facturable: {
    verificar(fila) {
      if (comoConduce(fila).tipo !== 'preFactura') {
        throw new AppError('conflicto', MENSAJE_CONDUCE_POST_FACTURA);
      }
    },
    condicion: sql`tipo = 'preFactura'`,
    alFacturar: sql`total_graltem_retirados = total_gral`,
    alLiberar: sql`total_graltem_retirados = 0`,
  },
  // Spec 001 §4, §8: once invoices took its lines, a conduce is neither cancelled nor changed.
  async verificarCambio(_ctx, fila) {
    if (Number(comoConduce(fila).totalGraltemRetirados) > 0) {
      throw new AppError('conflicto', MENSAJE_CONDUCE_FACTURADO);
    }
  },
});

const aDetalle = (detalle: DetalleDe<'numeroConduce', 'idConduce', ExtrasDeConduce>): DetalleConduce => ({
  conduceDb: detalle.cabecera,
  lineasConduce: detalle.lineas.map((l) => ({ ...l, idLineaConduce: l._id })),
});

/** POST /conduce/: the identificadorUnico travels in the header (spec 001 §3, §7). */
export async function crearConduce(ctx: CtxConSesion, [cabecera, lineas]: CrearConduce) {
  const creado = await kit.crear(ctx, cabecera, lineas, cabecera.identificadorUnico);
  return { ...aDetalle(creado), solicitudDuplicada: creado.solicitudDuplicada };
}

/** PUT /conduce/{id}. */
export async function actualizarConduce(
  ctx: CtxConSesion,
  id: string,
  [cabecera, quitar, lineas]: ActualizarConduce,
): Promise<DetalleConduce> {
  return aDetalle(await kit.actualizar(ctx, id, cabecera, quitar, lineas));
}

/** GET /conduce/{id}. */
export async function obtenerConduce(ctx: Ctx, id: string): Promise<DetalleConduce> {
  return aDetalle(await kit.obtener(ctx, id));
}

/** POST /conduce/todos. */
export function listarConduces(ctx: Ctx, filtro: FiltroConduces) {
  return kit.listar(ctx, filtro);
}

/** GET /conduce/cliente/{id}: the customer's active conduces (25, spec 001 §9). */
export function conducesDelCliente(ctx: Ctx, idCliente: string) {
  return kit.delCliente(ctx, idCliente, 1, 25);
}

/** POST /conduce/lineas/. */
export async function lineasDeConduces(ctx: Ctx, ids: readonly string[]) {
  return (await kit.lineasDeVarios(ctx, ids)).map((l) => ({ ...l, idLineaConduce: l._id }));
}

/**
 * GET /conduce/agregar-conduce/{id} (spec 001 §7): a pre-invoice conduce with its lines, to add to an
 * invoice; refused when it cannot be billed (cancelled, post-invoice, already billed).
 */
export async function conduceParaFactura(ctx: Ctx, id: string): Promise<DetalleConduce> {
  const [detalle] = await kit.paraFacturar(ctx, [id]);
  if (!detalle) {
    throw new AppError('no_encontrado', MENSAJE_CONDUCE_NO_EXISTE);
  }
  return aDetalle(detalle);
}

/** The conduces an invoice bills, locked, with their lines (spec 001 §2, §4). */
export async function conducesParaFacturar(ctx: Ctx, ids: readonly string[]): Promise<DetalleConduce[]> {
  return (await kit.paraFacturar(ctx, ids)).map(aDetalle);
}

/** The invoice just written billed these conduces: what it took is all of each. */
export function facturarConduces(ctx: Ctx, ids: readonly string[], idFactura: string) {
  return kit.facturar(ctx, ids, idFactura);
}

/** The invoice is cancelled, deleted or changed: its conduces are free to bill again. */
export function liberarConduces(ctx: Ctx, idFactura: string) {
  return kit.liberar(ctx, idFactura);
}

/** The numbers of the post-invoice conduces in force that deliver this invoice. */
export async function entregasDeLaFactura(ctx: Ctx, idFactura: string): Promise<string[]> {
  const filas = await ctx.tx
    .select({ comprobante: conduces.comprobante })
    .from(conduces)
    .where(
      and(
        eq(conduces.tenantId, ctx.tenantId),
        eq(conduces.idFactura, idFactura),
        eq(conduces.tipo, 'postFactura'),
        ne(conduces.estado, 'Anulado'),
      ),
    );
  return filas.map((f) => f.comprobante);
}

/** PUT /conduce/anular/{id}. */
export async function anularConduce(ctx: CtxConSesion, id: string, entrada: AnularConduce) {
  const { cabecera, resultado } = await kit.anular(ctx, id, entrada);
  return { conduceDb: cabecera, resultado: RESULTADO_EN_MASCULINO[resultado] };
}

/** DELETE /conduce/eliminar/{id}. */
export async function eliminarConduce(ctx: CtxConSesion, id: string) {
  return { conduceDb: await kit.eliminar(ctx, id) };
}
