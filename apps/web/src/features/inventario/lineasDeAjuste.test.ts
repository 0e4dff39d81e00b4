import { describe, expect, it } from 'vitest';
import {
  agregarLinea,
  aLineaAjuste,
  cambiarTipoDeLinea,
  existenciaResultante,
  type LineaDelFormulario,
  totalesDeAjuste,
} from './lineasDeAjuste.ts';

function linea(cambios: Partial<LineaDelFormulario>): LineaDelFormulario {
  return {
    clave: 'a',
    idProducto: 'p1',
    nombre: 'Queso de freír',
    idCodigoDeBarra: '00101',
    cantidad: 1,
    tipoDeAjuste: true,
    costoUnitario: null,
    costoPromedio: 150.5,
    disponibilidad: 10,
    ...cambios,
  };
}

describe('líneas del ajuste', () => {
  it('el mismo producto suma 1; una etiqueta de balanza suma su peso; otra dirección es otra línea', () => {
    const una = agregarLinea([], linea({}), 1);
    const dos = agregarLinea(una, linea({ clave: 'b' }), 1);
    expect(dos).toEqual([expect.objectContaining({ clave: 'a', cantidad: 2 })]);
    const pesada = agregarLinea(dos, linea({ clave: 'c', cantidad: 1.25 }), 1.25);
    expect(pesada).toEqual([expect.objectContaining({ clave: 'a', cantidad: 3.25 })]);
    const salida = agregarLinea(pesada, linea({ clave: 'd', tipoDeAjuste: false }), 1);
    expect(salida.map((l) => [l.clave, l.cantidad, l.tipoDeAjuste])).toEqual([
      ['a', 3.25, true],
      ['d', 1, false],
    ]);
  });

  it('cambiar la dirección fusiona con la otra línea y devuelve la guardada que sobra para eliminarla', () => {
    const lineas = [
      linea({ clave: 'x', _id: 'guardada-1', cantidad: 2 }),
      linea({ clave: 'y', _id: 'guardada-2', cantidad: 3, tipoDeAjuste: false }),
    ];
    const { lineas: quedan, eliminadas } = cambiarTipoDeLinea(lineas, 'y', true);
    expect(quedan).toEqual([expect.objectContaining({ clave: 'x', cantidad: 5, tipoDeAjuste: true })]);
    expect(eliminadas).toEqual(['guardada-2']);
  });

  it('valores al costo exactos, existencia resultante y la línea del contrato', () => {
    const entrada = linea({ cantidad: 3, costoUnitario: 0.1 });
    const salida = linea({ clave: 'b', idProducto: 'p2', cantidad: 1.5, tipoDeAjuste: false });
    expect(totalesDeAjuste([entrada, salida])).toEqual({
      lineasDeEntrada: 1,
      lineasDeSalida: 1,
      unidadesEntrada: 3,
      unidadesSalida: 1.5,
      valorEntradas: 0.3,
      valorSalidas: 225.75,
    });
    expect(existenciaResultante(salida)).toBe(8.5);
    expect(aLineaAjuste(salida)).toEqual({
      idProducto: 'p2',
      cantidad: 1.5,
      tipoDeAjuste: false,
      costoUnitario: null,
      text: '',
      variantes: [],
      impuestos: [],
    });
  });
});
