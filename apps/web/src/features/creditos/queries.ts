import { creditosApi, type FiltroCreditosGeneral } from '@pos/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

// Spec 001 §7 "Credits in favour".
export const creditoQueries = {
  all: () => ['creditosAFavor'] as const,
  /** A customer's credits; `soloDisponibles`: active ones with a balance (the credit-in-favour modal). */
  delCliente: (idCliente: string, soloDisponibles = true) =>
    queryOptions({
      queryKey: [...creditoQueries.all(), 'cliente', idCliente, soloDisponibles],
      queryFn: ({ signal }) =>
        api(creditosApi.delCliente, { body: { idCliente, soloDisponibles, page: 1, limit: 100 }, signal }),
    }),
  general: (filtro: z.input<typeof FiltroCreditosGeneral>) =>
    queryOptions({
      queryKey: [...creditoQueries.all(), 'general', filtro],
      queryFn: ({ signal }) => api(creditosApi.general, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
};
