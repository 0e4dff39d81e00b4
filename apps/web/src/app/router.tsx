import type { RouteObject } from 'react-router';
import LoginPage from '../features/auth/LoginPage.tsx';
import { DisenoCatalogo } from '../layouts/DisenoCatalogo.tsx';
import { DisenoImpresion } from '../layouts/DisenoImpresion.tsx';
import { DisenoLogin } from '../layouts/DisenoLogin.tsx';
import { DisenoPos } from '../layouts/DisenoPos.tsx';
import { DisenoPrincipal } from '../layouts/DisenoPrincipal.tsx';
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

/** The route tree: one layout per group, the screens from the registry. */
export function crearRutas(pantallas: Pantalla[] = PANTALLAS): RouteObject[] {
  return [
    {
      errorElement: <ErrorDeRuta />,
      children: [
        {
          path: '/login',
          element: (
            <DisenoLogin>
              <LoginPage />
            </DisenoLogin>
          ),
        },
        { element: <DisenoCatalogo />, children: hijos('catalogo', pantallas) },
        {
          element: (
            <RequiereSesion>
              <DisenoPrincipal />
            </RequiereSesion>
          ),
          children: [...hijos('principal', pantallas), { path: '*', element: <PaginaError estado={404} /> }],
        },
        {
          element: (
            <RequiereSesion>
              <DisenoPos />
            </RequiereSesion>
          ),
          children: hijos('pos', pantallas),
        },
        {
          element: (
            <RequiereSesion>
              <DisenoImpresion />
            </RequiereSesion>
          ),
          children: hijos('impresion', pantallas),
        },
      ],
    },
  ];
}
