import { type AnularConduce, conducesApi } from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';
import { productoQueries } from '../productos/queries.ts';

export const conduceQueries = {
  all: () => ['conduces'] as const,
  uno: (id: string) =>
    queryOptions({
      queryKey: [...conduceQueries.all(), 'uno', id],
      queryFn: ({ signal }) => api(conducesApi.uno, { params: { id }, signal }),
    }),
  /** A customer's active conduces (GET /conduce/cliente/{id}), for the invoice screen to bring them in. */
  delCliente: (idCliente: string) =>
    queryOptions({
      queryKey: [...conduceQueries.all(), 'delCliente', idCliente],
      queryFn: ({ signal }) => api(conducesApi.delCliente, { params: { id: idCliente }, signal }),
    }),
};

function useInvalidar() {
  const queryClient = useQueryClient();
  // A pre-invoice conduce moves stock: the product screens read it again too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: conduceQueries.all() }),
      queryClient.invalidateQueries({ queryKey: productoQueries.all() }),
    ]);
}

export function useCrearConduce() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (body: z.input<typeof conducesApi.crear.body>) => api(conducesApi.crear, { body }),
    onSuccess: invalidar,
  });
}

export function useActualizarConduce() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof conducesApi.actualizar.body> }) =>
      api(conducesApi.actualizar, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useAnularConduce() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof AnularConduce> }) =>
      api(conducesApi.anular, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useEliminarConduce() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (id: string) => api(conducesApi.eliminar, { params: { id } }),
    onSuccess: invalidar,
  });
}
