import { egresos, type FiltroEgresos } from '@pos/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

// Spec 001 §7 "Payments out".
export const egresoQueries = {
  all: () => ['egresos'] as const,
  lista: (filtro: z.input<typeof FiltroEgresos>) =>
    queryOptions({
      queryKey: [...egresoQueries.all(), 'lista', filtro],
      queryFn: ({ signal }) => api(egresos.todos, { body: filtro, signal }),
      placeholderData: keepPreviousData,
    }),
  uno: (id: string) =>
    queryOptions({
      queryKey: [...egresoQueries.all(), 'uno', id],
      queryFn: ({ signal }) => api(egresos.uno, { params: { id }, signal }),
    }),
  pendientes: (idProveedor: string) =>
    queryOptions({
      queryKey: [...egresoQueries.all(), 'pendientes', idProveedor],
      queryFn: ({ signal }) => api(egresos.pendientes, { body: { id: idProveedor }, signal }),
    }),
};
