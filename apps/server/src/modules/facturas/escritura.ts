import { randomUUID } from 'node:crypto';
import type { ClaveDeAsignacion, DetalleFactura, FacturaEntrada } from '@pos/contract';
import { aCentavos, aPesos, type Centavos, fechaYHoraEnSantoDomingo, sumarCentavos } from '@pos/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { filaCompleta, filaDeTabla, filas } from '../../db/client.ts';
import { instantaneaDelCliente } from '../../documentos/venta.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import type { CuentasDelTerminal } from '../configuracion/service.ts';
import { asientoParaRegistrar, type LineaDeAsiento } from '../contabilidad/asientos.service.ts';
import { type CuentasAsignadas, cuentaDe, cuentaDeInventario } from '../contabilidad/service.ts';
import { movimientosParaRegistrar } from '../productos/movimientos.service.ts';
import {
  type FilaFactura,
  type FilaLinea,
  type FilaPago,
  NOMBRE_CONSUMIDOR_FINAL,
  TIPO_DOCUMENTO_FACTURA,
} from './lectura.ts';
import { facturas, lineasFactura, pagosFactura } from './tables.ts';
import type { Venta } from './venta.ts';

/** The ledger's and the journal's document type of invoices. */

// ---------------------------------------------------------------- posting

/** The note of the invoice entry's line that debits what stayed owed. */
const NOTA_POR_COBRAR = 'Por cobrar';

/**
 * The receivable account an invoice's own entry debited for what stayed owed (its customer's, or the
 * company's when it was posted), null when nothing stayed owed: who later credits that receivable
 * (receipts in, credit notes, credits in favour) credits this same account. An SQL subquery, so a
 * caller reads it in the same query that locks the invoice (`idFactura`: the invoice's id column or value).
 */
export function sqlCuentaPorCobrar(ctx: Ctx, idFactura: SQL): SQL {
  return sql`(select la.id_cuenta from asientos_contables a
      join lineas_asiento la on la.tenant_id = a.tenant_id and la.id_asiento = a.id
    where a.tenant_id = ${ctx.tenantId} and a.tipo_documento = ${TIPO_DOCUMENTO_FACTURA}
      and a.id_documento = ${idFactura} and a.id_asiento_revertido is null
      and la.debito > 0 and la.nota = ${NOTA_POR_COBRAR}
    order by a.numero desc limit 1)`;
}

/** sqlCuentaPorCobrar of one invoice, else the company's customers receivable (cuentasPorCobrarClientes). */
export async function cuentaPorCobrarDeLaFactura(
  ctx: Ctx,
  idFactura: string,
  asignadas: CuentasAsignadas,
): Promise<string> {
  const [leida] = await filas<{ id_cuenta: string | null }>(
    ctx.tx,
    sql`select ${sqlCuentaPorCobrar(ctx, sql`${idFactura}::uuid`)} as id_cuenta`,
  );
  return leida?.id_cuenta ?? cuentaDe(asignadas, 'cuentasPorCobrarClientes');
}

/** The payable account of each tax type (a sale credits it; a credit note debits it back). */
export const CLAVE_POR_IMPUESTO: Record<string, ClaveDeAsignacion> = {
  itbis: 'itbisPorPagar',
  itbis16: 'itbisPorPagar',
  propina: 'propinaLegalPorPagar',
  isc: 'iscPorPagar',
};

// Spec 001 §4, 002 §4 "Payment method to debit account mapping of the selected terminal"; the
// company's assignment when the sale has no terminal or the terminal leaves the account empty.
export function cuentaDelMetodo(
  metodo: string,
  terminal: CuentasDelTerminal | null,
  asignacion: CuentasAsignadas,
): string {
  switch (metodo) {
    case 'Tarjeta':
      return terminal?.cuentaDeTarjetaDeCredito ?? cuentaDe(asignacion, 'tarjetasDeCredito');
    case 'Tarjeta-Debito':
      return terminal?.cuentaDeTarjetaDeDebitos ?? cuentaDe(asignacion, 'tarjetasDeDebito');
    case 'Transferencia':
      return terminal?.cuentaDeTransferencias ?? cuentaDe(asignacion, 'transferencias');
    default:
      return terminal?.cajaDefectvoIdRef ?? cuentaDe(asignacion, 'cajaGeneral');
  }
}

