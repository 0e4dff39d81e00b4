import { type ActualizarNumeracion, type CrearNumeracion, numeracion } from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const numeracionQueries = {
  all: () => ['numeraciones'] as const,
  lista: () =>
    queryOptions({ queryKey: [...numeracionQueries.all(), 'lista'], queryFn: () => api(numeracion.listar) }),
  uno: (id: string) =>
    queryOptions({
      queryKey: [...numeracionQueries.all(), 'uno', id],
      queryFn: () => api(numeracion.obtener, { params: { id } }),
    }),
  // The server's own thresholds (30 days, 10% left) decide what is close to running out or expiring.
  alertas: () =>
    queryOptions({
      queryKey: [...numeracionQueries.all(), 'alertas'],
      queryFn: () => api(numeracion.dashboard, { body: {} }),
    }),
  perfiles: () =>
    queryOptions({
      queryKey: ['numeraciones-perfiles'],
      queryFn: () => api(numeracion.perfiles),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

export function useCrearNumeracion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof CrearNumeracion>) => api(numeracion.crear, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: numeracionQueries.all() }),
  });
}

export function useActualizarNumeracion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ActualizarNumeracion>) =>
      api(numeracion.actualizar, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: numeracionQueries.all() }),
  });
}
