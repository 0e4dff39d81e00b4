import { type AnularNotaDeCredito, type FiltroNotasDeCredito, notasDeCreditoApi } from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';
import { cantidadesDevueltas } from './reglas.ts';

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
   * edited left out). Read from the customer's notes in force and their lines.
   */
  devueltas: (factura: { _id: string; idCliente: string | null }, excepto: string | null) =>
    queryOptions({
      queryKey: [...notaDeCreditoQueries.all(), 'devueltas', factura._id, excepto],
      queryFn: async ({ signal }) => {
        const { res } = await api(notasDeCreditoApi.todas, {
          body: { idCliente: factura.idCliente, page: 1, limit: 200 },
          signal,
        });
        const deLaFactura = res.filter(
          (n) => n.idFactura === factura._id && n.estado !== 'Anulado' && n._id !== excepto,
        );
        const detalles = await Promise.all(
          deLaFactura.map((n) => api(notasDeCreditoApi.una, { params: { id: n._id }, signal })),
        );
        return cantidadesDevueltas(detalles.flatMap((d) => d.lineasNotasDeCredito));
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
