import { bancos, type CrearCuentaDeBanco, type CrearTransferencia, contabilidad } from '@pos/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

// Spec 002 §7 "Banks and reconciliation".
export const bancoQueries = {
  all: () => ['bancos'] as const,
  lista: () =>
    queryOptions({
      queryKey: [...bancoQueries.all(), 'lista'],
      queryFn: ({ signal }) => api(bancos.lista, { signal }),
    }),
  uno: (id: string) =>
    queryOptions({
      queryKey: [...bancoQueries.all(), 'uno', id],
      queryFn: ({ signal }) => api(bancos.una, { params: { id }, signal }),
    }),
  detalles: (
    id: string,
    paginas: {
      pageIngresos: number;
      pageEgresos: number;
      pageTransferencias: number;
      pageConciliaciones: number;
    },
  ) =>
    queryOptions({
      queryKey: [...bancoQueries.all(), 'detalles', id, paginas],
      queryFn: ({ signal }) => api(bancos.detalles, { params: { id }, query: paginas, signal }),
      placeholderData: keepPreviousData,
    }),
  /** The chart, for linking an existing bank ledger account (its `listas.bancos`). */
  catalogo: () =>
    queryOptions({
      queryKey: ['catalogoDeCuentas'],
      queryFn: ({ signal }) => api(contabilidad.catalogo, { signal }),
      staleTime: 60_000,
    }),
};

function useInvalidarBancos() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bancoQueries.all() }),
      queryClient.invalidateQueries({ queryKey: ['catalogoDeCuentas'] }),
    ]);
}

export function useCrearBanco() {
  const invalidar = useInvalidarBancos();
  return useMutation({
    mutationFn: (body: z.input<typeof CrearCuentaDeBanco> & Pick<CrearCuentaDeBanco, 'identificadorUnico'>) =>
      api(bancos.crear, { body }),
    onSuccess: invalidar,
  });
}

export function useActualizarBanco(id: string) {
  const invalidar = useInvalidarBancos();
  return useMutation({
    mutationFn: (body: z.input<typeof bancos.actualizar.body>) =>
      api(bancos.actualizar, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

export function useEliminarBanco() {
  const invalidar = useInvalidarBancos();
  return useMutation({
    mutationFn: (id: string) => api(bancos.eliminar, { params: { id } }),
    onSuccess: invalidar,
  });
}

export function useTransferir() {
  const invalidar = useInvalidarBancos();
  return useMutation({
    mutationFn: (body: z.input<typeof CrearTransferencia>) => api(bancos.transferir, { body }),
    onSuccess: invalidar,
  });
}
