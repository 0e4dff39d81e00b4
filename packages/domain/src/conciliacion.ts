import { type Centavos, sumarCentavos } from './dinero.ts';

/** A bank movement in a reconciliation (spec 002 §3): income or expense, verified or not. */
export type MovimientoBancario = {
  readonly tipo: 'ingreso' | 'egreso';
  readonly monto: Centavos;
  readonly conciliacionVerificada: boolean;
};

/** The figures a reconciliation is computed from (spec 002 §3 "Reconciliation"). */
export type DatosDeConciliacion = {
  readonly saldoInicial: Centavos;
  readonly saldoFinalDelEstado: Centavos;
  /** Interest income credited by the bank. */
  readonly ingresosBancarios: Centavos;
  /** Bank fees. */
  readonly gastosBancarios: Centavos;
  readonly movimientos: readonly MovimientoBancario[];
};

/** The result of a reconciliation; it balances when the difference is 0. */
export type ResultadoDeConciliacion = {
  readonly totalIngresosVerificados: Centavos;
  readonly totalEgresosVerificados: Centavos;
  readonly balance: Centavos;
  readonly diferencia: Centavos;
  readonly cuadra: boolean;
};

// Spec 002 §5: balance = initial balance + verified incomes + bank interest − (verified
// expenses + bank fees); difference = statement final balance − balance.
/** Computes a bank reconciliation's balance and difference from the verified movements. */
export function calcularConciliacion(datos: DatosDeConciliacion): ResultadoDeConciliacion {
  const verificados = datos.movimientos.filter((movimiento) => movimiento.conciliacionVerificada);
  const totalDe = (tipo: MovimientoBancario['tipo']) =>
    sumarCentavos(
      verificados.filter((movimiento) => movimiento.tipo === tipo).map((movimiento) => movimiento.monto),
    );
  const totalIngresosVerificados = totalDe('ingreso');
  const totalEgresosVerificados = totalDe('egreso');
  const balance = (datos.saldoInicial +
    totalIngresosVerificados +
    datos.ingresosBancarios -
    (totalEgresosVerificados + datos.gastosBancarios)) as Centavos;
  const diferencia = (datos.saldoFinalDelEstado - balance) as Centavos;
  return { totalIngresosVerificados, totalEgresosVerificados, balance, diferencia, cuadra: diferencia === 0 };
}
