import {
  type ActualizarNotaDeCredito,
  type AnularNotaDeCredito,
  type CrearNotaDeCredito,
  type DetalleNotaDeCredito,
  type FiltroNotasDeCredito,
  type LineaCreditoFacturaEntrada,
  type LineaDevolucionEntrada,
  type LineaNotaDeCreditoEntrada,
  type ListaNotasDeCredito,
  MENSAJE_MOTIVO_NOTA_DE_CREDITO,
  MENSAJE_NOTA_DE_CREDITO_NO_EXISTE,
  MENSAJE_NOTA_SIN_LINEAS,
  MENSAJE_TURNO_CERRADO,
  MENSAJE_TURNO_CERRADO_NOTA,
  type NotaDeCredito,
  type NotaDeCreditoEntrada,
  reglaDeVinculos,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  calcularTotales,
  fechaYHoraEnSantoDomingo,
  formatearDinero,
  type Impuesto,
  sumarCentavos,
} from '@pos/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { paginaDe } from '../../db/paginas.ts';
import { crearUnaVez } from '../../db/sinDuplicados.ts';
import { condicionesDeLista } from '../../documentos/documento.ts';
import { totalesDeVenta } from '../../documentos/venta.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { anularDocumento, registrarSolicitud } from '../anulaciones/service.ts';
import { aplicar, revertir } from '../cartera/service.ts';
import { type CuentasDelTerminal, sqlCuentasDelTerminal } from '../configuracion/service.ts';
import { type LineaDeAsiento, registrarAsiento, revertirAsientos } from '../contabilidad/asientos.service.ts';
import { cuentaDeDetalle, referenciasDeCuentas, sqlCuentasAsignadas } from '../contabilidad/service.ts';
import { anularCreditosDe, crearCredito, cuentaDeAnticipos } from '../creditos/service.ts';
import { CLAVE_POR_IMPUESTO, cuentaDe } from '../facturas/escritura.ts';
import { type FilaConSaldo, filaDeFactura, TIPO_DOCUMENTO_FACTURA } from '../facturas/lectura.ts';
import type { CuentasAsignadas } from '../facturas/venta.ts';
import { tomarNumero } from '../numeracion/service.ts';
import { registrarMovimientos, revertirMovimientos } from '../productos/movimientos.service.ts';
import { turnoAbiertoDe } from '../turnos/service.ts';
import {
  devolucionesNotaDeCredito,
  type FilaDevolucion,
  type FilaFacturaVinculada,
  type FilaLineaNotaDeCredito,
  type FilaNotaDeCredito,
  facturasNotaDeCredito,
  lineasNotaDeCredito,
  notasDeCredito,
} from './tables.ts';

// Credit notes (spec 001 §2, §3 "Credit note", §4, §5, §7 "Credit notes", §8; docs/documents.md «Notas de
// crédito»). A note returns goods of one invoice (the invoice it modifies): each product line returns a
// line of that invoice at the price, discount and taxes it was sold with (never re-priced), so the kit's
// `documento()` (which prices lines from the product) does not fit; its pieces are used instead:
// crearUnaVez, tomarNumero, the list filter, paginaDe and the cancellation flow. Its effects, all in the
// request's transaction and undone exactly by cancel/approve/delete (rewritten by edit):
// - stock back into the invoice's warehouse at the cost it left with (ledger type 'devolucion');
// - one journal entry: Dr sales returns (subtotal), Dr each tax payable; Cr the invoice's receivable
//   (the part applied to the linked invoice), each refund's account, customer advances (the rest); and
//   Dr inventory / Cr cost of sales at cost;
// - the linked invoice's pending amount drops by the applied part (cartera, tipoOrigen 'notaDeCredito').

/** The document type of the note's cancellation requests, journal entries and cartera applications. */
export const TIPO_DOCUMENTO_NOTA_DE_CREDITO = 'notaDeCredito';
/** The stock ledger's type of a customer return. */
const TIPO_MOVIMIENTO = 'devolucion';
const INDICE_IDENTIFICADOR = 'notas_de_credito_identificador_unico';

// Quantities have 4 decimals: compared in ten-thousandths, never as binary fractions.
const aDiezMilesimas = (valor: number | string) => Math.round(Number(valor) * 10_000);
const numero = (valor: string | number | null) => Number(valor ?? 0);

// ------------------------------------------------------------------------------------ answers

