import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aCentavos } from './dinero.ts';
import { calcularLinea } from './lineas.ts';
import { precioSinImpuesto } from './precios.ts';
import { calcularTotales } from './totales.ts';

const ITBIS = { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 };
const PROPINA = { name: 'Propina 10%', tipoDeImpuesto: 'propina', tasa: 0.1 };

describe('calcularTotales', () => {
  it('adds the lines, taxes and withholdings', () => {
    const totales = calcularTotales(
      [
        { cantidad: 2, precio: 100, descuento: 0.1, impuestos: [ITBIS, PROPINA] },
        { cantidad: 1, precio: precioSinImpuesto(100, [ITBIS]), impuestos: [ITBIS] },
        { cantidad: 3, precio: '10' },
      ],
      [
        { tipoRetencion: 'isr', porcentaje: 10 },
        { tipoRetencion: 'itbis', porcentaje: 30 },
      ],
    );
    expect(totales).toMatchObject({
      importe: aCentavos(200 + 84.75 + 30),
      descuento: aCentavos(20),
      subtotal: aCentavos(180 + 84.75 + 30),
      impuestos: aCentavos(32.4 + 18 + 15.25),
      itbis: aCentavos(32.4 + 15.25),
      total: aCentavos(230.4 + 100 + 30),
      retenciones: [aCentavos(29.48), aCentavos(14.3)],
      totalRetenciones: aCentavos(43.78),
      montoAPagar: aCentavos(360.4 - 43.78),
    });
    expect(totales.desgloseDeImpuestos).toEqual([
      { name: 'Itbis 18%', tipoDeImpuesto: 'itbis', total: aCentavos(47.65) },
      { name: 'Propina 10%', tipoDeImpuesto: 'propina', total: aCentavos(18) },
    ]);
  });

  it('withholds nothing on ITBIS when there is none, and nothing without withholdings', () => {
    const totales = calcularTotales(
      [{ cantidad: 1, precio: 100 }],
      [{ tipoRetencion: 'itbis', porcentaje: 100 }],
    );
    expect(totales.retenciones).toEqual([0]);
    expect(totales.montoAPagar).toBe(10000);
    expect(calcularTotales([]).total).toBe(0);
  });

  it('totals are the sum of the lines', () => {
    const linea = fc.record({
      cantidad: fc.integer({ min: 1, max: 1000 }),
      precio: fc.integer({ min: 0, max: 10_000_000 }).map((centavos) => centavos / 100),
      descuento: fc.integer({ min: 0, max: 100 }).map((porcentaje) => porcentaje / 100),
      impuestos: fc.subarray([ITBIS, PROPINA]),
    });
    fc.assert(
      fc.property(fc.array(linea, { maxLength: 30 }), (lineas) => {
        const totales = calcularTotales(lineas);
        const calculadas = lineas.map(calcularLinea);
        const suma = (campo: 'subtotal' | 'total' | 'totalImpuestos') =>
          calculadas.reduce((total, calculada) => total + calculada[campo], 0);
        expect(totales.subtotal).toBe(suma('subtotal'));
        expect(totales.total).toBe(suma('total'));
        expect(totales.impuestos).toBe(suma('totalImpuestos'));
        expect(totales.subtotal + totales.impuestos).toBe(totales.total);
        expect(totales.desgloseDeImpuestos.reduce((total, fila) => total + fila.total, 0)).toBe(
          totales.impuestos,
        );
      }),
    );
  });
});
