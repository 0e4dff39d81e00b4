import {
  type DetalleFactura,
  type DocumentoDeOrigen,
  type Factura,
  type FiltroFacturas,
  type LineaFactura,
  MENSAJE_FACTURA_NO_EXISTE,
  type PagoFactura,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  estadoDeCobroVenta,
  rangoDeFechas,
  rangoDeReporte,
  sumarCentavos,
  TIPOS_NCF,
  ZONA_HORARIA,
} from '@pos/domain';
import { and, asc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { type Dias, entreDias } from '../../http/periodo.ts';
import { type Aplicacion, aplicadoA, sqlAplicado } from '../cartera/service.ts';
import { asientosDelDocumento } from '../contabilidad/asientos.service.ts';
import { creditosAplicadosA, TIPO_ORIGEN_CREDITO } from '../creditos/lectura.ts';
import { facturas, lineasFactura, pagosFactura } from './tables.ts';

/** The ledger's and the journal's document type of invoices. */

export const TIPO_DOCUMENTO_FACTURA = 'factura';

export type FilaFactura = typeof facturas.$inferSelect;
/**
 * An invoice's row with what the receivables ledger applied to it (cartera.sqlAplicado): its cobrado
 * column holds what was paid at the sale, the applications (receipts) the rest (docs/payments.md).
 */
export type FilaConSaldo = FilaFactura & { aplicado: string | number };
export type FilaLinea = typeof lineasFactura.$inferSelect;
export type FilaPago = typeof pagosFactura.$inferSelect;

export const NOMBRE_CONSUMIDOR_FINAL = 'Consumidor final';

// ---------------------------------------------------------------- answers

function numero(valor: string | number | null | undefined): number {
  return Number(valor ?? 0);
}

function nombreTipoNcf(tipoNcf: string | null): string | null {
  if (!tipoNcf) {
    return null;
  }
  const serie = tipoNcf[0];
  const codigo = tipoNcf.slice(1);
  const tipo = TIPOS_NCF.find((t) => (serie === 'E' ? t.codigoE === codigo : t.codigoB === codigo));
  return tipo?.nombre ?? null;
}

// Spec 001 §4 "Sales collection status": the domain's rule, as is (nothing paid yet reads empty).
function estadoDelCobro(estado: string, cobrado: number, pendiente: number): Factura['estadoDelCobro'] {
  return estadoDeCobroVenta({ estado, pagado: cobrado, pendiente });
}

// Spec 001 §3: one quotation answers as idCotizacion, several as idCotizaciones.
function deCotizaciones(origenes: readonly DocumentoDeOrigen[]) {
  const ids = origenes.filter((d) => d.tipo === 'cotizacion').map((d) => d.id);
  return { idCotizacion: ids.length === 1 ? (ids[0] ?? null) : null, idCotizaciones: ids };
}

export function aFactura(fila: FilaConSaldo): Factura {
  const montoAPagar = numero(fila.montoAPagar);
  const cobrado = aPesos((aCentavos(fila.cobrado) + aCentavos(fila.aplicado)) as Centavos);
  const pendiente = aPesos((aCentavos(montoAPagar) - aCentavos(cobrado)) as Centavos);
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    idNumeracion: fila.idNumeracion,
    numeracionNombre: fila.numeracionNombre,
    numeroFactura: fila.numeroFactura,
    comprobante: fila.comprobante,
    tipoNcf: fila.tipoNcf,
    tipoNcfNombre: nombreTipoNcf(fila.tipoNcf),
    vencimientoNcf: fila.vencimientoNcf,
    fechaEmision: fila.fechaEmision,
    hora: fila.hora,
    vencimiento: fila.vencimiento.toISOString(),
    plazoPagos: fila.plazoPagos,
    idCliente: fila.idCliente,
    nombre: fila.nombre,
    nombreOpcional: fila.nombreOpcional,
    rnc: fila.rnc,
    tipoDeIdentificacion: fila.tipoDeIdentificacion,
    cedula: fila.cedula,
    telefono: fila.telefono,
    movil: fila.movil,
    correo: fila.correo,
    direccion: fila.direccion,
    socio: fila.socio,
    idListaDePrecio: fila.idListaDePrecio,
    almacenActual: fila.idAlmacen,
    idTerminalRef: fila.idTerminal,
    idTurnoRef: fila.idTurno,
    desdePos: fila.desdePos,
    metodoDePago: fila.metodoDePago,
    numeroDeAprobacionTarjeta: fila.numeroDeAprobacionTarjeta,
    importe: numero(fila.importe),
    descuento: numero(fila.descuento),
    subtotal: numero(fila.subtotal),
    impuestos: numero(fila.impuestos),
    itbis: numero(fila.itbis),
    desgloseDeImpuestos: fila.desgloseDeImpuestos,
    total: numero(fila.total),
    totalFacturado: numero(fila.total),
    totalRetenciones: numero(fila.totalRetenciones),
    montoAPagar,
    efectivoRecibido: numero(fila.efectivoRecibido),
    cobrado,
    pendiente,
    cambioDeDinero: numero(fila.cambioDeDinero),
    estadoDelCobro: estadoDelCobro(fila.estado, cobrado, pendiente),
    retenciones: fila.retenciones.map(({ idCuenta: _cuenta, ...retencion }) => retencion),
    notaPieDePagina: fila.notaPieDePagina,
    notaInformacionInterna: fila.notaInformacionInterna,
    numeroBorradorPos: fila.numeroBorradorPos,
    idPedido: fila.idPedido,
    idCentroDeCosto: fila.idCentroDeCosto,
    centroDeCosto: fila.centroDeCosto,
    ...deCotizaciones(fila.documentosDeOrigen),
    documentosDeOrigen: fila.documentosDeOrigen,
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    activo: fila.activo,
    notaAnular: fila.notaAnular,
    tipoDeAnulacion: fila.tipoDeAnulacion,
    notaAutorizacion: fila.notaAutorizacion,
    creadaPor: fila.creadaPor,
    idUsuarioCreador: fila.idUsuarioCreador,
    creadoEn: fila.creadoEn.toISOString(),
    actualizadoEn: fila.actualizadoEn.toISOString(),
  };
}

