import {
  type CrearFactura,
  type Factura,
  type FacturaCreada,
  MENSAJE_TURNO_CERRADO,
  tienePermiso,
} from '@pos/contract';
import { aCentavos, type Centavos, sumarCentavos } from '@pos/domain';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { bloquearClientesConLimite } from '../contactos/service.ts';
import { aplicarCreditos, type CreditoAUsar } from '../creditos/aplicar.ts';
import { reglasDeVenta } from '../empresas/service.ts';
import { rechazoDeNumeracion } from '../numeracion/service.ts';
import { bloquearExistencias } from '../productos/movimientos.service.ts';
import { type ProductosDelLote, productosDelLote } from '../productos/venta.ts';
import {
  camposDeVenta,
  type DatosDeVenta,
  datosDeVenta,
  registrarVentas,
  type VentaEscrita,
} from './escritura.ts';
import {
  aDetalle,
  aFactura,
  detalleDe,
  type FilaConSaldo,
  filaDeFactura,
  pagosDeLaFactura,
} from './lectura.ts';
import { leerOrigenes, type Origenes, SIN_ORIGENES, vincularOrigenes } from './origenes.ts';
import {
  conExistenciaActual,
  elegirNumeracion,
  leerContextoDeVenta,
  prepararVenta,
  verificarCredito,
  verificarExistencia,
} from './venta.ts';

/** The ledger's and the journal's document type of invoices. */

// ---------------------------------------------------------------- create

/**
 * POST /factura/crear, one transaction: the context read finds an invoice already created
 * with this identificadorUnico (answered as solicitudDuplicada, nothing written); otherwise the sale is
 * computed and written in one statement, number included, so the numbering row is locked only until
 * the commit. A racing twin waits on the unique index and rolls back whole; its retry finds the first
 * (`crearUnaVez`, the one duplicate protection).
 * `sinConexion`: a sale made offline and synced now keeps its charged prices (spec 000 §4 "Connection").
 */
export async function crearFactura(
  ctx: CtxConSesion,
  entrada: CrearFactura,
  opciones: { sinConexion?: boolean } = {},
): Promise<FacturaCreada> {
  let preparada: FacturaPreparada | undefined;
  const { fila } = await crearUnaVez<FacturaCreada>({
    indice: 'facturas_identificador_unico',
    // The lookup travels in the sale's context read (one round trip); the sale is prepared with it.
    buscar: async () => {
      preparada = await prepararFacturaNueva(ctx, entrada, opciones);
      return 'existente' in preparada
        ? duplicada(ctx, await filaDeFactura(ctx, preparada.existente))
        : undefined;
    },
    crear: async () => {
      if (!preparada || 'existente' in preparada) {
        throw new Error('La venta no se preparó antes de escribirse');
      }
      const [escrita] = await registrarVentas(ctx, [preparada.datos]);
      if (!escrita) {
        // The numbering refused (expired, exhausted…): the error rolls the whole sale back.
        throw await rechazoDeNumeracion(ctx, 'ventas', preparada.idNumeracion);
      }
      await vincularOrigenes(ctx, preparada.origenes, escrita.fila.id);
      const creditos = creditosDeLaFactura(entrada.factura);
      if (creditos.length === 0) {
        return facturaCreada(escrita);
      }
      // Spec 001 §3 IdCreditoAfavor / IdsCreditoAfavor: the customer's credits pay the new invoice in
      // the same transaction (a refusal rolls the sale back). Only then is the invoice read again.
      await aplicarCreditos(ctx, { idFactura: escrita.fila.id, creditos, fecha: escrita.fila.fechaEmision });
      return {
        ...(await duplicada(ctx, await filaDeFactura(ctx, escrita.fila.id))),
        solicitudDuplicada: false,
      };
    },
  });
  return fila;
}

/** The credits in favour an invoice's body names (IdCreditoAfavor first, then IdsCreditoAfavor). */
export function creditosDeLaFactura(
  factura: Pick<CrearFactura['factura'], 'IdCreditoAfavor' | 'IdsCreditoAfavor'>,
): CreditoAUsar[] {
  const ids = [
    ...(factura.IdCreditoAfavor ? [factura.IdCreditoAfavor] : []),
    ...(factura.IdsCreditoAfavor ?? []),
  ];
  return ids.map((uso) =>
    typeof uso === 'string'
      ? { idCredito: uso }
      : { idCredito: uso._id, monto: uso.monto === undefined ? undefined : aCentavos(uso.monto) },
  );
}

/** The answer for a sale just written. */
function facturaCreada(escrita: VentaEscrita): FacturaCreada {
  // A sale just written has nothing applied by the receivables ledger yet.
  const detalle = aDetalle(
    { ...escrita.fila, aplicado: 0 },
    escrita.lineas,
    pagosDeLaFactura(escrita.pagos, []),
    escrita.asiento ? [escrita.asiento] : [],
  );
  return { ...detalle, solicitudDuplicada: false, facturadb: detalle.FacturaDb };
}

