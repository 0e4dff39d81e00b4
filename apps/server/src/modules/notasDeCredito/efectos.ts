import {
  aCentavos,
  aPesos,
  type Centavos,
  calcularTotales,
  fechaYHoraEnSantoDomingo,
  type Impuesto,
} from '@pos/domain';
import { and, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { totalesDeVenta } from '../../documentos/venta.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { aplicar, revertir } from '../cartera/service.ts';
import { type CuentasDelTerminal, sqlCuentasDelTerminal } from '../configuracion/service.ts';
import { type LineaDeAsiento, registrarAsiento, revertirAsientos } from '../contabilidad/asientos.service.ts';
import {
  type CuentasAsignadas,
  cuentaDe,
  cuentaDeInventario,
  sqlCuentasAsignadas,
} from '../contabilidad/service.ts';
import { anularCreditosDe, crearCredito, cuentaDeAnticipos } from '../creditos/crear.ts';
import { CLAVE_POR_IMPUESTO, cuentaPorCobrarDeLaFactura } from '../facturas/escritura.ts';
import { registrarMovimientos, revertirMovimientos } from '../productos/movimientos.service.ts';
import { filasDe, numero, TIPO_DOCUMENTO_NOTA_DE_CREDITO } from './lectura.ts';
import { type FilaLineaNotaDeCredito, type FilaNotaDeCredito, notasDeCredito } from './tables.ts';

// Credit notes' effects (spec 001 §3 "Credit note", §4, §5; docs/documents.md «Notas de crédito»), all in
// the request's transaction and undone exactly by cancel/approve/delete (rewritten by edit):
// - stock back into the invoice's warehouse at the cost it left with (ledger type 'devolucion');
// - one journal entry: Dr sales returns (subtotal), Dr each tax payable; Cr the invoice's receivable
//   (the part applied to the linked invoice), each refund's account, customer advances (the rest); and
//   Dr inventory / Cr cost of sales at cost;
// - the linked invoice's pending amount drops by the applied part (cartera, tipoOrigen 'notaDeCredito');
// - a credit in favour for the rest (modules/creditos).

/** The stock ledger's type of a customer return. */
const TIPO_MOVIMIENTO = 'devolucion';

export type LineaPreparada = {
  id?: string;
  idProducto: string;
  idCodigoDeBarra: string;
  descripcion: string;
  nota: string;
  cantidad: string;
  /** Stock units that come back (package mode: cantidad × units per package of the sale). */
  unidades: string;
  precio: string;
  descuento: string;
  descuentoParaSocios: string;
  impuestos: Impuesto[];
  paquete: boolean;
  variantes: { valor: number; _id?: string }[];
  idLineaFactura: string;
  costoUnitario: string | undefined;
};

/** The lines' amounts and the note's totals: the domain's, never the client's (spec 001 §1). */
export function calcular(lineas: readonly LineaPreparada[]) {
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

// ------------------------------------------------------------------------------------ accounts

export type Contexto = {
  terminal: CuentasDelTerminal | null;
  cuentas: CuentasAsignadas | null;
};

export async function contextoDeCuentas(ctx: Ctx, idTerminal: string | null): Promise<Contexto> {
  const [contexto] = await filas<Contexto>(
    ctx.tx,
    sql`select ${sqlCuentasDelTerminal(ctx, sql`${idTerminal}::uuid`)} as terminal, ${sqlCuentasAsignadas(ctx)} as cuentas`,
  );
  if (idTerminal && !contexto?.terminal) {
    throw new AppError('no_encontrado', 'El terminal de la devolución no existe.');
  }
  return contexto ?? { terminal: null, cuentas: null };
}

/** Spec 001 §4: money refunded without an account leaves the terminal's cash box (the company's). */
export function cajaDe(contexto: Contexto): string {
  return contexto.terminal?.cajaDefectvoIdRef ?? cuentaDe(contexto.cuentas ?? {}, 'cajaGeneral');
}

// ------------------------------------------------------------------------------------ effects

/** Writes the note's effects from its saved rows (creation, and again after an edit). */
export async function escribirEfectos(ctx: CtxConSesion, nota: FilaNotaDeCredito): Promise<void> {
  const { lineas, devoluciones, vinculadas } = await filasDe(ctx, nota.id);
  const contexto = await contextoDeCuentas(ctx, nota.idTerminal);
  const asignadas = contexto.cuentas ?? {};
  // Stock back into the invoice's warehouse at the cost it left with (the ledger records each
  // movement's cost; the journal values the return with those same costs).
  const resultado = await registrarMovimientos(
    ctx,
    lineas.map((l) => ({
      idProducto: l.idProducto,
      idAlmacen: nota.idAlmacen,
      cantidad: unidadesDe(l),
      ...(numero(l.costoUnitario) > 0 ? { costoUnitario: l.costoUnitario } : {}),
      tipoDocumento: TIPO_MOVIMIENTO,
      idDocumento: nota.id,
    })),
  );
  const productos = await filas<{
    id: string;
    inventariable: boolean;
    id_cuenta_inventario: string | null;
    id_cuenta_costo_de_venta: string | null;
  }>(
    ctx.tx,
    sql`select id, producto_inventariable as inventariable, id_cuenta_inventario, id_cuenta_costo_de_venta
        from productos where tenant_id = ${ctx.tenantId}
          and id in ${lineas.length > 0 ? [...new Set(lineas.map((l) => l.idProducto))] : ['00000000-0000-0000-0000-000000000000']}`,
  );
  const porProducto = new Map(productos.map((p) => [p.id, p]));
  const { totales } = calcular(lineas.map(comoPreparada));
  const asiento: LineaDeAsiento[] = [];
  let costoTotal = 0 as Centavos;
  lineas.forEach((l, i) => {
    const calculada = totales.lineas[i];
    if (!calculada) {
      return;
    }
    asiento.push({ idCuenta: nota.idCuentaDevoluciones, debito: calculada.subtotal, nota: 'Devolución' });
    for (const impuesto of calculada.impuestos) {
      const clave = CLAVE_POR_IMPUESTO[impuesto.tipoDeImpuesto ?? ''] ?? 'otrosImpuestosPorPagar';
      asiento.push({
        idCuenta: cuentaDe(asignadas, clave),
        debito: impuesto.total,
        nota: impuesto.name ?? 'Impuesto',
      });
    }
    const producto = porProducto.get(l.idProducto);
    const costoUnitario = resultado.costoUnitario.get(l.idProducto);
    if (producto?.inventariable && costoUnitario) {
      const costo = aCentavos(Number(costoUnitario) * Number(unidadesDe(l)));
      if (costo > 0) {
        costoTotal = (costoTotal + costo) as Centavos;
        asiento.push({
          idCuenta: cuentaDeInventario(producto.id_cuenta_inventario, asignadas),
          debito: costo,
          nota: 'Entrada por devolución',
        });
        asiento.push({
          idCuenta: producto.id_cuenta_costo_de_venta ?? cuentaDe(asignadas, 'costoDeVentas'),
          credito: costo,
          nota: 'Costo de ventas',
        });
      }
    }
  });
  const aplicado = aCentavos(nota.montoAplicado);
  const vinculada = vinculadas[0];
  if (vinculada && aplicado > 0) {
    await aplicar(ctx, [
      {
        tipoDestino: 'factura',
        idDestino: vinculada.idFactura,
        tipoOrigen: TIPO_DOCUMENTO_NOTA_DE_CREDITO,
        idOrigen: nota.id,
        monto: aplicado,
        fecha: nota.fechaEmision,
        campo: 'lineasCreditoFacturas.0.idFactura',
      },
    ]);
    asiento.push({
      idCuenta: await cuentaPorCobrarDeLaFactura(ctx, vinculada.idFactura, asignadas),
      credito: aplicado,
      nota: `Factura ${vinculada.comprobante}`,
    });
  }
  for (const d of devoluciones) {
    asiento.push({
      idCuenta: d.idCuenta,
      credito: aCentavos(d.importe),
      nota: d.nota || 'Devolución de dinero',
    });
  }
  // What neither the linked invoice nor the refunds took is a credit in favour of the customer
  // (modules/creditos): its advances account is credited here, the credit is theirs to write.
  const credito = aCentavos(nota.montoCredito);
  let idCreditoAFavor: string | null = null;
  if (credito > 0 && nota.idCliente) {
    const idCuentaAnticipos = await cuentaDeAnticipos(ctx, nota.idTerminal);
    asiento.push({ idCuenta: idCuentaAnticipos, credito, nota: 'Crédito a favor' });
    idCreditoAFavor = (
      await crearCredito(ctx, {
        idCliente: nota.idCliente,
        monto: credito,
        descripcion: `Nota de crédito ${nota.comprobante} (factura ${nota.ncfModificado})`,
        fecha: nota.fechaEmision,
        origen: { tipo: 'notaDeCredito', id: nota.id },
        idCuentaAnticipos,
      })
    ).id;
  }
  await registrarAsiento(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_NOTA_DE_CREDITO,
    idDocumento: nota.id,
    fecha: nota.fechaEmision,
    descripcion: `Nota de crédito ${nota.comprobante} (factura ${nota.ncfModificado})`,
    comprobante: nota.comprobante,
    lineas: asiento,
  });
  await ctx.tx
    .update(notasDeCredito)
    .set({ costoTotal: String(aPesos(costoTotal)), idCreditoAFavor })
    .where(and(eq(notasDeCredito.tenantId, ctx.tenantId), eq(notasDeCredito.id, nota.id)));
}

/** Undoes exactly what escribirEfectos wrote (cancel, approval, delete, and before an edit). */
export async function deshacerEfectos(
  ctx: CtxConSesion,
  nota: FilaNotaDeCredito,
  porque: string,
): Promise<void> {
  // Refused (conflicto) while the customer already used part of the note's credit in favour.
  await anularCreditosDe(ctx, { tipo: TIPO_DOCUMENTO_NOTA_DE_CREDITO, id: nota.id });
  await revertirMovimientos(ctx, { tipoDocumento: TIPO_MOVIMIENTO, idDocumento: nota.id });
  await revertir(ctx, TIPO_DOCUMENTO_NOTA_DE_CREDITO, nota.id);
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_NOTA_DE_CREDITO,
    nota.id,
    fechaYHoraEnSantoDomingo(new Date()).fecha,
    `${porque} de la nota de crédito ${nota.comprobante}`,
  );
}

/** The stock units a saved line brings back (package mode: its quantity × units per package). */
function unidadesDe(l: FilaLineaNotaDeCredito): string {
  return l.unidades;
}

function comoPreparada(l: FilaLineaNotaDeCredito): LineaPreparada {
  return {
    idProducto: l.idProducto,
    idCodigoDeBarra: l.idCodigoDeBarra,
    descripcion: l.descripcion,
    nota: l.nota,
    cantidad: l.cantidad,
    unidades: unidadesDe(l),
    precio: l.precio,
    descuento: l.descuento,
    descuentoParaSocios: l.descuentoParaSocios,
    impuestos: l.impuestos,
    paquete: l.paquete,
    variantes: l.variantes,
    idLineaFactura: l.idLineaFactura,
    costoUnitario: l.costoUnitario,
  };
}
