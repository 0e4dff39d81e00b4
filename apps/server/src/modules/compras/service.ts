import {
  type ActualizarCompra,
  type AnularCompra,
  type Compra,
  type CompraEntrada,
  type CrearCompra,
  type DetalleCompra,
  type FiltroCompras,
  MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO,
  MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO_ELIMINAR,
  MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO_MODIFICAR,
  MENSAJE_COMPRA_CON_PAGOS,
  MENSAJE_COMPRA_CON_PAGOS_ELIMINAR,
  MENSAJE_COMPRA_CON_PAGOS_MODIFICAR,
  MENSAJE_COMPRA_NO_EXISTE,
  MENSAJE_MOTIVO_COMPRA,
  type PagoDeCompra,
} from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  estadoDePagoCompra,
  formatearDinero,
  validarIdentificacionFiscal,
} from '@pos/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FilaCabecera } from '../../documentos/columnas.ts';
import {
  type AccionDeCambio,
  type CabeceraDe,
  type DetalleDe,
  documento,
} from '../../documentos/documento.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { type Aplicacion, aplicadoA } from '../cartera/service.ts';
import { exigirCentroDeCosto } from '../centrosDeCosto/service.ts';
import { obtenerRetencion } from '../configuracion/service.ts';
import { asientosDelDocumento } from '../contabilidad/asientos.service.ts';
import { notasDeDebitoDeLaCompra } from '../notasDeDebito/lectura.ts';
import { ordenesDeLaCompra, ordenesParaComprar, vincularOrdenes } from '../ordenesDeCompra/service.ts';
import { efectosDeCompra, exigirNcfUnico, TIPO_DOCUMENTO_COMPRA, totalesDeCompra } from './efectos.ts';
import { compras, type FilaCompra, lineasCompra, type RetencionDeCompra } from './tables.ts';

export { TIPO_DOCUMENTO_COMPRA } from './efectos.ts';

/** The ledger's target type of a purchase (docs/payments.md «Pagos a proveedores»). */
export const TIPO_DESTINO_COMPRA = 'compra';

// Spec 001 §3 "Purchase", §4, §5, §7 "Purchases": a purchase is a family of the document kit priced at
// cost (precios: 'compra'), numbered from the 'compras' numbering, with the effects of ./efectos.ts.
// What it owes lives in the payables ledger (cartera, target 'compra'): paid = what was paid at the
// purchase + the applications in force (payments out, debit notes); the payment status is the domain's
// estadoDePagoCompra (spec 001 §4).

const comoCompra = (fila: FilaCabecera) => fila as FilaCompra;

type ExtrasDeCompra = Omit<
  Compra,
  keyof CabeceraDe<'numeroCompra'> | 'cobrado' | 'pendiente' | 'estadoDePago'
>;

/** The kit's header input of a purchase: the supplier is the kit's customer. */
type EntradaDelKit = CompraEntrada & { idCliente: string; retencionesPedidas: RetencionDeCompra[] };

const numero = (valor: string | number | null) => Number(valor ?? 0);

/** The purchase's own header columns from its form (kept as sent; efectos.ts computes the rest). */
function columnasPropias(entrada: EntradaDelKit) {
  return {
    ncf: entrada.ncf,
    tipoCompra: entrada.tipoCompra,
    tiposBienesServicios: entrada.tiposBienesServicios,
    itbisSujetoProporcionalidad: entrada.itbisSujetoProporcionalidad,
    itbisAlCosto: entrada.itbisAlCosto,
    plazoPagos: entrada.plazoPagos,
    metodoDePago: entrada.metodoDePago,
    pagado: String(entrada.efectivoRecibido),
    idCuentaPago: entrada.idCuentaPago ?? null,
    retenciones: entrada.retencionesPedidas,
    idCentroDeCosto: entrada.idCentroDeCosto ?? null,
    centroDeCosto: entrada.centroDeCosto,
    fechaPago: entrada.fechaPago ?? null,
  };
}

