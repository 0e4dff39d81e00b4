import {
  type AnularConduceDespacho,
  contactos,
  despachosApi,
  type FiltroConducesDespacho,
  FUNCIONES_EN_LA_EMPRESA,
} from '@pos/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const despachoQueries = {
  all: () => ['despachos'] as const,
  lista: (filtro: z.input<typeof FiltroConducesDespacho>) =>
    queryOptions({
      queryKey: [...despachoQueries.all(), 'lista', filtro],
      queryFn: ({ signal }) => api(despachosApi.todos, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  anulados: (page: number, limit: number) =>
    queryOptions({
      queryKey: [...despachoQueries.all(), 'anulados', page, limit],
      queryFn: ({ signal }) => api(despachosApi.anulados, { body: { page, limit }, signal }),
      placeholderData: keepPreviousData,
    }),
  /** An invoice's dispatch notes and what is pending per line. */
  deLaFactura: (idFactura: string) =>
    queryOptions({
      queryKey: [...despachoQueries.all(), 'deLaFactura', idFactura],
      queryFn: ({ signal }) => api(despachosApi.deLaFactura, { params: { idFactura }, signal }),
    }),
  uno: (id: string) =>
    queryOptions({
      queryKey: [...despachoQueries.all(), 'uno', id],
      queryFn: ({ signal }) => api(despachosApi.unConduce, { params: { id }, signal }),
    }),
  /** Spec 001 §7: drivers are contacts whose role is Chofer, Operador or Responsable-De-Inventario. */
  choferes: () =>
    queryOptions({
      queryKey: [...despachoQueries.all(), 'choferes'],
      queryFn: async ({ signal }) =>
        (
          await Promise.all(
            FUNCIONES_EN_LA_EMPRESA.map((funcion) =>
              api(contactos.buscarPorFuncion, { body: { funcion }, signal }),
            ),
          )
        )
          .flat()
          // A contact has one role, but a list never shows one twice.
          .filter((c, i, todos) => todos.findIndex((otro) => otro._id === c._id) === i)
          .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es')),
      staleTime: 60_000,
    }),
};

function useInvalidar() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: despachoQueries.all() });
}

export function useCrearConduceDespacho() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (body: z.input<typeof despachosApi.crear.body>) => api(despachosApi.crear, { body }),
    onSuccess: invalidar,
  });
}

export function useAnularConduceDespacho() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof AnularConduceDespacho> }) =>
      api(despachosApi.anular, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useEliminarConduceDespacho() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (id: string) => api(despachosApi.eliminar, { params: { id } }),
    onSuccess: invalidar,
  });
}
