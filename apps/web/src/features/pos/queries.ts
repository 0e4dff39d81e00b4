import {
  type AgregarProducto,
  almacenes,
  type CrearFactura,
  categorias,
  contactos,
  type FiltroFacturas,
  facturas,
  listasDePrecio,
  productos,
  terminales,
  turnos,
} from '@pos/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

// The calls of the POS screens. Master data shares the keys of the other screens (`['maestros', …]`), so
// an edit there refreshes it here.

export const posQueries = {
  // Spec 002 §7 "PATCH /turno/actual/{userId}": read on every entry (no cache), since the shift screen
  // opens and closes it.
  turnoActual: (idUsuario: string) =>
    queryOptions({
      queryKey: ['turnos', 'actual', idUsuario],
      queryFn: ({ signal }) => api(turnos.actual, { params: { userId: idUsuario }, body: {}, signal }),
      staleTime: 0,
      refetchOnMount: 'always',
    }),
  terminal: (id: string) =>
    queryOptions({
      queryKey: ['maestros', 'terminales', 'uno', id],
      queryFn: ({ signal }) => api(terminales.obtener, { params: { id }, signal }),
      staleTime: 60_000,
    }),
  almacenPrincipal: () =>
    queryOptions({
      queryKey: ['maestros', 'almacenes', 'principal'],
      queryFn: ({ signal }) => api(almacenes.principal, { signal }),
      staleTime: 60_000,
    }),
  listasDePrecio: () =>
    queryOptions({
      queryKey: ['maestros', 'listasDePrecio', 'activos'],
      queryFn: async ({ signal }) =>
        (await api(listasDePrecio.listar, { query: { activos: true }, signal })).res,
      staleTime: 60_000,
    }),
  categorias: () =>
    queryOptions({
      queryKey: ['maestros', 'categorias', 'activos'],
      queryFn: async ({ signal }) => (await api(categorias.listar, { query: { activos: true }, signal })).res,
      staleTime: 60_000,
    }),
  /** The warehouse's products for the product list modal (name search, category filter). */
  productos: (idAlmacen: string, input: string, idCategoria: string | null) =>
    queryOptions({
      queryKey: ['productos', 'pos', idAlmacen, input, idCategoria],
      queryFn: ({ signal }) =>
        api(productos.porAlmacen, { body: { idAlmacen, input, idCategoria, page: 1, limit: 60 }, signal }),
      placeholderData: keepPreviousData,
    }),
  clientes: (input: string) =>
    queryOptions({
      queryKey: ['contactos', 'pos', input],
      queryFn: ({ signal }) =>
        api(contactos.listar, { body: { input, tipoDeContacto: 'cliente', page: 1, limit: 12 }, signal }),
      placeholderData: keepPreviousData,
    }),
  ventas: (filtro: z.input<typeof FiltroFacturas>) =>
    queryOptions({
      queryKey: ['facturas', 'pos', filtro],
      queryFn: ({ signal }) => api(facturas.lista, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  factura: (id: string) =>
    queryOptions({
      queryKey: ['facturas', 'una', id],
      queryFn: ({ signal }) => api(facturas.una, { params: { id }, signal }),
    }),
};

/** POST /registro-productos/agregarproducto: the server reads the code (scale label, PQT#, quantity-code). */
export function agregarProductoPos(body: z.input<typeof AgregarProducto>) {
  return api(productos.agregarProducto, { body });
}

/** POST /factura/crear with the array body of the contract. */
export function crearFacturaPos(body: z.input<typeof CrearFactura>) {
  return api(facturas.crear, { body });
}

/** GET /factura/una/{id}, for reprinting from the sales list. */
export function obtenerFactura(id: string) {
  return api(facturas.una, { params: { id } });
}