const kit = documento<'numeroCompra', 'idCompra', EntradaDelKit, ExtrasDeCompra>({
  tipo: TIPO_DOCUMENTO_COMPRA,
  tablas: { cabecera: compras, lineas: lineasCompra },
  numeracion: 'compras',
  indiceIdentificador: 'compras_identificador_unico',
  nombre: 'compra',
  femenino: true,
  campoNumero: 'numeroCompra',
  campoDocumento: 'idCompra',
  mensajes: { noExiste: MENSAJE_COMPRA_NO_EXISTE, sinMotivo: MENSAJE_MOTIVO_COMPRA },
  precios: 'compra',
  efectos: efectosDeCompra,
  extras: {
    alCrear: async (_ctx, entrada) => columnasPropias(entrada),
    respuesta(fila) {
      const compra = comoCompra(fila);
      return {
        idProveedor: compra.idCliente,
        ncf: compra.ncf,
        tipoCompra: compra.tipoCompra,
        tiposBienesServicios: compra.tiposBienesServicios,
        itbisSujetoProporcionalidad: compra.itbisSujetoProporcionalidad,
        itbisAlCosto: compra.itbisAlCosto,
        plazoPagos: compra.plazoPagos,
        metodoDePago: compra.metodoDePago,
        efectivoRecibido: numero(compra.pagado),
        idCuentaPago: compra.idCuentaPago,
        itbis: 0,
        totalRetenciones: numero(compra.totalRetenciones),
        montoAPagar: numero(compra.montoAPagar),
        retenciones: compra.retenciones.map(({ idCuenta: _cuenta, ...retencion }) => retencion),
        idCentroDeCosto: compra.idCentroDeCosto,
        centroDeCosto: compra.centroDeCosto,
        fechaPago: compra.fechaPago,
      };
    },
  },
  // A purchase with payments out or debit notes in force cannot change, be cancelled or deleted (the
  // mirror of the invoice's rule, spec 001 §4, §8).
  async verificarCambio(ctx, fila, accion) {
    const { aplicaciones } = (await aplicadoA(ctx, TIPO_DESTINO_COMPRA, [fila.id])).get(fila.id) ?? {
      aplicaciones: [],
    };
    // A debit note that returns goods of it names its lines, even when it refunds money instead.
    const notas = await notasDeDebitoDeLaCompra(ctx, fila.id);
    if (notas.length > 0 || aplicaciones.some((a) => a.tipoOrigen === 'notaDeDebito')) {
      throw new AppError('conflicto', MENSAJES_CON_NOTAS_DE_DEBITO[accion]);
    }
    if (aplicaciones.length > 0) {
      throw new AppError('conflicto', MENSAJES_CON_PAGOS[accion]);
    }
  },
});

// Each refusal names what the user tried (an edit is not a cancellation).
const MENSAJES_CON_PAGOS: Record<AccionDeCambio, string> = {
  modificar: MENSAJE_COMPRA_CON_PAGOS_MODIFICAR,
  anular: MENSAJE_COMPRA_CON_PAGOS,
  eliminar: MENSAJE_COMPRA_CON_PAGOS_ELIMINAR,
};
const MENSAJES_CON_NOTAS_DE_DEBITO: Record<AccionDeCambio, string> = {
  modificar: MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO_MODIFICAR,
  anular: MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO,
  eliminar: MENSAJE_COMPRA_CON_NOTAS_DE_DEBITO_ELIMINAR,
};

type Detalle = DetalleDe<'numeroCompra', 'idCompra', ExtrasDeCompra>;

/** What the ledger applied to the purchase, split as its detail shows it. */
function saldoDe(
  cabecera: Detalle['cabecera'],
  aplicado: { aplicado: Centavos; aplicaciones: Aplicacion[] },
) {
  const pagadoAlComprar = aCentavos(cabecera.efectivoRecibido);
  const cobrado = (pagadoAlComprar + aplicado.aplicado) as Centavos;
  const pendiente = (aCentavos(cabecera.montoAPagar) - cobrado) as Centavos;
  return {
    cobrado: aPesos(cobrado),
    pendiente: aPesos(pendiente),
    estadoDePago: estadoDePagoCompra({
      estado: cabecera.estado,
      pagado: aPesos(cobrado),
      pendiente: aPesos(pendiente),
    }),
  };
}

function aCompra(
  cabecera: Detalle['cabecera'],
  itbis: Centavos,
  aplicado: { aplicado: Centavos; aplicaciones: Aplicacion[] },
): Compra {
  return { ...cabecera, ...saldoDe(cabecera, aplicado), itbis: aPesos(itbis) };
}

/** ITBIS facturado (606 col. 11) of each purchase: the domain's figure from its saved lines. */
async function itbisDe(ctx: Ctx, ids: readonly string[]): Promise<Map<string, Centavos>> {
  if (ids.length === 0) {
    return new Map();
  }
  const [filasCompra, lineas] = await Promise.all([
    ctx.tx
      .select()
      .from(compras)
      .where(and(eq(compras.tenantId, ctx.tenantId), inArray(compras.id, [...ids]))),
    ctx.tx
      .select()
      .from(lineasCompra)
      .where(and(eq(lineasCompra.tenantId, ctx.tenantId), inArray(lineasCompra.idDocumento, [...ids]))),
  ]);
  return new Map(
    filasCompra.map((fila) => [
      fila.id,
      totalesDeCompra(
        fila,
        lineas.filter((l) => l.idDocumento === fila.id),
      ).itbis,
    ]),
  );
}

