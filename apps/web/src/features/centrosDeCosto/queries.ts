import { centrosDeCosto } from '@pos/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

// Spec 002 §9: accounting lists show 25 per page.
export const POR_PAGINA = 25;

const TODO = ['centrosDeCosto'] as const;

export const centrosDeCostoQueries = {
  all: () => TODO,
  pagina: (pagina: number, busqueda: string) =>
    queryOptions({
      queryKey: [...TODO, 'lista', pagina, busqueda],
      queryFn: ({ signal }) =>
        api(centrosDeCosto.listar, { query: { page: pagina, limit: POR_PAGINA, input: busqueda }, signal }),
      placeholderData: keepPreviousData,
    }),
  uno: (id: string) =>
    queryOptions({
      queryKey: [...TODO, 'uno', id],
      queryFn: ({ signal }) => api(centrosDeCosto.obtener, { params: { id }, signal }),
    }),
  /** Every centre, for the documents' selector (without `page` the server answers all rows). */
  todos: () =>
    queryOptions({
      queryKey: [...TODO, 'todos'],
      queryFn: ({ signal }) => api(centrosDeCosto.listar, { signal }),
      select: (lista) => lista.res,
      staleTime: 60_000,
    }),
};

export type ValoresDeCentro = { nombre: string; descripcion: string };

/** Create (with its identificadorUnico) or change one centre; the answer says whether the create was a duplicate. */
export function useGuardarCentroDeCosto(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      cuerpo: ValoresDeCentro & { identificadorUnico?: string },
    ): Promise<{ solicitudDuplicada: boolean }> => {
      if (id) {
        await api(centrosDeCosto.cambiar, { params: { id }, body: { ...cuerpo, _id: id } });
        return { solicitudDuplicada: false };
      }
      const creado = await api(centrosDeCosto.crear, {
        body: { ...cuerpo, identificadorUnico: cuerpo.identificadorUnico ?? '' },
      });
      return { solicitudDuplicada: creado.solicitudDuplicada };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TODO }),
  });
}

export function useEliminarCentroDeCosto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(centrosDeCosto.eliminar, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TODO }),
  });
}
