import {
  type AnularEntradaDeDiario,
  entradasDeDiario,
  type FiltroEntradasDeDiario,
  opcionesEntradaDeDiario,
} from '@pos/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';
import { maestroQueries } from '../maestros/queries.ts';

// Spec 002 §7 "Accounting": /entrada-de-diario/…, and the entry options its form picks.
export const entradaDeDiarioQueries = {
  all: () => ['entradasDeDiario'] as const,
  lista: (filtro: z.input<typeof FiltroEntradasDeDiario>) =>
    queryOptions({
      queryKey: [...entradaDeDiarioQueries.all(), 'lista', filtro],
      queryFn: ({ signal }) => api(entradasDeDiario.todas, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  una: (id: string) =>
    queryOptions({
      queryKey: [...entradaDeDiarioQueries.all(), 'una', id],
      queryFn: ({ signal }) => api(entradasDeDiario.una, { params: { id }, signal }),
    }),
  opciones: () =>
    queryOptions({
      // Under the options screens' family key (features/maestros/familias.tsx): a change there refreshes the picker.
      queryKey: [
        ...maestroQueries({ clave: 'opcionesEntradaDeDiario', endpoints: opcionesEntradaDeDiario }).all(),
        'todas',
      ],
      queryFn: ({ signal }) => api(opcionesEntradaDeDiario.listar, { query: { limit: 500 }, signal }),
    }),
};

export function useAnularEntradaDeDiario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof AnularEntradaDeDiario>) => api(entradasDeDiario.anular, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entradaDeDiarioQueries.all() }),
  });
}

export function useEliminarEntradaDeDiario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(entradasDeDiario.eliminar, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entradaDeDiarioQueries.all() }),
  });
}
