import { type FiltroIngresos, ingresos } from '@pos/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

// Spec 001 §7 "Receipts in".
export const ingresoQueries = {
  all: () => ['ingresos'] as const,
  lista: (filtro: z.input<typeof FiltroIngresos>) =>
    queryOptions({
      queryKey: [...ingresoQueries.all(), 'lista', filtro],
      queryFn: ({ signal }) => api(ingresos.todos, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  uno: (id: string) =>
    queryOptions({
      queryKey: [...ingresoQueries.all(), 'uno', id],
      queryFn: ({ signal }) => api(ingresos.uno, { params: { id }, signal }),
    }),
  pendientes: (idCliente: string) =>
    queryOptions({
      queryKey: [...ingresoQueries.all(), 'pendientes', idCliente],
      queryFn: ({ signal }) => api(ingresos.pendientes, { body: { id: idCliente }, signal }),
    }),
};