/**
 * The sale's journal entry: debit what was collected (per method's account), the receivable and the
 * withholdings; credit sales (per product's account) and each tax; and cost of sales against
 * inventory at the ledger's cost. Debits = montoAPagar + withholdings = total = credits.
 */
function lineasDelAsiento(
  venta: Venta,
  pagos: { metodo: string; monto: Centavos; idCuenta: string }[],
  costos: Map<number, Centavos>,
  asignacion: CuentasAsignadas,
): LineaDeAsiento[] {
  const lineas: LineaDeAsiento[] = pagos.map((pago) => ({
    idCuenta: pago.idCuenta,
    debito: pago.monto,
    nota: pago.metodo,
  }));
  if (venta.cobro.pendiente > 0) {
    lineas.push({
      idCuenta:
        venta.cliente.contacto?.cuentaPorCobrar?.idCuenta ?? cuentaDe(asignacion, 'cuentasPorCobrarClientes'),
      debito: venta.cobro.pendiente,
      nota: NOTA_POR_COBRAR,
    });
  }
  venta.retenciones.forEach((retencion, indice) => {
    const monto = venta.totales.retenciones[indice] ?? (0 as Centavos);
    const clave = retencion.tipoRetencion === 'isr' ? 'isrRetenidoPorTerceros' : 'itbisRetenidoPorTerceros';
    lineas.push({
      idCuenta: retencion.idCuenta ?? cuentaDe(asignacion, clave),
      debito: monto,
      nota: retencion.nombre,
    });
  });
  venta.lineas.forEach((linea, indice) => {
    const calculada = venta.totales.lineas[indice];
    if (!calculada) {
      return;
    }
    const cuentaVentas =
      linea.producto.cuentaContableVentas ??
      cuentaDe(asignacion, linea.producto.tipo === 'servicio' ? 'ventasDeServicios' : 'ventasDeMercancias');
    lineas.push({ idCuenta: cuentaVentas, credito: calculada.subtotal, nota: 'Ventas' });
    for (const impuesto of calculada.impuestos) {
      const clave = CLAVE_POR_IMPUESTO[impuesto.tipoDeImpuesto ?? ''] ?? 'otrosImpuestosPorPagar';
      lineas.push({
        idCuenta: cuentaDe(asignacion, clave),
        credito: impuesto.total,
        nota: impuesto.name ?? 'Impuesto',
      });
    }
    const costo = costos.get(indice) ?? (0 as Centavos);
    if (costo > 0) {
      lineas.push({
        idCuenta: linea.producto.cuentaContableCostoDeVenta ?? cuentaDe(asignacion, 'costoDeVentas'),
        debito: costo,
        nota: 'Costo de ventas',
      });
      lineas.push({
        idCuenta: cuentaDeInventario(linea.producto.cuentaContableInventario, asignacion),
        credito: costo,
        nota: 'Salida de inventario',
      });
    }
  });
  return lineas;
}

export type VentaEscrita = {
  fila: FilaFactura;
  lineas: FilaLinea[];
  pagos: FilaPago[];
  asiento: DetalleFactura['asientos'][number] | null;
};

type CamposDeFactura = Partial<typeof facturas.$inferInsert>;

/**
 * Writes a prepared sale in ONE call of `facturas_registrar_venta` (migration 0009, for the sale and sync
 * benchmarks' throughput): a new header (`nueva`) is inserted with the number taken in the same call, or an
 * existing one (`idFactura`) is updated first with `cambios`; then the lines, payments, stock
 * movements (the inventory module's rows) and journal entry (the accounting module's). The cost of
 * sales is the average cost read with the products, the value the ledger records on the outbound
 * movements too. Null when the numbering refused the number.
 */
export async function escribirVenta(
  ctx: CtxConSesion,
  venta: Venta,
  numeroDeAprobacion: string,
  cabecera: CabeceraDeVenta,
): Promise<VentaEscrita | null> {
  if ('idFactura' in cabecera) {
    await ctx.tx
      .update(facturas)
      .set({ ...cabecera.cambios, costoTotal: costoDeLaVenta(venta).total })
      .where(and(eq(facturas.tenantId, ctx.tenantId), eq(facturas.id, cabecera.idFactura)));
  }
  const [escrita] = await registrarVentas(ctx, [datosDeVenta(ctx, venta, numeroDeAprobacion, cabecera)]);
  return escrita ?? null;
}

