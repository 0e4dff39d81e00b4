import { type AnularFacturaRecurrente, facturasRecurrentesApi } from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const facturaRecurrenteQueries = {
  all: () => ['facturasRecurrentes'] as const,
  una: (id: string) =>
    queryOptions({
      queryKey: [...facturaRecurrenteQueries.all(), 'una', id],
      queryFn: ({ signal }) => api(facturasRecurrentesApi.una, { params: { id }, signal }),
    }),
};

function useInvalidar() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: facturaRecurrenteQueries.all() });
}

export function useCrearFacturaRecurrente() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (body: z.input<typeof facturasRecurrentesApi.crear.body>) =>
      api(facturasRecurrentesApi.crear, { body }),
    onSuccess: invalidar,
  });
}

export function useActualizarFacturaRecurrente() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: string;
      body: z.input<typeof facturasRecurrentesApi.actualizar.body>;
    }) => api(facturasRecurrentesApi.actualizar, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useAnularFacturaRecurrente() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof AnularFacturaRecurrente> }) =>
      api(facturasRecurrentesApi.anular, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useEliminarFacturaRecurrente() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (id: string) => api(facturasRecurrentesApi.eliminar, { params: { id } }),
    onSuccess: invalidar,
  });
}

/** «Generar ahora»: what is due today, billed without waiting for the scheduled task. */
export function useGenerarFacturasRecurrentes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(facturasRecurrentesApi.generar, { params: { id }, body: {} }),
    // The template (its next date, its error) and the invoices' lists both changed.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
