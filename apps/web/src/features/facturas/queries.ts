import { type AnularFactura, facturas, numeracion } from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const facturaQueries = {
  all: () => ['facturas'] as const,
  una: (id: string) =>
    queryOptions({
      queryKey: [...facturaQueries.all(), 'una', id],
      queryFn: ({ signal }) => api(facturas.una, { params: { id }, signal }),
    }),
};

/** The sales numberings the form offers (spec 001 §9 document type ventas). */
export const numeracionQueries = {
  ventas: () =>
    queryOptions({
      queryKey: ['numeraciones', 'ventas'],
      queryFn: async ({ signal }) =>
        (await api(numeracion.listar, { signal })).filter((n) => n.tipoDeDocumento === 'ventas'),
      staleTime: 60_000,
    }),
};

function useInvalidarFacturas() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: facturaQueries.all() });
}

export function useCrearFactura() {
  const invalidar = useInvalidarFacturas();
  return useMutation({
    mutationFn: (body: z.input<typeof facturas.crear.body>) => api(facturas.crear, { body }),
    onSuccess: invalidar,
  });
}

export function useActualizarFactura() {
  const invalidar = useInvalidarFacturas();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof facturas.actualizar.body> }) =>
      api(facturas.actualizar, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useAnularFactura() {
  const invalidar = useInvalidarFacturas();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof AnularFactura> }) =>
      api(facturas.anular, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useEliminarFactura() {
  const invalidar = useInvalidarFacturas();
  return useMutation({
    mutationFn: (id: string) => api(facturas.eliminar, { params: { id } }),
    onSuccess: invalidar,
  });
}