type CabeceraDeVenta =
  | { nueva: CamposDeFactura; idNumeracion: string | undefined }
  | { idFactura: string; cambios: CamposDeFactura };

// The cost of sales: each stocked line at the average cost read with its product.
function costoDeLaVenta(venta: Venta): { porLinea: Map<number, Centavos>; total: string } {
  const porLinea = new Map<number, Centavos>();
  venta.lineas.forEach((linea, indice) => {
    if (linea.producto.productoInventariable && linea.producto.costoPromedio > 0) {
      porLinea.set(indice, aCentavos(linea.producto.costoPromedio * Number(linea.unidades)));
    }
  });
  return { porLinea, total: String(aPesos(sumarCentavos([...porLinea.values()]))) };
}

/** The argument of `facturas_registrar_venta` for one prepared sale: whole rows, as JSON. */
export type DatosDeVenta = Record<string, unknown>;

export function datosDeVenta(
  ctx: CtxConSesion,
  venta: Venta,
  numeroDeAprobacion: string,
  cabecera: CabeceraDeVenta,
): DatosDeVenta {
  const idFactura = 'idFactura' in cabecera ? cabecera.idFactura : randomUUID();
  const { porLinea: costos, total: costoTotal } = costoDeLaVenta(venta);
  const lineas = venta.lineas.map(({ producto, ...linea }, indice) => {
    const calculada = venta.totales.lineas[indice];
    return filaCompleta(lineasFactura, {
      ...linea,
      idFactura,
      precioDeVenta: String(producto.linea.precioDeVenta),
      impuestos: (calculada?.impuestos ?? []).map((i) => ({
        name: i.name,
        tipoDeImpuesto: i.tipoDeImpuesto,
        tasa: Number(i.tasa),
        total: aPesos(i.total),
      })),
      importe: String(aPesos(calculada?.importe ?? (0 as Centavos))),
      montoDescuento: String(aPesos(calculada?.descuento ?? (0 as Centavos))),
      subtotal: String(aPesos(calculada?.subtotal ?? (0 as Centavos))),
      totalImpuestos: String(aPesos(calculada?.totalImpuestos ?? (0 as Centavos))),
      total: String(aPesos(calculada?.total ?? (0 as Centavos))),
    });
  });
  const pagosConCuenta = venta.cobro.pagos.map((pago) => ({
    ...pago,
    idCuenta: cuentaDelMetodo(pago.metodo, venta.terminal, venta.cuentas),
  }));
  const pagos = pagosConCuenta.map((pago) =>
    filaCompleta(pagosFactura, {
      tenantId: ctx.tenantId,
      idFactura,
      origen: 'factura',
      metodo: pago.metodo,
      monto: String(aPesos(pago.monto)),
      numeroDeAprobacion: pago.metodo === 'Efectivo' ? '' : numeroDeAprobacion,
      idCuenta: pago.idCuenta,
    }),
  );
  // Spec 001 §2: a line billed from a delivery note moves no stock (the conduce took it out).
  const movimientos = movimientosParaRegistrar(
    venta.lineas
      .filter((linea) => !linea.idLineaConduce)
      .map((linea) => ({
        idProducto: linea.idProducto,
        idAlmacen: venta.idAlmacen,
        cantidad: `-${linea.unidades}`,
        costoUnitario: linea.producto.costoPromedio,
        tipoDocumento: TIPO_DOCUMENTO_FACTURA,
        // The ledger dates the sale when it happened (an invoice may be issued with an earlier date).
        fecha: new Date(
          `${venta.fechaEmision}T${venta.hora.length === 5 ? `${venta.hora}:00` : venta.hora}-04:00`,
        ),
      })),
  );
  // The function fills the description, NCF and document from the numbered header.
  const asiento = asientoParaRegistrar({
    tipoDocumento: TIPO_DOCUMENTO_FACTURA,
    fecha: venta.fechaEmision,
    idCentroDeCosto: venta.idCentroDeCosto,
    lineas: lineasDelAsiento(venta, pagosConCuenta, costos, venta.cuentas),
  });
  return {
    tenantId: ctx.tenantId,
    idUsuario: ctx.usuario._id,
    ...('idFactura' in cabecera
      ? { idFactura }
      : {
          numeracion: { id: cabecera.idNumeracion ?? null, hoy: fechaYHoraEnSantoDomingo(new Date()).fecha },
          factura: filaCompleta(facturas, { ...cabecera.nueva, id: idFactura, costoTotal }),
        }),
    lineas,
    pagos,
    movimientos,
    asiento,
  };
}