function aLinea(fila: FilaLinea): LineaFactura {
  return {
    _id: fila.id,
    idFactura: fila.idFactura,
    idProducto: fila.idProducto,
    idCodigoDeBarra: fila.idCodigoDeBarra,
    descripcion: fila.descripcion,
    nota: fila.nota,
    cantidad: numero(fila.cantidad),
    unidades: numero(fila.unidades),
    precio: fila.precio,
    precioDeVenta: numero(fila.precioDeVenta),
    descuento: numero(fila.descuento),
    descuentoParaSocios: numero(fila.descuentoParaSocios),
    impuestos: fila.impuestos,
    importe: numero(fila.importe),
    montoDescuento: numero(fila.montoDescuento),
    subtotal: numero(fila.subtotal),
    totalImpuestos: numero(fila.totalImpuestos),
    total: numero(fila.total),
    paquete: fila.paquete,
    itemPersonalizado: fila.itemPersonalizado,
    variantes: fila.variantes,
    facturado: true,
    idLineaConduce: fila.idLineaConduce,
  };
}

function aPago(fila: FilaPago): PagoFactura {
  return {
    _id: fila.id,
    origen: fila.origen,
    metodo: fila.metodo,
    monto: numero(fila.monto),
    numeroDeAprobacion: fila.numeroDeAprobacion,
    cuenta: null,
    fecha: fila.fecha.toISOString(),
  };
}

// A receipt's application to the invoice (the receivables ledger), listed with the sale's payments
// under its id, method and time, as it was when receipts wrote pagos_factura (migration 0016).
function aPagoAplicado(aplicacion: Aplicacion & { metodo: PagoFactura['metodo'] }): PagoFactura {
  return {
    _id: aplicacion.id,
    origen: 'ingreso',
    metodo: aplicacion.metodo,
    monto: aPesos(aplicacion.monto),
    numeroDeAprobacion: aplicacion.referencia,
    cuenta: null,
    fecha: aplicacion.creadoEn.toISOString(),
  };
}

