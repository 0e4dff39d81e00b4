import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { escucharSesionInvalida } from '../api/client.ts';
import { ProveedorSinConexion } from '../features/offline/ProveedorSinConexion.tsx';
import { instalarAtajos } from './atajos.ts';
import { ProveedorDeConexion } from './Conexion.tsx';
import { cerrarSesionLocal } from './sesion.ts';

export const tema = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
});

export function crearQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

/** Mantine, TanStack Query, modals, notifications, keyboard shortcuts and the connection monitor. */
export function Proveedores({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  useEffect(() => instalarAtajos(), []);
  // Spec 000 §8: a token validation failure logs the user out (the guard then sends them to /login).
  useEffect(
    () =>
      escucharSesionInvalida(() => {
        cerrarSesionLocal();
        queryClient.clear();
      }),
    [queryClient],
  );
  return (
    <MantineProvider theme={tema}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}>
          <Notifications position="top-right" />
          <ProveedorDeConexion>
            <ProveedorSinConexion>{children}</ProveedorSinConexion>
          </ProveedorDeConexion>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
