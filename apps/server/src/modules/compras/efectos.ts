import { MENSAJE_NCF_OBLIGATORIO } from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  calcularTotales,
  centavosAExacto,
  esItbis,
  fechaYHoraEnSantoDomingo,
  formatearDinero,
  type ImpuestoCalculado,
  MENSAJE_SIN_ITBIS,
  sumarCentavos,
} from '@pos/domain';
// Exact division for the unit cost (12 decimals, as the stock ledger keeps it).
import { dividir, escaladoATexto, escalar, exacto, multiplicar } from '@pos/domain/exacto';
import { and, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { FilaCabecera, FilaLinea } from '../../documentos/columnas.ts';
import type { Efectos } from '../../documentos/documento.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { type LineaDeAsiento, registrarAsiento, revertirAsientos } from '../contabilidad/asientos.service.ts';
import {
  type CuentasAsignadas,
  cuentaDe,
  cuentaDeInventario,
  sqlCuentasAsignadas,
} from '../contabilidad/service.ts';
import { obtenerNumeracion } from '../numeracion/service.ts';
import { liberarOrdenes } from '../ordenesDeCompra/service.ts';
import { registrarMovimientos, revertirMovimientos } from '../productos/movimientos.service.ts';
import { compras, type FilaCompra } from './tables.ts';

// A purchase's effects (spec 001 §3 "Purchase", §4; docs/documents.md «Compras»), all in the request's
// transaction, undone exactly by cancel/approve/delete and rewritten by an edit:
// - the fiscal data and what is owed, from the lines: withholdings (ISR = subtotal × %, ITBIS kinds =
//   ITBIS × %, the domain's rule), monto_a_pagar = total − withholdings, the NCF (= our number when the
//   numbering is fiscal, B11), the due date (fechaEmision + plazoPagos when not given);
// - stock IN of each inventoriable line at its unit cost net of discount (plus the taxes that are not
//   creditable ITBIS, and the ITBIS when the purchase takes it to cost): the weighted average moves
//   (registrarMovimientos); undone at that same cost, so the average returns (retirarAlCosto);
// - one journal entry: Dr inventory (inventoriable: the product's inventory account or 'inventario') or
//   the expense (services: the product's cost account or 'costoDeVentas'), Dr ITBIS paid in advance
//   ('itbisAdelantado'), Cr each withholding's account (the type's cuentaContableParaCompras, else
//   'isrRetenidoPorPagar' / 'itbisRetenidoPorPagar'), Cr the supplier's payable (its contact's account,
//   else 'cuentasPorPagarProveedores') for what is owed, Cr the money account for what was paid at once.

/** The type of a purchase in the stock ledger, the journal and cancellation requests. */
export const TIPO_DOCUMENTO_COMPRA = 'compra';

const comoCompra = (fila: FilaCabecera) => fila as FilaCompra;

/** The company's assigned accounts (the purchase side's journal entries: purchases and debit notes). */
export async function cuentasAsignadas(ctx: Ctx): Promise<CuentasAsignadas> {
  const [leidas] = await filas<{ cuentas: CuentasAsignadas | null }>(
    ctx.tx,
    sql`select ${sqlCuentasAsignadas(ctx)} as cuentas`,
  );
  return leidas?.cuentas ?? {};
}

/** The money account of what was paid at the purchase: the chosen one, else the method's assignment. */
function cuentaDelPago(compra: FilaCompra, asignadas: CuentasAsignadas): string {
  if (compra.idCuentaPago) {
    return compra.idCuentaPago;
  }
  return compra.metodoDePago === 'Efectivo'
    ? cuentaDe(asignadas, 'cajaGeneral')
    : cuentaDe(asignadas, 'bancos');
}

type ProductoDeLinea = {
  id: string;
  inventariable: boolean;
  cantidad_por_paquete: string;
  id_cuenta_inventario: string | null;
  id_cuenta_costo_de_venta: string | null;
};

/** A day plus some days, as AAAA-MM-DD. */
export function sumarDias(fecha: string, dias: number): string {
  const dia = new Date(`${fecha}T00:00:00Z`);
  dia.setUTCDate(dia.getUTCDate() + dias);
  return dia.toISOString().slice(0, 10);
}

/**
 * A purchased line's cost (spec 001 §3 "Purchase"; the one rule for purchases and the debit notes that
 * return them): its subtotal net of discount plus each tax that is not creditable ITBIS — and its ITBIS
 * too when the purchase takes ITBIS to cost (itbisAlCosto); the creditable ITBIS apart (ITBIS adelantado).
 */
export function costoDeLinea(
  calculada: { subtotal: Centavos; impuestos: readonly ImpuestoCalculado[] },
  itbisAlCosto: boolean,
): { alCosto: Centavos; itbisAcreditable: ImpuestoCalculado[] } {
  let alCosto = calculada.subtotal;
  const itbisAcreditable: ImpuestoCalculado[] = [];
  for (const impuesto of calculada.impuestos) {
    if (esItbis(impuesto) && !itbisAlCosto) {
      itbisAcreditable.push(impuesto);
    } else {
      alCosto = (alCosto + impuesto.total) as Centavos;
    }
  }
  return { alCosto, itbisAcreditable };
}

/** What the purchase computes from its lines: the domain's totals with its withholdings. */
export function totalesDeCompra(compra: FilaCompra, lineas: readonly FilaLinea[]) {
  return calcularTotales(
    lineas.map((l) => ({
      cantidad: l.cantidad,
      precio: l.precio,
      descuento: Number(l.descuento),
      impuestos: l.impuestos,
    })),
    compra.retenciones.map((r) => ({ tipoRetencion: r.tipoRetencion, porcentaje: r.porcentaje })),
  );
}

async function escribir(ctx: CtxConSesion, fila: FilaCabecera, lineas: readonly FilaLinea[]): Promise<void> {
  const compra = comoCompra(fila);
  const totales = totalesDeCompra(compra, lineas);
  // Spec 001 §5: an ITBIS withholding on a purchase without ITBIS is refused.
  compra.retenciones.forEach((retencion) => {
    if (retencion.tipoRetencion.toLowerCase() !== 'isr' && totales.itbis === 0) {
      throw new AppError('solicitud_invalida', MENSAJE_SIN_ITBIS, {
        errores: [{ campo: 'retenciones', mensaje: MENSAJE_SIN_ITBIS }],
      });
    }
  });
  const pagado = aCentavos(compra.pagado);
  if (pagado > totales.montoAPagar) {
    const mensaje = `Lo pagado (${formatearDinero(pagado)}) no puede pasar del monto a pagar (${formatearDinero(totales.montoAPagar)}).`;
    throw new AppError('solicitud_invalida', mensaje, {
      errores: [{ campo: 'efectivoRecibido', mensaje }],
    });
  }
  const ncf = await ncfDeLaCompra(ctx, compra);
  const retenciones = compra.retenciones.map((r, i) => ({
    ...r,
    monto: aPesos(totales.retenciones[i] ?? (0 as Centavos)),
  }));
  await ctx.tx
    .update(compras)
    .set({
      ncf,
      retenciones,
      totalRetenciones: String(aPesos(totales.totalRetenciones)),
      montoAPagar: String(aPesos(totales.montoAPagar)),
      vencimiento: compra.vencimiento ?? sumarDias(compra.fechaEmision, compra.plazoPagos),
    })
    .where(and(eq(compras.tenantId, ctx.tenantId), eq(compras.id, compra.id)));

  const productos = await productosDe(ctx, lineas);
  const asignadas = await cuentasAsignadas(ctx);
  const asiento: LineaDeAsiento[] = [];
  const movimientos: Parameters<typeof registrarMovimientos>[1][number][] = [];
  let itbisAdelantado = 0 as Centavos;
  lineas.forEach((linea, indice) => {
    const calculada = totales.lineas[indice];
    const producto = productos.get(linea.idProducto);
    if (!calculada || !producto) {
      throw new Error(`La línea ${indice + 1} de la compra no tiene producto`);
    }
    const { alCosto, itbisAcreditable } = costoDeLinea(calculada, compra.itbisAlCosto);
    itbisAdelantado = (itbisAdelantado + sumarCentavos(itbisAcreditable.map((i) => i.total))) as Centavos;
    if (producto.inventariable) {
      // Package mode: the line counts packages; the stock counts units.
      const porPaquete = Number(producto.cantidad_por_paquete);
      const totalUnidades =
        linea.paquete && porPaquete > 0
          ? multiplicar(exacto(linea.cantidad), exacto(producto.cantidad_por_paquete))
          : exacto(linea.cantidad);
      movimientos.push({
        idProducto: linea.idProducto,
        idAlmacen: compra.idAlmacen,
        cantidad: escaladoATexto(escalar(totalUnidades, 4), 4),
        costoUnitario: escaladoATexto(escalar(dividir(centavosAExacto(alCosto), totalUnidades), 12), 12),
        tipoDocumento: TIPO_DOCUMENTO_COMPRA,
        idDocumento: compra.id,
      });
    }
    asiento.push({
      idCuenta: producto.inventariable
        ? cuentaDeInventario(producto.id_cuenta_inventario, asignadas)
        : (producto.id_cuenta_costo_de_venta ?? cuentaDe(asignadas, 'costoDeVentas')),
      debito: alCosto,
      nota: linea.descripcion,
    });
  });
  await registrarMovimientos(ctx, movimientos);
  asiento.push({ idCuenta: cuentaDe(asignadas, 'itbisAdelantado'), debito: itbisAdelantado });
  compra.retenciones.forEach((retencion, i) => {
    const esIsr = retencion.tipoRetencion.toLowerCase() === 'isr';
    asiento.push({
      idCuenta:
        retencion.idCuenta ?? cuentaDe(asignadas, esIsr ? 'isrRetenidoPorPagar' : 'itbisRetenidoPorPagar'),
      credito: totales.retenciones[i] ?? (0 as Centavos),
      nota: retencion.nombre,
    });
  });
  const adeudado = (totales.montoAPagar - pagado) as Centavos;
  if (adeudado > 0) {
    asiento.push({ idCuenta: await cuentaPorPagar(ctx, compra.idCliente, asignadas), credito: adeudado });
  }
  if (pagado > 0) {
    asiento.push({ idCuenta: cuentaDelPago(compra, asignadas), credito: pagado });
  }
  const debitos = sumarCentavos(asiento.map((l) => l.debito ?? (0 as Centavos)));
  if (debitos === 0) {
    return;
  }
  await registrarAsiento(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_COMPRA,
    idDocumento: compra.id,
    fecha: compra.fechaEmision,
    descripcion: `Compra ${compra.comprobante} a ${compra.nombre}`.trim(),
    comprobante: ncf || compra.comprobante,
    idCentroDeCosto: compra.idCentroDeCosto,
    lineas: asiento,
  });
}

