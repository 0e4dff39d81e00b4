import {
  aCentavos,
  aPesos,
  type Centavos,
  calcularTotales,
  fechaYHoraEnSantoDomingo,
  type Impuesto,
  sumarCentavos,
} from '@pos/domain';
import { and, eq } from 'drizzle-orm';
import { totalesDeVenta } from '../../documentos/venta.ts';
import type { CtxConSesion } from '../../http/handle.ts';
import { aplicar, revertir } from '../cartera/service.ts';
import { costoDeLinea, cuentaPorPagar, cuentasAsignadas } from '../compras/efectos.ts';
import { type LineaDeAsiento, registrarAsiento, revertirAsientos } from '../contabilidad/asientos.service.ts';
import { cuentaDe } from '../contabilidad/service.ts';
import { registrarMovimientos, revertirMovimientos } from '../productos/movimientos.service.ts';
import { filaDeCompra, filasDe, TIPO_DESTINO_COMPRA, TIPO_DOCUMENTO_NOTA_DE_DEBITO } from './lectura.ts';
import { type FilaNotaDeDebito, lineasNotaDeDebito, notasDeDebito } from './tables.ts';

// Debit notes' effects (spec 001 §3 "Debit note", §4, §5; docs/documents.md «Notas de débito»), all in the
// request's transaction and undone exactly by cancel/approve/delete (rewritten by edit):
// - stock OUT of the purchase's warehouse (ledger type 'devolucionDeCompra'). The ledger records an
//   outbound movement at the product's current average cost, and the journal credits inventory with that
//   same value, so the inventory account keeps equal to the stock's value; what the goods cost when bought
//   (the line's subtotal) less that value goes to the purchase-returns account
//   (CuentaContableDevolucionesAProveedores, default 'devolucionesEnCompras');
// - one journal entry: Dr the supplier's payable (the part applied to the linked purchase), each money
//   return's account, 'anticiposAProveedores' (the rest: the supplier owes it); Cr inventory at the
//   outbound value (a service line: the account it was charged to, at its subtotal), Cr ITBIS paid in
//   advance for the returned ITBIS (to cost instead when the purchase took its ITBIS to cost), and the
//   difference above;
// - the linked purchase's pending amount drops by the applied part (cartera, tipoDestino 'compra',
//   tipoOrigen 'notaDeDebito'): it is the purchase's montoNotaDeDebitoRef.

/** The stock ledger's type of a return to a supplier. */
export const TIPO_MOVIMIENTO = 'devolucionDeCompra';

export type LineaPreparada = {
  id?: string;
  idProducto: string;
  idCodigoDeBarra: string;
  descripcion: string;
  nota: string;
  cantidad: string;
  /** Stock units that go back (package mode: cantidad × units per package). */
  unidades: string;
  precio: string;
  descuento: string;
  descuentoParaSocios: string;
  impuestos: Impuesto[];
  paquete: boolean;
  variantes: { valor: number; _id?: string }[];
  idLineaCompra: string;
  /** cuentaContableParaInventario: the account the line credits. */
  idCuenta: string;
};

/** The lines' amounts and the note's totals: the domain's, never the client's (spec 001 §1). */
export function calcular(lineas: readonly Omit<LineaPreparada, 'idCuenta' | 'idLineaCompra'>[]) {
  const totales = calcularTotales(
    lineas.map((l) => ({
      cantidad: l.cantidad,
      precio: l.precio,
      descuento: Number(l.descuento),
      impuestos: l.impuestos,
    })),
  );
  const pesos = (valor: Centavos | undefined) => String(aPesos(valor ?? (0 as Centavos)));
  return {
    totales,
    cabecera: totalesDeVenta(lineas),
    filas: totales.lineas.map((c) => ({
      importe: pesos(c.importe),
      montoDescuento: pesos(c.descuento),
      subtotal: pesos(c.subtotal),
      totalImpuestos: pesos(c.totalImpuestos),
      total: pesos(c.total),
    })),
  };
}

// ------------------------------------------------------------------------------------ effects

