import {
  type ActualizarAjuste,
  ajustesInventario,
  almacenes,
  type CrearAjuste,
  categorias,
  type FiltroAjustes,
  type ProductoACero,
  productos,
} from '@pos/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const ajusteQueries = {
  all: () => ['ajustes'] as const,
  lista: (filtro: z.input<typeof FiltroAjustes>) =>
    queryOptions({
      queryKey: [...ajusteQueries.all(), 'lista', filtro],
      queryFn: ({ signal }) => api(ajustesInventario.todos, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  uno: (id: string) =>
    queryOptions({
      queryKey: [...ajusteQueries.all(), 'uno', id],
      queryFn: ({ signal }) => api(ajustesInventario.uno, { body: { _id: id }, signal }),
    }),
};

/** Active warehouses and categories for the selectors (spec 002 §4: nothing Desactivado is offered). */
export const seleccionQueries = {
  almacenes: () =>
    queryOptions({
      queryKey: ['inventario', 'almacenes', 'activos'],
      queryFn: async ({ signal }) =>
        (await api(almacenes.listar, { query: { activos: true, limit: 500 }, signal })).res,
      staleTime: 60_000,
    }),
  almacenPrincipal: () =>
    queryOptions({
      queryKey: ['inventario', 'almacenes', 'principal'],
      queryFn: ({ signal }) => api(almacenes.principal, { signal }),
      staleTime: 5 * 60_000,
    }),
  categorias: () =>
    queryOptions({
      queryKey: ['inventario', 'categorias', 'activas'],
      queryFn: async ({ signal }) =>
        (await api(categorias.listar, { query: { activos: true, limit: 500 }, signal })).res,
      staleTime: 60_000,
    }),
  /** Which active product holds a barcode (the scale preview names it). */
  codigo: (codigo: string) =>
    queryOptions({
      queryKey: ['inventario', 'codigo', codigo],
      queryFn: ({ signal }) => api(productos.codigoOcupado, { params: { code: codigo }, signal }),
      staleTime: 30_000,
    }),
};

export function useCrearAjuste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof CrearAjuste>) => api(ajustesInventario.crear, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ajusteQueries.all() }),
  });
}

export function useActualizarAjuste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof ActualizarAjuste> }) =>
      api(ajustesInventario.actualizar, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ajusteQueries.all() }),
  });
}

export function useEliminarAjuste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(ajustesInventario.eliminar, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ajusteQueries.all() }),
  });
}

export function useProductoACero() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ProductoACero>) => api(ajustesInventario.productoACero, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ajusteQueries.all() }),
  });
}
