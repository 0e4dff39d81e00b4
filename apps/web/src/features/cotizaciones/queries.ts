import { type AnularCotizacion, cotizacionesApi } from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const cotizacionQueries = {
  all: () => ['cotizaciones'] as const,
  una: (id: string) =>
    queryOptions({
      queryKey: [...cotizacionQueries.all(), 'una', id],
      queryFn: ({ signal }) => api(cotizacionesApi.una, { params: { id }, signal }),
    }),
};

function useInvalidar() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cotizacionQueries.all() });
}

export function useCrearCotizacion() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (body: z.input<typeof cotizacionesApi.crear.body>) => api(cotizacionesApi.crear, { body }),
    onSuccess: invalidar,
  });
}

export function useActualizarCotizacion() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof cotizacionesApi.actualizar.body> }) =>
      api(cotizacionesApi.actualizar, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useAnularCotizacion() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof AnularCotizacion> }) =>
      api(cotizacionesApi.anular, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useEliminarCotizacion() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (id: string) => api(cotizacionesApi.eliminar, { params: { id } }),
    onSuccess: invalidar,
  });
}
