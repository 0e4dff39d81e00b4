import {
  type Contacto,
  type FacturaEntrada,
  type LineaFacturaEntrada,
  MENSAJE_CODIGO_INVALIDO,
  MENSAJE_LIMITE_DE_CREDITO,
  type ProductoParaDocumento,
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
  excedeLimiteDeCredito,
  fechaYHoraEnSantoDomingo,
  formatearDinero,
  type LineaDocumento,
  type ListaDePrecio,
  mensajeDescuentoInvalido,
  TIPOS_NCF,
  tipoNcfParaCliente,
} from '@pos/domain';
import { sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { sqlAplicado } from '../cartera/service.ts';
import { exigirCentroDeCosto } from '../centrosDeCosto/service.ts';
import {
  type CuentasDelTerminal,
  listaParaPrecios,
  obtenerRetencion,
  sqlCuentasDelTerminal,
} from '../configuracion/service.ts';
import { type CuentasAsignadas, sqlCuentasAsignadas } from '../contabilidad/service.ts';
import { bloquearClientesConLimite, contactoDeUnaVenta } from '../contactos/service.ts';
import { sqlReglasDeVenta } from '../empresas/service.ts';
import { obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { bloquearExistencias, exigirExistencia } from '../productos/movimientos.service.ts';
import { type ProductosDelLote, productosParaVenta } from '../productos/venta.ts';
import { sqlTurnoAbierto } from '../turnos/service.ts';
import type { LoteDeVentas } from './crear.ts';
import { TIPO_DOCUMENTO_FACTURA } from './lectura.ts';
import type { Origenes } from './origenes.ts';
import type { lineasFactura, RetencionGuardada } from './tables.ts';

/** The ledger's and the journal's document type of invoices. */

// ---------------------------------------------------------------- preparing a sale

type Cliente = {
  contacto: Contacto | null;
  claseNcf: { clase: ReturnType<typeof claseDeClientePorIdentificacion>; ncfPredeterminado?: string };
};

export type LineaPreparada = Omit<
  typeof lineasFactura.$inferInsert,
  'importe' | 'montoDescuento' | 'subtotal' | 'totalImpuestos' | 'total'
> & { idProducto: string; unidades: string; producto: ProductoParaDocumento };

/** Everything a sale is computed from; read once, used by create and update. */
export type Venta = {
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
  /** The cost centre every line of the sale's entry carries (spec 001 §3 "Invoice": idCentroDeCosto). */
  idCentroDeCosto: string | null;
};

export async function leerCliente(ctx: Ctx, idCliente: string | null | undefined): Promise<Cliente> {
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
export async function prepararVenta(
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
    // Spec 001 §2: a line billed from a delivery note keeps the conduce's price and discount (allowed
    // when the conduce was issued).
    const deConduce = entrada.idLineaConduce
      ? contexto.lineasDeConduce?.get(entrada.idLineaConduce)
      : undefined;
    const permitido = descuentoPermitido({
      limiteDescuento: limite,
      socio,
      descuentoParaSocios: producto.descuentoParaSocios,
    });
    if (!deConduce && descuentoFueraDeLimite(entrada.descuento, permitido)) {
      throw new AppError('solicitud_invalida', mensajeDescuentoInvalido(limite), {
        errores: [{ campo: `lineas.${indice}.descuento`, mensaje: mensajeDescuentoInvalido(limite) }],
      });
    }
    // An offline sale keeps the price it was charged at: the POS priced it from its downloaded
    // catalogue (with the user's price lock applied there), and the customer already paid it.
    const precio = deConduce
      ? deConduce.precio
      : entrada.precio !== undefined && (!usuario.bloquearPrecio || sinConexion)
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
      descuento: String(deConduce ? deConduce.descuento : entrada.descuento),
      descuentoParaSocios: String(producto.descuentoParaSocios),
      paquete: entrada.paquete,
      itemPersonalizado: entrada.itemPersonalizado,
      variantes: entrada.variantes,
      idLineaConduce: deConduce?._id ?? null,
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
    // No query when none is given: the POS sale path stays as fast as before.
    idCentroDeCosto: await exigirCentroDeCosto(ctx, factura.idCentroDeCosto),
  };
}

// Spec 001 §5 "Credit check": over the limit, the general configuration's authorization code (or a
// user who may cancel documents directly) lets the sale through. The customer's row is locked before
// its balance is read and stays locked until the sale commits, so concurrent credit sales to one
// customer (other cashiers, other devices' syncs) take turns and each reads the ones before it.
export async function verificarCredito(
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

// Spec 000 §5: with the blocking setting on, the sale takes no stocked product beyond its stock in the
// warehouse (the ledger's rule, exigirExistencia), on the disponibilidad its products carry: read
// locked by conExistenciaActual, or counted by the sync batch.
export function verificarExistencia(venta: Venta, bloqueo: boolean): void {
  if (!bloqueo) {
    return;
  }
  const disponibilidad = new Map(venta.lineas.map((l) => [l.idProducto, l.producto.disponibilidad]));
  exigirExistencia(
    // A line billed from a delivery note takes nothing now: its goods left with the conduce.
    venta.lineas
      .filter((linea) => !linea.idLineaConduce)
      .map((linea) => ({
        idProducto: linea.idProducto,
        descripcion: linea.producto.nombre,
        unidades: Number(linea.unidades),
        productoInventariable: linea.producto.productoInventariable,
        ventaSinDisponibilidad: linea.producto.ventaSinDisponibilidad,
      })),
    (idProducto) => disponibilidad.get(idProducto) ?? 0,
  );
}

// ---------------------------------------------------------------- numbering

// fiscal-do.md §1.3: the customer's NCF type decides the numbering; a consumer sale from a terminal
// uses the terminal's numbering (spec 002 §3 "Terminal" numeracionFacturas); otherwise the company's
// default sales numbering. A chosen numbering always wins.
export async function elegirNumeracion(
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

// ---------------------------------------------------------------- the sale's context

/** What a sale reads before computing: shift, an existing twin, terminal, sale rules, accounts. */
type ContextoDeVenta = {
  turno: { id: string; idTerminal: string } | null;
  /** The id of an invoice already created with this identificadorUnico. */
  existente: string | null;
  terminal: CuentasDelTerminal | null;
  reglas: { bloqueoPorNoExistencia: boolean; codigoDeAutorizacion: string };
  cuentas: CuentasAsignadas;
  /** The lines of the delivery notes the invoice bills (facturas/origenes.ts). */
  lineasDeConduce?: Origenes['lineasDeConduce'];
};

// One round trip instead of five (the sale benchmark's throughput, bench/facturas.bench.ts): each owning module supplies its part as an
// SQL expression. Without a terminal of its own, a POS sale takes its shift's terminal.
export async function leerContextoDeVenta(
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

// The sale's products' stock, read again on balances locked until the commit (the ledger's
// bloquearExistencias): the value the stock check may trust. An edit reads it after reversing the
// invoice's own movements.
export async function conExistenciaActual(ctx: Ctx, venta: Venta): Promise<Venta> {
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
