import { type AnularNotaDeDebito, notasDeDebitoApi } from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const notaDeDebitoQueries = {
  all: () => ['notasDeDebito'] as const,
  una: (id: string) =>
    queryOptions({
      queryKey: [...notaDeDebitoQueries.all(), 'una', id],
      queryFn: ({ signal }) => api(notasDeDebitoApi.una, { params: { id }, signal }),
    }),
  /**
   * What debit notes in force already returned of a purchase, per purchase line, and what it still owes
   * (the note being edited left out): one read of the server's own rule.
   */
  devuelto: (idCompra: string, excepto: string | null) =>
    queryOptions({
      queryKey: [...notaDeDebitoQueries.all(), 'devuelto', idCompra, excepto],
      queryFn: ({ signal }) =>
        api(notasDeDebitoApi.devuelto, {
          params: { idCompra },
          query: excepto ? { excepto } : {},
          signal,
        }),
      staleTime: 0,
    }),
};

function useInvalidar() {
  const queryClient = useQueryClient();
  // A note takes stock out and lowers what a purchase owes: those screens read again.
  return () =>
    Promise.all(
      [notaDeDebitoQueries.all(), ['compras'], ['productos']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCrearNotaDeDebito() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (body: z.input<typeof notasDeDebitoApi.crear.body>) => api(notasDeDebitoApi.crear, { body }),
    onSuccess: invalidar,
  });
}

export function useActualizarNotaDeDebito() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof notasDeDebitoApi.actualizar.body> }) =>
      api(notasDeDebitoApi.actualizar, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useAnularNotaDeDebito() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof AnularNotaDeDebito> }) =>
      api(notasDeDebitoApi.anular, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useEliminarNotaDeDebito() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (id: string) => api(notasDeDebitoApi.eliminar, { params: { id } }),
    onSuccess: invalidar,
  });
}