/** Writes the note's effects from its saved rows (creation, and again after an edit). */
export async function escribirEfectos(ctx: CtxConSesion, nota: FilaNotaDeDebito): Promise<void> {
  const { lineas, vinculadas, devoluciones } = await filasDe(ctx, nota.id);
  const compra = await filaDeCompra(ctx, nota.idCompra);
  const asignadas = await cuentasAsignadas(ctx);
  const resultado = await registrarMovimientos(
    ctx,
    lineas.map((l) => ({
      idProducto: l.idProducto,
      idAlmacen: nota.idAlmacen,
      cantidad: `-${l.unidades}`,
      tipoDocumento: TIPO_MOVIMIENTO,
      idDocumento: nota.id,
    })),
  );
  const { totales } = calcular(lineas);
  const asiento: LineaDeAsiento[] = [];
  const diferencia: Centavos[] = [];
  let costoDeSalida = 0 as Centavos;
  let costoTotal = 0 as Centavos;
  for (const [i, l] of lineas.entries()) {
    const calculada = totales.lineas[i];
    if (!calculada) {
      continue;
    }
    // What the line cost when bought, as the purchase counted it (the one rule: costoDeLinea).
    const { alCosto, itbisAcreditable } = costoDeLinea(calculada, compra.itbisAlCosto);
    costoTotal = (costoTotal + alCosto) as Centavos;
    for (const impuesto of itbisAcreditable) {
      asiento.push({
        idCuenta: cuentaDe(asignadas, 'itbisAdelantado'),
        credito: impuesto.total,
        nota: impuesto.name ?? 'ITBIS',
      });
    }
    const costoUnitario = resultado.costoUnitario.get(l.idProducto);
    if (costoUnitario !== undefined) {
      // A product that keeps stock: inventory leaves at the ledger's value, the rest is the difference.
      const salida = aCentavos(Number(costoUnitario) * Number(l.unidades));
      costoDeSalida = (costoDeSalida + salida) as Centavos;
      asiento.push({ idCuenta: l.idCuenta, credito: salida, nota: `Salida: ${l.descripcion}` });
      diferencia.push((alCosto - salida) as Centavos);
      await ctx.tx
        .update(lineasNotaDeDebito)
        .set({ costoUnitario })
        .where(and(eq(lineasNotaDeDebito.tenantId, ctx.tenantId), eq(lineasNotaDeDebito.id, l.id)));
    } else {
      asiento.push({ idCuenta: l.idCuenta, credito: alCosto, nota: l.descripcion });
    }
  }
  const neto = sumarCentavos(diferencia);
  if (neto !== 0) {
    asiento.push(
      neto > 0
        ? { idCuenta: nota.idCuentaDevoluciones, credito: neto, nota: 'Devolución en compras' }
        : { idCuenta: nota.idCuentaDevoluciones, debito: -neto as Centavos, nota: 'Devolución en compras' },
    );
  }
  const aplicado = aCentavos(nota.montoAplicado);
  const vinculada = vinculadas[0];
  if (vinculada && aplicado > 0) {
    await aplicar(ctx, [
      {
        tipoDestino: TIPO_DESTINO_COMPRA,
        idDestino: vinculada.idCompra,
        tipoOrigen: TIPO_DOCUMENTO_NOTA_DE_DEBITO,
        idOrigen: nota.id,
        monto: aplicado,
        fecha: nota.fechaEmision,
        campo: 'lineasDebitoCompras.0.idCompra',
      },
    ]);
    asiento.push({
      idCuenta: await cuentaPorPagar(ctx, compra.idCliente, asignadas),
      debito: aplicado,
      nota: `Compra ${vinculada.comprobante}`,
    });
  }
  for (const d of devoluciones) {
    asiento.push({
      idCuenta: d.idCuenta,
      debito: aCentavos(d.importe),
      nota: d.nota || 'Devolución de dinero',
    });
  }
  const porCobrar = aCentavos(nota.montoPorCobrar);
  if (porCobrar > 0) {
    asiento.push({
      idCuenta: cuentaDe(asignadas, 'anticiposAProveedores'),
      debito: porCobrar,
      nota: `A cobrar a ${nota.nombre || 'el proveedor'}`,
    });
  }
  await registrarAsiento(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_NOTA_DE_DEBITO,
    idDocumento: nota.id,
    fecha: nota.fechaEmision,
    descripcion: `Nota de débito ${nota.comprobante} (compra ${nota.ncfModificado})`,
    comprobante: nota.comprobante,
    lineas: asiento,
  });
  await ctx.tx
    .update(notasDeDebito)
    .set({
      costoTotal: String(aPesos(costoTotal)),
      costoDeSalida: String(aPesos(costoDeSalida)),
    })
    .where(and(eq(notasDeDebito.tenantId, ctx.tenantId), eq(notasDeDebito.id, nota.id)));
}

/** Undoes exactly what escribirEfectos wrote (cancel, approval, delete, and before an edit). */
export async function deshacerEfectos(ctx: CtxConSesion, nota: FilaNotaDeDebito, porque: string) {
  await revertirMovimientos(ctx, { tipoDocumento: TIPO_MOVIMIENTO, idDocumento: nota.id });
  await revertir(ctx, TIPO_DOCUMENTO_NOTA_DE_DEBITO, nota.id);
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_NOTA_DE_DEBITO,
    nota.id,
    fechaYHoraEnSantoDomingo(new Date()).fecha,
    `${porque} de la nota de débito ${nota.comprobante}`,
  );
}
