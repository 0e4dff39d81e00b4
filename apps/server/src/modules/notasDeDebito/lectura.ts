import {
  type CuentaContableRef,
  type DetalleNotaDeDebito,
  type DevueltoDeLaCompra,
  type FiltroNotasDeDebito,
  type ListaNotasDeDebito,
  MENSAJE_NOTA_DE_DEBITO_NO_EXISTE,
  type NotaDeDebito,
} from '@pos/contract';
import { aCentavos, aPesos, type Centavos } from '@pos/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { paginaDe } from '../../db/paginas.ts';
import { cabeceraDeVentaDe, condicionesDeLista } from '../../documentos/lectura.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { sqlAplicado } from '../cartera/service.ts';
import { referenciasDeCuentas } from '../contabilidad/service.ts';
import {
  comprasNotaDeDebito,
  devolucionesNotaDeDebito,
  type FilaNotaDeDebito,
  lineasNotaDeDebito,
  notasDeDebito,
} from './tables.ts';

// Debit notes (spec 001 §2, §3 "Debit note", §4, §5, §7 "Debit notes"; docs/documents.md «Notas de
// débito»): reading one, its lines and accounts, the list, the purchase it modifies (read, never written:
// the purchases module owns it) and what of that purchase is left to return. Creating is in crear.ts
// (its effects in efectos.ts), editing, cancelling and deleting in cambios.ts.

/** The document type of the note's cancellation requests, journal entries and cartera applications. */
export const TIPO_DOCUMENTO_NOTA_DE_DEBITO = 'notaDeDebito';
/** The cartera's target type of a purchase (docs/payments.md «Pagos a proveedores»). */
export const TIPO_DESTINO_COMPRA = 'compra';

export const numero = (valor: string | number | null) => Number(valor ?? 0);

// ------------------------------------------------------------------------------------ the purchase

/**
 * The purchase as a debit note reads it (the purchases module's table, read here and
 * never written), with what the ledger applied to it in force (payments out, debit notes).
 */
export type CompraConSaldo = {
  id: string;
  estado: 'Activo' | 'Por-Anular' | 'Anulado';
  numero: number;
  comprobante: string;
  ncf: string;
  idCliente: string | null;
  nombre: string;
  nombreOpcional: string;
  rnc: string;
  tipoDeIdentificacion: string;
  cedula: string;
  telefono: string;
  movil: string;
  correo: string;
  direccion: string;
  socio: boolean;
  idListaDePrecio: string | null;
  idAlmacen: string;
  fechaEmision: string;
  itbisAlCosto: boolean;
  montoAPagar: string;
  pagado: string;
  aplicado: string;
};

export const etiquetaDeCompra = (c: Pick<CompraConSaldo, 'comprobante' | 'numero'>) =>
  c.comprobante || String(c.numero);

/** What a purchase still owes: monto_a_pagar less what was paid at it and what was applied since. */
export const pendienteDeCompra = (c: CompraConSaldo) =>
  (aCentavos(c.montoAPagar) - aCentavos(c.pagado) - aCentavos(c.aplicado)) as Centavos;

/**
 * A purchase, locked until the transaction ends when `bloquear` (debit notes of one purchase take turns
 * on its row, so two at once never return more than was bought). What the ledger applied is read after
 * the lock, in a statement of its own (READ COMMITTED: it sees what the lock's previous holder committed).
 */
export async function filaDeCompra(ctx: Ctx, id: string, bloquear = false): Promise<CompraConSaldo> {
  const [compra] = await filas<Omit<CompraConSaldo, 'aplicado'>>(
    ctx.tx,
    sql`select id, estado, numero::float8 as "numero", comprobante, ncf, id_cliente as "idCliente", nombre,
          nombre_opcional as "nombreOpcional", rnc, tipo_de_identificacion as "tipoDeIdentificacion", cedula,
          telefono, movil, correo, direccion, socio, id_lista_de_precio as "idListaDePrecio",
          id_almacen as "idAlmacen", fecha_emision::text as "fechaEmision", itbis_al_costo as "itbisAlCosto",
          monto_a_pagar::text as "montoAPagar", pagado::text as "pagado"
        from compras where tenant_id = ${ctx.tenantId} and id = ${id}
        ${bloquear ? sql`for update` : sql``}`,
  );
  if (!compra) {
    throw new AppError('no_encontrado', 'La compra no existe.');
  }
  const [aplicado] = await filas<{ aplicado: string }>(
    ctx.tx,
    sql`select ${sqlAplicado(ctx, TIPO_DESTINO_COMPRA, sql`${id}::uuid`)}::text as aplicado`,
  );
  return { ...compra, aplicado: aplicado?.aplicado ?? '0' };
}

