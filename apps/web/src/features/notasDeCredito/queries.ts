import { type AnularNotaDeCredito, type FiltroNotasDeCredito, notasDeCreditoApi } from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const notaDeCreditoQueries = {
  all: () => ['notasDeCredito'] as const,
  lista: (filtro: z.input<typeof FiltroNotasDeCredito>) =>
    queryOptions({
      queryKey: [...notaDeCreditoQueries.all(), 'lista', filtro],
      queryFn: ({ signal }) => api(notasDeCreditoApi.todas, { body: filtro, signal }),
    }),
  una: (id: string) =>
    queryOptions({
      queryKey: [...notaDeCreditoQueries.all(), 'una', id],
      queryFn: ({ signal }) => api(notasDeCreditoApi.una, { params: { id }, signal }),
    }),
  /**
   * What other credit notes in force already returned of an invoice, per invoice line (the note being
   * edited left out): one read of the server's own rule (GET /notas-de-credito/devuelto/{idFactura}).
   */
  devueltas: (idFactura: string, excepto: string | null) =>
    queryOptions({
      queryKey: [...notaDeCreditoQueries.all(), 'devueltas', idFactura, excepto],
      queryFn: async ({ signal }) => {
        const { lineas, dineroDevolvible } = await api(notasDeCreditoApi.devuelto, {
          params: { idFactura },
          query: excepto ? { excepto } : {},
          signal,
        });
        return {
          porLinea: new Map(lineas.map((l) => [l.idLineaFactura, l.devuelta])),
          /** In cents: what can still go back in money (the server refuses more). */
          dinero: Math.round(dineroDevolvible * 100),
        };
      },
      staleTime: 0,
    }),
};

function useInvalidar() {
  const queryClient = useQueryClient();
  // A note returns stock, lowers what an invoice owes and may move the shift's cash: those screens read again.
  return () =>
    Promise.all(
      [notaDeCreditoQueries.all(), ['facturas'], ['productos'], ['turnos'], ['creditos']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCrearNotaDeCredito() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (body: z.input<typeof notasDeCreditoApi.crear.body>) =>
      api(notasDeCreditoApi.crear, { body }),
    onSuccess: invalidar,
  });
}

export function useActualizarNotaDeCredito() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof notasDeCreditoApi.actualizar.body> }) =>
      api(notasDeCreditoApi.actualizar, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useAnularNotaDeCredito() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof AnularNotaDeCredito> }) =>
      api(notasDeCreditoApi.anular, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useEliminarNotaDeCredito() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (id: string) => api(notasDeCreditoApi.eliminar, { params: { id } }),
    onSuccess: invalidar,
  });
}
