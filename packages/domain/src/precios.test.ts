import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exacto } from './exacto.ts';
import {
  escalarPrecio,
  precioConImpuesto,
  precioConVariantes,
  precioSinImpuesto,
  textoDePrecio,
} from './precios.ts';

const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };
const PROPINA = { name: 'Propina 10%', tipoDeImpuesto: 'propina', tasa: 0.1 };

describe('precios', () => {
  it('derives the price before tax with 12 decimals, away from zero', () => {
    expect(precioSinImpuesto(100, [ITBIS])).toBe('84.745762711865');
    expect(precioSinImpuesto('128', [ITBIS, PROPINA])).toBe('100');
    expect(precioSinImpuesto(50, [])).toBe('50');
    expect(precioSinImpuesto(-100, [ITBIS])).toBe('-84.745762711865');
  });

  it('rounds the price with tax to 2 decimals', () => {
    expect(precioConImpuesto('84.745762711865', [ITBIS])).toBe(100);
    expect(precioConImpuesto(10, [ITBIS, PROPINA])).toBe(12.8);
    expect(precioConImpuesto('0.125', [])).toBe(0.13);
  });

  it('goes back to the shelf price for any sensible price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (centavos) => {
        const p = centavos / 100;
        expect(precioConImpuesto(precioSinImpuesto(p, [ITBIS]), [ITBIS])).toBe(p);
      }),
    );
  });

  it('adds variant values to the price', () => {
    expect(precioConVariantes('84.745762711865', [{ valor: 10 }, { valor: 0.5 }])).toBe('95.245762711865');
    expect(precioConVariantes(20, [])).toBe('20');
  });

  it('scales prices and writes them without trailing zeros', () => {
    expect(escalarPrecio(100, exacto('0.9'))).toBe('90');
    expect(escalarPrecio('10.5', exacto('1.05'))).toBe('11.025');
    expect(textoDePrecio(exacto('1000.000'))).toBe('1000');
    expect(textoDePrecio(exacto(0))).toBe('0');
  });
});
