import { createTheme, MantineProvider, Menu, Popover } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { Perfil } from '@pos/contract';
import { Privilegios, todosLosPrivilegios } from '@pos/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';

/** A profile as /profile answers it, with the given privileges over all-false defaults. */
export function perfilDePrueba(cambios: Partial<Perfil> = {}): Perfil {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    username: 'maria',
    tenantId: 1,
    scope: [],
    creadoEn: '2026-01-01T00:00:00.000Z',
    actualizadoEn: '2026-01-01T00:00:00.000Z',
    avatar: null,
    perfilSeleccionado: '',
    impresion: {
      impresorasBluetooth: ['', ''],
      impresorasIp: [],
      formatoDePagina: '80mm',
      impresionSilenciosaEscritorio: false,
      impresionSilenciosaMovil: false,
    },
    revendedor: false,
    crearInstanciaDelSistema: false,
    moduloPredeterminado: '',
    buscadorPredeterminado: 1,
    vistaPreviaDelProducto: false,
    ubicacionGps: false,
    bloquearPrecio: false,
    bloquearImpuesto: false,
    limitePedidosAsignados: 5,
    limiteDescuento: 100,
    anularYEliminarDocumentos: false,
    autoAbrirEditarProducto: false,
    bancoPredeterminado: null,
    poderEditarPedidosImpresionPreventa: false,
    activo: true,
    privilegios: Privilegios.parse({}),
    ...cambios,
  };
}

export { todosLosPrivilegios };

// happy-dom has no layout: every element measures 0×0, which Mantine's popovers read as a detached target.
const temaDePrueba = createTheme({
  components: {
    Menu: Menu.extend({ defaultProps: { hideDetached: false, transitionProps: { duration: 0 } } }),
    Popover: Popover.extend({ defaultProps: { hideDetached: false, transitionProps: { duration: 0 } } }),
  },
});

/** Renders routes in a memory router with Mantine and TanStack Query, starting at `inicio`. */
export function renderConRutas(rutas: RouteObject[], inicio: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(rutas, { initialEntries: [inicio] });
  const resultado = render(
    <MantineProvider theme={temaDePrueba}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...resultado, router, queryClient };
}

/** Renders one element inside a router (for components that link or navigate). */
export function renderConProveedores(elemento: ReactNode, inicio = '/') {
  return renderConRutas([{ path: '*', element: elemento }], inicio);
}
