import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AbrirBaseLocal } from '../features/offline/ProveedorSinConexion.tsx';
import { Cargando } from '../ui/Cargando.tsx';
import { RequierePermiso, RequiereSesion } from './Guardia.tsx';
import { ErrorDeRuta, PaginaError } from './PaginaError.tsx';
import { type Diseno, PANTALLAS, type Pantalla } from './registro.ts';

function rutaDePantalla(pantalla: Pantalla): RouteObject {
  return {
    path: pantalla.path,
    // Screens load on demand (spec 000 §2).
    lazy: async () => {
      const { default: Componente } = await pantalla.cargar();
      return {
        Component: pantalla.publica
          ? Componente
          : () => (
              <RequierePermiso pantalla={pantalla}>
                <Componente />
              </RequierePermiso>
            ),
      };
    },
  };
}

function hijos(diseno: Diseno, pantallas: Pantalla[]): RouteObject[] {
  return pantallas.filter((p) => p.diseno === diseno).map(rutaDePantalla);
}

// The layouts load on demand too, next to their screen (React Router loads both at once): the POS's
// first load carries neither the main menu nor the login form, and the login neither of the layouts.
// The offline database (Dexie) opens once a signed-in layout has rendered, not before the first paint.
function disenoConSesion(cargar: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => {
    const Diseno = await cargar();
    return {
      Component: () => (
        <RequiereSesion>
          <AbrirBaseLocal />
          <Diseno />
        </RequiereSesion>
      ),
    };
  };
}

/** The route tree: one layout per group, the screens from the registry. */
export function crearRutas(pantallas: Pantalla[] = PANTALLAS): RouteObject[] {
  return [
    {
      errorElement: <ErrorDeRuta />,
      // What shows while the first screen and its layout download (React Router asks for it when the
      // route of the first load is lazy).
      HydrateFallback: Cargando,
      children: [
        {
          path: '/login',
          lazy: async () => {
            const [{ DisenoLogin }, { default: LoginPage }] = await Promise.all([
              import('../layouts/DisenoLogin.tsx'),
              import('../features/auth/LoginPage.tsx'),
            ]);
            return {
              Component: () => (
                <DisenoLogin>
                  <LoginPage />
                </DisenoLogin>
              ),
            };
          },
        },
        {
          // A company's self sign-up, reached from the login page (docs/empresas.md).
          path: '/crear-empresa',
          lazy: async () => {
            const [{ DisenoLogin }, { default: CrearEmpresaPage }] = await Promise.all([
              import('../layouts/DisenoLogin.tsx'),
              import('../features/registro/CrearEmpresaPage.tsx'),
            ]);
            return {
              Component: () => (
                <DisenoLogin>
                  <CrearEmpresaPage />
                </DisenoLogin>
              ),
            };
          },
        },
        {
          lazy: async () => ({ Component: (await import('../layouts/DisenoCatalogo.tsx')).DisenoCatalogo }),
          children: hijos('catalogo', pantallas),
        },
        {
          lazy: async () => ({ Component: (await import('../layouts/DisenoReservar.tsx')).DisenoReservar }),
          children: hijos('reservar', pantallas),
        },
        {
          lazy: disenoConSesion(async () => (await import('../layouts/DisenoPrincipal.tsx')).DisenoPrincipal),
          children: [...hijos('principal', pantallas), { path: '*', element: <PaginaError estado={404} /> }],
        },
        {
          lazy: disenoConSesion(async () => (await import('../layouts/DisenoPos.tsx')).DisenoPos),
          children: hijos('pos', pantallas),
        },
        {
          lazy: disenoConSesion(async () => (await import('../layouts/DisenoImpresion.tsx')).DisenoImpresion),
          children: hijos('impresion', pantallas),
        },
      ],
    },
  ];
}
