import {
  type AbrirConciliacion,
  type ActualizarConciliacion,
  type CerrarConciliacion,
  conciliaciones,
} from '@pos/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export type FiltroDeMovimientos = {
  filtrarPor: 'todos' | 'ingresos' | 'egresos';
  conciliado: boolean | null;
  page: number;
};

// Spec 002 §7 "Banks and reconciliation".
export const conciliacionQueries = {
  all: () => ['conciliaciones'] as const,
  inicio: (idCuenta: string) =>
    queryOptions({
      queryKey: [...conciliacionQueries.all(), 'inicio', idCuenta],
      queryFn: ({ signal }) => api(conciliaciones.empezar, { params: { id: idCuenta }, signal }),
    }),
  movimientos: (idConciliacion: string, filtro: FiltroDeMovimientos) =>
    queryOptions({
      queryKey: [...conciliacionQueries.all(), 'movimientos', idConciliacion, filtro],
      queryFn: ({ signal }) =>
        api(conciliaciones.buscar, {
          body: {
            idConciliacion,
            filtrarPor: filtro.filtrarPor,
            conciliado: filtro.conciliado,
            page: filtro.page,
          },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  una: (id: string) =>
    queryOptions({
      queryKey: [...conciliacionQueries.all(), 'una', id],
      queryFn: ({ signal }) => api(conciliaciones.una, { params: { id }, signal }),
    }),
};

function useInvalidar() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: conciliacionQueries.all() }),
      // The bank detail lists the reconciliations and its balance moves with interest and fees.
      queryClient.invalidateQueries({ queryKey: ['bancos'] }),
    ]);
}

export function useAbrirConciliacion() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (body: z.input<typeof AbrirConciliacion>) => api(conciliaciones.abrir, { body }),
    onSuccess: invalidar,
  });
}

export function useActualizarConciliacion() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: ({ id, ...body }: z.input<typeof ActualizarConciliacion> & { id: string }) =>
      api(conciliaciones.actualizar, { params: { id }, body }),
    onSuccess: invalidar,
  });
}

/** Saves the ticks one by one (PUT /conciliacio/movimiento-verificado/{idLinea}). */
export function useGuardarMarcas() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async ({
      idConciliacion,
      marcas,
    }: {
      idConciliacion: string;
      marcas: Array<{ _id: string; conciliacionVerificada: boolean }>;
    }) => {
      for (const marca of marcas) {
        await api(conciliaciones.verificarMovimiento, {
          params: { id: marca._id },
          body: { idConciliacion, conciliacionVerificada: marca.conciliacionVerificada },
        });
      }
    },
    onSuccess: invalidar,
  });
}

export function useCerrarConciliacion() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (body: z.input<typeof CerrarConciliacion>) => api(conciliaciones.cerrar, { body }),
    onSuccess: invalidar,
  });
}

/** Sends the bank statement file (CSV or XLSX) to tick the matching movements on the server. */
export function useImportarEstado() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async ({ idConciliacion, archivo }: { idConciliacion: string; archivo: File }) => {
      const bytes = new Uint8Array(await archivo.arrayBuffer());
      let binario = '';
      for (const byte of bytes) {
        binario += String.fromCharCode(byte);
      }
      return api(conciliaciones.importarEstado, {
        params: { id: idConciliacion },
        body: { nombre: archivo.name, contenido: btoa(binario) },
      });
    },
    onSuccess: invalidar,
  });
}
