import {
  type ActualizarExpediente,
  type AnularExpediente,
  expedientesApi,
  type FiltroExpedientes,
} from '@pos/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

// Spec 002 §7 "Case files" (docs/expedientes.md).
export const expedienteQueries = {
  all: () => ['expedientes'] as const,
  lista: (filtro: z.input<typeof FiltroExpedientes>) =>
    queryOptions({
      queryKey: [...expedienteQueries.all(), 'lista', filtro],
      queryFn: ({ signal }) => api(expedientesApi.todas, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  uno: (id: string) =>
    queryOptions({
      queryKey: [...expedienteQueries.all(), 'uno', id],
      queryFn: ({ signal }) => api(expedientesApi.uno, { params: { id }, signal }),
    }),
};

export function useAnularExpediente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof AnularExpediente> }) =>
      api(expedientesApi.anular, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expedienteQueries.all() }),
  });
}

export function useActualizarExpediente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof ActualizarExpediente> }) =>
      api(expedientesApi.actualizar, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expedienteQueries.all() }),
  });
}
