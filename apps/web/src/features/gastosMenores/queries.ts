import { type AnularGastoMenor, contabilidad, type FiltroGastosMenores, gastosMenores } from '@pos/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

// Spec 001 §7 "Minor expenses".
export const gastoMenorQueries = {
  all: () => ['gastosMenores'] as const,
  lista: (filtro: z.input<typeof FiltroGastosMenores>) =>
    queryOptions({
      queryKey: [...gastoMenorQueries.all(), 'lista', filtro],
      queryFn: ({ signal }) => api(gastosMenores.todos, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  uno: (id: string) =>
    queryOptions({
      queryKey: [...gastoMenorQueries.all(), 'uno', id],
      queryFn: ({ signal }) => api(gastosMenores.uno, { params: { id }, signal }),
    }),
  /** The lines' account picker: detail accounts of expenses and costs (GET /catalogo-de-cuentas/gastos). */
  cuentasDeGastos: () =>
    queryOptions({
      queryKey: ['catalogoDeCuentas', 'gastos'],
      queryFn: ({ signal }) => api(contabilidad.gastos, { signal }),
      staleTime: 60_000,
    }),
};

export function useAnularGastoMenor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof AnularGastoMenor> }) =>
      api(gastosMenores.anular, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gastoMenorQueries.all() }),
  });
}

export function useEliminarGastoMenor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(gastosMenores.eliminar, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gastoMenorQueries.all() }),
  });
}
