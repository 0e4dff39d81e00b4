import { type AnularCompra, comprasApi } from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const compraQueries = {
  all: () => ['compras'] as const,
  una: (id: string) =>
    queryOptions({
      queryKey: [...compraQueries.all(), 'una', id],
      queryFn: ({ signal }) => api(comprasApi.una, { params: { id }, signal }),
    }),
};

function useInvalidar() {
  const queryClient = useQueryClient();
  // A purchase takes and frees purchase orders: their lists change with it.
  return async () => {
    await queryClient.invalidateQueries({ queryKey: compraQueries.all() });
    await queryClient.invalidateQueries({ queryKey: ['ordenesDeCompra'] });
  };
}

export function useCrearCompra() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (body: z.input<typeof comprasApi.crear.body>) => api(comprasApi.crear, { body }),
    onSuccess: invalidar,
  });
}

export function useActualizarCompra() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof comprasApi.actualizar.body> }) =>
      api(comprasApi.actualizar, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useAnularCompra() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof AnularCompra> }) =>
      api(comprasApi.anular, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useEliminarCompra() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (id: string) => api(comprasApi.eliminar, { params: { id } }),
    onSuccess: invalidar,
  });
}