/**
 * What a batch of offline sales shares (spec 000 §4): its product rows, read once, and what its earlier
 * sales already took, which the database does not show yet because they are written together at the
 * end: the units sold per warehouse and product (for the stock block), and the amount left on credit
 * per customer (for the credit limit); and the customers whose row it already locked.
 */
export type LoteDeVentas = {
  productos: ProductosDelLote;
  /** Units in ten-thousandths, per `${idAlmacen}:${idProducto}`. */
  vendido: Map<string, number>;
  aCredito: Map<string, Centavos>;
  clientesBloqueados: Set<string>;
};

function diezmilesimas(cantidad: number): number {
  return Math.round(cantidad * 10_000);
}

export function loteDeVentas(idsDeProductos: Iterable<string>): LoteDeVentas {
  return {
    productos: productosDelLote(idsDeProductos),
    vendido: new Map(),
    aCredito: new Map(),
    clientesBloqueados: new Set(),
  };
}

/** A sale ready to be written by `registrarVentas`, or the invoice already created with its identificadorUnico. */
type FacturaPreparada =
  | { existente: string }
  | { datos: DatosDeVenta; idNumeracion: string | undefined; origenes: Origenes };

// Everything /factura/crear does before writing: the rules, the checks and the rows. With a batch,
// its product rows and what its earlier sales took stand in for fresh reads.
async function prepararFacturaNueva(
  ctx: CtxConSesion,
  entrada: CrearFactura,
  opciones: { sinConexion?: boolean | undefined; lote?: LoteDeVentas | undefined },
): Promise<FacturaPreparada> {
  const { factura, desdeElpos } = entrada;
  const { lote } = opciones;
  // The route lets a POS right in; an invoice from the back office needs the invoices right.
  if (!desdeElpos.desdePos && !tienePermiso(ctx.usuario.privilegios, 'facturas', 'crear')) {
    throw new AppError('prohibido', 'No tienes permiso para crear en Facturas.');
  }
  const contexto = await leerContextoDeVenta(ctx, {
    identificadorUnico: factura.identificadorUnico,
    idTerminal: entrada.idTerminal,
    ...(desdeElpos.desdePos ? { idUsuarioDelTurno: desdeElpos.idUsuarioDelTurno ?? ctx.usuario._id } : {}),
  });
  // Answered before the shift is checked: a replay after the shift closed (the first answer was lost)
  // finds the invoice created, not a refusal that would have the cashier ring the sale up again.
  if (contexto.existente) {
    return { existente: contexto.existente };
  }
  // Spec 001 §8: from the POS without an open shift the server refuses with estadoDelTurno false.
  if (desdeElpos.desdePos && !contexto.turno) {
    throw new AppError('conflicto', MENSAJE_TURNO_CERRADO, { datos: { estadoDelTurno: false } });
  }
  const terminal = contexto.terminal;
  const origenes = await leerOrigenes(ctx, factura, entrada.conduces, entrada.lineas);
  const venta = await prepararVenta(
    ctx,
    factura,
    entrada.lineas,
    entrada.retenciones,
    entrada.total,
    { ...contexto, lineasDeConduce: origenes.lineasDeConduce },
    factura.idCliente,
    opciones.sinConexion,
    lote?.productos,
  );
  const idCliente = venta.cliente.contacto?._id ?? '';
  if (lote) {
    // In ten-thousandths, the scale of the stock columns: 1 − 0.55 must be 0.45, not 0.44999….
    for (const linea of venta.lineas) {
      const vendido = lote.vendido.get(`${venta.idAlmacen}:${linea.idProducto}`) ?? 0;
      linea.producto.disponibilidad = (diezmilesimas(linea.producto.disponibilidad) - vendido) / 10_000;
    }
  }
  const reglas = contexto.reglas;
  // Spec 001 §5 credit check: what the credits in favour sent with an amount pay is not left on credit.
  const enCreditos = sumarCentavos(creditosDeLaFactura(factura).map((c) => c.monto ?? (0 as Centavos)));
  const aCredito =
    enCreditos > 0
      ? {
          ...venta,
          cobro: { ...venta.cobro, pendiente: Math.max(0, venta.cobro.pendiente - enCreditos) as Centavos },
        }
      : venta;
  await verificarCredito(ctx, aCredito, factura.codigoDeAutorizacion, reglas, undefined, lote);
  // The stock is checked on balances locked until the commit (a batch locked them all before reading
  // its products), so concurrent sales of the last units cannot all pass (spec 000 §5).
  verificarExistencia(
    reglas.bloqueoPorNoExistencia && !lote ? await conExistenciaActual(ctx, venta) : venta,
    reglas.bloqueoPorNoExistencia,
  );
  const idNumeracion = await elegirNumeracion(ctx, factura.idNumeracion, venta);
  if (lote) {
    // Counted as soon as the sale passes its checks; if its numbering then refuses it, the later
    // sales of the batch see a little less stock or credit than there is (they err on the safe side).
    for (const linea of venta.lineas) {
      const clave = `${venta.idAlmacen}:${linea.idProducto}`;
      lote.vendido.set(clave, (lote.vendido.get(clave) ?? 0) + diezmilesimas(Number(linea.unidades)));
    }
    if (venta.cobro.pendiente > 0) {
      const aCredito = lote.aCredito.get(idCliente) ?? (0 as Centavos);
      lote.aCredito.set(idCliente, (aCredito + venta.cobro.pendiente) as Centavos);
    }
  }
  const datos = datosDeVenta(ctx, venta, factura.numeroDeAprobacionTarjeta, {
    idNumeracion,
    nueva: {
      tenantId: ctx.tenantId,
      identificadorUnico: factura.identificadorUnico,
      ...camposDeVenta(venta, factura),
      idTerminal: terminal?._id ?? null,
      idTurno: contexto.turno?.id ?? null,
      desdePos: desdeElpos.desdePos,
      numeroBorradorPos: factura.numeroBorradorPos ?? null,
      idPedido: factura.idPedido ?? null,
      documentosDeOrigen: origenes.documentos,
      location: factura.location ?? null,
      creadaPor: ctx.usuario.username,
      idUsuarioCreador: ctx.usuario._id,
    },
  });
  return { datos, idNumeracion, origenes };
}

