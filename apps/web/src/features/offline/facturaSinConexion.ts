import type { CrearContacto, DetalleFactura, Factura, LineaFactura, MetodoSimple } from '@pos/contract';
import {
  aCentavos,
  aPesos,
  type Centavos,
  estadoDeCobroVenta,
  fechaYHoraEnSantoDomingo,
  sumarCentavos,
  unidadesDeInventario,
} from '@pos/domain';
import type { z } from 'zod';
import type { Borrador, ContextoDeVenta } from '../pos/borrador.ts';
import { cuerpoDeFactura, totalesDelBorrador } from '../pos/borrador.ts';
import { PARTES_DE_MIXTO, resumirPago } from '../pos/pago.ts';
import type { BaseLocal, DocumentoPendiente } from './baseLocal.ts';
import { guardarPendiente } from './cola.ts';

// Spec 001 §4, §8: an invoice charged offline is kept in facturasPendientes with the very
// body /factura/crear would have received (its identificadorUnico is the draft's, so a sale whose
// answer was lost is never created twice). It has no number or NCF until the sync: it shows PENDIENTE.

export const NUMERO_PENDIENTE = 'PENDIENTE';
export const AVISO_FACTURA_SIN_CONEXION = 'Factura creada sin conexión';

/** A contact created offline, as /cliente/crear would receive it. */
export type ContactoPendiente = z.input<typeof CrearContacto> & { identificadorUnico: string };

/**
 * Queues the draft as an invoice. A customer created offline travels inside it (`contactoPendiente`),
 * so the server creates the contact first and links the invoice to it. A sale left owing by a customer
 * (`factura`, as detalleSinConexion shows it) also joins the local receivables, in the same
 * transaction, so a receipt can collect it on this device before either syncs; the server finds it by
 * its identificadorUnico.
 */
export async function guardarFacturaSinConexion(
  base: BaseLocal,
  borrador: Borrador,
  contexto: ContextoDeVenta,
  contactoPendiente: ContactoPendiente | null,
  factura: Factura | null = null,
  ahora = new Date(),
): Promise<DocumentoPendiente> {
  const [cabecera, ...resto] = cuerpoDeFactura(borrador, contexto);
  const conContacto = contactoPendiente ? { ...cabecera, idCliente: null, contactoPendiente } : cabecera;
  return base.transaction('rw', base.facturasPendientes, base.cuentasPorCobrar, async () => {
    if (factura?.idCliente && factura.pendiente > 0) {
      await base.cuentasPorCobrar.put(factura);
    }
    return guardarPendiente(base, 'facturas', borrador.identificadorUnico, [conContacto, ...resto], ahora);
  });
}

/** The open shift a refused invoice can move to: its id, its cashier and its terminal. */
export type TurnoDeDestino = { _id: string; idUserRef: string; idTerminalRef: string };

/**
 * A queued invoice refused for a closed shift, moved to the open one («Pasar a mi turno»): the server
 * finds the shift by the POS info's idUsuarioDelTurno and books the terminal's accounts, so both become
 * the open shift's (spec 001 §7 body: header, lines, conduces, account, POS info, withholdings, terminal…).
 */
export function facturaEnElTurno(cuerpo: unknown, turno: TurnoDeDestino): unknown {
  const [cabecera, lineas, conduces, cuenta, pos, retenciones, _terminal, ...resto] = cuerpo as unknown[];
  return [
    { ...(cabecera as object), idTurnoRef: turno._id },
    lineas,
    conduces,
    cuenta,
    { ...(pos as object), idTerminalRef: turno.idTerminalRef, idUsuarioDelTurno: turno.idUserRef },
    retenciones,
    { _id: turno.idTerminalRef },
    ...resto,
  ];
}

const pesos = (centavos: Centavos) => aPesos(centavos);

/**
 * The payments the server will record (spec 001 §1): one method takes what was collected; in Mixto the
 * non-cash parts as typed and cash the rest, so the change comes out of the cash.
 */
function pagosDelCobro(borrador: Borrador, cobrado: number): [MetodoSimple, number][] {
  const { metodo, montos } = borrador.pago;
  if (metodo !== 'Mixto') {
    return cobrado > 0 ? [[metodo, cobrado]] : [];
  }
  const otros = PARTES_DE_MIXTO.filter((m) => m !== 'Efectivo' && (montos[m] ?? 0) > 0).map(
    (m): [MetodoSimple, number] => [m, montos[m] ?? 0],
  );
  const enOtros = aPesos(sumarCentavos(otros.map(([, monto]) => aCentavos(monto))));
  const efectivo = aPesos((aCentavos(cobrado) - aCentavos(enOtros)) as Centavos);
  return efectivo > 0 ? [['Efectivo', efectivo], ...otros] : otros;
}

/**
 * The invoice as the receipt and the sale dialog show it before the server has it: totals by the
 * domain exactly as the server will compute them, number and NCF PENDIENTE.
 */
