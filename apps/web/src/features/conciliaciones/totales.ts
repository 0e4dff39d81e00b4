import type { ConciliacionResumen, MovimientoConciliacion } from '@pos/contract';
import { aCentavos, aPesos, calcularConciliacion, type MovimientoBancario } from '@pos/domain';

/** A tick changed on screen and not saved yet: the movement and its new state. */
export type Marca = Pick<MovimientoConciliacion, '_id' | 'tipo' | 'monto' | 'conciliacionVerificada'>;

/**
 * The live figures while ticking (spec 002 §5, `calcularConciliacion`): the server's verified totals,
 * less the movements unticked on screen, plus those ticked on screen. `figuras` are the statement's
 * figures as edited (or as saved).
 */
export function totalesEnVivo(
  conciliacion: ConciliacionResumen,
  figuras: Pick<ConciliacionResumen, 'saldoFinalDelEstado' | 'ingresosBancarios' | 'gastosBancarios'>,
  marcas: readonly Marca[],
) {
  const quitado = (tipo: Marca['tipo']) =>
    marcas
      .filter((m) => m.tipo === tipo && !m.conciliacionVerificada)
      .reduce((total, m) => total + aCentavos(m.monto), 0);
  const movimientos: MovimientoBancario[] = [
    {
      tipo: 'ingreso',
      monto: (aCentavos(conciliacion.totalIngresosVerificados) -
        quitado('ingreso')) as MovimientoBancario['monto'],
      conciliacionVerificada: true,
    },
    {
      tipo: 'egreso',
      monto: (aCentavos(conciliacion.totalEgresosVerificados) -
        quitado('egreso')) as MovimientoBancario['monto'],
      conciliacionVerificada: true,
    },
    ...marcas
      .filter((m) => m.conciliacionVerificada)
      .map((m) => ({ tipo: m.tipo, monto: aCentavos(m.monto), conciliacionVerificada: true })),
  ];
  const r = calcularConciliacion({
    saldoInicial: aCentavos(conciliacion.saldoInicial),
    saldoFinalDelEstado: aCentavos(figuras.saldoFinalDelEstado),
    ingresosBancarios: aCentavos(figuras.ingresosBancarios),
    gastosBancarios: aCentavos(figuras.gastosBancarios),
    movimientos,
  });
  return {
    totalIngresosVerificados: aPesos(r.totalIngresosVerificados),
    totalEgresosVerificados: aPesos(r.totalEgresosVerificados),
    balance: aPesos(r.balance),
    diferencia: aPesos(r.diferencia),
    cuadra: r.cuadra,
  };
}
