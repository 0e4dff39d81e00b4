import { Notifications } from '@mantine/notifications';
import { MENSAJE_NOMBRE_DE_CENTRO_DE_COSTO } from '@pos/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConProveedores, renderConRutas } from '../../testing/render.tsx';
import CentrosDeCostoPage from './CentrosDeCostoPage.tsx';
import FormularioDeCentroDeCostoPage from './FormularioDeCentroDeCostoPage.tsx';
import { LISTA_CENTROS_DE_COSTO, NUEVO_CENTRO_DE_COSTO, rutaDeEdicionDeCentro } from './rutas.ts';
import { SelectorDeCentroDeCosto } from './SelectorDeCentroDeCosto.tsx';

type Llamada = { metodo: string; url: URL; cuerpo: Record<string, unknown> | null };

function centro(n: number, cambios: Record<string, unknown> = {}) {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    identificadorUnico: `ident-${n}-xxxxxxxx`,
    nombre: `Centro ${String(n).padStart(2, '0')}`,
    descripcion: n === 1 ? 'Tienda principal' : '',
    ...cambios,
  };
}

const json = (cuerpo: unknown, status = 200) =>
  new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });

/** A fake /centro-de-costo/ API: 30 centres, paged and searched by name; answers can be replaced per test. */
function servidorFalso(respuestas: { cambiar?: () => Response; eliminar?: () => Response } = {}) {
  const llamadas: Llamada[] = [];
  const todos = Array.from({ length: 30 }, (_, i) => centro(i + 1));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const metodo = init?.method ?? 'GET';
      const cuerpo =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      llamadas.push({ metodo, url, cuerpo });
      const base = '/api/centro-de-costo/';
      if (url.pathname === base && metodo === 'GET') {
        const input = (url.searchParams.get('input') ?? '').toLowerCase();
        const filtrados = todos.filter((c) => c.nombre.toLowerCase().includes(input));
        if (!url.searchParams.has('page')) {
          return json({ res: filtrados, totalRows: filtrados.length });
        }
        const pagina = Number(url.searchParams.get('page'));
        const limite = Number(url.searchParams.get('limit') ?? 10);
        return json({
          res: filtrados.slice((pagina - 1) * limite, pagina * limite),
          totalRows: filtrados.length,
        });
      }
      if (url.pathname === base && metodo === 'POST') {
        return json({ ...centro(31, cuerpo ?? {}), solicitudDuplicada: false });
      }
      const id = url.pathname.slice(base.length);
      const uno = todos.find((c) => c._id === id);
      if (uno && metodo === 'GET') {
        return json(uno);
      }
      if (uno && metodo === 'PATCH') {
        return respuestas.cambiar?.() ?? json({ ...uno, ...cuerpo });
      }
      if (uno && metodo === 'DELETE') {
        return respuestas.eliminar?.() ?? json({ message: `Centro de costo «${uno.nombre}» eliminado.` });
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'El centro de costo no existe' }, 404);
    }),
  );
  return llamadas;
}

function renderizar(inicio: string) {
  const conAvisos = (elemento: React.ReactNode) => (
    <>
      <Notifications />
      {elemento}
    </>
  );
  return renderConRutas(
    [
      { path: LISTA_CENTROS_DE_COSTO, element: conAvisos(<CentrosDeCostoPage />) },
      { path: NUEVO_CENTRO_DE_COSTO, element: conAvisos(<FormularioDeCentroDeCostoPage />) },
      {
        path: '/contabilidad/centro-de-costo/editar/:id',
        element: conAvisos(<FormularioDeCentroDeCostoPage />),
      },
    ],
    inicio,
  );
}

const listas = (llamadas: Llamada[]) =>
  llamadas.filter((l) => l.metodo === 'GET' && l.url.pathname === '/api/centro-de-costo/');

