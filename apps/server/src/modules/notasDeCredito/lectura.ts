import {
  type DetalleNotaDeCredito,
  type DevueltoDeLaFactura,
  type FiltroNotasDeCredito,
  type ListaNotasDeCredito,
  MENSAJE_NOTA_DE_CREDITO_NO_EXISTE,
  type NotaDeCredito,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos, sumarCentavos } from '@pos/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { paginaDe } from '../../db/paginas.ts';
import { cabeceraDeVentaDe, condicionesDeLista } from '../../documentos/lectura.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { aplicadoA } from '../cartera/service.ts';
import { referenciasDeCuentas } from '../contabilidad/service.ts';
import { type FilaConSaldo, filaDeFactura, TIPO_DOCUMENTO_FACTURA } from '../facturas/lectura.ts';
import {
  devolucionesNotaDeCredito,
  type FilaNotaDeCredito,
  facturasNotaDeCredito,
  lineasNotaDeCredito,
  notasDeCredito,
} from './tables.ts';

// Credit notes (spec 001 §2, §3 "Credit note", §4, §5, §7 "Credit notes", §8; docs/documents.md «Notas de
// crédito»): reading one, its lines and accounts, the lists and what the customer's notes left available.
// Creating is in crear.ts (its effects in efectos.ts), editing, cancelling and deleting in cambios.ts.

/** The document type of the note's cancellation requests, journal entries and cartera applications. */
export const TIPO_DOCUMENTO_NOTA_DE_CREDITO = 'notaDeCredito';

export const numero = (valor: string | number | null) => Number(valor ?? 0);

// ------------------------------------------------------------------------------------ answers

export async function aNota(ctx: Ctx, fila: FilaNotaDeCredito): Promise<NotaDeCredito> {
  const cuentas = await referenciasDeCuentas(ctx, [fila.idCuentaDevoluciones]);
  return aNotaCon(fila, cuentas);
}

export function aNotaCon(
  fila: FilaNotaDeCredito,
  cuentas: Map<string, NotaDeCredito['CuentaContableDevolucionesDeClientes']>,
): NotaDeCredito {
  return {
    ...cabeceraDeVentaDe(fila),
    numeroNotaDeCredito: fila.numero,
    tipoDeNotasDeCredito: fila.tipoDeNotasDeCredito,
    tipoDeNotasDeCreditoDgii: fila.tipoDeNotasDeCreditoDgii,
    metodoDePago: fila.metodoDePago,
    idFactura: fila.idFactura,
    ncfModificado: fila.ncfModificado,
    fechaFacturaModificada: fila.fechaFacturaModificada,
    CuentaContableDevolucionesDeClientes: cuentaRef(cuentas, fila.idCuentaDevoluciones),
    desdePos: fila.desdePos,
    idTerminal: fila.idTerminal,
    idTurno: fila.idTurno,
    montoAplicado: numero(fila.montoAplicado),
    montoDevuelto: numero(fila.montoDevuelto),
    montoCredito: numero(fila.montoCredito),
    idCreditoAFavor: fila.idCreditoAFavor,
    costoTotal: numero(fila.costoTotal),
  };
}

function cuentaRef(cuentas: Map<string, NotaDeCredito['CuentaContableDevolucionesDeClientes']>, id: string) {
  return (
    cuentas.get(id) ?? {
      idCuenta: id,
      nombre: '',
      codigoDeCuenta: '',
      tipo: 'ingresos' as const,
      naturaleza: 'deudora' as const,
    }
  );
}

export async function detalleDe(ctx: Ctx, fila: FilaNotaDeCredito): Promise<DetalleNotaDeCredito> {
  const { lineas, devoluciones, vinculadas } = await filasDe(ctx, fila.id);
  const cuentas = await referenciasDeCuentas(ctx, [
    fila.idCuentaDevoluciones,
    ...devoluciones.map((d) => d.idCuenta),
  ]);
  return {
    notaDeCreditoDb: aNotaCon(fila, cuentas),
    lineasNotasDeCredito: lineas.map((l) => ({
      _id: l.id,
      orden: l.orden,
      idProducto: l.idProducto,
      idCodigoDeBarra: l.idCodigoDeBarra,
      descripcion: l.descripcion,
      nota: l.nota,
      cantidad: numero(l.cantidad),
      precio: l.precio,
      descuento: numero(l.descuento),
      descuentoParaSocios: numero(l.descuentoParaSocios),
      impuestos: l.impuestos.map((i) => ({
        name: i.name ?? '',
        tipoDeImpuesto: i.tipoDeImpuesto ?? '',
        tasa: i.tasa,
      })),
      paquete: l.paquete,
      variantes: l.variantes,
      importe: numero(l.importe),
      montoDescuento: numero(l.montoDescuento),
      subtotal: numero(l.subtotal),
      totalImpuestos: numero(l.totalImpuestos),
      total: numero(l.total),
      idNotaDeCredito: l.idDocumento,
      idLineaFactura: l.idLineaFactura,
      costo: l.costoUnitario,
    })),
    lineasDevoluciones: devoluciones.map((d) => ({
      _id: d.id,
      idNotaDeCredito: d.idNotaDeCredito,
      fechaDeEmision: d.fechaDeEmision,
      afectarCuenta: cuentaRef(cuentas, d.idCuenta),
      efectivo: d.efectivo,
      importe: numero(d.importe),
      nota: d.nota,
      idTurnoRef: d.idTurno,
    })),
    lineasCreditoFacturas: vinculadas.map((v) => ({
      _id: v.id,
      idNotaDeCredito: v.idNotaDeCredito,
      idFactura: v.idFactura,
      comprobante: v.comprobante,
      monto: numero(v.monto),
    })),
  };
}

