import { almacenes, categorias, contabilidad, numeracion, usuarios } from '@pos/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { DefinicionDeMaestro, EndpointsDeMaestro } from './definicion.ts';
import type { ClaveDeFamilia } from './rutas.ts';

// Spec 002 §9: settings lists show 10 per page.
export const POR_PAGINA = 10;

type Familia<F> = { clave: ClaveDeFamilia; endpoints: EndpointsDeMaestro<F>; porPagina?: number };

/** A family's rows per list page: its own, else the settings' 10. */
export const porPaginaDe = (familia: { porPagina?: number }) => familia.porPagina ?? POR_PAGINA;

/** Query keys and options of one family: `['maestros', clave, …]`, so a change refreshes its selectors too. */
export function maestroQueries<F>(familia: Familia<F>) {
  const all = ['maestros', familia.clave] as const;
  return {
    all: () => all,
    pagina: (pagina: number, busqueda: string) =>
      queryOptions({
        queryKey: [...all, 'lista', pagina, busqueda],
        queryFn: ({ signal }) =>
          api(familia.endpoints.listar, {
            query: { page: pagina, limit: porPaginaDe(familia), input: busqueda },
            signal,
          }),
        placeholderData: keepPreviousData,
      }),
    uno: (id: string) =>
      queryOptions({
        queryKey: [...all, 'uno', id],
        queryFn: ({ signal }) => api(familia.endpoints.obtener, { params: { id }, signal }),
      }),
  };
}

/** Create (with its identificadorUnico) or change one item; the answer says whether the create was a duplicate. */
export function useGuardarMaestro<F extends { _id: string }, V extends Record<string, unknown>>(
  definicion: DefinicionDeMaestro<F, V>,
  id: string | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cuerpo: Record<string, unknown>): Promise<{ solicitudDuplicada: boolean }> => {
      if (id) {
        await api(definicion.endpoints.cambiar, { params: { id }, body: cuerpo });
        return { solicitudDuplicada: false };
      }
      const creado = await api(definicion.endpoints.crear, { body: cuerpo });
      return { solicitudDuplicada: creado.solicitudDuplicada };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maestroQueries(definicion).all() }),
  });
}

// Spec 002 §4: deactivation sends estado Desactivado, autorizacion Pendiente and the note; reactivation
// sends estado Activo (the server clears the note).
/** Deactivates (with its note) or reactivates one item. */
export function useCambiarEstado<F>(familia: Familia<F>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, nota }: { id: string; nota: string | null }) =>
      api(familia.endpoints.cambiar, {
        params: { id },
        body:
          nota === null
            ? { _id: id, estado: 'Activo' }
            : { _id: id, estado: 'Desactivado', autorizacion: 'Pendiente', notaAnular: nota },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maestroQueries(familia).all() }),
  });
}

export function useEliminarMaestro<F>(familia: Familia<F>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(familia.endpoints.eliminar, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maestroQueries(familia).all() }),
  });
}

/** What the selects of the forms offer: only items that are not Desactivado (`activos=true`). */
export const opcionesQueries = {
  almacenes: () =>
    queryOptions({
      queryKey: ['maestros', 'almacenes', 'activos'],
      queryFn: ({ signal }) => api(almacenes.listar, { query: { activos: true }, signal }),
      select: (lista) => lista.res.map((a) => ({ value: a._id, label: `${a.numeroAlmacen}. ${a.nombre}` })),
    }),
  categorias: () =>
    queryOptions({
      queryKey: ['maestros', 'categorias', 'activos'],
      queryFn: ({ signal }) => api(categorias.listar, { query: { activos: true }, signal }),
      select: (lista) => lista.res.map((c) => ({ value: c._id, label: c.nombre })),
    }),
  usuarios: () =>
    queryOptions({
      queryKey: ['usuarios', 'lista'],
      queryFn: ({ signal }) => api(usuarios.listar, { signal }),
      select: (lista) => lista.filter((u) => u.activo).map((u) => ({ value: u._id, label: u.username })),
    }),
  numeraciones: () =>
    queryOptions({
      queryKey: ['maestros', 'numeraciones'],
      queryFn: ({ signal }) => api(numeracion.listar, { signal }),
    }),
  catalogo: () =>
    queryOptions({
      queryKey: ['maestros', 'catalogo'],
      queryFn: ({ signal }) => api(contabilidad.catalogo, { signal }),
    }),
};
