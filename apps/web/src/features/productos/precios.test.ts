import { describe, expect, it } from 'vitest';
import { campoDelFormulario, pestanaDeCampo } from './formulario.ts';
import { desglosarPrecio, precioConVariante, precioDesdeBase, precioEnLista } from './precios.ts';

const ITBIS = [{ name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 }];
const LISTA = { _id: 'mayor', predeterminado: false, tipo: true, porcentaje: 10 };

describe('precios del formulario de producto', () => {
  it('desglosa el precio de góndola en base exacta, base a 2 decimales e impuesto de una unidad', () => {
    expect(desglosarPrecio(100, ITBIS)).toEqual({
      exacto: '84.745762711865',
      sinImpuesto: 84.75,
      impuesto: 15.25,
      conImpuesto: 100,
    });
    // A tax-exempt product: the base is the shelf price.
    expect(desglosarPrecio(50, [])).toMatchObject({ exacto: '50', impuesto: 0 });
  });

  it('un precio escrito sin impuesto da el de góndola redondeado a 2 decimales', () => {
    expect(precioDesdeBase(84.75, ITBIS)).toBe(100.01);
    expect(precioDesdeBase('84.745762711865', ITBIS)).toBe(100);
  });

  it('una variante suma su valor antes del impuesto', () => {
    expect(precioConVariante(desglosarPrecio(40, ITBIS).exacto, { valor: 25 }, ITBIS)).toBe(69.5);
  });

  it('lo que cobra una lista: su descuento sobre la base, o el precio propio asignado', () => {
    const base = desglosarPrecio(100, ITBIS).exacto;
    expect(precioEnLista(base, LISTA, null, ITBIS)).toEqual({ sinImpuesto: 76.27, conImpuesto: 90 });
    expect(precioEnLista(base, LISTA, 80, ITBIS)).toEqual({ sinImpuesto: 80, conImpuesto: 94.4 });
    // The default list always charges the product's own price.
    expect(precioEnLista(base, { ...LISTA, predeterminado: true }, 80, ITBIS).conImpuesto).toBe(100);
  });

  it('los errores del servidor caen en su campo y su pestaña', () => {
    expect(campoDelFormulario('0.nombre')).toBe('nombre');
    expect(campoDelFormulario('1.2.cantidadMinima')).toBe('lineas.2.cantidadMinima');
    expect(campoDelFormulario('idCodigoDeBarra')).toBe('idCodigoDeBarra');
    expect(pestanaDeCampo('lineas.2.cantidadMinima')).toBe('existencia');
    expect(pestanaDeCampo('listaDePrecioAsignada.0.precio')).toBe('listas');
    expect(pestanaDeCampo('nombre')).toBe('general');
  });
});
