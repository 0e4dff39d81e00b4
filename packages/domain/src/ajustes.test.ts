import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agregarProductoAlAjuste,
  fusionarLineasDeAjuste,
  type LineaDeAjusteMinima,
  sumarCantidades,
} from './ajustes.ts';

describe('líneas de un ajuste de inventario', () => {
  it('agregar el mismo producto suma 1; otro producto u otra dirección agrega una línea', () => {
    let lineas = agregarProductoAlAjuste<LineaDeAjusteMinima>([], {
      idProducto: 'a',
      cantidad: 1,
      tipoDeAjuste: true,
    });
    lineas = agregarProductoAlAjuste(lineas, { idProducto: 'a', cantidad: 1, tipoDeAjuste: true });
    lineas = agregarProductoAlAjuste(lineas, { idProducto: 'a', cantidad: 1, tipoDeAjuste: false });
    lineas = agregarProductoAlAjuste(lineas, { idProducto: 'b', cantidad: 2.5 });
    expect(lineas).toEqual([
      { idProducto: 'a', cantidad: 2, tipoDeAjuste: true },
      { idProducto: 'a', cantidad: 1, tipoDeAjuste: false },
      { idProducto: 'b', cantidad: 2.5 },
    ]);
  });

  it('sin tipoDeAjuste la línea es de entrada, y el resto de las líneas no cambia', () => {
    const lineas: LineaDeAjusteMinima[] = [
      { idProducto: 'a', cantidad: 3 },
      { idProducto: 'b', cantidad: 1, tipoDeAjuste: false },
    ];
    expect(agregarProductoAlAjuste(lineas, { idProducto: 'a', cantidad: 1, tipoDeAjuste: true })).toEqual([
      { idProducto: 'a', cantidad: 4 },
      { idProducto: 'b', cantidad: 1, tipoDeAjuste: false },
    ]);
    expect(agregarProductoAlAjuste(lineas, { idProducto: 'b', cantidad: 1 })).toEqual([
      ...lineas,
      { idProducto: 'b', cantidad: 1 },
    ]);
  });

  it('sumas exactas con 4 decimales', () => {
    expect(sumarCantidades(0.1, 0.2)).toBe(0.3);
    expect(sumarCantidades(1.0005, 2.0005)).toBe(3.001);
  });

  it('fusionar conserva la cantidad total por producto y dirección', () => {
    const linea = fc.record({
      idProducto: fc.constantFrom('a', 'b', 'c'),
      cantidad: fc.integer({ min: 1, max: 100000 }).map((n) => n / 1000),
      tipoDeAjuste: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(linea, { maxLength: 30 }), (lineas) => {
        const fusionadas = fusionarLineasDeAjuste(lineas);
        const claves = fusionadas.map((l) => `${l.idProducto}|${l.tipoDeAjuste}`);
        expect(new Set(claves).size).toBe(claves.length);
        for (const f of fusionadas) {
          const esperado = lineas
            .filter((l) => l.idProducto === f.idProducto && l.tipoDeAjuste === f.tipoDeAjuste)
            .reduce((suma, l) => suma + Math.round(l.cantidad * 1000), 0);
          expect(Math.round(f.cantidad * 1000)).toBe(esperado);
        }
      }),
    );
  });
});
