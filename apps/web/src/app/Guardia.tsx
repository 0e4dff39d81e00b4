import { Center, Loader } from '@mantine/core';
import { auth } from '@pos/contract';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { api } from '../api/client.ts';
import { NoAutorizadoPage } from './NoAutorizadoPage.tsx';
import { type Pantalla, puedeAbrir } from './registro.ts';
import { salidaVoluntaria, useSesion } from './sesion.ts';
import { usePerfil } from './usePerfil.ts';

// Spec 000 §5: every route except the public ones and /login needs a session; the requested path is
// remembered and restored after login.
/** Sends a visitor without session to /login?redirect=…; checks the token on every route change. */
export function RequiereSesion({ children }: { children: ReactNode }) {
  const sesion = useSesion();
  const ubicacion = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the check must run on every route change.
  useEffect(() => {
    if (sesion) {
      // Spec 000 §7: varlidar-token on each route change; a 401 ends the session (api client → App).
      api(auth.validarToken).catch(() => undefined);
    }
  }, [sesion, ubicacion.pathname]);
  if (!sesion) {
    const destino = ubicacion.pathname + ubicacion.search + ubicacion.hash;
    // After the user's own sign-out there is nothing to return to.
    const busqueda = destino === '/' || salidaVoluntaria() ? '' : `?redirect=${encodeURIComponent(destino)}`;
    return <Navigate to={`/login${busqueda}`} replace />;
  }
  return children;
}

/** Shows the screen only if the user's privileges allow it; a clear 'no autorizado' page otherwise. */
export function RequierePermiso({ pantalla, children }: { pantalla: Pantalla; children: ReactNode }) {
  const { perfil, cargando } = usePerfil();
  if (cargando || !perfil) {
    return (
      <Center h="50vh">
        <Loader aria-label="Cargando" />
      </Center>
    );
  }
  if (!puedeAbrir(pantalla, perfil)) {
    return <NoAutorizadoPage titulo={pantalla.titulo} />;
  }
  return children;
}