type VentaRegistrada = {
  factura: Record<string, unknown>;
  lineas: Record<string, unknown>[];
  pagos: Record<string, unknown>[];
  asiento: { id: string; numero: number } | null;
};

/**
 * Writes prepared sales, in their order, in one call: `facturas_registrar_venta` for one, and
 * `facturas_registrar_ventas` for a batch (migration 0012), which first locks the numberings and stock
 * balances the batch touches, in one order, so two batches never deadlock. Null for a sale whose
 * numbering refused its number (expired, exhausted…); any other failure rolls back every one.
 */
export async function registrarVentas(
  ctx: CtxConSesion,
  datos: DatosDeVenta[],
): Promise<(VentaEscrita | null)[]> {
  if (datos.length === 0) {
    return [];
  }
  const [fila] = await filas<{ ventas: (VentaRegistrada | null)[] | VentaRegistrada | null }>(
    ctx.tx,
    datos.length === 1
      ? sql`select facturas_registrar_venta(${JSON.stringify(datos[0])}::jsonb) as ventas`
      : sql`select facturas_registrar_ventas(${ctx.tenantId}, ${JSON.stringify(datos)}::jsonb) as ventas`,
  );
  const ventas =
    datos.length === 1
      ? [fila?.ventas as VentaRegistrada | null]
      : (fila?.ventas as (VentaRegistrada | null)[]);
  return ventas.map((venta) => (venta ? ventaEscrita(venta) : null));
}

function ventaEscrita(escrita: VentaRegistrada): VentaEscrita {
  const final = filaDeTabla(facturas, escrita.factura);
  return {
    fila: final,
    lineas: escrita.lineas.map((l) => filaDeTabla(lineasFactura, l)),
    pagos: escrita.pagos.map((p) => filaDeTabla(pagosFactura, p)),
    asiento: escrita.asiento
      ? {
          _id: escrita.asiento.id,
          numero: Number(escrita.asiento.numero),
          fecha: final.fechaEmision,
          revierte: false,
        }
      : null,
  };
}

export function camposDeVenta(venta: Venta, factura: Omit<FacturaEntrada, 'identificadorUnico'>) {
  const contacto = venta.cliente.contacto;
  const { totales, cobro } = venta;
  return {
    ...instantaneaDelCliente(contacto, contacto ? '' : NOMBRE_CONSUMIDOR_FINAL),
    nombreOpcional: factura.nombreOpcional,
    idListaDePrecio: venta.lista?._id ?? null,
    idAlmacen: venta.idAlmacen,
    fechaEmision: venta.fechaEmision,
    hora: venta.hora,
    vencimiento: venta.vencimiento,
    plazoPagos: factura.plazoPagos,
    metodoDePago: factura.metodoDePago,
    numeroDeAprobacionTarjeta: factura.numeroDeAprobacionTarjeta,
    importe: String(aPesos(totales.importe)),
    descuento: String(aPesos(totales.descuento)),
    subtotal: String(aPesos(totales.subtotal)),
    impuestos: String(aPesos(totales.impuestos)),
    itbis: String(aPesos(totales.itbis)),
    desgloseDeImpuestos: totales.desgloseDeImpuestos.map((d) => ({
      name: d.name,
      tipoDeImpuesto: d.tipoDeImpuesto,
      total: aPesos(d.total),
    })),
    total: String(aPesos(totales.total)),
    totalRetenciones: String(aPesos(totales.totalRetenciones)),
    montoAPagar: String(aPesos(totales.montoAPagar)),
    efectivoRecibido: String(aPesos(cobro.recibido)),
    cobrado: String(aPesos(cobro.cobrado)),
    cambioDeDinero: String(aPesos(cobro.cambio)),
    retenciones: venta.retenciones,
    notaPieDePagina: factura.notaPieDePagina,
    notaInformacionInterna: factura.notaInformacionInterna,
    idCentroDeCosto: venta.idCentroDeCosto,
    centroDeCosto: venta.idCentroDeCosto ? factura.centroDeCosto : '',
  };
}
