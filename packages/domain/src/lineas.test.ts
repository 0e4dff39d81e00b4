import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aCentavos } from './dinero.ts';
import { exacto, multiplicar } from './exacto.ts';
import type { Impuesto } from './impuestos.ts';
import { calcularLinea } from './lineas.ts';
import { precioSinImpuesto } from './precios.ts';

const ITBIS: Impuesto = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };
const ITBIS16: Impuesto = { name: 'Itbis 16%', tipoDeImpuesto: 'itbis16', tasa: 0.16 };
const EXENTO: Impuesto = { name: 'Exento 0%', tipoDeImpuesto: 'exento', tasa: 0 };
const PROPINA: Impuesto = { name: 'Propina 10%', tipoDeImpuesto: 'propina', tasa: 0.1 };
const OTROS: Impuesto = { name: 'otros 5%', tipoDeImpuesto: 'otros', tasa: 0.05 };

/** Sensible tax sets: none, one, ITBIS plus tip, and rates written as multipliers (1.18). */
const impuestosSensatos = fc.constantFrom<readonly Impuesto[]>(
  [],
  [ITBIS],
  [ITBIS16],
  [EXENTO],
  [ITBIS, PROPINA],
  [ITBIS, EXENTO],
  [{ ...ITBIS, tasa: 1.18 }],
  [{ ...ITBIS16, tasa: 1.16 }],
  [ITBIS16, OTROS, PROPINA],
);
const precioEnCentavos = fc.integer({ min: 1, max: 100_000_000 });

describe('calcularLinea', () => {
  it('computes quantity × price − discount, then taxes, rounded once', () => {
    const linea = calcularLinea({ cantidad: 3, precio: '84.745762711865', impuestos: [ITBIS] });
    expect(linea).toEqual({
      importe: 25424,
      descuento: 0,
      subtotal: 25424,
      impuestos: [{ ...ITBIS, total: 4576 }],
      totalImpuestos: 4576,
      total: 30000,
    });
  });

  it('applies the discount as a fraction', () => {
    const linea = calcularLinea({ cantidad: 2, precio: 50, descuento: 0.1, impuestos: [ITBIS] });
    expect(linea.importe).toBe(10000);
    expect(linea.descuento).toBe(1000);
    expect(linea.subtotal).toBe(9000);
    expect(linea.total).toBe(10620);
  });

  it('clamps a stored discount outside 0..1', () => {
    expect(calcularLinea({ cantidad: 1, precio: 10, descuento: 1.5 }).subtotal).toBe(0);
    expect(calcularLinea({ cantidad: 1, precio: 10, descuento: -0.5 }).subtotal).toBe(1000);
  });

  it('treats a line without taxes as exempt', () => {
    const linea = calcularLinea({ cantidad: '0.5', precio: '3.01' });
    expect(linea).toMatchObject({ subtotal: 151, totalImpuestos: 0, total: 151, impuestos: [] });
  });

  it('gives the rounding cent to the highest rate, never to a 0% tax', () => {
    // 0.05 × 0.18 = 0.009 and 0.05 × 0.10 = 0.005 round to 0.01 each, but the total with tax
    // 0.05 × 1.28 = 0.064 rounds to 0.06: the ITBIS absorbs the cent.
    const linea = calcularLinea({ cantidad: 1, precio: '0.05', impuestos: [EXENTO, PROPINA, ITBIS] });
    expect(linea.impuestos.map((impuesto) => impuesto.total)).toEqual([0, 1, 0]);
    expect(linea.total).toBe(6);
  });

  it('the customer pays the shelf price: price with tax P totals exactly P × quantity', () => {
    fc.assert(
      fc.property(
        precioEnCentavos,
        fc.integer({ min: 1, max: 1000 }),
        impuestosSensatos,
        (p, cantidad, impuestos) => {
          const precio = precioSinImpuesto((p / 100).toFixed(2), impuestos);
          const linea = calcularLinea({ cantidad, precio, impuestos });
          expect(linea.total).toBe(p * cantidad);
          // The same after a trip through JSON as a number.
          expect(calcularLinea({ cantidad, precio: Number(precio), impuestos }).total).toBe(p * cantidad);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('weighed quantities pay round(P × quantity), also on exact half cents', () => {
    expect(
      calcularLinea({ cantidad: 0.005, precio: precioSinImpuesto(1, [ITBIS]), impuestos: [ITBIS] }).total,
    ).toBe(1);
    fc.assert(
      fc.property(
        precioEnCentavos,
        fc.integer({ min: 1, max: 99_999 }),
        impuestosSensatos,
        (p, milesimas, impuestos) => {
          const cantidad = milesimas / 1000;
          const linea = calcularLinea({
            cantidad,
            precio: precioSinImpuesto((p / 100).toFixed(2), impuestos),
            impuestos,
          });
          expect(linea.total).toBe(aCentavos(multiplicar(exacto((p / 100).toFixed(2)), exacto(cantidad))));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('keeps subtotal + taxes = total and importe − descuento = subtotal on every line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        impuestosSensatos,
        (cantidad, centavos, porcentaje, impuestos) => {
          const linea = calcularLinea({
            cantidad,
            precio: centavos / 100,
            descuento: porcentaje / 100,
            impuestos,
          });
          const suma = linea.impuestos.reduce((total, impuesto) => total + impuesto.total, 0);
          expect(suma).toBe(linea.totalImpuestos);
          expect(linea.subtotal + linea.totalImpuestos).toBe(linea.total);
          expect(linea.importe - linea.descuento).toBe(linea.subtotal);
        },
      ),
    );
  });

  it('discounts never make a line negative nor larger than without discount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.double({ min: -2, max: 3, noNaN: true }),
        impuestosSensatos,
        (cantidad, centavos, descuento, impuestos) => {
          const sin = calcularLinea({ cantidad, precio: centavos / 100, impuestos });
          const con = calcularLinea({ cantidad, precio: centavos / 100, descuento, impuestos });
          expect(con.subtotal).toBeGreaterThanOrEqual(0);
          expect(con.total).toBeGreaterThanOrEqual(0);
          expect(con.subtotal).toBeLessThanOrEqual(sin.subtotal);
          expect(con.impuestos.every((impuesto) => impuesto.total >= 0)).toBe(true);
        },
      ),
    );
  });
});
