import { describe, expect, it } from 'vitest';
import { comparar, dividir, escaladoATexto, escalar, exacto, multiplicar, restar, sumar } from './exacto.ts';

describe('exacto', () => {
  it('reads decimal text exactly, without binary artefacts', () => {
    expect(exacto(1.005)).toEqual({ n: 1005n, d: 1000n });
    expect(exacto('-2.675')).toEqual({ n: -2675n, d: 1000n });
    expect(exacto(' 12 ')).toEqual({ n: 12n, d: 1n });
    expect(exacto('.5')).toEqual({ n: 5n, d: 10n });
    expect(exacto('+3.')).toEqual({ n: 3n, d: 1n });
  });

  it('reads exponent notation as String(number) writes it', () => {
    expect(exacto(1e-7)).toEqual({ n: 1n, d: 10_000_000n });
    expect(exacto(1e21)).toEqual({ n: 10n ** 21n, d: 1n });
    expect(exacto('2.5E2')).toEqual({ n: 250n, d: 1n });
  });

  it('passes BigInts and exact values through', () => {
    expect(exacto(7n)).toEqual({ n: 7n, d: 1n });
    const valor = { n: 1n, d: 3n };
    expect(exacto(valor)).toBe(valor);
  });

  it('refuses what is not a number', () => {
    for (const malo of ['', 'abc', '1,5', '.', '-', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => exacto(malo)).toThrow(/Número inválido/);
    }
  });

  it('adds, subtracts, multiplies and divides exactly', () => {
    const tercio = dividir(exacto(1), exacto(3));
    expect(comparar(multiplicar(tercio, exacto(3)), exacto(1))).toBe(0);
    expect(sumar(exacto('0.1'), exacto('0.2'))).toEqual({ n: 3n, d: 10n });
    expect(comparar(sumar(tercio, exacto('0.5')), dividir(exacto(5), exacto(6)))).toBe(0);
    expect(comparar(restar(exacto(1), exacto('0.18')), exacto('0.82'))).toBe(0);
    expect(comparar(dividir(exacto(1), exacto(-4)), exacto('-0.25'))).toBe(0);
    expect(() => dividir(exacto(1), exacto(0))).toThrow('División por cero');
  });

  it('compares', () => {
    expect(comparar(exacto(1), exacto(2))).toBe(-1);
    expect(comparar(exacto(2), exacto(1))).toBe(1);
    expect(comparar(exacto('0.50'), exacto('0.5'))).toBe(0);
  });

  it('scales half away from zero, or away from zero on any remainder', () => {
    expect(escalar(exacto('1.005'), 2)).toBe(101n);
    expect(escalar(exacto('-1.005'), 2)).toBe(-101n);
    expect(escalar(exacto('1.0049'), 2)).toBe(100n);
    expect(escalar(exacto('1.0001'), 2, 'alejando')).toBe(101n);
    expect(escalar(exacto('-1.0001'), 2, 'alejando')).toBe(-101n);
    expect(escalar(exacto('1.00'), 2, 'alejando')).toBe(100n);
  });

  it('writes scaled integers as fixed decimals', () => {
    expect(escaladoATexto(12345n, 2)).toBe('123.45');
    expect(escaladoATexto(-5n, 2)).toBe('-0.05');
    expect(escaladoATexto(0n, 2)).toBe('0.00');
    expect(escaladoATexto(42n, 0)).toBe('42');
  });
});