/**
 * The offline sync's fast path (spec 000 §4): a batch of sales prepared one after another in the caller's
 * transaction (with a `loteDeVentas`) and written together in one call. Each result is the created
 * invoice, the one that already existed, or the rule that refused the sale (an AppError, nothing of it
 * written). A database error is thrown: the caller rolls the batch back and goes one by one.
 */
export async function crearFacturasEnLote(
  ctx: CtxConSesion,
  entradas: readonly CrearFactura[],
  lote: LoteDeVentas,
): Promise<({ factura: Factura } | { rechazo: AppError })[]> {
  await bloquearLoQueElLoteLee(ctx, entradas, lote);
  const resultados: ({ factura: Factura } | { rechazo: AppError } | { pendiente: number })[] = [];
  const porEscribir: DatosDeVenta[] = [];
  const numeraciones: (string | undefined)[] = [];
  const origenes: Origenes[] = [];
  const vistos = new Map<string, number>();
  for (const entrada of entradas) {
    const identificador = entrada.factura.identificadorUnico;
    const primera = resultados[vistos.get(identificador) ?? -1];
    if (primera) {
      // The same sale twice in one batch: answered as the first.
      resultados.push(primera);
      continue;
    }
    vistos.set(identificador, resultados.length);
    try {
      const preparada = await prepararFacturaNueva(ctx, entrada, { sinConexion: true, lote });
      if ('existente' in preparada) {
        resultados.push({ factura: aFactura(await filaDeFactura(ctx, preparada.existente)) });
      } else {
        resultados.push({ pendiente: porEscribir.length });
        porEscribir.push(preparada.datos);
        numeraciones.push(preparada.idNumeracion);
        origenes.push(preparada.origenes);
      }
    } catch (error) {
      if (!(error instanceof AppError)) {
        throw error;
      }
      resultados.push({ rechazo: error });
    }
  }
  const escritas = await registrarVentas(ctx, porEscribir);
  const finales: ({ factura: Factura } | { rechazo: AppError })[] = [];
  for (const resultado of resultados) {
    if (!('pendiente' in resultado)) {
      finales.push(resultado);
      continue;
    }
    const escrita = escritas[resultado.pendiente];
    if (escrita) {
      await vincularOrigenes(ctx, origenes[resultado.pendiente] ?? SIN_ORIGENES, escrita.fila.id);
    }
    finales.push(
      escrita
        ? { factura: aFactura({ ...escrita.fila, aplicado: 0 }) }
        : { rechazo: await rechazoDeNumeracion(ctx, 'ventas', numeraciones[resultado.pendiente]) },
    );
  }
  return finales;
}

// Spec 001 §5, 000 §5: before its first sale is prepared, a batch locks what its limits read, in the
// order every sale locks them: the customers it names that have a credit limit, then (stock blocking
// on) its products' balances, in every warehouse; the numberings come later, when it writes. Two
// devices syncing at once then take turns on a shared customer or product instead of both passing on
// the same balance, and never wait on each other crosswise. A customer named by its identificadorUnico
// is locked when its sale is checked; should that ever cross another batch, the database breaks the
// deadlock and the batch goes one invoice at a time.
export async function bloquearLoQueElLoteLee(
  ctx: CtxConSesion,
  entradas: readonly CrearFactura[],
  lote: LoteDeVentas,
): Promise<void> {
  const clientes = entradas.flatMap(({ factura }) => (factura.idCliente ? [factura.idCliente] : []));
  for (const id of await bloquearClientesConLimite(ctx, clientes)) {
    lote.clientesBloqueados.add(id);
  }
  if ((await reglasDeVenta(ctx)).bloqueoPorNoExistencia) {
    await bloquearExistencias(ctx, lote.productos.ids, null);
  }
}

async function duplicada(ctx: Ctx, fila: FilaConSaldo): Promise<FacturaCreada> {
  const detalle = await detalleDe(ctx, fila);
  return { ...detalle, solicitudDuplicada: true, facturadb: detalle.FacturaDb };
}