// ------------------------------------------------------------------------------------ reading

export async function fila(ctx: Ctx, id: string, bloquear = false): Promise<FilaNotaDeCredito> {
  const consulta = ctx.tx
    .select()
    .from(notasDeCredito)
    .where(and(eq(notasDeCredito.tenantId, ctx.tenantId), eq(notasDeCredito.id, id)))
    .limit(1);
  const [encontrada] = bloquear ? await consulta.for('update') : await consulta;
  if (!encontrada) {
    throw new AppError('no_encontrado', MENSAJE_NOTA_DE_CREDITO_NO_EXISTE);
  }
  return encontrada;
}

export async function filasDe(ctx: Ctx, id: string) {
  const [lineas, devoluciones, vinculadas] = [
    await ctx.tx
      .select()
      .from(lineasNotaDeCredito)
      .where(and(eq(lineasNotaDeCredito.tenantId, ctx.tenantId), eq(lineasNotaDeCredito.idDocumento, id)))
      .orderBy(asc(lineasNotaDeCredito.orden)),
    await ctx.tx
      .select()
      .from(devolucionesNotaDeCredito)
      .where(
        and(
          eq(devolucionesNotaDeCredito.tenantId, ctx.tenantId),
          eq(devolucionesNotaDeCredito.idNotaDeCredito, id),
        ),
      )
      .orderBy(asc(devolucionesNotaDeCredito.orden)),
    await ctx.tx
      .select()
      .from(facturasNotaDeCredito)
      .where(
        and(eq(facturasNotaDeCredito.tenantId, ctx.tenantId), eq(facturasNotaDeCredito.idNotaDeCredito, id)),
      ),
  ];
  return { lineas, devoluciones, vinculadas };
}

export async function porIdentificador(ctx: Ctx, identificadorUnico: string) {
  const [encontrada] = await ctx.tx
    .select()
    .from(notasDeCredito)
    .where(
      and(
        eq(notasDeCredito.tenantId, ctx.tenantId),
        eq(notasDeCredito.identificadorUnico, identificadorUnico),
      ),
    )
    .limit(1);
  return encontrada;
}

/**
 * The credit notes in force (not Anulado) that modify or are linked to the invoice, by number: they name
 * its lines, so the invoice is not changed, cancelled nor deleted under them (modules/facturas).
 */
export async function notasDeCreditoDeLaFactura(ctx: Ctx, idFactura: string): Promise<string[]> {
  const leidas = await filas<{ comprobante: string }>(
    ctx.tx,
    sql`select n.comprobante from notas_de_credito n
        where n.tenant_id = ${ctx.tenantId} and n.estado <> 'Anulado'
          and (n.id_factura = ${idFactura} or exists (select 1 from facturas_nota_de_credito v
               where v.tenant_id = n.tenant_id and v.id_nota_de_credito = n.id and v.id_factura = ${idFactura}))
        order by n.numero`,
  );
  return leidas.map((n) => n.comprobante);
}

type LineaVendida = {
  id: string;
  id_producto: string;
  id_codigo_de_barra: string;
  descripcion: string;
  cantidad: string;
  unidades: string;
  precio: string;
  descuento: string;
  descuento_para_socios: string;
  impuestos: { name?: string; tipoDeImpuesto?: string; tasa: number }[];
  paquete: boolean;
  variantes: { valor: number; _id?: string }[];
  devuelta: string;
  costo: string | null;
};

/**
 * The invoice's lines with what the active notes (not Anulado: a pending cancellation still counts)
 * already returned of each, and the unit cost its goods left with (the invoice's own stock movement).
 * Read-only queries over the invoice's and the ledger's rows. The one rule of what is left to return:
 * a new or edited note is checked with it (crear.ts) and the form reads it (devueltoDeLaFactura).
 */
export async function lineasVendidas(ctx: Ctx, idFactura: string, excepto: string | null) {
  const leidas = await filas<LineaVendida>(
    ctx.tx,
    sql`select l.id, l.id_producto, l.id_codigo_de_barra, l.descripcion, l.cantidad, l.unidades, l.precio,
          l.descuento, l.descuento_para_socios, l.impuestos, l.paquete, l.variantes,
          coalesce((select sum(n.cantidad) from lineas_nota_de_credito n
             join notas_de_credito d on d.tenant_id = n.tenant_id and d.id = n.id_documento
            where n.tenant_id = l.tenant_id and n.id_linea_factura = l.id and d.estado <> 'Anulado'
              ${excepto ? sql`and d.id <> ${excepto}` : sql``}), 0) as devuelta,
          (select m.costo_unitario from movimientos_de_inventario m
            where m.tenant_id = l.tenant_id and m.tipo_documento = ${TIPO_DOCUMENTO_FACTURA}
              and m.id_documento = l.id_factura and m.id_producto = l.id_producto and m.cantidad < 0
            order by m.fecha limit 1) as costo
        from lineas_factura l
        where l.tenant_id = ${ctx.tenantId} and l.id_factura = ${idFactura}
        order by l.orden`,
  );
  return new Map(leidas.map((l) => [l.id, l]));
}

