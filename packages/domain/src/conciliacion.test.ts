import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calcularConciliacion, type MovimientoBancario } from './conciliacion.ts';
import { aCentavos, type Centavos } from './dinero.ts';

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

  // Spec 002 §5 as properties over random statements: unverified movements never count; ticking a
  // movement moves the balance by its amount in its direction; the statement that equals the
  // balance is the only one that balances; the totals do not depend on the movements' order.
  it('cumple la fórmula para cualquier conjunto de movimientos', () => {
    const centavos = (max: number) => fc.integer({ min: 0, max }).map((n) => n as Centavos);
    const movimiento = fc.record({
      tipo: fc.constantFrom<'ingreso' | 'egreso'>('ingreso', 'egreso'),
      monto: centavos(10_000_000),
      conciliacionVerificada: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000_000, max: 100_000_000 }).map((n) => n as Centavos),
        centavos(100_000),
        centavos(100_000),
        fc.array(movimiento, { maxLength: 40 }),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        (saldoInicial, ingresosBancarios, gastosBancarios, movimientos: MovimientoBancario[], desvio) => {
          const base = { saldoInicial, ingresosBancarios, gastosBancarios, movimientos };
          const { balance, totalIngresosVerificados, totalEgresosVerificados } = calcularConciliacion({
            ...base,
            saldoFinalDelEstado: 0 as Centavos,
          });
          const suma = (tipo: string) =>
            movimientos
              .filter((m) => m.tipo === tipo && m.conciliacionVerificada)
              .reduce((total, m) => total + m.monto, 0);
          expect(totalIngresosVerificados).toBe(suma('ingreso'));
          expect(totalEgresosVerificados).toBe(suma('egreso'));
          expect(balance).toBe(
            saldoInicial + suma('ingreso') + ingresosBancarios - (suma('egreso') + gastosBancarios),
          );
          const cuadrada = calcularConciliacion({ ...base, saldoFinalDelEstado: balance });
          expect(cuadrada).toMatchObject({ diferencia: 0, cuadra: true });
          const otra = calcularConciliacion({ ...base, saldoFinalDelEstado: (balance + desvio) as Centavos });
          expect(otra.diferencia).toBe(desvio);
          expect(otra.cuadra).toBe(desvio === 0);
          expect(
            calcularConciliacion({
              ...base,
              movimientos: [...movimientos].reverse(),
              saldoFinalDelEstado: 0 as Centavos,
            }).balance,
          ).toBe(balance);
          // Ticking one more movement moves the balance by exactly its amount, in its direction.
          const pendiente = movimientos.findIndex((m) => !m.conciliacionVerificada);
          if (pendiente >= 0) {
            const m = movimientos[pendiente] as MovimientoBancario;
            const marcados = movimientos.map((x, i) =>
              i === pendiente ? { ...x, conciliacionVerificada: true } : x,
            );
            const despues = calcularConciliacion({
              ...base,
              movimientos: marcados,
              saldoFinalDelEstado: 0 as Centavos,
            });
            expect(despues.balance - balance).toBe(m.tipo === 'ingreso' ? m.monto : 0 - m.monto);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
