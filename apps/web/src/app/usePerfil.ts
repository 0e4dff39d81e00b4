import { auth, type Perfil, usuarios } from '@pos/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api/client.ts';
import { cerrarSesionLocal, leerSesion, useSesion } from './sesion.ts';

export const perfilQueries = {
  // Keyed by the session too: after another user signs in on this device, an answer (or a kept copy,
  // app/consultasGuardadas.ts) of the previous one can never stand for the new one.
  perfil: (tenantId: number | undefined, token?: string) => ({
    queryKey: ['perfil', tenantId, token] as const,
    queryFn: () => api(usuarios.perfil),
    enabled: tenantId !== undefined,
    staleTime: 60_000,
  }),
};

/** The signed-in user's profile with its privileges. */
export function usePerfil(): { perfil: Perfil | undefined; cargando: boolean; error: Error | null } {
  const sesion = useSesion();
  const consulta = useQuery(perfilQueries.perfil(sesion?.tenantId, sesion?.token));
  return { perfil: consulta.data, cargando: consulta.isPending && sesion !== null, error: consulta.error };
}

// Spec 000 §2: sign-out goes to /login, then calls logout 1 second later.
export const ESPERA_LOGOUT_MS = 1000;

/** Signs out: to /login at once, and the server's logout a second later (its errors are ignored). */
export function useCerrarSesion(): () => Promise<void> {
  const navegar = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const sesion = leerSesion();
    cerrarSesionLocal(true);
    queryClient.clear();
    await navegar('/login', { replace: true });
    if (sesion) {
      setTimeout(() => {
        api(auth.logout, { tenantId: sesion.tenantId, token: sesion.token }).catch(() => undefined);
      }, ESPERA_LOGOUT_MS);
    }
  }, [navegar, queryClient]);
}