export function detalleSinConexion(
  borrador: Borrador,
  contexto: ContextoDeVenta,
  datos: { creadaPor: string; ahora?: Date },
): DetalleFactura {
  const ahora = datos.ahora ?? new Date();
  const { fecha, hora } = fechaYHoraEnSantoDomingo(ahora);
  const totales = totalesDelBorrador(borrador);
  const pago = resumirPago(borrador.pago, totales.total);
  const id = borrador.identificadorUnico;
  const cliente = borrador.cliente;
  const lineas: LineaFactura[] = borrador.lineas.map((linea, i) => {
    const calculada = totales.lineas[i];
    return {
      _id: linea.clave,
      idFactura: id,
      idProducto: linea.idProducto,
      idCodigoDeBarra: linea.idCodigoDeBarra,
      descripcion: linea.descripcion,
      nota: linea.nota,
      cantidad: linea.cantidad,
      unidades: unidadesDeInventario(linea, linea.cantidadPorPaquete),
      precio: linea.precio,
      precioDeVenta: linea.precioDeVenta,
      descuento: linea.descuento,
      descuentoParaSocios: linea.descuentoParaSocios,
      impuestos: (calculada?.impuestos ?? []).map((impuesto) => ({
        ...impuesto,
        total: pesos(impuesto.total),
      })),
      importe: pesos(calculada?.importe ?? (0 as Centavos)),
      montoDescuento: pesos(calculada?.descuento ?? (0 as Centavos)),
      subtotal: pesos(calculada?.subtotal ?? (0 as Centavos)),
      totalImpuestos: pesos(calculada?.totalImpuestos ?? (0 as Centavos)),
      total: pesos(calculada?.total ?? (0 as Centavos)),
      paquete: linea.paquete,
      itemPersonalizado: linea.itemPersonalizado,
      variantes: linea.variantes,
      facturado: false,
    };
  });
  const factura: Factura = {
    _id: id,
    identificadorUnico: id,
    idNumeracion: null,
    numeracionNombre: 'Factura emitida sin conexión',
    numeroFactura: null,
    comprobante: NUMERO_PENDIENTE,
    tipoNcf: null,
    tipoNcfNombre: null,
    vencimientoNcf: null,
    fechaEmision: fecha,
    hora,
    vencimiento: fecha,
    plazoPagos: 0,
    idCliente: cliente?._id ?? null,
    nombre: cliente?.nombre ?? '',
    nombreOpcional: '',
    rnc: cliente?.rnc ?? '',
    tipoDeIdentificacion: '',
    cedula: '',
    telefono: '',
    movil: '',
    correo: '',
    direccion: '',
    socio: cliente?.socio ?? false,
    idListaDePrecio: borrador.idListaDePrecio,
    almacenActual: contexto.idAlmacen,
    idTerminalRef: contexto.idTerminal,
    idTurnoRef: contexto.idTurno,
    desdePos: true,
    metodoDePago: borrador.pago.metodo,
    numeroDeAprobacionTarjeta: borrador.pago.numeroDeAprobacion,
    importe: pesos(totales.importe),
    descuento: pesos(totales.descuento),
    subtotal: pesos(totales.subtotal),
    impuestos: pesos(totales.impuestos),
    itbis: pesos(totales.itbis),
    desgloseDeImpuestos: totales.desgloseDeImpuestos.map((impuesto) => ({
      ...impuesto,
      total: pesos(impuesto.total),
    })),
    total: pesos(totales.total),
    totalFacturado: pesos(totales.total),
    totalRetenciones: 0,
    montoAPagar: pesos(totales.montoAPagar),
    efectivoRecibido: pesos(pago.recibido),
    cobrado: pesos((pago.recibido - pago.cambio) as Centavos),
    pendiente: pesos(pago.restante),
    cambioDeDinero: pesos(pago.cambio),
    // Spec 001 §4: the domain's one rule (nothing paid reads empty, as the server answers it).
    estadoDelCobro: estadoDeCobroVenta({
      estado: 'Activo',
      pagado: pesos((pago.recibido - pago.cambio) as Centavos),
      pendiente: pesos(pago.restante),
    }),
    retenciones: [],
    notaPieDePagina: 'Factura emitida sin conexión: el NCF se asigna al sincronizar.',
    notaInformacionInterna: '',
    numeroBorradorPos: borrador.numero,
    idPedido: null,
    estado: 'Activo',
    autorizacion: null,
    activo: true,
    notaAnular: '',
    tipoDeAnulacion: '',
    notaAutorizacion: '',
    creadaPor: datos.creadaPor,
    idUsuarioCreador: null,
    creadoEn: ahora.toISOString(),
    actualizadoEn: ahora.toISOString(),
  };
  return {
    FacturaDb: factura,
    linea_facturasRef: lineas,
    conduce_facturado: [],
    pendiente: factura.pendiente,
    cobrado: factura.cobrado,
    montoNotaDeCreditoRef: 0,
    listaPagosIngreso: pagosDelCobro(borrador, factura.cobrado).map(([metodo, monto]) => ({
      _id: `${id}-${metodo}`,
      origen: 'factura' as const,
      metodo,
      monto,
      numeroDeAprobacion:
        metodo === 'Tarjeta' || metodo === 'Tarjeta-Debito' ? borrador.pago.numeroDeAprobacion : '',
      cuenta: null,
      fecha,
    })),
    listaDeCredtosAfavor: [],
    retenciones: [],
    asientos: [],
  };
}
