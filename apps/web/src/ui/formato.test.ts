import { describe, expect, it } from 'vitest';
import {
  cantidad,
  dinero,
  importe,
  numero,
  numeroConDecimales,
  porcentaje,
  porcentajeDeFraccion,
  unidades,
} from './formato.ts';

// The one formatter of the screens (es-DO, DOP): what each kind of number looks like.
describe('formato', () => {
  it('money has the peso sign and 2 decimals, rounded by the domain (1.005 → 1.01)', () => {
    expect(dinero(1234.5)).toBe('RD$1,234.50');
    expect(dinero('1.005')).toBe('RD$1.01');
    expect(importe(1234.5)).toBe('1,234.50');
    expect(importe(1.005)).toBe('1.01');
  });

  it('numbers group thousands and show the decimals asked for', () => {
    expect(numero(1234567)).toBe('1,234,567');
    expect(numero(2.46, 1)).toBe('2.5');
    expect(numeroConDecimales(0.25, 2)).toBe('0.25');
    expect(numeroConDecimales(1.5, 3)).toBe('1.500');
  });

  it('quantities keep up to 4 decimals', () => {
    expect(cantidad(1250.5)).toBe('1,250.5');
    expect(cantidad(0.12345)).toBe('0.1235');
    expect(cantidad(12)).toBe('12');
    expect(unidades(1)).toBe('1 unidad');
    expect(unidades(2.5)).toBe('2.5 unidades');
  });

  it('percents show what is stored, as a percent or as a fraction, without binary artefacts', () => {
    expect(porcentaje(18)).toBe('18%');
    expect(porcentaje(7.5)).toBe('7.5%');
    expect(porcentaje(28)).toBe('28%');
    expect(porcentajeDeFraccion(0.075)).toBe('7.5%');
    expect(porcentajeDeFraccion(0.123456)).toBe('12.3456%');
    expect(porcentajeDeFraccion(0.1 * 3)).toBe('30%');
  });
});
