import { aCentavos, type Centavos, fechaYHoraEnSantoDomingo, sumarCentavos } from '@pos/domain';
import type { Ctx } from '../../http/handle.ts';
import { registrarAsiento, revertirAsientos } from '../contabilidad/asientos.service.ts';
import {
  type CuentasAsignadas,
  cuentaDe,
  cuentaDeInventario,
  obtenerAsignacion,
} from '../contabilidad/service.ts';

// The opening stock's journal entry (spec 002 §3 "Accounting": every movement of value posts): a
// product's initial quantity enters the stock ledger at its cost, so the journal must show the same
// value, or every sale (which credits inventory at cost) drives the inventory account negative.
// Dr inventory (cuentaDeInventario: the product's own inventory account, else the 'inventario'
// assignment, as the sale, the purchase and the returns) / Cr the product's own «ajustes por saldos iniciales en
// inventario» account, else the 'ajustesPorSaldosIniciales' assignment. One entry per product,
// linked by tipoDocumento 'inventarioInicial' + the product id, like its ledger movements.

export const TIPO_INVENTARIO_INICIAL = 'inventarioInicial';

/** Opening stock just written to the ledger for one product (any number of warehouses). */
export type ExistenciaAAsentar = {
  idProducto: string;
  nombre: string;
  idCuentaInventario: string | null;
  idCuentaAjustesSaldosIniciales: string | null;
  cantidad: number | string;
  costoUnitario: number | string;
};

/** Posts the opening stock's entries in the caller's transaction; zero value (no cost) posts nothing. */
export async function asentarExistenciaInicial(
  ctx: Ctx,
  existencias: readonly ExistenciaAAsentar[],
): Promise<void> {
  const porProducto = new Map<string, { e: ExistenciaAAsentar; importe: Centavos }>();
  for (const e of existencias) {
    if (Number(e.cantidad) <= 0 || Number(e.costoUnitario) <= 0) {
      continue;
    }
    // Per warehouse line, rounded to cents like a sale line's cost (quantity × unit cost).
    const valor = aCentavos(Number(e.cantidad) * Number(e.costoUnitario));
    const previo = porProducto.get(e.idProducto)?.importe ?? (0 as Centavos);
    porProducto.set(e.idProducto, { e, importe: sumarCentavos([previo, valor]) });
  }
  if (porProducto.size === 0) {
    return;
  }
  // Asked only when there is something to post: a company without the assignment can still create services.
  const asignacion = await obtenerAsignacion(ctx);
  const asignadas: CuentasAsignadas = {};
  for (const clave of ['inventario', 'ajustesPorSaldosIniciales'] as const) {
    const cuenta = asignacion[clave];
    if (cuenta) {
      asignadas[clave] = cuenta.idCuenta;
    }
  }
  const fecha = fechaYHoraEnSantoDomingo(new Date()).fecha;
  for (const { e, importe } of porProducto.values()) {
    await registrarAsiento(ctx, {
      tipoDocumento: TIPO_INVENTARIO_INICIAL,
      idDocumento: e.idProducto,
      fecha,
      descripcion: `Inventario inicial de «${e.nombre}»`,
      lineas: [
        { idCuenta: cuentaDeInventario(e.idCuentaInventario, asignadas), debito: importe },
        {
          idCuenta: e.idCuentaAjustesSaldosIniciales ?? cuentaDe(asignadas, 'ajustesPorSaldosIniciales'),
          credito: importe,
        },
      ],
    });
  }
}

/** A deleted product (only possible while its sole movements are its opening stock) takes its entries back. */
export async function revertirExistenciaInicial(ctx: Ctx, idProducto: string, nombre: string): Promise<void> {
  await revertirAsientos(
    ctx,
    TIPO_INVENTARIO_INICIAL,
    idProducto,
    fechaYHoraEnSantoDomingo(new Date()).fecha,
    `Producto «${nombre}» eliminado: se revierte su inventario inicial`,
  );
}
