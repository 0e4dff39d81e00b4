import type { LineaDeVenta, LineaFactura, LineaFacturaEntrada, MetodoSimple } from '@pos/contract';
import { type Centavos, type Cobro, calcularCobro, type Resultado } from '@pos/domain';
import { type LineaDelFormulario, lineaDesdeVenta } from '../../ui/documento/lineas.ts';

// What only the invoice adds to the document kit's lines (ui/documento/lineas.ts): its saved line and
// contract line, and the payment.

/** A saved invoice line, for editing. */
export function lineaDesdeGuardada(linea: LineaFactura): LineaDelFormulario {
  return {
    clave: linea._id,
    _id: linea._id,
    idProducto: linea.idProducto,
    idCodigoDeBarra: linea.idCodigoDeBarra,
    descripcion: linea.descripcion,
    nota: linea.nota,
    cantidad: linea.cantidad,
    precio: linea.precio,
    precioDeVenta: linea.precioDeVenta,
    descuento: linea.descuento,
    descuentoParaSocios: linea.descuentoParaSocios,
    impuestos: linea.impuestos.map((i) => ({
      name: i.name ?? '',
      tipoDeImpuesto: i.tipoDeImpuesto ?? '',
      tasa: i.tasa,
    })),
    paquete: linea.paquete,
    itemPersonalizado: linea.itemPersonalizado,
    variantes: linea.variantes.flatMap((v) =>
      typeof v === 'object' && v !== null && typeof (v as { valor?: unknown }).valor === 'number'
        ? [{ valor: (v as { valor: number }).valor }]
        : [],
    ),
    precioPredeterminado: null,
    listaDePrecioAsignada: null,
  };
}

/** A form line as the contract's LineaFacturaEntrada. */
export function aLineaEntrada(linea: LineaDelFormulario): LineaFacturaEntrada {
  return {
    ...(linea._id ? { _id: linea._id } : {}),
    idProducto: linea.idProducto,
    idCodigoDeBarra: linea.idCodigoDeBarra || null,
    descripcion: linea.descripcion,
    nota: linea.nota,
    cantidad: linea.cantidad ?? 0,
    precio: linea.precio,
    precioDeVenta: linea.precioDeVenta,
    descuento: linea.descuento,
    descuentoParaSocios: linea.descuentoParaSocios,
    paquete: linea.paquete,
    itemPersonalizado: linea.itemPersonalizado,
    variantes: linea.variantes,
    // Spec 001 §2 conversions: a conduce's line names the line it bills.
    ...(linea.origen ? { idLineaConduce: linea.origen.idLineaConduce } : {}),
  };
}

/**
 * A line another document brought into a new invoice (a quotation's, a conduce's): a new invoice line
 * (no _id) at the source's price and discount; a conduce's line keeps where it came from.
 */
export function lineaDesdeOrigen(
  linea: LineaDeVenta,
  conduce?: { idConduce: string; idLineaConduce: string },
): LineaDelFormulario {
  const { _id, ...resto } = lineaDesdeVenta(linea);
  return {
    ...resto,
    clave: `${conduce ? 'conduce' : 'cotizacion'}-${_id ?? linea._id}`,
    ...(conduce ? { origen: conduce } : {}),
  };
}

/** What the form holds of the payment. */
export type PagoDelFormulario = {
  metodoDePago: MetodoSimple | 'Mixto';
  /** Single method: what the customer handed over. */
  recibido: number | null;
  mixto: Record<MetodoSimple, number | null>;
};

export const MIXTO_VACIO: Record<MetodoSimple, number | null> = {
  Efectivo: null,
  Tarjeta: null,
  'Tarjeta-Debito': null,
  Transferencia: null,
  Cheque: null,
};

/** The payment split, change and what stays owed (domain calcularCobro), or why the amounts are wrong. */
export function cobroDelFormulario(pago: PagoDelFormulario, montoAPagar: Centavos): Resultado<Cobro> {
  return calcularCobro({
    metodoDePago: pago.metodoDePago,
    montoAPagar,
    efectivoRecibido: pago.recibido ?? 0,
    mixto: Object.fromEntries(Object.entries(pago.mixto).map(([metodo, monto]) => [metodo, monto ?? 0])),
  });
}

/** The contract's payment fields (FacturaEntrada) of the form's payment. */
export function camposDePago(pago: PagoDelFormulario) {
  const mixto = pago.metodoDePago === 'Mixto';
  const parte = (metodo: MetodoSimple) => (mixto ? (pago.mixto[metodo] ?? 0) : 0);
  return {
    metodoDePago: pago.metodoDePago,
    efectivoRecibido: mixto ? 0 : (pago.recibido ?? 0),
    formaDePagoTotalEnEfectivo: parte('Efectivo'),
    formaDePagoTotalEnTarjeta: parte('Tarjeta'),
    formaDePagoTotalEnTarjetaDebito: parte('Tarjeta-Debito'),
    formaDePagoTotalEnTransferencia: parte('Transferencia'),
    formaDePagoTotalEnCheque: parte('Cheque'),
  };
}