/**
 * Money goes back only where money came in (spec 001 §4: a refund returns what was paid): what the
 * invoice was paid at the sale and by receipts, less what other notes in force already refunded. A sale
 * paid by a credit in favour, or not paid yet, gives nothing back in cash. The invoice is locked by the
 * caller, so two notes of one invoice take turns here.
 */
export async function dineroDevolvible(
  ctx: Ctx,
  factura: FilaConSaldo,
  idNota: string | null,
): Promise<Centavos> {
  const aplicado = (await aplicadoA(ctx, TIPO_DOCUMENTO_FACTURA, [factura.id])).get(factura.id);
  const porRecibos = sumarCentavos(
    (aplicado?.aplicaciones ?? []).filter((a) => a.tipoOrigen === 'ingreso').map((a) => a.monto),
  );
  const [otras] = await ctx.tx
    .select({ devuelto: sql<string>`coalesce(sum(${notasDeCredito.montoDevuelto}), 0)` })
    .from(notasDeCredito)
    .where(
      and(
        eq(notasDeCredito.tenantId, ctx.tenantId),
        eq(notasDeCredito.idFactura, factura.id),
        ne(notasDeCredito.estado, 'Anulado'),
        ...(idNota ? [ne(notasDeCredito.id, idNota)] : []),
      ),
    );
  return Math.max(0, aCentavos(factura.cobrado) + porRecibos - aCentavos(otras?.devuelto ?? '0')) as Centavos;
}

/**
 * GET /notas-de-credito/devuelto/{idFactura}: per line of the invoice, what it sold and what the notes in
 * force returned of it (`excepto`: the note being edited), so a form proposes what is left to return.
 */
export async function devueltoDeLaFactura(
  ctx: Ctx,
  idFactura: string,
  excepto: string | null,
): Promise<DevueltoDeLaFactura> {
  const factura = await filaDeFactura(ctx, idFactura);
  const vendidas = await lineasVendidas(ctx, idFactura, excepto);
  return {
    dineroDevolvible: aPesos(await dineroDevolvible(ctx, factura, excepto)),
    lineas: [...vendidas.values()].map((l) => ({
      idLineaFactura: l.id,
      vendida: numero(l.cantidad),
      devuelta: numero(l.devuelta),
    })),
  };
}

/** GET /notas-de-credito/{id}. */
export async function obtenerNotaDeCredito(ctx: Ctx, id: string): Promise<DetalleNotaDeCredito> {
  return detalleDe(ctx, await fila(ctx, id));
}

/**
 * POST /notas-de-credito/todas: the kit's list filter (active or audit view, period, search) and, with
 * devolucionDelTurno, the POS returns of the shift idTurnoRef. 14 a page by default (spec 001 §9).
 */
export async function listarNotasDeCredito(
  ctx: Ctx,
  filtro: FiltroNotasDeCredito,
): Promise<ListaNotasDeCredito> {
  const condiciones = condicionesDeLista(ctx, filtro);
  if (filtro.devolucionDelTurno) {
    condiciones.push(
      filtro.idTurnoRef ? sql`d.id_turno = ${filtro.idTurnoRef}` : sql`d.id_turno is not null`,
    );
  }
  const { filas: leidas, total } = await paginaDe(ctx, notasDeCredito, {
    donde: sql.join(condiciones, sql` and `),
    orden: sql`d.fecha_emision desc, d.numero desc`,
    page: filtro.page,
    limit: filtro.limit,
  });
  const cuentas = await referenciasDeCuentas(
    ctx,
    leidas.map((f) => f.idCuentaDevoluciones),
  );
  return { res: leidas.map((f) => aNotaCon(f, cuentas)), totalRows: total };
}

/**
 * POST /notas-de-credito/notaDeCreditoDisponibleDelCliente: what the credits in favour the customer's
 * notes made still have available (modules/creditos: less what was already applied to invoices).
 * Read-only over the credits' rows.
 */
export async function disponibleDelCliente(ctx: Ctx, idCliente: string) {
  const [suma] = await filas<{ total: string | null }>(
    ctx.tx,
    sql`select sum(c.disponible) as total from creditos_a_favor c
        where c.tenant_id = ${ctx.tenantId} and c.id_cliente = ${idCliente}
          and c.tipo_origen = ${TIPO_DOCUMENTO_NOTA_DE_CREDITO} and c.estado <> 'Anulado'`,
  );
  return { totalGeneralPorAplicar: numero(suma?.total ?? 0) };
}
