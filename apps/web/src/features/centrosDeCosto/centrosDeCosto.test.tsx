import { Notifications } from '@mantine/notifications';
import { MENSAJE_NOMBRE_DE_CENTRO_DE_COSTO, MENSAJE_NOMBRE_DE_OPCION_DE_ENTRADA } from '@pos/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU } from '../../app/registro.ts';
import { renderConProveedores, renderConRutas } from '../../testing/render.tsx';
import MaestroFormularioPage from '../maestros/MaestroFormularioPage.tsx';
import MaestroListaPage from '../maestros/MaestroListaPage.tsx';
import { RUTAS_DE_MAESTROS, type RutasDeFamilia, rutaDeEdicion } from '../maestros/rutas.ts';
import { SelectorDeCentroDeCosto } from './SelectorDeCentroDeCosto.tsx';

const CENTROS = RUTAS_DE_MAESTROS.centrosDeCosto;
const OPCIONES = RUTAS_DE_MAESTROS.opcionesEntradaDeDiario;

type Llamada = { metodo: string; url: URL; cuerpo: Record<string, unknown> | null };
type Fila = { _id: string; nombre: string } & Record<string, unknown>;

const idDe = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function centro(n: number, cambios: Record<string, unknown> = {}): Fila {
  return {
    _id: idDe(n),
    identificadorUnico: `ident-${n}-xxxxxxxx`,
    nombre: `Centro ${String(n).padStart(2, '0')}`,
    descripcion: n === 1 ? 'Tienda principal' : '',
    ...cambios,
  };
}

function opcion(n: number, cambios: Record<string, unknown> = {}): Fila {
  return {
    _id: idDe(n),
    identificadorUnico: `ident-${n}-xxxxxxxx`,
    nombre: `Opción ${String(n).padStart(2, '0')}`,
    codigo: `OP${n}`,
    nota: n === 1 ? 'Cierre del mes' : '',
    ...cambios,
  };
}

const json = (cuerpo: unknown, status = 200) =>
  new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });

/**
 * A fake maestro API at `base` (/centro-de-costo/ by default): 30 rows, paged and searched by name; answers
 * can be replaced per test.
 */
function servidorFalso(
  respuestas: { cambiar?: () => Response; eliminar?: () => Response } = {},
  { base = '/api/centro-de-costo/', fila = centro }: { base?: string; fila?: typeof centro } = {},
) {
  const llamadas: Llamada[] = [];
  const todos = Array.from({ length: 30 }, (_, i) => fila(i + 1));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const metodo = init?.method ?? 'GET';
      const cuerpo =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      llamadas.push({ metodo, url, cuerpo });
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
        return json({ ...fila(31, cuerpo ?? {}), solicitudDuplicada: false });
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
        return respuestas.eliminar?.() ?? json({ message: `«${uno.nombre}» eliminado.` });
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return llamadas;
}

/** The family's three screens as the app registers them (features/maestros/rutas.ts). */
function renderizar(inicio: string, rutas: RutasDeFamilia = CENTROS) {
  const conAvisos = (elemento: React.ReactNode) => (
    <>
      <Notifications />
      {elemento}
    </>
  );
  return renderConRutas(
    [
      { path: rutas.lista, element: conAvisos(<MaestroListaPage />) },
      { path: rutas.nuevo, element: conAvisos(<MaestroFormularioPage />) },
      { path: rutas.editar, element: conAvisos(<MaestroFormularioPage />) },
    ],
    inicio,
  );
}

