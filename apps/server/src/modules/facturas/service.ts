import { randomUUID } from 'node:crypto';
import {
  type ActualizarFactura,
  type AnularFactura,
  CLAVES_DE_ASIGNACION,
  type ClaveDeAsignacion,
  type Contacto,
  type CrearFactura,
  type DetalleFactura,
  type Factura,
  type FacturaCreada,
  type FacturaEntrada,
  type FiltroFacturas,
  type LineaFactura,
  type LineaFacturaEntrada,
  MENSAJE_BAJO_STOCK,
  MENSAJE_CODIGO_INVALIDO,
  MENSAJE_FACTURA_NO_EXISTE,
  MENSAJE_LIMITE_DE_CREDITO,
  MENSAJE_MOTIVO_FACTURA,
  MENSAJE_NO_ELIMINAR_CON_PAGOS,
  MENSAJE_TIENE_PAGOS,
  MENSAJE_TURNO_CERRADO,
  type PagoFactura,
  type ProductoBajoStock,
  type ProductoParaDocumento,
  tienePermiso,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  calcularCobro,
  calcularTotales,
  claseDeClientePorIdentificacion,
  descuentoFueraDeLimite,
  descuentoPermitido,
  estadoDeCobroVenta,
  excedeLimiteDeCredito,
  fechaYHoraEnSantoDomingo,
  formatearDinero,
  type LineaDocumento,
  type ListaDePrecio,
  MOTIVOS_ANULACION_FACTURA,
  mensajeDescuentoInvalido,
  rangoDeFechas,
  rangoDeReporte,
  sumarCentavos,
  TIPOS_NCF,
  tipoNcfParaCliente,
  validarMotivoDeAnulacion,
} from '@pos/domain';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { filaCompleta, filaDeTabla, filas } from '../../db/client.ts';
import { instantaneaDelCliente } from '../../documentos/venta.ts';
import { AppError, ReintentarSolicitud, violaIndiceUnico } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { anularDocumento } from '../anulaciones/service.ts';
import { type Aplicacion, aplicadoA, sqlAplicado } from '../cartera/service.ts';
import {
  type CuentasDelTerminal,
  listaParaPrecios,
  obtenerRetencion,
  sqlCuentasDelTerminal,
} from '../configuracion/service.ts';
import {
  asientoParaRegistrar,
  asientosDelDocumento,
  type LineaDeAsiento,
  revertirAsientos,
} from '../contabilidad/asientos.service.ts';
import { sqlCuentasAsignadas } from '../contabilidad/service.ts';
import { bloquearClientesConLimite, contactoDeUnaVenta } from '../contactos/service.ts';
import { reglasDeVenta, sqlReglasDeVenta } from '../empresas/service.ts';
import { obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { rechazoDeNumeracion } from '../numeracion/service.ts';
import { liberarPedido } from '../pedidos/service.ts';
import {
  bloquearExistencias,
  movimientosParaRegistrar,
  revertirMovimientos,
} from '../productos/movimientos.service.ts';
import { type ProductosDelLote, productosDelLote, productosParaVenta } from '../productos/service.ts';
import { sqlTurnoAbierto } from '../turnos/service.ts';
import { facturas, lineasFactura, pagosFactura, type RetencionGuardada } from './tables.ts';

/** The ledger's and the journal's document type of invoices. */
export const TIPO_DOCUMENTO_FACTURA = 'factura';

type FilaFactura = typeof facturas.$inferSelect;
/**
 * An invoice's row with what the receivables ledger applied to it (cartera.sqlAplicado): its cobrado
 * column holds what was paid at the sale, the applications (receipts) the rest (docs/payments.md).
 */
type FilaConSaldo = FilaFactura & { aplicado: string | number };
type FilaLinea = typeof lineasFactura.$inferSelect;
type FilaPago = typeof pagosFactura.$inferSelect;

const NOMBRE_CONSUMIDOR_FINAL = 'Consumidor final';

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

// Spec 001 §4 leaves the status empty while nothing is paid; a saved invoice with nothing paid is owed,
// so it reads 'Por Cobrar' (docs/api.md).
function estadoDelCobro(estado: string, cobrado: number, pendiente: number): Factura['estadoDelCobro'] {
  const segunDominio = estadoDeCobroVenta({ estado, pagado: cobrado, pendiente });
  return segunDominio === '' && aCentavos(pendiente) > 0 ? 'Por Cobrar' : segunDominio;
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
function pagosDeLaFactura(pagos: FilaPago[], aplicaciones: Aplicacion[]): PagoFactura[] {
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

function aDetalle(
  fila: FilaConSaldo,
  lineas: FilaLinea[],
  pagos: PagoFactura[],
  asientos: DetalleFactura['asientos'],
): DetalleFactura {
  const factura = aFactura(fila);
  return {
    FacturaDb: factura,
    linea_facturasRef: lineas.map(aLinea),
    conduce_facturado: [],
    pendiente: factura.pendiente,
    cobrado: factura.cobrado,
    montoNotaDeCreditoRef: 0,
    listaPagosIngreso: pagos,
    listaDeCredtosAfavor: [],
    retenciones: factura.retenciones,
    asientos,
  };
}

async function filaDeFactura(ctx: Ctx, id: string, bloquear = false): Promise<FilaConSaldo> {
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

async function detalleDe(ctx: Ctx, fila: FilaConSaldo): Promise<DetalleFactura> {
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
  return aDetalle(
    fila,
    lineas,
    pagosDeLaFactura(pagos, aplicado.get(fila.id)?.aplicaciones ?? []),
    await asientosDelDocumento(ctx, TIPO_DOCUMENTO_FACTURA, fila.id),
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

// ---------------------------------------------------------------- preparing a sale

type Cliente = {
  contacto: Contacto | null;
  claseNcf: { clase: ReturnType<typeof claseDeClientePorIdentificacion>; ncfPredeterminado?: string };
};

type LineaPreparada = Omit<
  typeof lineasFactura.$inferInsert,
  'importe' | 'montoDescuento' | 'subtotal' | 'totalImpuestos' | 'total'
> & { idProducto: string; unidades: string; producto: ProductoParaDocumento };

/** Everything a sale is computed from; read once, used by create and update. */
type Venta = {
  cliente: Cliente;
  terminal: CuentasDelTerminal | null;
  /** Assigned account id per key (contabilidad's assignment). */
  cuentas: CuentasAsignadas;
  idAlmacen: string;
  lista: ListaDePrecio | undefined;
  lineas: LineaPreparada[];
  totales: ReturnType<typeof calcularTotales>;
  retenciones: RetencionGuardada[];
  cobro: Extract<ReturnType<typeof calcularCobro>, { ok: true }>['valor'];
  fechaEmision: string;
  hora: string;
  vencimiento: Date;
};

async function leerCliente(ctx: Ctx, idCliente: string | null | undefined): Promise<Cliente> {
  if (!idCliente) {
    return { contacto: null, claseNcf: { clase: 'consumidorFinal' } };
  }
  const contacto = await contactoDeUnaVenta(ctx, idCliente);
  if (contacto.estado === 'Anulado' || !contacto.activo) {
    throw new AppError('conflicto', `El cliente «${contacto.nombre}» está anulado; elige otro cliente.`);
  }
  const ncf = /^[BE](\d{2})$/.exec(contacto.ncfPredeterminado)?.[1];
  return {
    contacto,
    claseNcf: {
      clase: claseDeClientePorIdentificacion(contacto.rnc),
      ...(ncf ? { ncfPredeterminado: ncf } : {}),
    },
  };
}

// Spec 001 §1, §3, §5; invariant 3: the lines are recomputed from the products (taxes, list price,
// package, variants), the client's price is kept only when the user may change prices, the discount
// stays within the user's limit (a partner's own discount is always allowed), and the totals are the
// domain's. A client total that differs is refused, never silently replaced.
async function prepararVenta(
  ctx: CtxConSesion,
  factura: Omit<FacturaEntrada, 'identificadorUnico'>,
  entradas: readonly LineaFacturaEntrada[],
  retencionesPedidas: readonly { idRetencionSeleccionada: string }[],
  totalDelCliente: { total?: number | undefined },
  contexto: ContextoDeVenta,
  idCliente: string | null | undefined,
  sinConexion = false,
  productosDelLote?: ProductosDelLote,
): Promise<Venta> {
  const usuario = ctx.usuario;
  const cliente = await leerCliente(ctx, idCliente);
  const lista = await listaParaPrecios(ctx, factura.idListaDePrecio ?? cliente.contacto?.idListaDePrecio);
  const idAlmacen =
    factura.almacenActual ?? contexto.terminal?.almacenPorDefecto ?? (await obtenerAlmacenPrincipal(ctx))._id;
  const socio = cliente.contacto?.socio ?? false;
  const productos = await productosParaVenta(
    ctx,
    entradas.map((linea) => ({
      idProducto: linea.idProducto,
      cantidad: linea.cantidad,
      paquete: linea.paquete,
      itemPersonalizado: linea.itemPersonalizado,
      variantes: linea.variantes.map((v) => ({
        valor: v.valor,
        ...(typeof v._id === 'string' ? { _id: v._id } : {}),
      })),
    })),
    idAlmacen,
    { lista, socio },
    productosDelLote,
  );
  const limite = usuario.limiteDescuento;
  const lineas = entradas.map((entrada, indice) => {
    const producto = productos[indice];
    if (!producto) {
      throw new AppError('no_encontrado', `El producto de la línea ${indice + 1} no existe o está anulado.`, {
        errores: [{ campo: `lineas.${indice}.idProducto`, mensaje: 'El producto no existe o está anulado.' }],
      });
    }
    if (entrada.paquete && !producto.paqueteIncluido) {
      throw new AppError(
        'conflicto',
        `«${producto.nombre}»: Este producto no tiene el modo de empaque configurado.`,
      );
    }
    const permitido = descuentoPermitido({
      limiteDescuento: limite,
      socio,
      descuentoParaSocios: producto.descuentoParaSocios,
    });
    if (descuentoFueraDeLimite(entrada.descuento, permitido)) {
      throw new AppError('solicitud_invalida', mensajeDescuentoInvalido(limite), {
        errores: [{ campo: `lineas.${indice}.descuento`, mensaje: mensajeDescuentoInvalido(limite) }],
      });
    }
    // An offline sale keeps the price it was charged at: the POS priced it from its downloaded
    // catalogue (with the user's price lock applied there), and the customer already paid it.
    const precio =
      entrada.precio !== undefined && (!usuario.bloquearPrecio || sinConexion)
        ? String(entrada.precio)
        : producto.linea.precio;
    const unidades = entrada.paquete ? entrada.cantidad * producto.cantidadPorPaquete : entrada.cantidad;
    return {
      tenantId: ctx.tenantId,
      idFactura: '',
      orden: indice,
      idProducto: producto._id,
      idCodigoDeBarra: entrada.idCodigoDeBarra ?? producto.idCodigoDeBarra,
      descripcion: entrada.descripcion?.trim() || producto.nombre,
      nota: entrada.nota,
      cantidad: String(entrada.cantidad),
      unidades: String(unidades),
      precio,
      descuento: String(entrada.descuento),
      descuentoParaSocios: String(producto.descuentoParaSocios),
      paquete: entrada.paquete,
      itemPersonalizado: entrada.itemPersonalizado,
      variantes: entrada.variantes,
      producto,
    };
  });
  const retenciones: RetencionGuardada[] = [];
  for (const pedida of retencionesPedidas) {
    const tipo = await obtenerRetencion(ctx, pedida.idRetencionSeleccionada);
    retenciones.push({
      idRetencionSeleccionada: tipo._id,
      nombre: tipo.nombre,
      nombreDetallado: `${tipo.nombre} (${tipo.porcentaje}%)`,
      monto: 0,
      porcentaje: tipo.porcentaje,
      tipoRetencion: tipo.tipoRetencion,
      idCuenta: tipo.cuentaContableParaVenta?.idCuenta ?? null,
    });
  }
  const totales = calcularTotales(
    lineas.map(
      (linea): LineaDocumento => ({
        cantidad: linea.cantidad,
        precio: linea.precio,
        descuento: Number(linea.descuento),
        impuestos: linea.producto.impuestos,
      }),
    ),
    retenciones.map((r) => ({ tipoRetencion: r.tipoRetencion, porcentaje: r.porcentaje })),
  );
  retenciones.forEach((retencion, indice) => {
    retencion.monto = aPesos(totales.retenciones[indice] ?? (0 as Centavos));
  });
  if (totalDelCliente.total !== undefined && aCentavos(totalDelCliente.total) !== totales.total) {
    throw new AppError(
      'solicitud_invalida',
      `El total de la factura cambió: la pantalla mostraba ${formatearDinero(aCentavos(totalDelCliente.total))} y el cálculo da ${formatearDinero(totales.total)}. Revisa los precios y vuelve a cobrar.`,
      { datos: { totalCalculado: aPesos(totales.total) } },
    );
  }
  const cobro = calcularCobro({
    metodoDePago: factura.metodoDePago,
    montoAPagar: totales.montoAPagar,
    efectivoRecibido: factura.efectivoRecibido,
    mixto: {
      Efectivo: factura.formaDePagoTotalEnEfectivo,
      Tarjeta: factura.formaDePagoTotalEnTarjeta,
      'Tarjeta-Debito': factura.formaDePagoTotalEnTarjetaDebito,
      Transferencia: factura.formaDePagoTotalEnTransferencia,
      Cheque: factura.formaDePagoTotalEnCheque,
    },
  });
  if (!cobro.ok) {
    throw new AppError('solicitud_invalida', cobro.mensaje);
  }
  const ahora = fechaYHoraEnSantoDomingo(new Date());
  const fechaEmision = factura.fechaEmision ?? ahora.fecha;
  const hora = factura.hora ?? ahora.hora;
  // Spec 001 §1: a due date holding only a date gets T12:00:00 (Santo Domingo).
  const vencimiento = new Date(`${fechaEmision}T12:00:00-04:00`);
  vencimiento.setUTCDate(vencimiento.getUTCDate() + factura.plazoPagos);
  return {
    cliente,
    terminal: contexto.terminal,
    cuentas: contexto.cuentas,
    idAlmacen,
    lista,
    lineas,
    totales,
    retenciones,
    cobro: cobro.valor,
    fechaEmision,
    hora,
    vencimiento,
  };
}

// Spec 001 §5 "Credit check": over the limit, the general configuration's authorization code (or a
// user who may cancel documents directly) lets the sale through. The customer's row is locked before
// its balance is read and stays locked until the sale commits, so concurrent credit sales to one
// customer (other cashiers, other devices' syncs) take turns and each reads the ones before it.
async function verificarCredito(
  ctx: CtxConSesion,
  venta: Venta,
  codigo: string | undefined,
  reglas: { codigoDeAutorizacion: string },
  excluir?: string,
  lote?: LoteDeVentas,
): Promise<void> {
  if (venta.cobro.pendiente <= 0) {
    return;
  }
  const contacto = venta.cliente.contacto;
  if (!contacto) {
    throw new AppError('solicitud_invalida', 'Para vender a crédito elige el cliente de la factura.');
  }
  const limite = aCentavos(contacto.limiteCredito);
  if (limite <= 0) {
    return;
  }
  if (!lote?.clientesBloqueados.has(contacto._id)) {
    for (const id of await bloquearClientesConLimite(ctx, [contacto._id])) {
      lote?.clientesBloqueados.add(id);
    }
  }
  // What the customer's invoices still owe: less what was paid at the sale and what the receivables
  // ledger applied to them (receipts).
  const [fila] = await filas<{ pendiente: string }>(
    ctx.tx,
    sql`select coalesce(sum(p.pendiente) filter (where p.pendiente > 0), 0) as pendiente from (
          select f.monto_a_pagar - f.cobrado - ${sqlAplicado(ctx, TIPO_DOCUMENTO_FACTURA, sql`f.id`)} as pendiente
          from facturas f
          where f.tenant_id = ${ctx.tenantId} and f.id_cliente = ${contacto._id} and f.estado = 'Activo'
            and f.monto_a_pagar > f.cobrado ${excluir ? sql`and f.id <> ${excluir}` : sql``}) p`,
  );
  // What earlier sales of the same batch left on credit to this customer, not written yet.
  const aCreditoEnElLote = lote?.aCredito.get(contacto._id) ?? (0 as Centavos);
  const pendiente = (aCentavos(fila?.pendiente ?? 0) + aCreditoEnElLote) as Centavos;
  if (
    !excedeLimiteDeCredito({
      limiteCredito: limite,
      pendientePorCobrar: pendiente,
      totalFactura: venta.cobro.pendiente,
    })
  ) {
    return;
  }
  if (ctx.usuario.anularYEliminarDocumentos) {
    return;
  }
  if (codigo) {
    if (reglas.codigoDeAutorizacion !== '' && codigo === reglas.codigoDeAutorizacion) {
      return;
    }
    throw new AppError('prohibido', MENSAJE_CODIGO_INVALIDO);
  }
  throw new AppError(
    'conflicto',
    `${MENSAJE_LIMITE_DE_CREDITO}: límite ${formatearDinero(limite)}, pendiente ${formatearDinero(pendiente)}, esta factura deja ${formatearDinero(venta.cobro.pendiente)} por cobrar.`,
    {
      datos: {
        excedeLimiteDeCredito: true,
        limiteCredito: aPesos(limite),
        pendientePorCobrar: aPesos(pendiente),
      },
    },
  );
}

// Spec 000 §5: with the blocking setting on, a product without ventaSinDisponibilidad cannot be sold
// beyond its stock in the warehouse; every such product is listed (spec 001 §8 productoBajoStock).
function verificarExistencia(venta: Venta, bloqueo: boolean): void {
  if (!bloqueo) {
    return;
  }
  const pedidas = new Map<string, { producto: ProductoParaDocumento; unidades: number }>();
  for (const linea of venta.lineas) {
    const actual = pedidas.get(linea.idProducto) ?? { producto: linea.producto, unidades: 0 };
    actual.unidades += Number(linea.unidades);
    pedidas.set(linea.idProducto, actual);
  }
  const faltan: ProductoBajoStock[] = [...pedidas.values()]
    .filter(
      ({ producto, unidades }) =>
        producto.productoInventariable &&
        !producto.ventaSinDisponibilidad &&
        unidades > producto.disponibilidad,
    )
    .map(({ producto, unidades }) => ({
      idProducto: producto._id,
      descripcion: producto.nombre,
      cantidad: unidades,
      disponibilidad: producto.disponibilidad,
    }));
  if (faltan.length > 0) {
    throw new AppError(
      'conflicto',
      `${MENSAJE_BAJO_STOCK}: no hay existencia suficiente de ${faltan.map((p) => `«${p.descripcion}» (hay ${p.disponibilidad})`).join(', ')}.`,
      { datos: { productoBajoStock: faltan } },
    );
  }
}

// ---------------------------------------------------------------- numbering

// fiscal-do.md §1.3: the customer's NCF type decides the numbering; a consumer sale from a terminal
// uses the terminal's numbering (spec 002 §3 "Terminal" numeracionFacturas); otherwise the company's
// default sales numbering. A chosen numbering always wins.
async function elegirNumeracion(
  ctx: Ctx,
  idNumeracion: string | null | undefined,
  venta: Venta,
): Promise<string | undefined> {
  if (idNumeracion) {
    return idNumeracion;
  }
  const codigo = tipoNcfParaCliente(venta.cliente.claseNcf);
  if (codigo === '02' && venta.terminal?.numeracionFacturas) {
    return venta.terminal.numeracionFacturas;
  }
  const codigoE = TIPOS_NCF.find((t) => t.codigoB === codigo)?.codigoE;
  const [fila] = await filas<{ id: string }>(
    ctx.tx,
    sql`select id from numeraciones
        where tenant_id = ${ctx.tenantId} and tipo_de_documento = 'ventas'
          and perfiles_de_tipos in (${`B${codigo}`}, ${`E${codigoE ?? codigo}`})
        order by predeterminado desc, (hasta is null or seq <= hasta) desc, creado_en
        limit 1`,
  );
  if (fila) {
    return fila.id;
  }
  if (codigo === '02') {
    return undefined;
  }
  const nombre = TIPOS_NCF.find((t) => t.codigoB === codigo)?.nombre ?? codigo;
  throw new AppError(
    'conflicto',
    `Este cliente necesita comprobante de ${nombre} (B${codigo}) y no hay una numeración de ese tipo. Regístrala en Configuración › Numeraciones.`,
  );
}

// ---------------------------------------------------------------- posting

export function cuentaDe(cuentas: CuentasAsignadas, clave: ClaveDeAsignacion): string {
  const cuenta = cuentas[clave];
  if (!cuenta) {
    throw new AppError(
      'conflicto',
      `No hay una cuenta asignada para «${CLAVES_DE_ASIGNACION[clave]}». Configúrala en Configuración › Asignación de cuentas contables.`,
    );
  }
  return cuenta;
}

const CLAVE_POR_IMPUESTO: Record<string, ClaveDeAsignacion> = {
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
      nota: 'Por cobrar',
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
        idCuenta: linea.producto.cuentaContableInventario ?? cuentaDe(asignacion, 'inventario'),
        credito: costo,
        nota: 'Salida de inventario',
      });
    }
  });
  return lineas;
}

type VentaEscrita = {
  fila: FilaFactura;
  lineas: FilaLinea[];
  pagos: FilaPago[];
  asiento: DetalleFactura['asientos'][number] | null;
};

type CamposDeFactura = Partial<typeof facturas.$inferInsert>;

/**
 * Writes a prepared sale in ONE call of `facturas_registrar_venta` (migration 0009; issues 7 and 8
 * throughput): a new header (`nueva`) is inserted with the number taken in the same call, or an
 * existing one (`idFactura`) is updated first with `cambios`; then the lines, payments, stock
 * movements (the inventory module's rows) and journal entry (the accounting module's). The cost of
 * sales is the average cost read with the products, the value the ledger records on the outbound
 * movements too. Null when the numbering refused the number.
 */
async function escribirVenta(
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
type DatosDeVenta = Record<string, unknown>;

function datosDeVenta(
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
  const movimientos = movimientosParaRegistrar(
    venta.lineas.map((linea) => ({
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
async function registrarVentas(ctx: CtxConSesion, datos: DatosDeVenta[]): Promise<(VentaEscrita | null)[]> {
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

function camposDeVenta(venta: Venta, factura: Omit<FacturaEntrada, 'identificadorUnico'>) {
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
  };
}

// ---------------------------------------------------------------- the sale's context

/** The company's assigned account per key (contabilidad's assignment). */
export type CuentasAsignadas = Partial<Record<ClaveDeAsignacion, string>>;

/** What a sale reads before computing: shift, an existing twin, terminal, sale rules, accounts. */
type ContextoDeVenta = {
  turno: { id: string; idTerminal: string } | null;
  /** The id of an invoice already created with this identificadorUnico. */
  existente: string | null;
  terminal: CuentasDelTerminal | null;
  reglas: { bloqueoPorNoExistencia: boolean; codigoDeAutorizacion: string };
  cuentas: CuentasAsignadas;
};

// One round trip instead of five (issue 7's throughput): each owning module supplies its part as an
// SQL expression. Without a terminal of its own, a POS sale takes its shift's terminal.
async function leerContextoDeVenta(
  ctx: Ctx,
  pedido: { idUsuarioDelTurno?: string; identificadorUnico?: string; idTerminal: string | null },
): Promise<ContextoDeVenta> {
  const turno = pedido.idUsuarioDelTurno ? sqlTurnoAbierto(ctx, pedido.idUsuarioDelTurno) : sql`null::json`;
  const terminalDelTurno = pedido.idUsuarioDelTurno
    ? sql`(select id_terminal from turnos where tenant_id = ${ctx.tenantId}
           and id_usuario = ${pedido.idUsuarioDelTurno} and estado_del_turno)`
    : sql`null::uuid`;
  const existente = pedido.identificadorUnico
    ? sql`(select id from facturas where tenant_id = ${ctx.tenantId}
           and identificador_unico = ${pedido.identificadorUnico})`
    : sql`null::uuid`;
  const [fila] = await filas<ContextoDeVenta>(
    ctx.tx,
    sql`select ${turno} as turno, ${existente} as existente,
          ${sqlCuentasDelTerminal(ctx, sql`coalesce(${pedido.idTerminal}::uuid, ${terminalDelTurno})`)} as terminal,
          ${sqlReglasDeVenta(ctx)} as reglas, ${sqlCuentasAsignadas(ctx)} as cuentas`,
  );
  if (!fila) {
    throw new Error('La lectura del contexto de la venta no devolvió fila');
  }
  if (pedido.idTerminal && !fila.terminal && !fila.existente) {
    throw new AppError('no_encontrado', 'El terminal de la factura no existe.');
  }
  return {
    ...fila,
    reglas: fila.reglas ?? { bloqueoPorNoExistencia: false, codigoDeAutorizacion: '' },
    cuentas: fila.cuentas ?? {},
  };
}

// ---------------------------------------------------------------- create

/**
 * POST /factura/crear, one transaction (issue 7): the context read finds an invoice already created
 * with this identificadorUnico (answered as solicitudDuplicada, nothing written); otherwise the sale is
 * computed and written in one statement, number included, so the numbering row is locked only until
 * the commit. A racing twin waits on the unique index and rolls back whole; its retry finds the first.
 * `sinConexion`: a sale made offline and synced now keeps its charged prices (issue 8).
 */
export async function crearFactura(
  ctx: CtxConSesion,
  entrada: CrearFactura,
  opciones: { sinConexion?: boolean } = {},
): Promise<FacturaCreada> {
  const preparada = await prepararFacturaNueva(ctx, entrada, opciones);
  if ('existente' in preparada) {
    return duplicada(ctx, await filaDeFactura(ctx, preparada.existente));
  }
  let escrita: VentaEscrita | null;
  try {
    [escrita = null] = await registrarVentas(ctx, [preparada.datos]);
  } catch (error) {
    // A twin with the same identificadorUnico committed first: this call (and the number it took)
    // rolls back, and a fresh attempt answers solicitudDuplicada with the twin.
    if (violaIndiceUnico(error, 'facturas_identificador_unico')) {
      throw new ReintentarSolicitud();
    }
    throw error;
  }
  if (!escrita) {
    // The numbering refused (expired, exhausted…): the error rolls the whole sale back.
    throw await rechazoDeNumeracion(ctx, 'ventas', preparada.idNumeracion);
  }
  return facturaCreada(escrita);
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
 * What a batch of offline sales shares (issue 8): its product rows, read once, and what its earlier
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
type FacturaPreparada = { existente: string } | { datos: DatosDeVenta; idNumeracion: string | undefined };

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
  const venta = await prepararVenta(
    ctx,
    factura,
    entrada.lineas,
    entrada.retenciones,
    entrada.total,
    contexto,
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
  await verificarCredito(ctx, venta, factura.codigoDeAutorizacion, reglas, undefined, lote);
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
      location: factura.location ?? null,
      creadaPor: ctx.usuario.username,
      idUsuarioCreador: ctx.usuario._id,
    },
  });
  return { datos, idNumeracion };
}

/**
 * The offline sync's fast path (issue 8): a batch of sales prepared one after another in the caller's
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
async function bloquearLoQueElLoteLee(
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

// ---------------------------------------------------------------- update

// Whether the invoice has payments: receipts applied to it in the receivables ledger (in force) and,
// unless `soloIngresos`, the payment taken at the sale.
async function pagosPosteriores(ctx: Ctx, idFactura: string, soloIngresos: boolean): Promise<boolean> {
  const [fila] = await filas<{ existe: boolean }>(
    ctx.tx,
    sql`select ${sqlAplicado(ctx, TIPO_DOCUMENTO_FACTURA, sql`${idFactura}::uuid`)} > 0
        ${soloIngresos ? sql`` : sql`or exists (select 1 from pagos_factura where tenant_id = ${ctx.tenantId} and id_factura = ${idFactura})`}
        as existe`,
  );
  return fila?.existe ?? false;
}

/**
 * PUT /factura/{id}: rewrites an active invoice's lines, payment and customer data. Its stock
 * movements and journal entry are reversed and written again (never edited); the number and NCF stay.
 * Invoices with receipts applied, or cancelled ones, cannot change.
 */
export async function actualizarFactura(
  ctx: CtxConSesion,
  id: string,
  entrada: ActualizarFactura,
): Promise<DetalleFactura> {
  const fila = await filaDeFactura(ctx, id, true);
  if (fila.estado !== 'Activo') {
    throw new AppError(
      'conflicto',
      `La factura ${fila.comprobante ?? ''} está ${fila.estado.toLowerCase()}; no se puede modificar.`,
    );
  }
  if (await pagosPosteriores(ctx, id, true)) {
    throw new AppError('conflicto', 'No se puede modificar: la factura tiene pagos asociados.');
  }
  const contexto = await leerContextoDeVenta(ctx, { idTerminal: fila.idTerminal });
  const venta = await prepararVenta(
    ctx,
    entrada.factura,
    entrada.lineas,
    entrada.retenciones,
    entrada.total,
    contexto,
    entrada.factura.idCliente === undefined ? fila.idCliente : entrada.factura.idCliente,
  );
  const reglas = contexto.reglas;
  await verificarCredito(ctx, venta, entrada.factura.codigoDeAutorizacion, reglas, id);
  await revertirMovimientos(ctx, { tipoDocumento: TIPO_DOCUMENTO_FACTURA, idDocumento: id });
  verificarExistencia(await conExistenciaActual(ctx, venta), reglas.bloqueoPorNoExistencia);
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_FACTURA,
    id,
    venta.fechaEmision,
    `Modificación de la factura ${fila.comprobante ?? ''}`,
  );
  await ctx.tx
    .delete(lineasFactura)
    .where(and(eq(lineasFactura.tenantId, ctx.tenantId), eq(lineasFactura.idFactura, id)));
  await ctx.tx
    .delete(pagosFactura)
    .where(and(eq(pagosFactura.tenantId, ctx.tenantId), eq(pagosFactura.idFactura, id)));
  await escribirVenta(ctx, venta, entrada.factura.numeroDeAprobacionTarjeta, {
    idFactura: id,
    cambios: {
      ...camposDeVenta(venta, entrada.factura),
      idUsuarioModificador: ctx.usuario._id,
      actualizadoEn: new Date(),
    },
  });
  return obtenerFactura(ctx, id);
}

// The sale's products' stock, read again on balances locked until the commit (the ledger's
// bloquearExistencias): the value the stock check may trust. An edit reads it after reversing the
// invoice's own movements.
async function conExistenciaActual(ctx: Ctx, venta: Venta): Promise<Venta> {
  const saldos = await bloquearExistencias(
    ctx,
    venta.lineas.map((linea) => linea.idProducto),
    venta.idAlmacen,
  );
  const porProducto = new Map(saldos.map((saldo) => [saldo.idProducto, saldo.disponibilidad]));
  return {
    ...venta,
    lineas: venta.lineas.map((linea) => ({
      ...linea,
      producto: { ...linea.producto, disponibilidad: porProducto.get(linea.idProducto) ?? 0 },
    })),
  };
}

/** PUT /factura/actualizar-cliente/{idCliente}/{idFactura}: the invoice takes the contact's current data. */
export async function actualizarClienteDeFactura(
  ctx: CtxConSesion,
  idCliente: string,
  idFactura: string,
  codigoDeAutorizacion?: string,
): Promise<DetalleFactura> {
  // Spec 001 §5: syncing an invoice with the contact needs the configuration's code, except for users
  // who may cancel documents directly.
  if (!ctx.usuario.anularYEliminarDocumentos) {
    const { codigoDeAutorizacion: codigo } = await reglasDeVenta(ctx);
    if (codigo === '' || codigoDeAutorizacion !== codigo) {
      throw new AppError('prohibido', MENSAJE_CODIGO_INVALIDO);
    }
  }
  const fila = await filaDeFactura(ctx, idFactura, true);
  if (fila.estado === 'Anulado') {
    throw new AppError('conflicto', 'La factura está anulada; no se puede cambiar su cliente.');
  }
  const cliente = await leerCliente(ctx, idCliente);
  const contacto = cliente.contacto as Contacto;
  // The NCF already issued must still fit the customer (fiscal-do.md §1.3).
  const codigo = tipoNcfParaCliente(cliente.claseNcf);
  if (
    fila.tipoNcf &&
    fila.tipoNcf.slice(1) !== codigo &&
    fila.tipoNcf.slice(1) !== TIPOS_NCF.find((t) => t.codigoB === codigo)?.codigoE
  ) {
    throw new AppError(
      'conflicto',
      `El comprobante ${fila.comprobante} es de tipo ${fila.tipoNcf} y este cliente necesita otro tipo; anula la factura y emite una nueva.`,
    );
  }
  await ctx.tx
    .update(facturas)
    .set({
      ...instantaneaDelCliente(contacto, ''),
      idUsuarioModificador: ctx.usuario._id,
      actualizadoEn: new Date(),
    })
    .where(and(eq(facturas.tenantId, ctx.tenantId), eq(facturas.id, idFactura)));
  return obtenerFactura(ctx, idFactura);
}

// ---------------------------------------------------------------- cancel and delete

function motivoDe(codigo: string): string {
  return MOTIVOS_ANULACION_FACTURA.find((m) => String(m.codigo) === codigo)?.motivo ?? codigo;
}

// The sale is undone: stock comes back through the ledger, a reversing journal entry is posted and
// the order it billed is open again. The NCF stays on the invoice (reported as voided in the 608;
// fiscal-do.md).
async function deshacerVenta(ctx: Ctx, fila: FilaFactura): Promise<void> {
  if (fila.idPedido) {
    await liberarPedido(ctx, fila.idPedido, fila.id);
  }
  await revertirMovimientos(ctx, { tipoDocumento: TIPO_DOCUMENTO_FACTURA, idDocumento: fila.id });
  await revertirAsientos(
    ctx,
    TIPO_DOCUMENTO_FACTURA,
    fila.id,
    fechaYHoraEnSantoDomingo(new Date()).fecha,
    `Anulación de la factura ${fila.comprobante ?? ''}`.trim(),
  );
}

/**
 * PUT factura/anular/{id} (spec 000 §4, 001 §4-§5): a user with anularYEliminarDocumentos cancels at
 * once; anyone else files a request (Por-Anular / Pendiente) for a supervisor. A supervisor resolves a
 * pending request by sending autorizacion Aprobada (cancelled, stock and journal reversed) or
 * Rechazada (back to Activo, 'Solicitud Denegada').
 */
export async function anularFactura(
  ctx: CtxConSesion,
  id: string,
  entrada: AnularFactura,
): Promise<{ facturadb: Factura; resultado: 'anulada' | 'solicitada' | 'aprobada' | 'rechazada' }> {
  const fila = await filaDeFactura(ctx, id, true);
  const { documento, resultado } = await anularDocumento(
    ctx,
    {
      tipoDocumento: 'factura',
      id,
      numero: fila.comprobante ?? String(fila.numeroFactura ?? ''),
      estado: fila.estado,
      nombre: `La factura ${fila.comprobante ?? ''}`.trim(),
      anulado: 'anulada',
    },
    entrada,
    {
      motivo: async () => {
        const motivo = validarMotivoDeAnulacion('factura', entrada.tipoDeAnulacion);
        if (!motivo.ok) {
          throw new AppError('solicitud_invalida', MENSAJE_MOTIVO_FACTURA, {
            errores: [{ campo: 'tipoDeAnulacion', mensaje: MENSAJE_MOTIVO_FACTURA }],
          });
        }
        // Spec 001 §4: an invoice with payments cannot be cancelled when not from the POS (a POS sale's
        // payment is the shift's cash, which the cancellation takes out of the shift); receipts applied
        // later block both.
        if (await pagosPosteriores(ctx, id, fila.desdePos)) {
          throw new AppError('conflicto', MENSAJE_TIENE_PAGOS);
        }
        return { tipoDeAnulacion: motivo.valor, notaAnular: entrada.notaAnular || motivoDe(motivo.valor) };
      },
      deshacer: () => deshacerVenta(ctx, fila),
      guardar: async (cambio) => {
        const [cambiada] = await ctx.tx
          .update(facturas)
          .set({
            ...cambio,
            // Spec 001 §4: a cancelled invoice leaves the active list (activo false); a rejected request
            // and a pending one keep it.
            activo: cambio.estado !== 'Anulado',
            idUsuarioModificador: ctx.usuario._id,
            actualizadoEn: new Date(),
          })
          .where(and(eq(facturas.tenantId, ctx.tenantId), eq(facturas.id, id)))
          .returning();
        return cambiada ?? fila;
      },
    },
  );
  const resultados = {
    directa: 'anulada',
    solicitada: 'solicitada',
    aprobada: 'aprobada',
    rechazada: 'rechazada',
  } as const;
  // The row was locked when read: what the ledger applied to it has not changed since.
  return { facturadb: aFactura({ ...documento, aplicado: fila.aplicado }), resultado: resultados[resultado] };
}

/**
 * DELETE /factura/eliminar/{id} (spec 001 §4: never with payments). A fiscal invoice is never deleted:
 * its NCF must be reported, so it is cancelled instead; an internal-numbered invoice without payments
 * is removed after its stock and journal are reversed.
 */
export async function eliminarFactura(ctx: CtxConSesion, id: string): Promise<{ facturadb: Factura }> {
  const fila = await filaDeFactura(ctx, id, true);
  if (await pagosPosteriores(ctx, id, false)) {
    throw new AppError('conflicto', MENSAJE_NO_ELIMINAR_CON_PAGOS);
  }
  if (fila.tipoNcf) {
    throw new AppError(
      'conflicto',
      `La factura ${fila.comprobante} tiene NCF y no se puede eliminar: anúlala para que el comprobante conste en el reporte 608.`,
    );
  }
  if (fila.estado !== 'Anulado') {
    await deshacerVenta(ctx, fila);
  }
  await ctx.tx.delete(facturas).where(and(eq(facturas.tenantId, ctx.tenantId), eq(facturas.id, id)));
  return { facturadb: aFactura(fila) };
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

/** POST factura/r-cuentas-por-cobrar/: active invoices with something pending, oldest due first. */
export async function cuentasPorCobrar(
  ctx: Ctx,
  filtro: {
    fechaInicial?: string | null | undefined;
    fechaFinal?: string | null | undefined;
    idCliente?: string | null | undefined;
  },
): Promise<{ listaDeFacturas: Factura[]; totalPendiente: number }> {
  const condiciones = [sql`tenant_id = ${ctx.tenantId}`, sql`estado = 'Activo'`, sqlDebe(ctx)];
  if (filtro.idCliente) {
    condiciones.push(sql`id_cliente = ${filtro.idCliente}`);
  }
  if (filtro.fechaInicial) {
    condiciones.push(sql`fecha_emision >= ${filtro.fechaInicial.slice(0, 10)}::date`);
  }
  if (filtro.fechaFinal) {
    condiciones.push(sql`fecha_emision <= ${filtro.fechaFinal.slice(0, 10)}::date`);
  }
  const lista = await ctx.tx
    .select(columnasConSaldo(ctx))
    .from(facturas)
    .where(sql.join(condiciones, sql` and `))
    .orderBy(asc(facturas.vencimiento), asc(facturas.numeroFactura));
  const facturasPendientes = lista.map(aFactura);
  const total = facturasPendientes.reduce((suma, f) => suma + aCentavos(f.pendiente), 0);
  return { listaDeFacturas: facturasPendientes, totalPendiente: aPesos(total as Centavos) };
}
