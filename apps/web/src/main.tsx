import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
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
// The service worker registers once the page has loaded (Workbox waits for it anyway): its code and the
// precache of the whole app stay out of the first screen's downloads.
function registrar(): void {
  void import('./app/actualizacion.tsx').then((m) => m.registrarServiceWorker());
}
if (document.readyState === 'complete') {
  registrar();
} else {
  window.addEventListener('load', registrar, { once: true });
}
