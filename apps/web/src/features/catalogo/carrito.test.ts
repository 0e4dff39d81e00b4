import type { ProductoDelCatalogo } from '@pos/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  carritoReducer,
  guardarCarrito,
  guardarCierreDelBanner,
  leerCarrito,
  precioDelCatalogo,
  ultimoCierreDelBanner,
} from './carrito.ts';

const producto = (extra: Partial<ProductoDelCatalogo> = {}): ProductoDelCatalogo => ({
  _id: 'a',
  nombre: 'Arroz',
  avatar: null,
  idCategoria: null,
  unidadMedida: '',
  precio: 100,
  oferta: null,
  disponible: true,
  ...extra,
});

describe('el pedido del catálogo', () => {
  beforeEach(() => localStorage.clear());

  it('agregar suma 1 a la línea del mismo producto, sin pasar de 1000', () => {
    let lineas = carritoReducer([], { tipo: 'agregar', producto: producto() });
    lineas = carritoReducer(lineas, { tipo: 'agregar', producto: producto() });
    expect(lineas).toEqual([{ idProducto: 'a', nombre: 'Arroz', avatar: null, precio: 100, cantidad: 2 }]);
    lineas = carritoReducer(lineas, { tipo: 'cantidad', idProducto: 'a', cantidad: 1000 });
    lineas = carritoReducer(lineas, { tipo: 'agregar', producto: producto() });
    expect(lineas[0]?.cantidad).toBe(1000);
  });

  it('la cantidad queda entre 1 y 1000; quitar y vaciar', () => {
    let lineas = carritoReducer([], { tipo: 'agregar', producto: producto() });
    lineas = carritoReducer(lineas, { tipo: 'agregar', producto: producto({ _id: 'b', nombre: 'Leche' }) });
    expect(carritoReducer(lineas, { tipo: 'cantidad', idProducto: 'a', cantidad: 0 })[0]?.cantidad).toBe(1);
    expect(carritoReducer(lineas, { tipo: 'cantidad', idProducto: 'a', cantidad: 5000 })[0]?.cantidad).toBe(
      1000,
    );
    expect(carritoReducer(lineas, { tipo: 'quitar', idProducto: 'a' }).map((l) => l.idProducto)).toEqual([
      'b',
    ]);
    expect(carritoReducer(lineas, { tipo: 'vaciar' })).toEqual([]);
  });

  it('el precio es el de la oferta cuando la hay', () => {
    expect(precioDelCatalogo(producto())).toBe(100);
    expect(precioDelCatalogo(producto({ oferta: { precio: 80, vigencia: null } }))).toBe(80);
    const lineas = carritoReducer([], {
      tipo: 'agregar',
      producto: producto({ oferta: { precio: 80, vigencia: null } }),
    });
    expect(lineas[0]?.precio).toBe(80);
  });

  it('se guarda por empresa; lo ilegible se lee como vacío', () => {
    guardarCarrito(1, [{ idProducto: 'a', nombre: 'Arroz', avatar: null, precio: 100, cantidad: 3 }]);
    expect(leerCarrito(1)).toHaveLength(1);
    expect(leerCarrito(2)).toEqual([]);
    localStorage.setItem('catalogo-pedido-3', '{roto');
    expect(leerCarrito(3)).toEqual([]);
    localStorage.setItem(
      'catalogo-pedido-4',
      JSON.stringify([{ idProducto: 1 }, { idProducto: 'x', nombre: 'X', precio: 5, cantidad: 9999 }]),
    );
    expect(leerCarrito(4)).toEqual([
      { idProducto: 'x', nombre: 'X', avatar: null, precio: 5, cantidad: 1000 },
    ]);
  });

  it('la hora en que se cerró el banner se guarda por empresa', () => {
    expect(ultimoCierreDelBanner(1)).toBeNull();
    guardarCierreDelBanner(1, 1_700_000_000_000);
    expect(ultimoCierreDelBanner(1)).toBe(1_700_000_000_000);
    expect(ultimoCierreDelBanner(2)).toBeNull();
  });
});