/**
 * Locks the purchases a note touches (the one it modifies and the one it links), in id order like every
 * document that locks several, so two notes naming the same two purchases never deadlock.
 */
export async function bloquearCompras(ctx: Ctx, ids: readonly (string | null | undefined)[]): Promise<void> {
  const unicos = [...new Set(ids.filter((id): id is string => Boolean(id)))].sort();
  if (unicos.length > 0) {
    await filas(
      ctx.tx,
      sql`select id from compras where tenant_id = ${ctx.tenantId} and id in ${unicos} order by id for update`,
    );
  }
}

export type LineaComprada = {
  id: string;
  id_producto: string;
  id_codigo_de_barra: string;
  descripcion: string;
  cantidad: string;
  precio: string;
  descuento: string;
  descuento_para_socios: string;
  impuestos: { name?: string; tipoDeImpuesto?: string; tasa: number }[];
  paquete: boolean;
  variantes: { valor: number; _id?: string }[];
  /** Stock units per quantity of the line (the product's units per package in package mode, else 1). */
  por_unidad: string;
  inventariable: boolean;
  id_cuenta_inventario: string | null;
  id_cuenta_costo_de_venta: string | null;
  devuelta: string;
};

/**
 * The purchase's lines with what the debit notes in force (not Anulado: a pending cancellation still
 * counts) already returned of each. Read-only over the purchases' and products' rows. The one rule of
 * what is left to return: a new or edited note is checked with it (crear.ts) and the form reads it
 * (devueltoDeLaCompra). `excepto`: the note being edited.
 */
export async function lineasCompradas(ctx: Ctx, idCompra: string, excepto: string | null) {
  const leidas = await filas<LineaComprada>(
    ctx.tx,
    sql`select l.id, l.id_producto, l.id_codigo_de_barra, l.descripcion, l.cantidad, l.precio, l.descuento,
          l.descuento_para_socios, l.impuestos, l.paquete, l.variantes,
          case when l.paquete and p.cantidad_por_paquete > 0 then p.cantidad_por_paquete else 1 end as por_unidad,
          p.producto_inventariable as inventariable, p.id_cuenta_inventario, p.id_cuenta_costo_de_venta,
          coalesce((select sum(n.cantidad) from lineas_nota_de_debito n
             join notas_de_debito d on d.tenant_id = n.tenant_id and d.id = n.id_documento
            where n.tenant_id = l.tenant_id and n.id_linea_compra = l.id and d.estado <> 'Anulado'
              ${excepto ? sql`and d.id <> ${excepto}` : sql``}), 0) as devuelta
        from lineas_compra l
        join productos p on p.tenant_id = l.tenant_id and p.id = l.id_producto
        where l.tenant_id = ${ctx.tenantId} and l.id_documento = ${idCompra}
        order by l.orden`,
  );
  return new Map(leidas.map((l) => [l.id, l]));
}

/**
 * The debit notes in force (not Anulado) that modify or are linked to the purchase, by number: they name
 * its lines and lower what it owes, so the purchases module refuses to change, cancel or delete it under
 * them (docs/documents.md «Compras»: with debit notes in force it is not cancelled, deleted or edited).
 */