const listas = (llamadas: Llamada[], base = '/api/centro-de-costo/') =>
  llamadas.filter((l) => l.metodo === 'GET' && l.url.pathname === base);

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
    const { router } = renderizar(CENTROS.lista);
    await screen.findByRole('cell', { name: 'Centro 01' });
    expect(screen.getByRole('cell', { name: 'Centro 25' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Centro 26' })).toBeNull();
    expect(screen.getByText('Tienda principal')).toBeInTheDocument();
    expect(listas(llamadas)[0]?.url.searchParams.get('limit')).toBe('25');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByRole('cell', { name: 'Centro 30' });
    fireEvent.click(screen.getByRole('button', { name: 'Editar «Centro 30»' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/contabilidad/centro-de-costo/editar/${centro(30)._id}`),
    );
  });

  it('un borrado bloqueado muestra el mensaje del servidor', async () => {
    const mensaje =
      'El centro de costo no se puede eliminar porque tiene asientos contables o documentos vinculados.';
    servidorFalso({ eliminar: () => json({ statusCode: 409, error: 'Conflict', message: mensaje }, 409) });
    renderizar(CENTROS.lista);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar «Centro 01»' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Eliminar «Centro 01»' }, { timeout: 5000 });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(mensaje)).toBeInTheDocument();
    expect(screen.getByText('No se eliminó')).toBeInTheDocument();
  });

  it('nuevo: sin nombre muestra el mensaje del spec y no envía; con nombre crea con su identificadorUnico', async () => {
    const llamadas = servidorFalso();
    const { router } = renderizar(CENTROS.nuevo);
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
    await waitFor(() => expect(router.state.location.pathname).toBe(CENTROS.lista));
    const creacion = llamadas.find((l) => l.metodo === 'POST');
    expect(creacion?.cuerpo).toMatchObject({ nombre: 'Sucursal Santiago', descripcion: 'Tienda del Cibao' });
    expect(String(creacion?.cuerpo?.identificadorUnico)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('editar carga el centro por /editar/:id, envía PATCH a su id y un fallo dice «No se actualizó el centro de costos»', async () => {
    const llamadas = servidorFalso({
      cambiar: () =>
        json({ statusCode: 409, error: 'Conflict', message: 'Ya existe un registro con esos datos.' }, 409),
    });
    renderizar(rutaDeEdicion(CENTROS, centro(1)._id));
    const nombre = await screen.findByRole('textbox', { name: /Nombre/ });
    await waitFor(() => expect(nombre).toHaveValue('Centro 01'));
    expect(screen.getByRole('heading', { name: 'Centro de costo «Centro 01»' })).toBeInTheDocument();
    fireEvent.change(nombre, { target: { value: 'Tienda principal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No se actualizó el centro de costos')).toBeInTheDocument();
    expect(screen.getByText('Ya existe un registro con esos datos.')).toBeInTheDocument();
    const cambio = llamadas.find((l) => l.metodo === 'PATCH');
    expect(cambio?.url.pathname).toBe(`/api/centro-de-costo/${centro(1)._id}`);
    expect(cambio?.cuerpo).toMatchObject({ nombre: 'Tienda principal' });
  });

  it('opciones de entrada de diario: lista de a 25 con código y nota, y abre la edición por /editar/:id', async () => {
    const base = '/api/opciones-entrada-de-diario/';
    const llamadas = servidorFalso({}, { base, fila: opcion });
    const { router } = renderizar(OPCIONES.lista, OPCIONES);
    expect(await screen.findByRole('heading', { name: 'Opciones de entrada de diario' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'Opción 01' });
    expect(screen.getByRole('cell', { name: 'OP1' })).toBeInTheDocument();
    expect(screen.getByText('Cierre del mes')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Opción 25' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Opción 26' })).toBeNull();
    expect(listas(llamadas, base)[0]?.url.searchParams.get('limit')).toBe('25');
    fireEvent.click(screen.getByRole('button', { name: 'Editar «Opción 02»' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/contabilidad/opciones-entrada-de-diario/editar/${opcion(2)._id}`,
      ),
    );
  });

  it('opciones: nueva sin nombre dice el mensaje del contrato; con nombre crea con código, nota e identificadorUnico', async () => {
    const base = '/api/opciones-entrada-de-diario/';
    const llamadas = servidorFalso({}, { base, fila: opcion });
    const { router } = renderizar(OPCIONES.nuevo, OPCIONES);
    expect(
      await screen.findByRole('heading', { name: 'Nueva opción de entrada de diario' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const nombre = screen.getByRole('textbox', { name: /Nombre/ });
    await waitFor(() => expect(nombre).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(MENSAJE_NOMBRE_DE_OPCION_DE_ENTRADA).length).toBeGreaterThan(0);
    expect(llamadas.some((l) => l.metodo === 'POST')).toBe(false);

    fireEvent.change(nombre, { target: { value: 'Depreciación' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Código/ }), { target: { value: 'DEP' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Nota/ }), { target: { value: 'Activos fijos' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(OPCIONES.lista));
    const creacion = llamadas.find((l) => l.metodo === 'POST');
    expect(creacion?.url.pathname).toBe(base);
    expect(creacion?.cuerpo).toMatchObject({ nombre: 'Depreciación', codigo: 'DEP', nota: 'Activos fijos' });
    expect(String(creacion?.cuerpo?.identificadorUnico)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opciones: editar carga la opción por /editar/:id y envía PATCH a su id', async () => {
    const base = '/api/opciones-entrada-de-diario/';
    const llamadas = servidorFalso({}, { base, fila: opcion });
    const { router } = renderizar(rutaDeEdicion(OPCIONES, opcion(1)._id), OPCIONES);
    const codigo = await screen.findByRole('textbox', { name: /Código/ });
    await waitFor(() => expect(codigo).toHaveValue('OP1'));
    expect(
      screen.getByRole('heading', { name: 'Opción de entrada de diario «Opción 01»' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nota/ })).toHaveValue('Cierre del mes');
    fireEvent.change(codigo, { target: { value: 'CIE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(OPCIONES.lista));
    const cambio = llamadas.find((l) => l.metodo === 'PATCH');
    expect(cambio?.url.pathname).toBe(`${base}${opcion(1)._id}`);
    expect(cambio?.cuerpo).toMatchObject({ nombre: 'Opción 01', codigo: 'CIE', nota: 'Cierre del mes' });
  });

  it('el menú de Contabilidad ofrece las opciones de entrada de diario tras las entradas, con su permiso', () => {
    const contabilidad = MENU.filter((e) => e.pestana === 'contabilidad');
    const rutas = contabilidad.map((e) => e.ruta);
    const opciones = contabilidad.find((e) => e.ruta === OPCIONES.lista);
    expect(opciones).toMatchObject({
      titulo: 'Opciones de entrada de diario',
      rutaNueva: OPCIONES.nuevo,
      modulo: 'entradaDeDiario',
    });
    expect(rutas.indexOf(OPCIONES.lista)).toBe(
      rutas.indexOf('/contabilidad/entrada-de-diario/lista_entrada_de_diario') + 1,
    );
    // Cost centres keep one entry, now from the master-data families.
    expect(contabilidad.filter((e) => e.ruta === CENTROS.lista)).toEqual([
      expect.objectContaining({
        titulo: 'Centros de costo',
        rutaNueva: CENTROS.nuevo,
        modulo: 'centroDeCosto',
      }),
    ]);
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
