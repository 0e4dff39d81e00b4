import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { crearQueryClient, Proveedores } from './app/Proveedores.tsx';
import { crearRutas } from './app/router.tsx';

const router = createBrowserRouter(crearRutas());
const raiz = document.getElementById('root');
if (raiz) {
  createRoot(raiz).render(
    <StrictMode>
      <Proveedores queryClient={crearQueryClient()}>
        <RouterProvider router={router} />
      </Proveedores>
    </StrictMode>,
  );
}