// Mantine tables and dialogs render slowly on happy-dom when the whole suite runs in parallel.
describe('centros de costo', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('la lista pagina de a 25 (spec 002 §9) y abre la edición por /editar/:id', async () => {
    const llamadas = servidorFalso();
    const { router } = renderizar(LISTA_CENTROS_DE_COSTO);
    await screen.findByRole('cell', { name: 'Centro 01' });
    expect(screen.getByRole('cell', { name: 'Centro 25' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Centro 26' })).toBeNull();
    expect(screen.getByText('Tienda principal')).toBeInTheDocument();
    expect(listas(llamadas)[0]?.url.searchParams.get('limit')).toBe('25');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByRole('cell', { name: 'Centro 30' });
    fireEvent.click(screen.getByRole('button', { name: 'Editar «Centro 30»' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(rutaDeEdicionDeCentro(centro(30)._id)));
  });

  it('un borrado bloqueado muestra el mensaje del servidor', async () => {
    const mensaje =
      'El centro de costo no se puede eliminar porque tiene asientos contables o documentos vinculados.';
    servidorFalso({ eliminar: () => json({ statusCode: 409, error: 'Conflict', message: mensaje }, 409) });
    renderizar(LISTA_CENTROS_DE_COSTO);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar «Centro 01»' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Eliminar «Centro 01»' }, { timeout: 5000 });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(mensaje)).toBeInTheDocument();
    expect(screen.getByText('No se eliminó')).toBeInTheDocument();
  });

  it('nuevo: sin nombre muestra el mensaje del spec y no envía; con nombre crea con su identificadorUnico', async () => {
    const llamadas = servidorFalso();
    const { router } = renderizar(NUEVO_CENTRO_DE_COSTO);
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    const nombre = screen.getByRole('textbox', { name: /Nombre/ });
    await waitFor(() => expect(nombre).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(MENSAJE_NOMBRE_DE_CENTRO_DE_COSTO).length).toBeGreaterThan(0);
    expect(screen.getByText('Error de Datos Requeridos')).toBeInTheDocument();
    expect(llamadas.some((l) => l.metodo === 'POST')).toBe(false);

    fireEvent.change(nombre, { target: { value: 'Sucursal Santiago' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Descripción/ }), {
      target: { value: 'Tienda del Cibao' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LISTA_CENTROS_DE_COSTO));
    const creacion = llamadas.find((l) => l.metodo === 'POST');
    expect(creacion?.cuerpo).toMatchObject({ nombre: 'Sucursal Santiago', descripcion: 'Tienda del Cibao' });
    expect(String(creacion?.cuerpo?.identificadorUnico)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('editar carga el centro, envía PATCH con su _id y un fallo dice «No se actualizó el centro de costos»', async () => {
    const llamadas = servidorFalso({
      cambiar: () =>
        json({ statusCode: 409, error: 'Conflict', message: 'Ya existe un registro con esos datos.' }, 409),
    });
    renderizar(rutaDeEdicionDeCentro(centro(1)._id));
    const nombre = await screen.findByRole('textbox', { name: /Nombre/ });
    await waitFor(() => expect(nombre).toHaveValue('Centro 01'));
    expect(screen.getByRole('heading', { name: 'Centro de costo «Centro 01»' })).toBeInTheDocument();
    fireEvent.change(nombre, { target: { value: 'Tienda principal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No se actualizó el centro de costos')).toBeInTheDocument();
    expect(screen.getByText('Ya existe un registro con esos datos.')).toBeInTheDocument();
    const cambio = llamadas.find((l) => l.metodo === 'PATCH');
    expect(cambio?.url.pathname).toBe(`/api/centro-de-costo/${centro(1)._id}`);
    expect(cambio?.cuerpo).toMatchObject({ _id: centro(1)._id, nombre: 'Tienda principal' });
  });

  it('SelectorDeCentroDeCosto ofrece todos los centros y devuelve el id y el nombre elegidos', async () => {
    servidorFalso();
    const elegidos: Array<[string | null, string]> = [];
    function Prueba() {
      const [valor, setValor] = useState<string | null>(null);
      return (
        <SelectorDeCentroDeCosto
          value={valor}
          onChange={(id, nombre) => {
            elegidos.push([id, nombre]);
            setValor(id);
          }}
        />
      );
    }
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<Prueba />);
    const selector = screen.getByLabelText('Centro de costo', { selector: 'input' });
    await waitFor(() => expect(selector).toHaveAttribute('placeholder', 'Sin centro de costo'));
    await usuario.click(selector);
    await usuario.click(await screen.findByRole('option', { name: 'Centro 27' }));
    await waitFor(() => expect(elegidos).toEqual([[centro(27)._id, 'Centro 27']]));
    expect(selector).toHaveValue('Centro 27');
  });
});
