import { describe, expect, it } from 'vitest';
import { calcularConciliacion } from './conciliacion.ts';
import { aCentavos } from './dinero.ts';

describe('calcularConciliacion', () => {
  it('balances initial + verified incomes + interest − (verified expenses + fees)', () => {
    const resultado = calcularConciliacion({
      saldoInicial: aCentavos(1000),
      saldoFinalDelEstado: aCentavos(1395),
      ingresosBancarios: aCentavos(5),
      gastosBancarios: aCentavos(10),
      movimientos: [
        { tipo: 'ingreso', monto: aCentavos(500), conciliacionVerificada: true },
        { tipo: 'ingreso', monto: aCentavos(999), conciliacionVerificada: false },
        { tipo: 'egreso', monto: aCentavos(100), conciliacionVerificada: true },
        { tipo: 'egreso', monto: aCentavos(50), conciliacionVerificada: false },
      ],
    });
    expect(resultado).toEqual({
      totalIngresosVerificados: aCentavos(500),
      totalEgresosVerificados: aCentavos(100),
      balance: aCentavos(1395),
      diferencia: 0,
      cuadra: true,
    });
  });

  it('reports the difference with the statement', () => {
    const resultado = calcularConciliacion({
      saldoInicial: aCentavos(0),
      saldoFinalDelEstado: aCentavos(100),
      ingresosBancarios: aCentavos(0),
      gastosBancarios: aCentavos(0.5),
      movimientos: [],
    });
    expect(resultado).toMatchObject({
      balance: aCentavos(-0.5),
      diferencia: aCentavos(100.5),
      cuadra: false,
    });
  });
});