/**
 * The NCF the 606 reports (fiscal-do.md §1.2, §3.1): our own number when the numbering is fiscal (B11
 * for an informal supplier), else the supplier's, required (its uniqueness: `exigirNcfUnico`).
 */
async function ncfDeLaCompra(ctx: Ctx, compra: FilaCompra): Promise<string> {
  const fiscal = compra.idNumeracion ? (await obtenerNumeracion(ctx, compra.idNumeracion)).fiscal : false;
  if (fiscal) {
    return compra.comprobante;
  }
  if (!compra.ncf) {
    throw new AppError('solicitud_invalida', MENSAJE_NCF_OBLIGATORIO, {
      errores: [{ campo: 'ncf', mensaje: MENSAJE_NCF_OBLIGATORIO }],
    });
  }
  return compra.ncf;
}

/**
 * A supplier's NCF is reported once: unique per supplier among purchases in force (checked before the
 * row is written; the unique index compras_ncf_vigente guards races).
 */
export async function exigirNcfUnico(
  ctx: Ctx,
  idProveedor: string,
  ncf: string,
  excepto: { id: string } | { identificadorUnico: string },
): Promise<void> {
  if (!ncf) {
    return;
  }
  // The purchase itself (an edit, or a replayed create that answers the first) is not a repetition.
  const propia =
    'id' in excepto ? sql`id <> ${excepto.id}` : sql`identificador_unico <> ${excepto.identificadorUnico}`;
  const [repetida] = await filas<{ comprobante: string }>(
    ctx.tx,
    sql`select comprobante from compras
        where tenant_id = ${ctx.tenantId} and id_cliente = ${idProveedor} and ncf = ${ncf}
          and estado <> 'Anulado' and ${propia}
        limit 1`,
  );
  if (repetida) {
    const mensaje = `El NCF ${ncf} de este proveedor ya está registrado en la compra ${repetida.comprobante}.`;
    throw new AppError('conflicto', mensaje, { errores: [{ campo: 'ncf', mensaje }] });
  }
}

