import { type AnularOrdenDeCompra, ordenesDeCompraApi } from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const ordenDeCompraQueries = {
  all: () => ['ordenesDeCompra'] as const,
  una: (id: string) =>
    queryOptions({
      queryKey: [...ordenDeCompraQueries.all(), 'una', id],
      queryFn: ({ signal }) => api(ordenesDeCompraApi.una, { params: { id }, signal }),
    }),
};

function useInvalidar() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ordenDeCompraQueries.all() });
}

export function useCrearOrdenDeCompra() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (body: z.input<typeof ordenesDeCompraApi.crear.body>) =>
      api(ordenesDeCompraApi.crear, { body }),
    onSuccess: invalidar,
  });
}

export function useActualizarOrdenDeCompra() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof ordenesDeCompraApi.actualizar.body> }) =>
      api(ordenesDeCompraApi.actualizar, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useAnularOrdenDeCompra() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof AnularOrdenDeCompra> }) =>
      api(ordenesDeCompraApi.anular, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useEliminarOrdenDeCompra() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (id: string) => api(ordenesDeCompraApi.eliminar, { params: { id } }),
    onSuccess: invalidar,
  });
}