async function detalle(ctx: Ctx, leido: Detalle): Promise<DetalleCompra> {
  const id = leido.cabecera._id;
  const aplicado = (await aplicadoA(ctx, TIPO_DESTINO_COMPRA, [id])).get(id) ?? {
    aplicado: 0 as Centavos,
    aplicaciones: [],
  };
  const itbis = (await itbisDe(ctx, [id])).get(id) ?? (0 as Centavos);
  const compra = aCompra(leido.cabecera, itbis, aplicado);
  // Only the payments out: the debit notes' applications show in montoNotaDeDebitoRef (both count in
  // cobrado/pendiente).
  const listaPagosEgreso: PagoDeCompra[] = aplicado.aplicaciones
    .filter((a) => a.tipoOrigen === 'egreso')
    .map((a) => ({
      _id: a.id,
      tipoOrigen: a.tipoOrigen,
      idOrigen: a.idOrigen,
      monto: aPesos(a.monto),
      fecha: a.fecha,
      metodo: a.metodo,
      referencia: a.referencia,
    }));
  const montoNotaDeDebitoRef = aPesos(
    aplicado.aplicaciones
      .filter((a) => a.tipoOrigen === 'notaDeDebito')
      .reduce((suma, a) => (suma + a.monto) as Centavos, 0 as Centavos),
  );
  const advertencias: string[] = [];
  if (compra.rnc) {
    // fiscal-do.md §2.3: a check digit that does not match is a warning, never a block.
    const revisada = validarIdentificacionFiscal(compra.rnc);
    if (revisada.ok && revisada.valor.advertencia) {
      advertencias.push(revisada.valor.advertencia);
    } else if (!revisada.ok) {
      advertencias.push(revisada.mensaje);
    }
  }
  return {
    compraDb: compra,
    lineasCompraDb: leido.lineas,
    listaPagosEgreso,
    retenciones: compra.retenciones,
    ordenDeCompraVinculadas: await ordenesDeLaCompra(ctx, id),
    montoNotaDeDebitoRef,
    cobrado: compra.cobrado,
    pendiente: compra.pendiente,
    advertencias,
    asientos: await asientosDelDocumento(ctx, TIPO_DOCUMENTO_COMPRA, id),
  };
}

async function filaDeCompra(ctx: Ctx, id: string): Promise<FilaCompra> {
  const [fila] = await ctx.tx
    .select()
    .from(compras)
    .where(and(eq(compras.tenantId, ctx.tenantId), eq(compras.id, id)))
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_COMPRA_NO_EXISTE);
  }
  return fila;
}

/** The withholdings the form chose, as the purchase keeps them (the amounts are efectos.ts's). */
async function retencionesPedidas(
  ctx: Ctx,
  pedidas: readonly { idRetencionSeleccionada: string }[],
): Promise<RetencionDeCompra[]> {
  const ids = pedidas.map((p) => p.idRetencionSeleccionada);
  if (new Set(ids).size !== ids.length) {
    throw new AppError('solicitud_invalida', 'Una retención viene repetida en la compra.', {
      errores: [{ campo: 'retenciones', mensaje: 'Una retención viene repetida.' }],
    });
  }
  const retenciones: RetencionDeCompra[] = [];
  for (const id of ids) {
    const tipo = await obtenerRetencion(ctx, id);
    retenciones.push({
      idRetencionSeleccionada: tipo._id,
      nombre: tipo.nombre,
      nombreDetallado: `${tipo.nombre} (${tipo.porcentaje}%)`,
      monto: 0,
      porcentaje: tipo.porcentaje,
      tipoRetencion: tipo.tipoRetencion,
      idCuenta: tipo.cuentaContableParaCompras?.idCuenta ?? null,
    });
  }
  return retenciones;
}

async function entradaDelKit(
  ctx: Ctx,
  compra: CompraEntrada,
  pedidas: readonly { idRetencionSeleccionada: string }[],
  excepto: { id: string } | { identificadorUnico: string },
) {
  await exigirNcfUnico(ctx, compra.idProveedor, compra.ncf, excepto);
  return {
    ...compra,
    idCentroDeCosto: await exigirCentroDeCosto(ctx, compra.idCentroDeCosto),
    idCliente: compra.idProveedor,
    retencionesPedidas: await retencionesPedidas(ctx, pedidas),
  };
}

/** Spec 001 §1: a total the screen showed must be the server's. */
function exigirTotal(detalleLeido: DetalleCompra, totalFacturado: number | null | undefined): void {
  if (totalFacturado === null || totalFacturado === undefined) {
    return;
  }
  const calculado = aCentavos(detalleLeido.compraDb.totalGral);
  if (aCentavos(totalFacturado) !== calculado) {
    throw new AppError(
      'solicitud_invalida',
      `El total de la compra cambió: la pantalla mostraba ${formatearDinero(aCentavos(totalFacturado))} y el cálculo da ${formatearDinero(calculado)}. Revisa los costos y vuelve a guardar.`,
      { datos: { totalCalculado: aPesos(calculado) } },
    );
  }
}

