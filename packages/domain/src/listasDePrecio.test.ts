import { describe, expect, it } from 'vitest';
import {
  actualizarPreciosDeLineas,
  CONFIRMACION_ACTUALIZAR_PRECIOS,
  debeActualizarPrecios,
  type ListaDePrecio,
  precioSegunLista,
} from './listasDePrecio.ts';

const PREDETERMINADA: ListaDePrecio = { _id: 'general', predeterminado: true, tipo: false, porcentaje: 0 };
const MAYORISTA: ListaDePrecio = { _id: 'mayorista', predeterminado: false, tipo: true, porcentaje: 10 };
const FIJA: ListaDePrecio = { _id: 'fija', predeterminado: false, tipo: false, porcentaje: 0 };

describe('precioSegunLista', () => {
  it('keeps the price on no list or the default list', () => {
    expect(precioSegunLista(100, undefined)).toBe('100');
    expect(precioSegunLista('84.745762711865', PREDETERMINADA, [{ idLista: 'general', precio: 1 }])).toBe(
      '84.745762711865',
    );
  });

  it('uses the product price assigned to the list first', () => {
    expect(precioSegunLista(100, MAYORISTA, [{ idLista: 'mayorista', precio: 80 }])).toBe('80');
    expect(precioSegunLista(100, FIJA, [{ idLista: 'fija', precio: 75.5 }])).toBe('75.5');
  });

  it('applies a percent list as a discount', () => {
    expect(precioSegunLista(100, MAYORISTA, [{ idLista: 'otra', precio: 1 }])).toBe('90');
    expect(precioSegunLista('84.745762711865', { ...MAYORISTA, porcentaje: 12.5 })).toBe('74.152542372882');
  });

  it('keeps the price on a fixed list without an assigned price', () => {
    expect(precioSegunLista(100, FIJA)).toBe('100');
  });
});

describe('re-pricing', () => {
  it('re-prices only when the list is not the default and lines exist', () => {
    expect(debeActualizarPrecios(MAYORISTA, 2)).toBe(true);
    expect(debeActualizarPrecios(MAYORISTA, 0)).toBe(false);
    // Back to the default list also re-prices (the lines must not keep another list's prices).
    expect(debeActualizarPrecios(PREDETERMINADA, 2)).toBe(true);
    expect(debeActualizarPrecios(undefined, 2)).toBe(false);
    expect(CONFIRMACION_ACTUALIZAR_PRECIOS.titulo).toBe('Actualizar los precios');
  });

  it('re-prices lines from their default price, assigned prices and variants', () => {
    const lineas = [
      { precio: '1', precioPredeterminado: '100', variantes: [{ valor: 5 }] },
      {
        precio: '1',
        precioPredeterminado: '50',
        listaDePrecioAsignada: [{ idLista: 'mayorista', precio: 40 }],
      },
    ];
    expect(actualizarPreciosDeLineas(lineas, MAYORISTA).map((linea) => linea.precio)).toEqual(['95', '40']);
    expect(actualizarPreciosDeLineas(lineas, PREDETERMINADA).map((linea) => linea.precio)).toEqual([
      '105',
      '50',
    ]);
  });
});
