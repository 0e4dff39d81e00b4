import { type ActualizarUsuario, type CrearUsuario, usuarios } from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client.ts';

export const usuarioQueries = {
  all: () => ['usuarios'] as const,
  lista: () =>
    queryOptions({ queryKey: [...usuarioQueries.all(), 'lista'], queryFn: () => api(usuarios.listar) }),
  uno: (id: string) =>
    queryOptions({
      queryKey: [...usuarioQueries.all(), 'uno', id],
      queryFn: () => api(usuarios.obtener, { params: { id } }),
    }),
};

export function useGuardarUsuario(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof CrearUsuario> | z.input<typeof ActualizarUsuario>) =>
      id
        ? api(usuarios.actualizar, { params: { id }, body: body as z.input<typeof ActualizarUsuario> })
        : api(usuarios.crear, { body: body as z.input<typeof CrearUsuario> }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuarioQueries.all() }),
  });
}

export function useEliminarUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(usuarios.eliminar, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuarioQueries.all() }),
  });
}

export function useDesbloquearUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(usuarios.desbloquear, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuarioQueries.all() }),
  });
}
