import { describe, expect, it } from 'vitest';
import { detalleDeFaltantes, faltantesDeExistencia, type PedidoDeExistencia } from './existencias.ts';

const pedido = (datos: Partial<PedidoDeExistencia> & { idProducto: string; unidades: number }) => ({
  descripcion: `Producto ${datos.idProducto}`,
  productoInventariable: true,
  ventaSinDisponibilidad: false,
  ...datos,
});

describe('faltantesDeExistencia', () => {
  const hay = (saldos: Record<string, number>) => (id: string) => saldos[id] ?? 0;

  it('sums the lines of one product before comparing with its stock', () => {
    const lineas = [pedido({ idProducto: 'a', unidades: 3 }), pedido({ idProducto: 'a', unidades: 3 })];
    expect(faltantesDeExistencia(lineas, hay({ a: 6 }))).toEqual([]);
    expect(faltantesDeExistencia(lineas, hay({ a: 5 }))).toEqual([
      { idProducto: 'a', descripcion: 'Producto a', cantidad: 6, disponibilidad: 5 },
    ]);
  });

  it('lists every product that lacks stock, once, in the order of the lines', () => {
    const lineas = [
      pedido({ idProducto: 'b', unidades: 2 }),
      pedido({ idProducto: 'a', unidades: 1 }),
      pedido({ idProducto: 'c', unidades: 1 }),
      pedido({ idProducto: 'b', unidades: 1 }),
    ];
    expect(faltantesDeExistencia(lineas, hay({ a: 0, b: 2, c: 1 })).map((f) => f.idProducto)).toEqual([
      'b',
      'a',
    ]);
  });

  it('never blocks a product that is not stocked or may be sold without stock', () => {
    const lineas = [
      pedido({ idProducto: 'servicio', unidades: 9, productoInventariable: false }),
      pedido({ idProducto: 'libre', unidades: 9, ventaSinDisponibilidad: true }),
    ];
    expect(faltantesDeExistencia(lineas, hay({}))).toEqual([]);
  });

  it('compares decimals at the stock scale (0.1 + 0.2 takes 0.3)', () => {
    const lineas = [pedido({ idProducto: 'a', unidades: 0.1 }), pedido({ idProducto: 'a', unidades: 0.2 })];
    expect(faltantesDeExistencia(lineas, hay({ a: 0.3 }))).toEqual([]);
    expect(faltantesDeExistencia(lineas, hay({ a: 0.2999 }))[0]).toMatchObject({ cantidad: 0.3 });
  });

  it('a negative balance lacks stock for any demand', () => {
    expect(faltantesDeExistencia([pedido({ idProducto: 'a', unidades: 1 })], hay({ a: -2 }))).toHaveLength(1);
  });
});

describe('detalleDeFaltantes', () => {
  it('names every product with what there is', () => {
    expect(
      detalleDeFaltantes([
        { idProducto: 'a', descripcion: 'Queso de hoja', cantidad: 2, disponibilidad: 1 },
        { idProducto: 'b', descripcion: 'Salami', cantidad: 1, disponibilidad: 0 },
      ]),
    ).toBe('no hay existencia suficiente de «Queso de hoja» (hay 1), «Salami» (hay 0).');
  });
});