export async function notasDeDebitoDeLaCompra(ctx: Ctx, idCompra: string): Promise<string[]> {
  const leidas = await filas<{ comprobante: string }>(
    ctx.tx,
    sql`select n.comprobante from notas_de_debito n
        where n.tenant_id = ${ctx.tenantId} and n.estado <> 'Anulado'
          and (n.id_compra = ${idCompra} or exists (select 1 from compras_nota_de_debito v
               where v.tenant_id = n.tenant_id and v.id_nota_de_debito = n.id and v.id_compra = ${idCompra}))
        order by n.numero`,
  );
  return leidas.map((n) => n.comprobante);
}

/**
 * GET /notas-de-debito/devuelto/{idCompra}: per line of the purchase, what it bought and what the notes
 * in force returned of it (`excepto`: the note being edited), and what the purchase still owes.
 */
export async function devueltoDeLaCompra(
  ctx: Ctx,
  idCompra: string,
  excepto: string | null,
): Promise<DevueltoDeLaCompra> {
  const compra = await filaDeCompra(ctx, idCompra);
  const compradas = await lineasCompradas(ctx, idCompra, excepto);
  let pendiente = pendienteDeCompra(compra);
  if (excepto) {
    // The note being edited gives back what it applied to this purchase while it is edited.
    const [suyo] = await filas<{ monto: string }>(
      ctx.tx,
      sql`select coalesce(sum(monto), 0) as monto from aplicaciones_de_cartera
          where tenant_id = ${ctx.tenantId} and tipo_destino = ${TIPO_DESTINO_COMPRA}
            and id_destino = ${idCompra} and tipo_origen = ${TIPO_DOCUMENTO_NOTA_DE_DEBITO}
            and id_origen = ${excepto} and revertida_en is null`,
    );
    pendiente = (pendiente + aCentavos(suyo?.monto ?? '0')) as Centavos;
  }
  return {
    pendiente: aPesos(Math.max(0, pendiente) as Centavos),
    lineas: [...compradas.values()].map((l) => ({
      idLineaCompra: l.id,
      comprada: numero(l.cantidad),
      devuelta: numero(l.devuelta),
    })),
  };
}

// ------------------------------------------------------------------------------------ answers

function cuentaRef(cuentas: Map<string, CuentaContableRef>, id: string): CuentaContableRef {
  return (
    cuentas.get(id) ?? {
      idCuenta: id,
      nombre: '',
      codigoDeCuenta: '',
      tipo: 'costos' as const,
      naturaleza: 'deudora' as const,
    }
  );
}

export function aNotaCon(fila: FilaNotaDeDebito, cuentas: Map<string, CuentaContableRef>): NotaDeDebito {
  return {
    ...cabeceraDeVentaDe(fila),
    numeroNotaDeDebito: fila.numero,
    tipoDeNotasDeDebito: fila.tipoDeNotasDeDebito,
    tipoDeNotasDeDebitoDgii: fila.tipoDeNotasDeDebitoDgii,
    metodoDePago: fila.metodoDePago,
    idCompra: fila.idCompra,
    ncfModificado: fila.ncfModificado,
    fechaCompraModificada: fila.fechaCompraModificada,
    CuentaContableDevolucionesAProveedores: cuentaRef(cuentas, fila.idCuentaDevoluciones),
    idTurno: fila.idTurno,
    montoAplicado: numero(fila.montoAplicado),
    montoDevuelto: numero(fila.montoDevuelto),
    montoPorCobrar: numero(fila.montoPorCobrar),
    costoTotal: numero(fila.costoTotal),
    costoDeSalida: numero(fila.costoDeSalida),
  };
}

export async function aNota(ctx: Ctx, fila: FilaNotaDeDebito): Promise<NotaDeDebito> {
  return aNotaCon(fila, await referenciasDeCuentas(ctx, [fila.idCuentaDevoluciones]));
}

