import {
  type ActualizarAsignacion,
  type CatalogoDeCuentas,
  type CrearCuentaContable,
  contabilidad,
  type NodoCuenta,
} from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const contabilidadQueries = {
  // The same key the client form uses for its account selects.
  catalogo: () =>
    queryOptions({
      queryKey: ['catalogoDeCuentas'],
      queryFn: () => api(contabilidad.catalogo),
      staleTime: 60_000,
    }),
  asignacion: () =>
    queryOptions({ queryKey: ['asignacionDeCuentas'], queryFn: () => api(contabilidad.asignacion) }),
};

export function useGuardarCatalogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, treeData }: { id: string; treeData: NodoCuenta[] }) =>
      api(contabilidad.actualizarCatalogo, { params: { id }, body: { treeData } }),
    onSuccess: (catalogo: CatalogoDeCuentas) => {
      queryClient.setQueryData(contabilidadQueries.catalogo().queryKey, catalogo);
      return queryClient.invalidateQueries({ queryKey: contabilidadQueries.asignacion().queryKey });
    },
  });
}

export function useCrearCuenta() {
  return useMutation({
    mutationFn: (body: z.input<typeof CrearCuentaContable>) => api(contabilidad.crearCuenta, { body }),
  });
}

export function useGuardarAsignacion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ActualizarAsignacion>) =>
      api(contabilidad.actualizarAsignacion, { body }),
    onSuccess: (asignacion) =>
      queryClient.setQueryData(contabilidadQueries.asignacion().queryKey, asignacion),
  });
}

/** Every detail (leaf) account of the tree, in chart order. */
export function cuentasDeDetalle(arbol: NodoCuenta[]): NodoCuenta[] {
  return arbol.flatMap((nodo) => (nodo.children.length === 0 ? [nodo] : cuentasDeDetalle(nodo.children)));
}
