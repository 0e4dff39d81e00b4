import { facturas, tablero } from '@pos/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

// The dashboard's three calls: its figures, the best sellers and the last invoices (spec 002 §7: page
// 1, limit 25). Kept fresh for a minute: the owner leaves the screen open through the morning.
export const tableroQueries = {
  all: () => ['tablero'] as const,
  cifras: (periodo: number) =>
    queryOptions({
      queryKey: [...tableroQueries.all(), 'cifras', periodo],
      queryFn: ({ signal }) => api(tablero.cifras, { body: { periodo }, signal }),
      staleTime: 60_000,
    }),
  destacados: (periodo: number) =>
    queryOptions({
      queryKey: [...tableroQueries.all(), 'destacados', periodo],
      queryFn: ({ signal }) => api(tablero.productosDestacados, { body: { periodo, limit: 5 }, signal }),
      staleTime: 60_000,
    }),
  ultimasFacturas: () =>
    queryOptions({
      // Under the invoices' key: creating or cancelling one refreshes this list too.
      queryKey: ['facturas', 'tablero', 'ultimas'],
      queryFn: ({ signal }) => api(facturas.lista, { body: { page: 1, limit: 25 }, signal }),
      staleTime: 60_000,
    }),
};