/**
 * The purchase takes these orders (each once, not taken by another purchase; docs/documents.md
 * «Órdenes de compra»).
 */
async function vincular(ctx: Ctx, ids: readonly string[], idCompra: string): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await ordenesParaComprar(ctx, ids);
  await vincularOrdenes(ctx, ids, idCompra);
}

/** POST /compras-proveedores/. */
export async function crearCompra(
  ctx: CtxConSesion,
  [compra, lineas, retenciones, ordenes, totalFacturado, identificadorUnico]: CrearCompra,
) {
  const creada = await kit.crear(
    ctx,
    await entradaDelKit(ctx, compra, retenciones, { identificadorUnico }),
    lineas,
    identificadorUnico,
  );
  if (!creada.solicitudDuplicada) {
    await vincular(ctx, ordenes, creada.cabecera._id);
  }
  // The kit answers the row as inserted; the effects completed it (withholdings, NCF, due date).
  const resultado = await detalle(ctx, await kit.obtener(ctx, creada.cabecera._id));
  if (!creada.solicitudDuplicada) {
    exigirTotal(resultado, totalFacturado);
  }
  return { ...resultado, solicitudDuplicada: creada.solicitudDuplicada };
}

/** PUT /compras-proveedores/{id}: header, lines, withholdings and orders again; effects rewritten. */
export async function actualizarCompra(
  ctx: CtxConSesion,
  id: string,
  [compra, quitar, lineas, retenciones, ordenes, totalFacturado]: ActualizarCompra,
): Promise<DetalleCompra> {
  const entrada = await entradaDelKit(ctx, compra, retenciones, { id });
  // The purchase's own columns first (the kit writes only its own on edit); a refusal below rolls back.
  const actual = await filaDeCompra(ctx, id);
  if (actual.estado === 'Activo') {
    await ctx.tx
      .update(compras)
      .set({ ...columnasPropias(entrada), vencimiento: entrada.vencimiento ?? null })
      .where(and(eq(compras.tenantId, ctx.tenantId), eq(compras.id, id)));
  }
  const cambiada = await kit.actualizar(ctx, id, entrada, quitar, lineas);
  await vincular(ctx, ordenes, id);
  const resultado = await detalle(ctx, await kit.obtener(ctx, cambiada.cabecera._id));
  exigirTotal(resultado, totalFacturado);
  return resultado;
}

/** GET /compras-proveedores/una/{id}. */
export async function obtenerCompra(ctx: Ctx, id: string): Promise<DetalleCompra> {
  return detalle(ctx, await kit.obtener(ctx, id));
}

/** POST /compras-proveedores/lista-de-compras: each row with its payment status (spec 001 §4). */
export async function listarCompras(ctx: Ctx, filtro: FiltroCompras) {
  const { res, totalRows } = await kit.listar(ctx, filtro);
  const ids = res.map((c) => c._id);
  const [aplicados, itbis] = await Promise.all([aplicadoA(ctx, TIPO_DESTINO_COMPRA, ids), itbisDe(ctx, ids)]);
  return {
    res: res.map((cabecera) =>
      aCompra(
        cabecera,
        itbis.get(cabecera._id) ?? (0 as Centavos),
        aplicados.get(cabecera._id) ?? { aplicado: 0 as Centavos, aplicaciones: [] },
      ),
    ),
    totalRows,
  };
}

/** PUT /compras-proveedores/anular/{id}. */
export async function anularCompra(ctx: CtxConSesion, id: string, entrada: AnularCompra) {
  const { cabecera, resultado } = await kit.anular(ctx, id, entrada);
  const enFemenino = {
    directa: 'anulada',
    solicitada: 'solicitada',
    aprobada: 'aprobada',
    rechazada: 'rechazada',
  } as const;
  return { compraDb: await unaCompra(ctx, cabecera), resultado: enFemenino[resultado] };
}

/** DELETE /compras-proveedores/{id}. */
export async function eliminarCompra(ctx: CtxConSesion, id: string) {
  const cabecera = await kit.eliminar(ctx, id);
  return { compraDb: await unaCompra(ctx, cabecera) };
}

async function unaCompra(ctx: Ctx, cabecera: Detalle['cabecera']): Promise<Compra> {
  const id = cabecera._id;
  const [aplicados, itbis] = await Promise.all([
    aplicadoA(ctx, TIPO_DESTINO_COMPRA, [id]),
    itbisDe(ctx, [id]),
  ]);
  return aCompra(
    cabecera,
    itbis.get(id) ?? (0 as Centavos),
    aplicados.get(id) ?? { aplicado: 0 as Centavos, aplicaciones: [] },
  );
}