async function aNota(ctx: Ctx, fila: FilaNotaDeCredito): Promise<NotaDeCredito> {
  const cuentas = await referenciasDeCuentas(ctx, [fila.idCuentaDevoluciones]);
  return aNotaCon(fila, cuentas);
}

function aNotaCon(
  fila: FilaNotaDeCredito,
  cuentas: Map<string, NotaDeCredito['CuentaContableDevolucionesDeClientes']>,
): NotaDeCredito {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    idNumeracion: fila.idNumeracion,
    numeracionNombre: fila.numeracionNombre,
    comprobante: fila.comprobante,
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
    fechaEmision: fila.fechaEmision,
    hora: fila.hora,
    vencimiento: fila.vencimiento,
    importe: numero(fila.importe),
    descuento: numero(fila.descuento),
    subtotal: numero(fila.subtotal),
    impuestos: numero(fila.impuestos),
    totalGral: numero(fila.totalGral),
    notaPieDePagina: fila.notaPieDePagina,
    notaInformacionInterna: fila.notaInformacionInterna,
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    activo: fila.estado !== 'Anulado',
    tipoDeAnulacion: fila.tipoDeAnulacion,
    notaAnular: fila.notaAnular,
    notaAutorizacion: fila.notaAutorizacion,
    idUsuarioCreador: fila.idUsuarioCreador,
    creadaPor: fila.creadaPor,
    creadoEn: fila.creadoEn.toISOString(),
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

async function detalleDe(ctx: Ctx, fila: FilaNotaDeCredito): Promise<DetalleNotaDeCredito> {
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

async function fila(ctx: Ctx, id: string, bloquear = false): Promise<FilaNotaDeCredito> {
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

async function filasDe(ctx: Ctx, id: string) {
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

async function porIdentificador(ctx: Ctx, identificadorUnico: string) {
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

// ------------------------------------------------------------------------------------ the invoice

const etiquetaDe = (f: FilaConSaldo) => f.comprobante ?? String(f.numeroFactura ?? '');

/** What an invoice still owes (its amount less what was paid at the sale and applied since). */
const pendienteDe = (f: FilaConSaldo) =>
  (aCentavos(f.montoAPagar) - aCentavos(f.cobrado) - aCentavos(f.aplicado)) as Centavos;

/**
 * The invoice a note modifies or is linked to, locked until the note commits (spec 001 §3): it must be
 * active. Two notes of one invoice take turns here, so the second reads what the first returned.
 */
async function facturaActiva(ctx: Ctx, idFactura: string, campo: string): Promise<FilaConSaldo> {
  const factura = await filaDeFactura(ctx, idFactura, true);
  if (factura.estado !== 'Activo') {
    const estado = factura.estado === 'Anulado' ? 'anulada' : 'por anular';
    throw new AppError(
      'conflicto',
      `La factura ${etiquetaDe(factura)} está ${estado}; no admite notas de crédito.`,
      { errores: [{ campo, mensaje: 'La factura no está activa.' }] },
    );
  }
  return factura;
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
 * Read-only queries over the invoice's and the ledger's rows.
 */
async function lineasVendidas(ctx: Ctx, idFactura: string, excepto: string | null) {
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

type LineaPreparada = {
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

/**
 * Each returned line from the invoice line it names (spec 001 §3, docs/documents.md): its product,
 * price, discount and taxes as sold. Never more than sold minus what the other active notes returned.
 */
async function prepararLineas(
  ctx: Ctx,
  factura: FilaConSaldo,
  entradas: readonly LineaNotaDeCreditoEntrada[],
  excepto: string | null,
): Promise<LineaPreparada[]> {
  if (entradas.length === 0) {
    throw new AppError('solicitud_invalida', MENSAJE_NOTA_SIN_LINEAS, {
      errores: [{ campo: 'lineasNotasDeCredito', mensaje: MENSAJE_NOTA_SIN_LINEAS }],
    });
  }
  const vendidas = await lineasVendidas(ctx, factura.id, excepto);
  const vistas = new Set<string>();
  return entradas.map((entrada, indice) => {
    const campo = `lineasNotasDeCredito.${indice}.cantidad`;
    const vendida = vendidas.get(entrada.idLineaFactura);
    if (!vendida) {
      throw new AppError(
        'solicitud_invalida',
        `Una línea no pertenece a la factura ${etiquetaDe(factura)}.`,
        {
          errores: [
            { campo: `lineasNotasDeCredito.${indice}.idLineaFactura`, mensaje: 'No es de la factura.' },
          ],
        },
      );
    }
    if (vistas.has(vendida.id)) {
      throw new AppError(
        'solicitud_invalida',
        `«${vendida.descripcion}» viene repetida en la nota de crédito.`,
      );
    }
    vistas.add(vendida.id);
    const queda = aDiezMilesimas(vendida.cantidad) - aDiezMilesimas(vendida.devuelta);
    if (aDiezMilesimas(entrada.cantidad) > queda) {
      throw new AppError(
        'conflicto',
        `«${vendida.descripcion}»: se devolverían ${entrada.cantidad} y de la factura ${etiquetaDe(factura)} quedan ${Math.max(0, queda) / 10_000} por devolver (vendida ${numero(vendida.cantidad)}, devuelta ${numero(vendida.devuelta)}).`,
        { errores: [{ campo, mensaje: `Quedan ${Math.max(0, queda) / 10_000} por devolver.` }] },
      );
    }
    const porUnidad = numero(vendida.unidades) / numero(vendida.cantidad);
    return {
      ...(entrada._id ? { id: entrada._id } : {}),
      idProducto: vendida.id_producto,
      idCodigoDeBarra: vendida.id_codigo_de_barra,
      descripcion: vendida.descripcion,
      nota: entrada.nota,
      cantidad: String(entrada.cantidad),
      unidades: String(Math.round(entrada.cantidad * porUnidad * 10_000) / 10_000),
      precio: vendida.precio,
      descuento: vendida.descuento,
      descuentoParaSocios: vendida.descuento_para_socios,
      impuestos: vendida.impuestos.map((i) => ({
        name: i.name ?? '',
        tipoDeImpuesto: i.tipoDeImpuesto ?? '',
        tasa: Number(i.tasa),
      })),
      paquete: vendida.paquete,
      variantes: vendida.variantes,
      idLineaFactura: vendida.id,
      costoUnitario: vendida.costo ?? undefined,
    };
  });
}

/** The lines' amounts and the note's totals: the domain's, never the client's (spec 001 §1). */
function calcular(lineas: readonly LineaPreparada[]) {
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

type Contexto = {
  terminal: CuentasDelTerminal | null;
  cuentas: CuentasAsignadas | null;
};

async function contextoDeCuentas(ctx: Ctx, idTerminal: string | null): Promise<Contexto> {
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
function cajaDe(contexto: Contexto): string {
  return contexto.terminal?.cajaDefectvoIdRef ?? cuentaDe(contexto.cuentas ?? {}, 'cajaGeneral');
}

/** The receivable account the invoice's own entry debited (its customer's, or the company's). */
async function cuentaPorCobrarDe(ctx: Ctx, idFactura: string, asignadas: CuentasAsignadas): Promise<string> {
  const [leida] = await filas<{ id_cuenta: string }>(
    ctx.tx,
    sql`select la.id_cuenta from asientos_contables a
          join lineas_asiento la on la.tenant_id = a.tenant_id and la.id_asiento = a.id
        where a.tenant_id = ${ctx.tenantId} and a.tipo_documento = ${TIPO_DOCUMENTO_FACTURA}
          and a.id_documento = ${idFactura} and a.id_asiento_revertido is null
          and la.debito > 0 and la.nota = 'Por cobrar'
        order by a.numero desc limit 1`,
  );
  return leida?.id_cuenta ?? cuentaDe(asignadas, 'cuentasPorCobrarClientes');
}

// ------------------------------------------------------------------------------------ effects

/** Writes the note's effects from its saved rows (creation, and again after an edit). */
async function escribirEfectos(ctx: CtxConSesion, nota: FilaNotaDeCredito): Promise<void> {
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
          idCuenta: producto.id_cuenta_inventario ?? cuentaDe(asignadas, 'inventario'),
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
      idCuenta: await cuentaPorCobrarDe(ctx, vinculada.idFactura, asignadas),
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
async function deshacerEfectos(ctx: CtxConSesion, nota: FilaNotaDeCredito, porque: string): Promise<void> {
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

// ------------------------------------------------------------------------------------ writing rows

type Reparto = { aplicado: Centavos; devuelto: Centavos; credito: Centavos; comprobanteVinculada: string };

/**
 * How the note's total goes (spec 001 §4, docs/documents.md): to the linked invoice, at most what it owes
 * (it is locked here); or refunded, never more than the total; the rest is a credit in favour, which
 * needs a customer.
 */
async function repartir(
  ctx: Ctx,
  total: Centavos,
  modificada: FilaConSaldo,
  vinculadas: readonly LineaCreditoFacturaEntrada[],
  devoluciones: readonly LineaDevolucionEntrada[],
): Promise<Reparto> {
  const mensaje = reglaDeVinculos(vinculadas, devoluciones);
  if (mensaje) {
    throw new AppError('solicitud_invalida', mensaje, {
      errores: [{ campo: 'lineasCreditoFacturas', mensaje }],
    });
  }
  let aplicado = 0 as Centavos;
  let comprobanteVinculada = '';
  const [vinculada] = vinculadas;
  if (vinculada) {
    // Read again (locked): on an edit, what it owes now that this note's own application was undone.
    const factura = await facturaActiva(ctx, vinculada.idFactura, 'lineasCreditoFacturas.0.idFactura');
    if (factura.idCliente !== modificada.idCliente) {
      throw new AppError(
        'solicitud_invalida',
        `La factura ${etiquetaDe(factura)} es de otro cliente; vincula una factura de ${modificada.nombre || 'este cliente'}.`,
        { errores: [{ campo: 'lineasCreditoFacturas.0.idFactura', mensaje: 'Es de otro cliente.' }] },
      );
    }
    aplicado = Math.max(0, Math.min(total, pendienteDe(factura))) as Centavos;
    comprobanteVinculada = etiquetaDe(factura);
  }
  const devuelto = sumarCentavos(devoluciones.map((d) => aCentavos(d.importe)));
  if (devuelto > total) {
    throw new AppError(
      'solicitud_invalida',
      `Las devoluciones suman ${formatearDinero(devuelto)} y la nota de crédito es de ${formatearDinero(total)}.`,
      { errores: [{ campo: 'lineasDevoluciones', mensaje: 'Pasan del total de la nota.' }] },
    );
  }
  const credito = (total - aplicado - devuelto) as Centavos;
  if (credito > 0 && !modificada.idCliente) {
    throw new AppError(
      'solicitud_invalida',
      `La factura ${etiquetaDe(modificada)} no tiene cliente: devuelve el dinero (${formatearDinero(credito)}) en la nota de crédito; no puede quedar como crédito a favor.`,
      { errores: [{ campo: 'lineasDevoluciones', mensaje: 'Devuelve el total de la nota.' }] },
    );
  }
  return { aplicado, devuelto, credito, comprobanteVinculada };
}

/** The refund rows: each account must be a detail account; none means the cash box (a cash refund). */
async function devolucionesPreparadas(
  ctx: Ctx,
  entradas: readonly LineaDevolucionEntrada[],
  contexto: Contexto,
  fecha: string,
  idTurno: string | null,
) {
  const caja = entradas.length > 0 ? cajaDe(contexto) : '';
  const preparadas = [];
  for (const [i, d] of entradas.entries()) {
    const idCuenta = d.afectarCuenta?.idCuenta ?? caja;
    if (d.afectarCuenta) {
      await cuentaDeDetalle(ctx, idCuenta, `la cuenta de la devolución ${i + 1}`);
    }
    preparadas.push({
      ...(d._id ? { id: d._id } : {}),
      orden: i,
      fechaDeEmision: d.fechaDeEmision ?? fecha,
      idCuenta,
      efectivo: idCuenta === caja,
      importe: String(d.importe),
      nota: d.nota,
      idTurno,
    });
  }
  return preparadas;
}

async function insertarFilas(
  ctx: Ctx,
  idNota: string,
  lineas: readonly LineaPreparada[],
  devoluciones: Awaited<ReturnType<typeof devolucionesPreparadas>>,
  vinculadas: readonly LineaCreditoFacturaEntrada[],
  reparto: Reparto,
) {
  const { filas: montos } = calcular(lineas);
  await ctx.tx.insert(lineasNotaDeCredito).values(
    lineas.map(({ id, unidades, costoUnitario, ...l }, orden) => ({
      ...(id ? { id } : {}),
      ...l,
      ...montos[orden],
      total: montos[orden]?.total ?? '0',
      unidades,
      costoUnitario: costoUnitario ?? '0',
      tenantId: ctx.tenantId,
      idDocumento: idNota,
      orden,
    })),
  );
  if (devoluciones.length > 0) {
    await ctx.tx
      .insert(devolucionesNotaDeCredito)
      .values(devoluciones.map((d) => ({ ...d, tenantId: ctx.tenantId, idNotaDeCredito: idNota })));
  }
  const [vinculada] = vinculadas;
  if (vinculada) {
    await ctx.tx.insert(facturasNotaDeCredito).values({
      ...(vinculada._id ? { id: vinculada._id } : {}),
      tenantId: ctx.tenantId,
      idNotaDeCredito: idNota,
      idFactura: vinculada.idFactura,
      comprobante: reparto.comprobanteVinculada,
      monto: String(aPesos(reparto.aplicado)),
    });
  }
}

async function cuentaDeDevoluciones(
  ctx: Ctx,
  entrada: Pick<NotaDeCreditoEntrada, 'CuentaContableDevolucionesDeClientes'>,
  asignadas: CuentasAsignadas,
) {
  if (entrada.CuentaContableDevolucionesDeClientes) {
    return (
      await cuentaDeDetalle(
        ctx,
        entrada.CuentaContableDevolucionesDeClientes.idCuenta,
        'la cuenta de devoluciones de clientes',
      )
    ).idCuenta;
  }
  return cuentaDe(asignadas, 'devolucionesEnVentas');
}

// ------------------------------------------------------------------------------------ API

/**
 * POST /notas-de-credito/. From the POS (`desdeElpos.desdePos`) it needs the user's open shift, as a
 * receipt in does (spec 001 §8). The modified invoice is locked first: notes of one invoice take turns,
 * so two at once never return more than was sold, and a concurrent replay finds the first
 * (`solicitudDuplicada`).
 */
export async function crearNotaDeCredito(ctx: CtxConSesion, entrada: CrearNotaDeCredito) {
  const { desdeElpos } = entrada;
  const modificada = await filaDeFactura(ctx, entrada.notaDeCredito.idFactura, true);
  const { fila: creada, solicitudDuplicada } = await crearUnaVez({
    indice: INDICE_IDENTIFICADOR,
    buscar: () => porIdentificador(ctx, entrada.identificadorUnico),
    crear: async () => {
      // Checked only for a new note: a replay of one already made answers it even if the shift closed.
      const turno = desdeElpos.desdePos
        ? await turnoAbiertoDe(ctx, desdeElpos.idUsuarioDelTurno ?? ctx.usuario._id)
        : null;
      if (desdeElpos.desdePos && !turno) {
        throw new AppError('conflicto', `${MENSAJE_TURNO_CERRADO} ${MENSAJE_TURNO_CERRADO_NOTA}`, {
          datos: { estadoDelTurno: false },
        });
      }
      const factura = await facturaActiva(ctx, modificada.id, 'notaDeCredito.idFactura');
      const lineas = await prepararLineas(ctx, factura, entrada.lineasNotasDeCredito, null);
      const { totales, cabecera: totalesCabecera } = calcular(lineas);
      const idTerminal = desdeElpos.idTerminalRef ?? turno?.idTerminal ?? null;
      const contexto = await contextoDeCuentas(ctx, idTerminal);
      const asignadas = contexto.cuentas ?? {};
      const reparto = await repartir(
        ctx,
        totales.total,
        factura,
        entrada.lineasCreditoFacturas,
        entrada.lineasDevoluciones,
      );
      const ahora = fechaYHoraEnSantoDomingo(new Date());
      const fechaEmision = entrada.notaDeCredito.fechaEmision ?? ahora.fecha;
      const devoluciones = await devolucionesPreparadas(
        ctx,
        entrada.lineasDevoluciones,
        contexto,
        fechaEmision,
        turno?.id ?? null,
      );
      const idCuentaDevoluciones = await cuentaDeDevoluciones(ctx, entrada.notaDeCredito, asignadas);
      const tomado = await tomarNumero(ctx, 'notaDeCredito', entrada.notaDeCredito.idNumeracion ?? undefined);
      const [insertada] = await ctx.tx
        .insert(notasDeCredito)
        .values({
          tenantId: ctx.tenantId,
          identificadorUnico: entrada.identificadorUnico,
          idNumeracion: tomado.idNumeracion,
          numeracionNombre: tomado.numeracionNombre,
          numero: tomado.numero,
          comprobante: tomado.comprobante,
          // The customer's snapshot is the invoice's (the note modifies that document).
          idCliente: factura.idCliente,
          nombre: factura.nombre,
          nombreOpcional: factura.nombreOpcional,
          rnc: factura.rnc,
          tipoDeIdentificacion: factura.tipoDeIdentificacion,
          cedula: factura.cedula,
          telefono: factura.telefono,
          movil: factura.movil,
          correo: factura.correo,
          direccion: factura.direccion,
          socio: factura.socio,
          idListaDePrecio: factura.idListaDePrecio,
          idAlmacen: factura.idAlmacen,
          fechaEmision,
          hora: entrada.notaDeCredito.hora ?? ahora.hora,
          ...totalesCabecera,
          notaPieDePagina: entrada.notaDeCredito.notaPieDePagina,
          notaInformacionInterna: entrada.notaDeCredito.notaInformacionInterna,
          idUsuarioCreador: ctx.usuario._id,
          creadaPor: ctx.usuario.username,
          tipoDeNotasDeCredito: entrada.notaDeCredito.tipoDeNotasDeCredito,
          tipoDeNotasDeCreditoDgii: entrada.notaDeCredito.tipoDeNotasDeCreditoDgii,
          metodoDePago: entrada.notaDeCredito.metodoDePago,
          idFactura: factura.id,
          ncfModificado: etiquetaDe(factura),
          fechaFacturaModificada: factura.fechaEmision,
          idCuentaDevoluciones,
          desdePos: desdeElpos.desdePos,
          idTerminal,
          idTurno: turno?.id ?? null,
          montoAplicado: String(aPesos(reparto.aplicado)),
          montoDevuelto: String(aPesos(reparto.devuelto)),
          montoCredito: String(aPesos(reparto.credito)),
        })
        .returning();
      if (!insertada) {
        throw new Error('La inserción de la nota de crédito no devolvió fila');
      }
      await insertarFilas(ctx, insertada.id, lineas, devoluciones, entrada.lineasCreditoFacturas, reparto);
      await escribirEfectos(ctx, insertada);
      return insertada;
    },
  });
  return { ...(await detalleDe(ctx, await fila(ctx, creada.id))), solicitudDuplicada };
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

function exigirActiva(nota: FilaNotaDeCredito): void {
  if (nota.estado !== 'Activo') {
    const como = nota.estado === 'Anulado' ? 'anulada' : 'por anular';
    throw new AppError(
      'conflicto',
      `La nota de crédito ${nota.comprobante} está ${como} y no se puede cambiar.`,
    );
  }
}

/** The final rows of a group after an edit: saved minus removed, changed in place by _id, plus new. */
function finales<T extends { _id?: string | null | undefined }>(
  guardadas: readonly { id: string }[],
  borrar: readonly string[],
  cambios: readonly T[],
  comoEntrada: (id: string) => T,
  grupo: string,
): T[] {
  const ids = new Set(guardadas.map((g) => g.id));
  const mencionadas = [...borrar, ...cambios.flatMap((c) => (c._id ? [c._id] : []))];
  if (new Set(mencionadas).size !== mencionadas.length) {
    throw new AppError(
      'solicitud_invalida',
      `Una línea de ${grupo} viene repetida o se borra y se cambia a la vez.`,
    );
  }
  if (mencionadas.some((id) => !ids.has(id))) {
    throw new AppError('no_encontrado', `Una línea de ${grupo} no pertenece a la nota de crédito.`);
  }
  const cambiadas = new Map(cambios.flatMap((c) => (c._id ? [[c._id, c] as const] : [])));
  const quitadas = new Set(borrar);
  return [
    ...guardadas.filter((g) => !quitadas.has(g.id)).map((g) => cambiadas.get(g.id) ?? comoEntrada(g.id)),
    ...cambios.filter((c) => !c._id),
  ];
}

/**
 * PUT /notas-de-credito/{id}: an active note's header notes and its three line groups. Its effects are
 * undone, the rows rewritten with the final lines (the same rules as a new one, not counting this
 * note's own returns) and the effects written again. The number and the modified invoice stay.
 */
export async function actualizarNotaDeCredito(
  ctx: CtxConSesion,
  id: string,
  entrada: ActualizarNotaDeCredito,
): Promise<DetalleNotaDeCredito> {
  const sinBloquear = await fila(ctx, id);
  // The invoice first, as a new note locks it: notes of one invoice take turns in one order.
  const modificada = await facturaActiva(ctx, sinBloquear.idFactura, 'notaDeCredito.idFactura');
  const actual = await fila(ctx, id, true);
  exigirActiva(actual);
  if (actual.idCreditoAFavor) {
    // Decision (docs/documents.md): the credit in favour is one per document and cannot be rewritten.
    throw new AppError(
      'conflicto',
      `La nota de crédito ${actual.comprobante} dejó un crédito a favor del cliente; anúlala y crea otra para cambiarla.`,
    );
  }
  if (entrada.notaDeCredito.idFactura && entrada.notaDeCredito.idFactura !== actual.idFactura) {
    throw new AppError(
      'solicitud_invalida',
      'La factura que modifica la nota de crédito no cambia al editarla.',
    );
  }
  const guardadas = await filasDe(ctx, id);
  const lineasFinales = finales<LineaNotaDeCreditoEntrada>(
    guardadas.lineas,
    entrada.borrarLineasNotasDeCredito,
    entrada.actualizarLineasNotasDeCredito,
    (idLinea) => {
      const l = guardadas.lineas.find((g) => g.id === idLinea) as FilaLineaNotaDeCredito;
      return { _id: l.id, idLineaFactura: l.idLineaFactura, cantidad: numero(l.cantidad), nota: l.nota };
    },
    'productos',
  );
  const devolucionesFinales = finales<LineaDevolucionEntrada>(
    guardadas.devoluciones,
    entrada.borrarLineasDevoluciones,
    entrada.actualizarLineasDevoluciones,
    (idLinea) => {
      const d = guardadas.devoluciones.find((g) => g.id === idLinea) as FilaDevolucion;
      return {
        _id: d.id,
        fechaDeEmision: d.fechaDeEmision,
        afectarCuenta: { idCuenta: d.idCuenta },
        importe: numero(d.importe),
        nota: d.nota,
      };
    },
    'devoluciones',
  );
  const vinculadasFinales = finales<LineaCreditoFacturaEntrada>(
    guardadas.vinculadas,
    entrada.borrarLineasFacturasViculada,
    entrada.actualizarLineasFacturasViculada,
    (idLinea) => {
      const v = guardadas.vinculadas.find((g) => g.id === idLinea) as FilaFacturaVinculada;
      return { _id: v.id, idFactura: v.idFactura };
    },
    'facturas vinculadas',
  );
  await deshacerEfectos(ctx, actual, 'Edición');
  const lineas = await prepararLineas(ctx, modificada, lineasFinales, id);
  const { totales, cabecera: totalesCabecera } = calcular(lineas);
  const contexto = await contextoDeCuentas(ctx, actual.idTerminal);
  const reparto = await repartir(ctx, totales.total, modificada, vinculadasFinales, devolucionesFinales);
  const fechaEmision = entrada.notaDeCredito.fechaEmision ?? actual.fechaEmision;
  const devoluciones = await devolucionesPreparadas(
    ctx,
    devolucionesFinales,
    contexto,
    fechaEmision,
    actual.idTurno,
  );
  const idCuentaDevoluciones = entrada.notaDeCredito.CuentaContableDevolucionesDeClientes
    ? await cuentaDeDevoluciones(ctx, entrada.notaDeCredito, contexto.cuentas ?? {})
    : actual.idCuentaDevoluciones;
  // The three groups are rewritten whole (kept lines keep their ids).
  await ctx.tx
    .delete(lineasNotaDeCredito)
    .where(and(eq(lineasNotaDeCredito.tenantId, ctx.tenantId), eq(lineasNotaDeCredito.idDocumento, id)));
  await ctx.tx
    .delete(devolucionesNotaDeCredito)
    .where(
      and(
        eq(devolucionesNotaDeCredito.tenantId, ctx.tenantId),
        eq(devolucionesNotaDeCredito.idNotaDeCredito, id),
      ),
    );
  await ctx.tx
    .delete(facturasNotaDeCredito)
    .where(
      and(eq(facturasNotaDeCredito.tenantId, ctx.tenantId), eq(facturasNotaDeCredito.idNotaDeCredito, id)),
    );
  const [cambiada] = await ctx.tx
    .update(notasDeCredito)
    .set({
      fechaEmision,
      hora: entrada.notaDeCredito.hora ?? actual.hora,
      ...totalesCabecera,
      notaPieDePagina: entrada.notaDeCredito.notaPieDePagina,
      notaInformacionInterna: entrada.notaDeCredito.notaInformacionInterna,
      tipoDeNotasDeCredito: entrada.notaDeCredito.tipoDeNotasDeCredito,
      tipoDeNotasDeCreditoDgii: entrada.notaDeCredito.tipoDeNotasDeCreditoDgii,
      metodoDePago: entrada.notaDeCredito.metodoDePago,
      idCuentaDevoluciones,
      montoAplicado: String(aPesos(reparto.aplicado)),
      montoDevuelto: String(aPesos(reparto.devuelto)),
      montoCredito: String(aPesos(reparto.credito)),
      actualizadoEn: new Date(),
    })
    .where(and(eq(notasDeCredito.tenantId, ctx.tenantId), eq(notasDeCredito.id, id)))
    .returning();
  const resultado = cambiada ?? actual;
  await insertarFilas(ctx, id, lineas, devoluciones, vinculadasFinales, reparto);
  await escribirEfectos(ctx, resultado);
  return detalleDe(ctx, await fila(ctx, id));
}

async function guardarCambio(ctx: Ctx, id: string, cambio: Partial<FilaNotaDeCredito>) {
  const [cambiada] = await ctx.tx
    .update(notasDeCredito)
    .set({ ...cambio, actualizadoEn: new Date() })
    .where(and(eq(notasDeCredito.tenantId, ctx.tenantId), eq(notasDeCredito.id, id)))
    .returning();
  if (!cambiada) {
    throw new AppError('no_encontrado', MENSAJE_NOTA_DE_CREDITO_NO_EXISTE);
  }
  return cambiada;
}

const RESULTADO = {
  directa: 'anulada',
  solicitada: 'solicitada',
  aprobada: 'aprobada',
  rechazada: 'rechazada',
} as const;

/**
 * PUT /notas-de-credito/anular/{id}: the cancellation flow of every document (spec 001 §4): direct with
 * anularYEliminarDocumentos (its effects undone), else a request a supervisor approves (undone then) or
 * rejects. A free-text reason.
 */
export async function anularNotaDeCredito(ctx: CtxConSesion, id: string, entrada: AnularNotaDeCredito) {
  const actual = await fila(ctx, id, true);
  const { documento, resultado } = await anularDocumento(
    ctx,
    {
      tipoDocumento: TIPO_DOCUMENTO_NOTA_DE_CREDITO,
      id,
      numero: actual.comprobante,
      estado: actual.estado,
      nombre: `La nota de crédito ${actual.comprobante}`,
      anulado: 'anulada',
    },
    entrada,
    {
      motivo: async () => {
        const nota = entrada.notaAnular.trim() || entrada.tipoDeAnulacion.trim();
        if (!nota) {
          throw new AppError('solicitud_invalida', MENSAJE_MOTIVO_NOTA_DE_CREDITO, {
            errores: [{ campo: 'notaAnular', mensaje: MENSAJE_MOTIVO_NOTA_DE_CREDITO }],
          });
        }
        return { tipoDeAnulacion: entrada.tipoDeAnulacion.trim(), notaAnular: nota };
      },
      deshacer: () => deshacerEfectos(ctx, actual, 'Anulación'),
      guardar: (cambio) => guardarCambio(ctx, id, cambio),
    },
  );
  return { notaDeCreditoDb: await aNota(ctx, documento), resultado: RESULTADO[resultado] };
}

/**
 * DELETE /notas-de-credito/{id}: as the kit does, kept as Anulado («Eliminado por …») with its effects
 * undone, so the B04 sequence has no gaps and the audit screen records who did it.
 */
export async function eliminarNotaDeCredito(ctx: CtxConSesion, id: string) {
  const actual = await fila(ctx, id, true);
  if (!ctx.usuario.anularYEliminarDocumentos) {
    throw new AppError(
      'prohibido',
      `No tienes permiso para eliminar; solicita la anulación de la nota de crédito ${actual.comprobante}.`,
    );
  }
  exigirActiva(actual);
  await deshacerEfectos(ctx, actual, 'Eliminación');
  const nota = `Eliminado por ${ctx.usuario.username}`;
  const eliminada = await guardarCambio(ctx, id, {
    estado: 'Anulado',
    autorizacion: 'Aprobada',
    notaAnular: nota,
  });
  await registrarSolicitud(ctx, {
    tipoDocumento: TIPO_DOCUMENTO_NOTA_DE_CREDITO,
    idDocumento: id,
    numeracioDocumento: actual.comprobante,
    directa: true,
    tipoDeAnulacion: 'Eliminado',
    notaAnular: nota,
  });
  return { notaDeCreditoDb: await aNota(ctx, eliminada) };
}
