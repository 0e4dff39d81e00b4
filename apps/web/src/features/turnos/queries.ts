import { type AbrirTurno, type CerrarTurno, terminales, turnos } from '@pos/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

// The POS reads the same key (['turnos', 'actual', user]): opening or closing here refreshes it there.
export const turnoQueries = {
  all: () => ['turnos'] as const,
  actual: (idUsuario: string) =>
    queryOptions({
      queryKey: [...turnoQueries.all(), 'actual', idUsuario],
      queryFn: ({ signal }) => api(turnos.actual, { params: { userId: idUsuario }, body: {}, signal }),
    }),
  documentos: (idTurno: string) =>
    queryOptions({
      queryKey: [...turnoQueries.all(), 'documentos', idTurno],
      queryFn: ({ signal }) => api(turnos.documentos, { body: { idTurnoRef: idTurno }, signal }),
    }),
  productos: (idTurno: string) =>
    queryOptions({
      queryKey: [...turnoQueries.all(), 'productos', idTurno],
      queryFn: async ({ signal }) =>
        (await api(turnos.productosVendidos, { body: { idTurnoRef: idTurno }, signal })).res,
    }),
  /** Active terminals to open a shift on (reading them needs only a session). */
  terminales: () =>
    queryOptions({
      queryKey: ['maestros', 'terminales', 'activos'],
      queryFn: async ({ signal }) =>
        (await api(terminales.listar, { query: { activos: true, limit: 500 }, signal })).res,
      staleTime: 60_000,
    }),
};

export function useAbrirTurno() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AbrirTurno) => api(turnos.abrir, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: turnoQueries.all() }),
  });
}

export function useCerrarTurno() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idUsuario, body }: { idUsuario: string; body: CerrarTurno }) =>
      api(turnos.cerrar, { params: { userId: idUsuario }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: turnoQueries.all() }),
  });
}