export async function detalleDe(ctx: Ctx, fila: FilaNotaDeDebito): Promise<DetalleNotaDeDebito> {
  const { lineas, devoluciones, vinculadas } = await filasDe(ctx, fila.id);
  const cuentas = await referenciasDeCuentas(ctx, [
    fila.idCuentaDevoluciones,
    ...lineas.map((l) => l.idCuenta),
    ...devoluciones.map((d) => d.idCuenta),
  ]);
  return {
    notaDeDebitoDb: aNotaCon(fila, cuentas),
    lineasNotasDeDebito: lineas.map((l) => ({
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
      idNotaDeDebito: l.idDocumento,
      idLineaCompra: l.idLineaCompra,
      cuentaContableParaInventario: cuentaRef(cuentas, l.idCuenta),
      costo: l.costoUnitario,
    })),
    lineasDevoluciones: devoluciones.map((d) => ({
      _id: d.id,
      idNotaDeDebito: d.idNotaDeDebito,
      fechaDeEmision: d.fechaDeEmision,
      cuentaContableDebito: cuentaRef(cuentas, d.idCuenta),
      importe: numero(d.importe),
      nota: d.nota,
    })),
    lineasDebitoCompras: vinculadas.map((v) => ({
      _id: v.id,
      idNotaDeDebito: v.idNotaDeDebito,
      idCompra: v.idCompra,
      comprobante: v.comprobante,
      monto: numero(v.monto),
    })),
  };
}

// ------------------------------------------------------------------------------------ reading

export async function fila(ctx: Ctx, id: string, bloquear = false): Promise<FilaNotaDeDebito> {
  const consulta = ctx.tx
    .select()
    .from(notasDeDebito)
    .where(and(eq(notasDeDebito.tenantId, ctx.tenantId), eq(notasDeDebito.id, id)))
    .limit(1);
  const [encontrada] = bloquear ? await consulta.for('update') : await consulta;
  if (!encontrada) {
    throw new AppError('no_encontrado', MENSAJE_NOTA_DE_DEBITO_NO_EXISTE);
  }
  return encontrada;
}

export async function filasDe(ctx: Ctx, id: string) {
  const lineas = await ctx.tx
    .select()
    .from(lineasNotaDeDebito)
    .where(and(eq(lineasNotaDeDebito.tenantId, ctx.tenantId), eq(lineasNotaDeDebito.idDocumento, id)))
    .orderBy(asc(lineasNotaDeDebito.orden));
  const devoluciones = await ctx.tx
    .select()
    .from(devolucionesNotaDeDebito)
    .where(
      and(
        eq(devolucionesNotaDeDebito.tenantId, ctx.tenantId),
        eq(devolucionesNotaDeDebito.idNotaDeDebito, id),
      ),
    )
    .orderBy(asc(devolucionesNotaDeDebito.orden));
  const vinculadas = await ctx.tx
    .select()
    .from(comprasNotaDeDebito)
    .where(and(eq(comprasNotaDeDebito.tenantId, ctx.tenantId), eq(comprasNotaDeDebito.idNotaDeDebito, id)));
  return { lineas, devoluciones, vinculadas };
}

export async function porIdentificador(ctx: Ctx, identificadorUnico: string) {
  const [encontrada] = await ctx.tx
    .select()
    .from(notasDeDebito)
    .where(
      and(eq(notasDeDebito.tenantId, ctx.tenantId), eq(notasDeDebito.identificadorUnico, identificadorUnico)),
    )
    .limit(1);
  return encontrada;
}

/** GET /notas-de-debito/{id}. */
export async function obtenerNotaDeDebito(ctx: Ctx, id: string): Promise<DetalleNotaDeDebito> {
  return detalleDe(ctx, await fila(ctx, id));
}

/**
 * POST /notas-de-debito/todas: the kit's list filter (active or audit view with buscarPorEstado, period,
 * search) and, with idCompra, the notes that modify that purchase. 14 a page by default (spec 001 §9).
 */
export async function listarNotasDeDebito(
  ctx: Ctx,
  filtro: FiltroNotasDeDebito,
): Promise<ListaNotasDeDebito> {
  const condiciones = condicionesDeLista(ctx, filtro);
  if (filtro.idCompra) {
    condiciones.push(sql`d.id_compra = ${filtro.idCompra}`);
  }
  const { filas: leidas, total } = await paginaDe(ctx, notasDeDebito, {
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
