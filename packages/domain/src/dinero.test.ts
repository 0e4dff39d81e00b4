import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aCentavos,
  aPesos,
  aTextoDecimal,
  type Centavos,
  centavosAExacto,
  formatearDinero,
  formatearImporte,
  redondear,
  sumarCentavos,
} from './dinero.ts';

const espacios = (texto: string) => texto.replace(/\s/g, ' ');

describe('redondear', () => {
  it('rounds half away from zero on the decimal value, immune to binary artefacts', () => {
    expect(redondear(1.005)).toBe(1.01);
    expect(redondear(2.675)).toBe(2.68);
    expect(redondear(1.015)).toBe(1.02);
    expect(redondear(-1.005)).toBe(-1.01);
    expect(redondear(-2.675)).toBe(-2.68);
    expect(redondear(-1.015)).toBe(-1.02);
    expect(redondear(1.0049999)).toBe(1);
    expect(redondear('10.125')).toBe(10.13);
    expect(redondear(0)).toBe(0);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (valor) => {
        const una = redondear(valor);
        expect(redondear(una)).toBe(una);
      }),
    );
  });

  it('never moves a value by more than half a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 999 }),
        (entero, milesimas) => {
          const texto = `${entero}.${String(milesimas).padStart(3, '0')}`;
          const diferencia = Math.abs(
            aCentavos(texto) * 10 - (entero * 1000 + Math.sign(entero || 1) * milesimas),
          );
          expect(diferencia).toBeLessThanOrEqual(5);
        },
      ),
    );
  });
});

describe('centavos', () => {
  it('converts both ways', () => {
    expect(aCentavos('1234.5')).toBe(123450);
    expect(aPesos(123450 as Centavos)).toBe(1234.5);
    expect(aTextoDecimal(123450 as Centavos)).toBe('1234.50');
    expect(aTextoDecimal(-7 as Centavos)).toBe('-0.07');
    expect(centavosAExacto(150 as Centavos)).toEqual({ n: 150n, d: 100n });
    expect(sumarCentavos([100, 250, -50] as Centavos[])).toBe(300);
    expect(sumarCentavos([])).toBe(0);
  });
});

describe('formatearDinero', () => {
  it('formats es-DO pesos with 2 fixed decimals', () => {
    expect(espacios(formatearDinero(123456 as Centavos))).toBe('RD$1,234.56');
    expect(espacios(formatearDinero(aCentavos(1000000)))).toBe('RD$1,000,000.00');
    expect(espacios(formatearDinero(aCentavos(1.005)))).toBe('RD$1.01');
    expect(espacios(formatearDinero(-50 as Centavos))).toBe('-RD$0.50');
    expect(formatearImporte(123456 as Centavos)).toBe('1,234.56');
    expect(formatearImporte(aCentavos(1.005))).toBe('1.01');
    expect(formatearImporte(-50 as Centavos)).toBe('-0.50');
  });
});
