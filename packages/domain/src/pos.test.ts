import { describe, expect, it } from 'vitest';
import {
  abrirPestana,
  ajustarCantidadCatalogo,
  CANTIDAD_CATALOGO,
  cerrarPestana,
  INTERVALO_BANNER_MS,
  MAXIMO_DE_PESTANAS_POS,
  mostrarBanner,
} from './pos.ts';

describe('pestañas del POS', () => {
  it('numbers each new tab after the last one, up to 5', () => {
    expect(abrirPestana([])).toEqual({ ok: true, valor: 1 });
    expect(abrirPestana([1, 2, 4])).toEqual({ ok: true, valor: 5 });
    expect(MAXIMO_DE_PESTANAS_POS).toBe(5);
    expect(abrirPestana([1, 2, 3, 4, 5])).toEqual({
      ok: false,
      mensaje:
        'Limite de pestaña excedido: Solo puedes crear 5 pestañas de ventas, por un tema de organización',
    });
  });

  it('returns to tab 1 after closing, and never removes tab 1', () => {
    expect(cerrarPestana([1, 2, 3], 2)).toEqual({ pestanas: [1, 3], activa: 1 });
    expect(cerrarPestana([1, 2], 1)).toEqual({ pestanas: [1, 2], activa: 1 });
  });
});

describe('catálogo', () => {
  it('keeps quantities within 1..1000', () => {
    expect(CANTIDAD_CATALOGO).toEqual({ minima: 1, maxima: 1000 });
    expect(ajustarCantidadCatalogo(0)).toBe(1);
    expect(ajustarCantidadCatalogo(5.4)).toBe(5);
    expect(ajustarCantidadCatalogo(2000)).toBe(1000);
    expect(ajustarCantidadCatalogo(Number.NaN)).toBe(1);
  });

  it('shows the banner if never seen or seen more than 3 hours ago', () => {
    expect(mostrarBanner(undefined, 0)).toBe(true);
    expect(mostrarBanner(0, INTERVALO_BANNER_MS)).toBe(false);
    expect(mostrarBanner(0, INTERVALO_BANNER_MS + 1)).toBe(true);
  });
});