// The payments an invoice lists (listaPagosIngreso), oldest first: the sale's own and the receipts'.
export function pagosDeLaFactura(pagos: FilaPago[], aplicaciones: Aplicacion[]): PagoFactura[] {
  return [
    ...pagos.map(aPago),
    ...aplicaciones
      .filter(
        (a): a is Aplicacion & { metodo: PagoFactura['metodo'] } =>
          a.tipoOrigen === 'ingreso' && a.metodo !== null,
      )
      .map(aPagoAplicado),
  ].sort((a, b) => a.fecha.localeCompare(b.fecha));
}

// The invoice's columns and what the ledger applied to it, for a select of facturas.
function columnasConSaldo(ctx: Ctx) {
  return {
    ...getTableColumns(facturas),
    aplicado: sqlAplicado(ctx, TIPO_DOCUMENTO_FACTURA, sql`facturas.id`),
  };
}

export function aDetalle(
  fila: FilaConSaldo,
  lineas: FilaLinea[],
  pagos: PagoFactura[],
  asientos: DetalleFactura['asientos'],
  creditosAFavor: DetalleFactura['listaDeCredtosAfavor'] = [],
  montoNotaDeCreditoRef = 0,
): DetalleFactura {
  const factura = aFactura(fila);
  return {
    FacturaDb: factura,
    linea_facturasRef: lineas.map(aLinea),
    conduce_facturado: fila.documentosDeOrigen.filter((d) => d.tipo === 'conduce'),
    pendiente: factura.pendiente,
    cobrado: factura.cobrado,
    montoNotaDeCreditoRef,
    listaPagosIngreso: pagos,
    listaDeCredtosAfavor: creditosAFavor,
    retenciones: factura.retenciones,
    asientos,
  };
}

export async function filaDeFactura(ctx: Ctx, id: string, bloquear = false): Promise<FilaConSaldo> {
  const consulta = ctx.tx
    .select(columnasConSaldo(ctx))
    .from(facturas)
    .where(and(eq(facturas.tenantId, ctx.tenantId), eq(facturas.id, id)))
    .limit(1);
  const [fila] = bloquear ? await consulta.for('update') : await consulta;
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_FACTURA_NO_EXISTE);
  }
  return fila;
}

export async function detalleDe(ctx: Ctx, fila: FilaConSaldo): Promise<DetalleFactura> {
  const lineas = await ctx.tx
    .select()
    .from(lineasFactura)
    .where(and(eq(lineasFactura.tenantId, ctx.tenantId), eq(lineasFactura.idFactura, fila.id)))
    .orderBy(asc(lineasFactura.orden));
  const pagos = await ctx.tx
    .select()
    .from(pagosFactura)
    .where(and(eq(pagosFactura.tenantId, ctx.tenantId), eq(pagosFactura.idFactura, fila.id)))
    .orderBy(asc(pagosFactura.fecha));
  const aplicado = await aplicadoA(ctx, TIPO_DOCUMENTO_FACTURA, [fila.id]);
  const aplicaciones = aplicado.get(fila.id)?.aplicaciones ?? [];
  return aDetalle(
    fila,
    lineas,
    pagosDeLaFactura(pagos, aplicaciones),
    await asientosDelDocumento(ctx, TIPO_DOCUMENTO_FACTURA, fila.id),
    // Read only when the ledger shows a credit applied (spec 001 §3 listaDeCredtosAfavor).
    aplicaciones.some((a) => a.tipoOrigen === TIPO_ORIGEN_CREDITO)
      ? await creditosAplicadosA(ctx, fila.id)
      : [],
    // Spec 001 §3: what credit notes applied to it in force (the ledger's 'notaDeCredito' source).
    aPesos(sumarCentavos(aplicaciones.filter((a) => a.tipoOrigen === 'notaDeCredito').map((a) => a.monto))),
  );
}

/** GET /factura/una/{id}. */
export async function obtenerFactura(ctx: Ctx, id: string): Promise<DetalleFactura> {
  return detalleDe(ctx, await filaDeFactura(ctx, id));
}

