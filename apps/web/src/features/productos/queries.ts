import {
  type ActualizarProducto,
  almacenes,
  type CambiarPerfilBarcode,
  type CrearPerfilBarcode,
  type CrearProducto,
  categorias,
  contabilidad,
  type FiltroPorAlmacen,
  impuestos,
  LIMITE_PRODUCTOS,
  listasDePrecio,
  perfilesBarcode,
  productos,
  usuarios,
} from '@pos/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

// Spec 002 §9: products page 14.
export const POR_PAGINA = LIMITE_PRODUCTOS;

export type FiltroDeLista = Partial<z.input<typeof FiltroPorAlmacen>> & { favoritos?: boolean };

export const productoQueries = {
  all: () => ['productos'] as const,
  lista: ({ favoritos = false, ...filtro }: FiltroDeLista) =>
    queryOptions({
      queryKey: [...productoQueries.all(), 'lista', favoritos, filtro],
      queryFn: ({ signal }) =>
        api(favoritos ? productos.favoritosPorAlmacen : productos.porAlmacen, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  uno: (id: string) =>
    queryOptions({
      queryKey: [...productoQueries.all(), 'uno', id],
      queryFn: ({ signal }) => api(productos.obtener, { params: { id }, signal }),
    }),
  // Spec 002 §5: whether another active product holds the code (the answer names it).
  codigo: (codigo: string, idProducto: string | null) =>
    queryOptions({
      queryKey: [...productoQueries.all(), 'codigo', codigo, idProducto],
      queryFn: ({ signal }) =>
        api(productos.codigoOcupado, {
          params: { code: codigo },
          query: { idProducto: idProducto ?? undefined },
          signal,
        }),
      staleTime: 10_000,
    }),
};

// The selectors share the master-data keys (`['maestros', familia, …]`), so editing a warehouse or a
// category there refreshes them here.
export const seleccionQueries = {
  almacenes: () =>
    queryOptions({
      queryKey: ['maestros', 'almacenes', 'activos'],
      queryFn: async () => (await api(almacenes.listar, { query: { activos: true } })).res,
      staleTime: 60_000,
    }),
  almacenPrincipal: () =>
    queryOptions({
      queryKey: ['maestros', 'almacenes', 'principal'],
      queryFn: () => api(almacenes.principal),
      staleTime: 60_000,
    }),
  categorias: () =>
    queryOptions({
      queryKey: ['maestros', 'categorias', 'activos'],
      queryFn: async () => (await api(categorias.listar, { query: { activos: true } })).res,
      staleTime: 60_000,
    }),
  impuestos: () =>
    queryOptions({
      queryKey: ['maestros', 'impuestos', 'activos'],
      queryFn: () => api(impuestos.activos),
      staleTime: 60_000,
    }),
  listasDePrecio: () =>
    queryOptions({
      queryKey: ['maestros', 'listasDePrecio', 'activos'],
      queryFn: async () => (await api(listasDePrecio.listar, { query: { activos: true } })).res,
      staleTime: 60_000,
    }),
  catalogo: () =>
    queryOptions({
      queryKey: ['catalogoDeCuentas'],
      queryFn: () => api(contabilidad.catalogo),
      staleTime: 60_000,
    }),
  // Reservation providers; needs the usuarios module, so a user without it sees no list.
  usuarios: () =>
    queryOptions({
      queryKey: ['usuarios', 'lista'],
      queryFn: () => api(usuarios.listar),
      staleTime: 60_000,
      retry: false,
    }),
};

export const perfilQueries = {
  all: () => ['perfilesBarcode'] as const,
  lista: () =>
    queryOptions({
      queryKey: [...perfilQueries.all(), 'lista'],
      queryFn: () => api(perfilesBarcode.listar),
    }),
};

export function useCrearProducto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof CrearProducto>) => api(productos.crear, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productoQueries.all() }),
  });
}

export function useActualizarProducto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof ActualizarProducto> }) =>
      api(productos.actualizar, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productoQueries.all() }),
  });
}

// Spec 002 §4: cancelling sends estado Anulado with autorizacion Pendiente; reactivating sends Activo.
export function useAnularProducto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, nota, reactivar }: { id: string; nota: string; reactivar?: boolean }) =>
      api(productos.anular, {
        params: { id },
        body: reactivar
          ? { estado: 'Activo', notaAnular: '' }
          : { estado: 'Anulado', autorizacion: 'Pendiente', notaAnular: nota },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productoQueries.all() }),
  });
}

export function useEliminarProducto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(productos.eliminar, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productoQueries.all() }),
  });
}

export function useGuardarPerfil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      cuerpo,
    }: {
      id: string | null;
      cuerpo: z.input<typeof CrearPerfilBarcode> | CambiarPerfilBarcode;
    }) =>
      id
        ? {
            ...(await api(perfilesBarcode.cambiar, { params: { id }, body: cuerpo })),
            solicitudDuplicada: false,
          }
        : api(perfilesBarcode.crear, { body: cuerpo as z.input<typeof CrearPerfilBarcode> }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: perfilQueries.all() }),
  });
}

export function useEliminarPerfil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(perfilesBarcode.eliminar, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: perfilQueries.all() }),
  });
}

/** A new variant id (spec 002 §7: GET /general/objectid/1). */
export async function nuevoIdDeVariante(): Promise<string> {
  return (await api(productos.nuevoIdDeVariante, { params: { n: '1' } })).objectId;
}