async function productosDe(ctx: Ctx, lineas: readonly FilaLinea[]): Promise<Map<string, ProductoDeLinea>> {
  const ids = [...new Set(lineas.map((l) => l.idProducto))];
  if (ids.length === 0) {
    return new Map();
  }
  const leidos = await filas<ProductoDeLinea>(
    ctx.tx,
    sql`select id, producto_inventariable as inventariable, cantidad_por_paquete, id_cuenta_inventario,
          id_cuenta_costo_de_venta
        from productos where tenant_id = ${ctx.tenantId} and id in ${ids}`,
  );
  return new Map(leidos.map((p) => [p.id, p]));
}

/**
 * The supplier's payable account: its contact's, else the company's 'cuentasPorPagarProveedores' (the
 * account a purchase credits and a debit note linked to it debits).
 */
export async function cuentaPorPagar(
  ctx: Ctx,
  idProveedor: string | null,
  asignadas: CuentasAsignadas,
): Promise<string> {
  if (idProveedor) {
    const [contacto] = await filas<{ id_cuenta_por_pagar: string | null }>(
      ctx.tx,
      sql`select id_cuenta_por_pagar from contactos where tenant_id = ${ctx.tenantId} and id = ${idProveedor}`,
    );
    if (contacto?.id_cuenta_por_pagar) {
      return contacto.id_cuenta_por_pagar;
    }
  }
  return cuentaDe(asignadas, 'cuentasPorPagarProveedores');
}

async function deshacer(ctx: CtxConSesion, fila: FilaCabecera): Promise<void> {
  await revertirMovimientos(
    ctx,
    { tipoDocumento: TIPO_DOCUMENTO_COMPRA, idDocumento: fila.id },
    { alCosto: true },
  );
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_COMPRA,
    fila.id,
    fechaYHoraEnSantoDomingo(new Date()).fecha,
    `Reverso de la compra ${fila.comprobante}`,
  );
  // The orders it took can be taken again (docs/documents.md «Órdenes de compra»; an edit links the ones
  // it keeps once more).
  await liberarOrdenes(ctx, fila.id);
}

export const efectosDeCompra: Efectos = { escribir, deshacer };
