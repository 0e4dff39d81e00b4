import { aCentavos, type Centavos, sumarCentavos } from './dinero.ts';
import { aceptar, type Resultado, rechazar } from './resultado.ts';

/** Peso notes and coins counted when opening and closing a shift (spec 002 §9). */
export const DENOMINACIONES = [2000, 1000, 500, 200, 100, 50, 25, 20, 10, 5, 1, 0.5, 0.25] as const;

/** Payment methods; Efectivo is the default (spec 001 §9, 002 §9). */
export const METODOS_DE_PAGO = [
  'Tarjeta',
  'Tarjeta-Debito',
  'Transferencia',
  'Efectivo',
  'Mixto',
  'Cheque',
] as const;

/** One line of a cash count (spec 002 §3 desgloseDeEfectivo): a denomination and how many. */
export type LineaDeEfectivo = { readonly monto: number; readonly cantidad: number };

/** A shift's money by origin, in cents (spec 002 §3 "Shift"). */
export type MovimientosDelTurno = {
  readonly montoDeInicio: Centavos;
  readonly efectivo: Centavos;
  readonly tarjetaCredito: Centavos;
  readonly tarjetaDebito: Centavos;
  readonly transferencia: Centavos;
  readonly cheque: Centavos;
  readonly ingresoDeEfectivo: Centavos;
  readonly retiroDeEfectivo: Centavos;
  readonly devolucionesDeEfectivo: Centavos;
};

/** A shift's totals: all sales by any method, and the cash that should be in the drawer. */
export type TotalesDelTurno = { readonly totalGral: Centavos; readonly totalEnCaja: Centavos };

const CUENTAS_POR_METODO: ReadonlyMap<string, CuentaDelTerminal> = new Map([
  ['Tarjeta', 'cuentaDeTarjetaDeCredito'],
  ['Tarjeta-Debito', 'cuentaDeTarjetaDeDebitos'],
  ['Transferencia', 'cuentaDeTransferencias'],
]);

/** A terminal's account field a payment is debited to (spec 002 §3 "Terminal"). */
export type CuentaDelTerminal =
  | 'cuentaDeTarjetaDeCredito'
  | 'cuentaDeTarjetaDeDebitos'
  | 'cuentaDeTransferencias'
  | 'cajaDefectvoIdRef';

/** An empty cash count, one line per denomination. */
export function desgloseVacio(): LineaDeEfectivo[] {
  return DENOMINACIONES.map((monto) => ({ monto, cantidad: 0 }));
}

// Spec 002 §3, §9: the count is Σ denomination × quantity; a line must use a listed
// denomination and a whole, non-negative quantity (our rule: the spec is silent).
/** The cash counted, in cents, or a refusal naming the wrong line. */
export function contarEfectivo(desglose: readonly LineaDeEfectivo[]): Resultado<Centavos> {
  const montos: Centavos[] = [];
  for (const { monto, cantidad } of desglose) {
    if (!(DENOMINACIONES as readonly number[]).includes(monto)) {
      return rechazar(`La denominación ${monto} no existe`);
    }
    if (!Number.isInteger(cantidad) || cantidad < 0) {
      return rechazar(`La cantidad de ${monto} debe ser un número entero no negativo`);
    }
    montos.push((aCentavos(monto) * cantidad) as Centavos);
  }
  return aceptar(sumarCentavos(montos));
}

// Spec 002 §3 lists the shift's fields but not their formulas; these are ours (docs/domain.md):
// totalGral = sales by every method; totalEnCaja = opening amount + cash sales + cash in − cash
// out − cash refunds.
/** Computes a shift's total sales and the cash expected in the drawer. */
export function calcularTotalesDelTurno(turno: MovimientosDelTurno): TotalesDelTurno {
  const totalGral = sumarCentavos([
    turno.efectivo,
    turno.tarjetaCredito,
    turno.tarjetaDebito,
    turno.transferencia,
    turno.cheque,
  ]);
  const totalEnCaja = (turno.montoDeInicio +
    turno.efectivo +
    turno.ingresoDeEfectivo -
    turno.retiroDeEfectivo -
    turno.devolucionesDeEfectivo) as Centavos;
  return { totalGral, totalEnCaja };
}

/** The cash difference at closing: counted − expected (negative means missing cash). */
export function diferenciaDeCaja(contado: Centavos, totalEnCaja: Centavos): Centavos {
  return (contado - totalEnCaja) as Centavos;
}

// Spec 001 §4, 002 §4: Tarjeta → the terminal's credit-card account, Tarjeta-Debito → debit-card
// account, Transferencia → transfers account; Efectivo, Cheque and others → the default cash box.
/** Which terminal account a payment method debits. */
export function cuentaDelTerminalParaMetodo(metodo: string): CuentaDelTerminal {
  return CUENTAS_POR_METODO.get(metodo) ?? 'cajaDefectvoIdRef';
}