/** GET /factura/por-identificador-unico/{id}: the invoice a duplicate flag points at. */
export async function facturaPorIdentificador(ctx: Ctx, identificadorUnico: string): Promise<DetalleFactura> {
  const [fila] = await ctx.tx
    .select(columnasConSaldo(ctx))
    .from(facturas)
    .where(and(eq(facturas.tenantId, ctx.tenantId), eq(facturas.identificadorUnico, identificadorUnico)))
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_FACTURA_NO_EXISTE);
  }
  return detalleDe(ctx, fila);
}

// ---------------------------------------------------------------- lists

function condicionesDeLista(ctx: CtxConSesion, filtro: FiltroFacturas) {
  const condiciones = [sql`f.tenant_id = ${ctx.tenantId}`];
  // Spec 001 §2: the active list shows activo true; the audit list only Por-Anular and Anulado.
  condiciones.push(filtro.buscarPorEstado ? sql`f.estado in ('Por-Anular', 'Anulado')` : sql`f.activo`);
  const rango =
    filtro.fechaInicial && filtro.fechaFinal
      ? rangoDeFechas(filtro.fechaInicial, filtro.fechaFinal)
      : filtro.periodo !== null && filtro.periodo !== undefined
        ? rangoDeReporte(filtro.periodo as Parameters<typeof rangoDeReporte>[0], new Date())
        : null;
  if (rango) {
    condiciones.push(
      sql`f.fecha_emision between ${rango.fechaInicial.slice(0, 10)}::date and ${rango.fechaFinal.slice(0, 10)}::date`,
    );
  }
  if (filtro.facturasDelTurno && filtro.idTurnoRef) {
    condiciones.push(sql`f.id_turno = ${filtro.idTurnoRef}`);
  }
  if (filtro.idUsuarioCreador) {
    condiciones.push(sql`f.id_usuario_creador = ${filtro.idUsuarioCreador}`);
  }
  if (filtro.idCliente) {
    condiciones.push(sql`f.id_cliente = ${filtro.idCliente}`);
  }
  if (filtro.revendedor) {
    condiciones.push(
      sql`exists (select 1 from contactos c where c.tenant_id = f.tenant_id and c.id = f.id_cliente and c.revendedor)`,
    );
  }
  const cobrado = sql`f.cobrado + ${sqlAplicado(ctx, TIPO_DOCUMENTO_FACTURA, sql`f.id`)}`;
  if (filtro.estadoDelCobro === 'Cobrada') {
    condiciones.push(sql`${cobrado} >= f.monto_a_pagar`);
  } else if (filtro.estadoDelCobro === 'Por Cobrar') {
    condiciones.push(sql`${cobrado} < f.monto_a_pagar and f.estado = 'Activo'`);
  }
  if (filtro.input) {
    const patron = `%${filtro.input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(
      sql`(f.comprobante ilike ${patron} or f.nombre ilike ${patron} or f.rnc ilike ${patron} or f.nombre_opcional ilike ${patron})`,
    );
  }
  return sql.join(condiciones, sql` and `);
}

/** POST /factura/lista-de-facturas and /factura/todas: 25 per page, newest first. */
export async function listarFacturas(
  ctx: CtxConSesion,
  filtro: FiltroFacturas,
): Promise<{ res: Factura[]; totalRows: number; totalGeneral: number }> {
  const donde = condicionesDeLista(ctx, filtro);
  const [resumen] = await filas<{ total_rows: string; total_general: string }>(
    ctx.tx,
    sql`select count(*) as total_rows, coalesce(sum(f.total), 0) as total_general from facturas f where ${donde}`,
  );
  const ids = await filas<{ id: string }>(
    ctx.tx,
    sql`select f.id from facturas f where ${donde}
        order by f.fecha_emision desc, f.creado_en desc
        limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit}`,
  );
  const pagina =
    ids.length === 0
      ? []
      : await ctx.tx
          .select(columnasConSaldo(ctx))
          .from(facturas)
          .where(and(eq(facturas.tenantId, ctx.tenantId), sql`${facturas.id} in ${ids.map((f) => f.id)}`));
  const porId = new Map(pagina.map((fila) => [fila.id, fila]));
  return {
    res: ids
      .map((f) => porId.get(f.id))
      .filter((f) => f !== undefined)
      .map(aFactura),
    totalRows: Number(resumen?.total_rows ?? 0),
    totalGeneral: Number(resumen?.total_general ?? 0),
  };
}

// An invoice still owes: less than its amount to pay was paid at the sale and applied by the ledger.
function sqlDebe(ctx: Ctx) {
  return sql`${facturas.cobrado} + ${sqlAplicado(ctx, TIPO_DOCUMENTO_FACTURA, sql`facturas.id`)} < ${facturas.montoAPagar}`;
}

/**
 * The active invoices that still owe, of one customer and/or just one, oldest first, a page of them:
 * what a receipt in may collect (POST /ingresos-recibidos/pendientes/, spec 001 §7).
 */
export async function facturasConSaldo(
  ctx: Ctx,
  filtro: {
    idCliente?: string | undefined;
    idFactura?: string | null | undefined;
    page: number;
    limit: number;
  },
): Promise<Factura[]> {
  const condiciones = [eq(facturas.tenantId, ctx.tenantId), eq(facturas.estado, 'Activo'), sqlDebe(ctx)];
  if (filtro.idCliente) {
    condiciones.push(eq(facturas.idCliente, filtro.idCliente));
  }
  if (filtro.idFactura) {
    condiciones.push(eq(facturas.id, filtro.idFactura));
  }
  const pendientes = await ctx.tx
    .select(columnasConSaldo(ctx))
    .from(facturas)
    .where(and(...condiciones))
    .orderBy(asc(facturas.fechaEmision), asc(facturas.numeroFactura))
    .limit(filtro.limit)
    .offset((filtro.page - 1) * filtro.limit);
  return pendientes.map(aFactura);
}

/** Several invoices by id, with what each still owes (any state), in issue order. */
export async function facturasPorIds(ctx: Ctx, ids: readonly string[]): Promise<Factura[]> {
  if (ids.length === 0) {
    return [];
  }
  const leidas = await ctx.tx
    .select(columnasConSaldo(ctx))
    .from(facturas)
    .where(and(eq(facturas.tenantId, ctx.tenantId), inArray(facturas.id, [...ids])))
    .orderBy(asc(facturas.fechaEmision), asc(facturas.numeroFactura));
  return leidas.map(aFactura);
}

/**
 * The active invoices issued within `dias` (of one customer) that still owe, oldest due first, each
 * with its due day in Santo Domingo (`vence`, AAAA-MM-DD): the rows of the receivables report
 * (reportes/cartera.ts ages them), all or the page `pagina` asks.
 */
export async function facturasPorCobrar(
  ctx: Ctx,
  filtro: { idCliente?: string | null | undefined; dias: Dias },
  pagina?: { limit: number; offset: number },
): Promise<(Factura & { vence: string })[]> {
  // cobrado < monto_a_pagar is implied by sqlDebe (applications are never negative): it lets the partial
  // index facturas_por_cobrar (migration 0038) skip the invoices paid at the sale before any lookup.
  const condiciones = [
    eq(facturas.tenantId, ctx.tenantId),
    eq(facturas.estado, 'Activo'),
    lt(facturas.cobrado, facturas.montoAPagar),
    sqlDebe(ctx),
  ];
  if (filtro.idCliente) {
    condiciones.push(eq(facturas.idCliente, filtro.idCliente));
  }
  const enElPeriodo = entreDias(sql`${facturas.fechaEmision}`, filtro.dias);
  if (enElPeriodo) {
    condiciones.push(enElPeriodo);
  }
  const consulta = ctx.tx
    .select({
      ...columnasConSaldo(ctx),
      vence: sql<string>`to_char((${facturas.vencimiento} at time zone ${ZONA_HORARIA})::date, 'YYYY-MM-DD')`,
    })
    .from(facturas)
    .where(and(...condiciones))
    .orderBy(asc(facturas.vencimiento), asc(facturas.numeroFactura), asc(facturas.id))
    .$dynamic();
  const lista = await (pagina ? consulta.limit(pagina.limit).offset(pagina.offset) : consulta);
  return lista.map(({ vence, ...fila }) => ({ ...aFactura(fila), vence }));
}
