import type { Perfil } from '@pos/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { escucharSesionInvalida } from '../api/client.ts';
import { perfilDePrueba, renderConRutas } from '../testing/render.tsx';
import type { Pantalla } from './registro.ts';
import { crearRutas } from './router.tsx';
import { cerrarSesionLocal, iniciarSesionLocal, leerSesion } from './sesion.ts';

function pantalla(path: string, titulo: string, permiso?: Pantalla['permiso']): Pantalla {
  return {
    path,
    diseno: 'principal',
    titulo,
    ...(permiso ? { permiso } : {}),
    cargar: async () => ({ default: () => <p>Contenido de {titulo}</p> }),
  };
}

const PANTALLAS = [
  pantalla('/libre', 'Libre'),
  pantalla('/configuraciones/usuario/lista_usuarios', 'Usuarios', { modulo: 'usuarios', accion: 'ver' }),
];

function servidorFalso(perfil: Perfil, validarToken = 200) {
  const llamadas: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      llamadas.push(url);
      const json = (cuerpo: unknown, status = 200) =>
        new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });
      if (url.endsWith('/profile')) {
        return json(perfil);
      }
      if (url.endsWith('/users/varlidar-token/')) {
        return validarToken === 200
          ? json({ valido: true })
          : json({ statusCode: 401, error: 'Unauthorized', message: 'La sesión expiró' }, 401);
      }
      if (url.endsWith('/tenant/api-test')) {
        return json({
          estadoDelPlan: 'Activo',
          balancePendienteDelPlan: 0,
          cantidadDeUsuarios: 1,
          limiteCantidadDeUsuarios: 0,
          diasDePruebaDisponibles: 0,
          vigenciaDelPlan: 0,
        });
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return llamadas;
}

describe('guardia de rutas', () => {
  beforeEach(() => {
    cerrarSesionLocal();
  });
  beforeEach(() => {
    servidorFalso(perfilDePrueba());
  });
  afterEach(() => {
    // Unmount before restoring fetch, so no pending query reaches the real network.
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sin sesión, una ruta privada lleva al login recordando la ruta pedida', async () => {
    const { router } = renderConRutas(crearRutas(PANTALLAS), '/libre?x=1');
    await screen.findByRole('button', { name: 'Entrar' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/libre?x=1')}`);
  });

  it('con sesión pero sin el privilegio del módulo muestra «No autorizado», no una pantalla en blanco', async () => {
    servidorFalso(perfilDePrueba());
    iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
    renderConRutas(crearRutas(PANTALLAS), '/configuraciones/usuario/lista_usuarios');
    expect(await screen.findByRole('heading', { name: 'No autorizado' })).toBeInTheDocument();
    expect(screen.getByText(/no tiene permiso para abrir «Usuarios»/)).toBeInTheDocument();
    expect(screen.queryByText('Contenido de Usuarios')).not.toBeInTheDocument();
  });

  it('con el privilegio muestra la pantalla y valida el token en cada cambio de ruta', async () => {
    const perfil = perfilDePrueba();
    perfil.privilegios.usuarios = { acceso: true, ver: true, crear: false, modificar: false };
    const llamadas = servidorFalso(perfil);
    iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
    const { router } = renderConRutas(crearRutas(PANTALLAS), '/configuraciones/usuario/lista_usuarios');
    expect(await screen.findByText('Contenido de Usuarios')).toBeInTheDocument();
    await waitFor(() => expect(llamadas.filter((u) => u.endsWith('/users/varlidar-token/'))).toHaveLength(1));
    await router.navigate('/libre');
    expect(await screen.findByText('Contenido de Libre')).toBeInTheDocument();
    await waitFor(() => expect(llamadas.filter((u) => u.endsWith('/users/varlidar-token/'))).toHaveLength(2));
  });

  it('un token inválido cierra la sesión y vuelve al login', async () => {
    servidorFalso(perfilDePrueba(), 401);
    const quitar = escucharSesionInvalida(() => cerrarSesionLocal());
    iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
    const { router } = renderConRutas(crearRutas(PANTALLAS), '/libre');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(leerSesion()).toBeNull();
    quitar();
  });

  it('un usuario con sesión que visita /login va al inicio (o a la ruta pedida si es segura)', async () => {
    servidorFalso(perfilDePrueba());
    iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
    const { router } = renderConRutas(crearRutas(PANTALLAS), '/login?redirect=%2F%2Fevil.example');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const otro = renderConRutas(crearRutas(PANTALLAS), '/login?redirect=%2Flibre');
    await waitFor(() => expect(otro.router.state.location.pathname).toBe('/libre'));
  });
});
