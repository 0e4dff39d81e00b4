import { aCentavos, type Centavos, formatearDinero, type Monto } from './dinero.ts';
import { aceptar, type Resultado, rechazar } from './resultado.ts';

/** The methods money can arrive by; Mixto is a split among them (spec 001 §9). */
export type MetodoDeCobro = 'Efectivo' | 'Tarjeta' | 'Tarjeta-Debito' | 'Transferencia' | 'Cheque';

export type EntradaDeCobro = {
  readonly metodoDePago: MetodoDeCobro | 'Mixto';
  /** What is owed: the invoice's amount to pay (total − withholdings). */
  readonly montoAPagar: Centavos;
  /** Single method: what the customer handed over. */
  readonly efectivoRecibido: Monto;
  /** Mixto: the amount given by each method. */
  readonly mixto?: Partial<Record<MetodoDeCobro, Monto>>;
};

export type Cobro = {
  /** What is applied to the invoice, per method (cash net of change); no zero rows. */
  readonly pagos: readonly { readonly metodo: MetodoDeCobro; readonly monto: Centavos }[];
  /** Everything handed over (cash before change). */
  readonly recibido: Centavos;
  readonly cobrado: Centavos;
  readonly cambio: Centavos;
  /** What stays owed: the receivable. */
  readonly pendiente: Centavos;
};

const ORDEN: readonly MetodoDeCobro[] = ['Tarjeta', 'Tarjeta-Debito', 'Transferencia', 'Cheque', 'Efectivo'];

// Spec 001 §3-§4: a sale is paid by one method or split (Mixto) with change (cambioDeDinero). Only
// cash can give change: card, transfer and cheque amounts are charged exactly, so together they may
// not exceed what is owed. Whatever is not paid stays as the receivable (Por Cobrar).
/** Splits what the customer handed over into payments, change and what stays owed. */
export function calcularCobro(entrada: EntradaDeCobro): Resultado<Cobro> {
  const montos = new Map<MetodoDeCobro, Centavos>();
  if (entrada.metodoDePago === 'Mixto') {
    for (const metodo of ORDEN) {
      montos.set(metodo, aCentavos(entrada.mixto?.[metodo] ?? 0));
    }
  } else {
    montos.set(entrada.metodoDePago, aCentavos(entrada.efectivoRecibido));
  }
  for (const [metodo, monto] of montos) {
    if (monto < 0) {
      return rechazar(`El monto en ${metodo} no puede ser negativo`);
    }
  }
  const sinCambio = ORDEN.filter((metodo) => metodo !== 'Efectivo').reduce(
    (suma, metodo) => suma + (montos.get(metodo) ?? 0),
    0,
  );
  if (sinCambio > entrada.montoAPagar) {
    return rechazar(
      `Lo cobrado con tarjeta, transferencia o cheque (${formatearDinero(sinCambio as Centavos)}) no puede ser mayor que el total a pagar (${formatearDinero(entrada.montoAPagar)})`,
    );
  }
  const efectivo = montos.get('Efectivo') ?? 0;
  const efectivoAplicado = Math.min(efectivo, entrada.montoAPagar - sinCambio);
  const pagos = ORDEN.map((metodo) => ({
    metodo,
    monto: (metodo === 'Efectivo' ? efectivoAplicado : (montos.get(metodo) ?? 0)) as Centavos,
  })).filter((pago) => pago.monto > 0);
  const cobrado = (sinCambio + efectivoAplicado) as Centavos;
  return aceptar({
    pagos,
    recibido: (sinCambio + efectivo) as Centavos,
    cobrado,
    cambio: (efectivo - efectivoAplicado) as Centavos,
    pendiente: (entrada.montoAPagar - cobrado) as Centavos,
  });
}
