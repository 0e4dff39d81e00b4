import { describe, expect, it } from 'vitest';
import { formatearCantidad, formatearNumero, formatearPorcentaje } from './numeros.ts';

describe('numeros', () => {
  it('writes numbers as es-DO with the decimals asked for', () => {
    expect(formatearNumero(1234567, 0, 0)).toBe('1,234,567');
    expect(formatearNumero(2.46, 0, 1)).toBe('2.5');
    expect(formatearNumero(0.25, 3, 3)).toBe('0.250');
    // The same options twice reuse one formatter and answer the same.
    expect(formatearNumero(0.25, 3, 3)).toBe('0.250');
  });

  it('quantities keep up to 4 decimals', () => {
    expect(formatearCantidad(1250.5)).toBe('1,250.5');
    expect(formatearCantidad(0.12345)).toBe('0.1235');
    expect(formatearCantidad(12)).toBe('12');
  });

  it('percents come from fractions, up to 4 decimals, without binary artefacts', () => {
    expect(formatearPorcentaje(0.18)).toBe('18%');
    expect(formatearPorcentaje(0.075)).toBe('7.5%');
    expect(formatearPorcentaje(0.123456)).toBe('12.3456%');
    expect(formatearPorcentaje(0.1 * 3)).toBe('30%');
  });
});
