import {
  type FiltroEstadoFinanciero,
  type FiltroLibroDiario,
  type FiltroMayor,
  libroContable,
} from '@pos/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const libroQueries = {
  all: () => ['libroContable'] as const,
  diario: (filtro: z.input<typeof FiltroLibroDiario>) =>
    queryOptions({
      queryKey: [...libroQueries.all(), 'diario', filtro],
      queryFn: ({ signal }) => api(libroContable.listar, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  resultados: (filtro: z.input<typeof FiltroEstadoFinanciero>) =>
    queryOptions({
      queryKey: [...libroQueries.all(), 'resultados', filtro],
      queryFn: ({ signal }) => api(libroContable.estadoDeResultados, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  situacion: (filtro: z.input<typeof FiltroEstadoFinanciero>) =>
    queryOptions({
      queryKey: [...libroQueries.all(), 'situacion', filtro],
      queryFn: ({ signal }) => api(libroContable.situacionFinanciera, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  balanza: (filtro: z.input<typeof FiltroEstadoFinanciero>) =>
    queryOptions({
      queryKey: [...libroQueries.all(), 'balanza', filtro],
      queryFn: ({ signal }) => api(libroContable.balanza, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  mayor: (filtro: z.input<typeof FiltroMayor>) =>
    queryOptions({
      queryKey: [...libroQueries.all(), 'mayor', filtro],
      queryFn: ({ signal }) => api(libroContable.mayor, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
};
