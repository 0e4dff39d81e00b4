import type {
  CompraDelEstado,
  EstadoDeCuentaProveedor,
  FiltroEstadoDeCuentaProveedor,
  TramoDeAntiguedad,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  diasDeAtraso,
  estadoDePagoCompra,
  hoyEnSantoDomingo,
  sumarCentavos,
  tramoDeAntiguedad,
} from '@pos/domain';
import { type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { clienteDelEstado } from './service.ts';

// The supplier statement (spec 001 §7 "Payments out": POST /recibos-egresos/estado-cuentas-proveedores/
// -> totalPendiente, facturasDeCompras; docs/payments.md «Estados de cuenta»), the mirror of the
// customer statement (service.ts) on the payables side. It only reads: what a purchase owes is the
// ledger's rule (docs/payments.md «Pagos a proveedores»): monto_a_pagar, less what was paid at the purchase
// (compras.pagado), less the applications in force (payments out, debit notes), each counting from its
// own date up to the cut-off.

type FilaCompraDelEstado = {
  id: string;
  numero: string | number | null;
  comprobante: string;
  ncf: string;
  fecha: string;
  vence: string;
  total_gral: string;
  monto_a_pagar: string;
  pagado: string;
  notas: string;
  otras: string;
  estado: string;
};

async function comprasAlCorte(
  ctx: Ctx,
  idProveedor: string,
  corte: string,
  desde?: string | null,
): Promise<FilaCompraDelEstado[]> {
  // A cancelled purchase owes nothing (spec 001 §4); one only requested (Por-Anular) still stands.
  const condiciones: SQL[] = [
    sql`c.tenant_id = ${ctx.tenantId}`,
    sql`c.id_cliente = ${idProveedor}`,
    sql`c.estado <> 'Anulado'`,
    sql`c.fecha_emision <= ${corte}::date`,
  ];
  if (desde) {
    condiciones.push(sql`c.fecha_emision >= ${desde}::date`);
  }
  return filas<FilaCompraDelEstado>(
    ctx.tx,
    sql`select c.id, c.numero, c.comprobante, c.ncf, to_char(c.fecha_emision, 'YYYY-MM-DD') as fecha,
          to_char(coalesce(c.vencimiento, c.fecha_emision), 'YYYY-MM-DD') as vence,
          c.total_gral, c.monto_a_pagar, c.pagado, c.estado, coalesce(a.notas, 0) as notas, coalesce(a.otras, 0) as otras
        from compras c
        left join lateral (
          select sum(a.monto) filter (where a.tipo_origen = 'notaDeDebito') as notas,
                 sum(a.monto) filter (where a.tipo_origen <> 'notaDeDebito') as otras
          from aplicaciones_de_cartera a
          where a.tenant_id = c.tenant_id and a.tipo_destino = 'compra' and a.id_destino = c.id
            and a.revertida_en is null and a.fecha <= ${corte}::date
        ) a on true
        where ${sql.join(condiciones, sql` and `)}
        order by c.fecha_emision, c.numero, c.creado_en`,
  );
}

function aCompraDelEstado(fila: FilaCompraDelEstado, corte: string): CompraDelEstado & { c: Centavos } {
  const montoAPagar = aCentavos(fila.monto_a_pagar);
  const cobrado = (aCentavos(fila.pagado) + aCentavos(fila.otras)) as Centavos;
  const notas = aCentavos(fila.notas);
  const pendiente = (montoAPagar - cobrado - notas) as Centavos;
  const diasVencidos = diasDeAtraso(fila.vence, corte);
  return {
    _id: fila.id,
    numeroCompra: fila.numero === null ? null : Number(fila.numero),
    comprobante: fila.comprobante,
    ncf: fila.ncf,
    fecha: fila.fecha,
    vencimiento: fila.vence,
    total: aPesos(aCentavos(fila.total_gral)),
    montoAPagar: aPesos(montoAPagar),
    cobrado: aPesos(cobrado),
    montoNotaDeDebitoRef: aPesos(notas),
    pendiente: aPesos(pendiente),
    estadoDePago: estadoDePagoCompra({ estado: fila.estado, pagado: cobrado, pendiente }),
    diasVencidos,
    tramo: tramoDeAntiguedad(diasVencidos),
    c: pendiente,
  };
}

/** POST /recibos-egresos/estado-cuentas-proveedores/: what one supplier's purchases owe at the cut-off. */
export async function estadoDeCuentaProveedor(
  ctx: Ctx,
  filtro: FiltroEstadoDeCuentaProveedor,
): Promise<EstadoDeCuentaProveedor> {
  const proveedor = await clienteDelEstado(ctx, filtro.idCliente);
  const corte = filtro.fechaFinal ?? hoyEnSantoDomingo();
  const desde = filtro.porRangoDeFecha ? filtro.fechaInicial : null;
  const todas = (await comprasAlCorte(ctx, filtro.idCliente, corte, desde)).map((fila) =>
    aCompraDelEstado(fila, corte),
  );
  const elegidas = todas.filter((f) =>
    filtro.estadoSeleccionado === 'Todas'
      ? true
      : filtro.estadoSeleccionado === 'Pagadas'
        ? f.c <= 0
        : f.c > 0,
  );
  const porTramo = (tramo: TramoDeAntiguedad) =>
    aPesos(sumarCentavos(elegidas.filter((f) => f.tramo === tramo).map((f) => f.c)));
  return {
    proveedor,
    fechaCorte: corte,
    totalPendiente: aPesos(sumarCentavos(elegidas.map((f) => f.c))),
    facturasDeCompras: elegidas.map(({ c: _c, ...f }) => f),
    totalesPorTramo: {
      '0-30': porTramo('0-30'),
      '31-60': porTramo('31-60'),
      '61-90': porTramo('61-90'),
      '90+': porTramo('90+'),
    },
    totalComprado: aPesos(sumarCentavos(elegidas.map((f) => aCentavos(f.montoAPagar)))),
    totalPagado: aPesos(sumarCentavos(elegidas.map((f) => aCentavos(f.cobrado)))),
    totalNotasDeDebito: aPesos(sumarCentavos(elegidas.map((f) => aCentavos(f.montoNotaDeDebitoRef)))),
  };
}
