import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { registrarServiceWorker } from './app/actualizacion.tsx';
import { guardarConsultas } from './app/consultasGuardadas.ts';
import { crearQueryClient, Proveedores } from './app/Proveedores.tsx';
import { crearRutas } from './app/router.tsx';

const router = createBrowserRouter(crearRutas());
const queryClient = crearQueryClient();
// The kept answers are restored before the first render, so an offline reload starts from them.
guardarConsultas(queryClient);
const raiz = document.getElementById('root');
if (raiz) {
  createRoot(raiz).render(
    <StrictMode>
      <Proveedores queryClient={queryClient}>
        <RouterProvider router={router} />
      </Proveedores>
    </StrictMode>,
  );
}
registrarServiceWorker();
