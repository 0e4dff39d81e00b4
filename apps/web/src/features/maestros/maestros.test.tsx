import { Notifications } from '@mantine/notifications';
import { MENSAJE_NOTA_DE_DESACTIVACION } from '@pos/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConRutas } from '../../testing/render.tsx';
import { MENSAJE_DE_DUPLICIDAD, TITULO_DE_DUPLICIDAD } from '../../ui/duplicidad.tsx';
import MaestroFormularioPage from './MaestroFormularioPage.tsx';
import MaestroListaPage from './MaestroListaPage.tsx';
import { CLAVES_DE_FAMILIA, familiaDeRuta, RUTAS_DE_MAESTROS, rutaDeEdicion } from './rutas.ts';

const RUTAS = RUTAS_DE_MAESTROS.almacenes;

type Llamada = { metodo: string; url: URL; cuerpo: Record<string, unknown> | null };

function almacen(n: number, cambios: Record<string, unknown> = {}) {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    identificadorUnico: `ident-${n}-xxxxxxxx`,
    nombre: `Almacén ${n}`,
    numeroAlmacen: n,
    estado: 'Activo',
    autorizacion: null,
    notaAnular: '',
    ...cambios,
  };
}

/** A fake /almacen/ API: 23 warehouses, paged and searched by name; the answers can be replaced per test. */
function servidorFalso(respuestas: { crear?: () => Response; eliminar?: () => Response } = {}) {
  const llamadas: Llamada[] = [];
  const todos = Array.from({ length: 23 }, (_, i) => almacen(i + 1));
  const json = (cuerpo: unknown, status = 200) =>
    new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const metodo = init?.method ?? 'GET';
      const cuerpo =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      llamadas.push({ metodo, url, cuerpo });
      if (url.pathname === '/api/almacen/' && metodo === 'GET') {
        const input = (url.searchParams.get('input') ?? '').toLowerCase();
        const pagina = Number(url.searchParams.get('page') ?? 1);
        const limite = Number(url.searchParams.get('limit') ?? 10);
        const filtrados = todos.filter((a) => a.nombre.toLowerCase().includes(input));
        return json({
          res: filtrados.slice((pagina - 1) * limite, pagina * limite),
          totalRows: filtrados.length,
        });
      }
      if (url.pathname === '/api/almacen/' && metodo === 'POST') {
        return (
          respuestas.crear?.() ??
          json({ ...almacen(24, { nombre: cuerpo?.nombre }), solicitudDuplicada: false })
        );
      }
      if (url.pathname.startsWith('/api/almacen/') && metodo === 'PUT') {
        return json(almacen(1, cuerpo ?? {}));
      }
      if (url.pathname.startsWith('/api/almacen/') && metodo === 'DELETE') {
        return respuestas.eliminar?.() ?? json({ message: 'Almacén eliminado.' });
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return llamadas;
}

/** The messages Mantine ties to a field (its description and its error), as a screen reader reads them. */
function mensajesDe(campo: HTMLElement): string {
  return (campo.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');
}

/** An API that answers every list empty and records the calls (for forms whose options do not matter). */
function servidorVacio() {
  const llamadas: Llamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const cuerpo =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      llamadas.push({ metodo: init?.method ?? 'GET', url, cuerpo });
      return new Response(JSON.stringify({ res: [], totalRows: 0 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return llamadas;
}

function renderizar(inicio: string, rutas = RUTAS) {
  return renderConRutas(
    [
      {
        path: rutas.lista,
        element: (
          <>
            <Notifications />
            <MaestroListaPage />
          </>
        ),
      },
      ...[rutas.nuevo, rutas.editar].map((path) => ({
        path,
        element: (
          <>
            <Notifications />
            <MaestroFormularioPage />
          </>
        ),
      })),
    ],
    inicio,
  );
}

const listas = (llamadas: Llamada[]) =>
  llamadas.filter((l) => l.metodo === 'GET' && l.url.pathname === '/api/almacen/');

// Mantine tables and dialogs render slowly on happy-dom when the whole suite runs in parallel.
describe('pantallas genéricas de datos maestros', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('cada ruta del spec encuentra su familia, con o sin la barra final', () => {
    expect(familiaDeRuta('/configuraciones/almacen/lista_almacen')).toEqual({
      clave: 'almacenes',
      pantalla: 'lista',
    });
    expect(familiaDeRuta('/configuraciones/lista-precios/editar_precio/')).toEqual({
      clave: 'listasDePrecio',
      pantalla: 'editar',
    });
    expect(familiaDeRuta('/lugarDeAsignacion/nuevo_LugarAsignacion')).toEqual({
      clave: 'lugaresDeAsignacion',
      pantalla: 'nuevo',
    });
    expect(familiaDeRuta('/configuraciones/otra_cosa')).toBeNull();
  });

  it('una ruta editar/:id encuentra su familia con cualquier id y la edición va a editar/<id>', () => {
    const id = '00000000-0000-4000-8000-000000000007';
    expect(familiaDeRuta(`/contabilidad/centro-de-costo/editar/${id}`)).toEqual({
      clave: 'centrosDeCosto',
      pantalla: 'editar',
    });
    expect(familiaDeRuta('/contabilidad/centro-de-costo/editar')).toBeNull();
    expect(rutaDeEdicion(RUTAS_DE_MAESTROS.centrosDeCosto, id)).toBe(
      `/contabilidad/centro-de-costo/editar/${id}`,
    );
    expect(rutaDeEdicion(RUTAS, id)).toBe(`/configuraciones/almacen/editar_almacen?id=${id}`);
  });

  it('pagina de a 10 con page/limit del servidor y muestra el total', async () => {
    const llamadas = servidorFalso();
    renderizar(RUTAS.lista);
    await screen.findByRole('cell', { name: 'Almacén 1' });
    expect(screen.queryByRole('cell', { name: 'Almacén 11' })).toBeNull();
    expect(screen.getByText('23 registros')).toBeInTheDocument();
    expect(listas(llamadas)[0]?.url.searchParams.get('limit')).toBe('10');
    expect(listas(llamadas)[0]?.url.searchParams.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await screen.findByRole('cell', { name: 'Almacén 21' });
    expect(listas(llamadas).at(-1)?.url.searchParams.get('page')).toBe('3');
    expect(screen.getAllByRole('row')).toHaveLength(1 + 3);
  });

  it('busca en el servidor con input y vuelve a la página 1', async () => {
    const llamadas = servidorFalso();
    renderizar(RUTAS.lista);
    await screen.findByRole('cell', { name: 'Almacén 1' });
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByRole('cell', { name: 'Almacén 11' });

    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar en almacenes' }), {
      target: { value: 'almacén 2' },
    });
    await screen.findByRole('cell', { name: 'Almacén 21' }, { timeout: 5000 });
    const ultima = listas(llamadas).at(-1);
    expect(ultima?.url.searchParams.get('input')).toBe('almacén 2');
    expect(ultima?.url.searchParams.get('page')).toBe('1');
    // «Almacén 2» and «Almacén 20» to «Almacén 23».
    expect(screen.getAllByRole('row')).toHaveLength(1 + 5);
  });

  it('desactivar pide el motivo y envía estado, autorización Pendiente y la nota', async () => {
    const llamadas = servidorFalso();
    renderizar(RUTAS.lista);
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar «Almacén 3»' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Desactivar «Almacén 3»' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Desactivar' }));
    expect(await within(dialogo).findByText(MENSAJE_NOTA_DE_DESACTIVACION)).toBeInTheDocument();
    expect(llamadas.some((l) => l.metodo === 'PUT')).toBe(false);

    fireEvent.change(within(dialogo).getByRole('textbox', { name: /Motivo de la desactivación/ }), {
      target: { value: 'Se cerró la sucursal' },
    });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(llamadas.some((l) => l.metodo === 'PUT')).toBe(true));
    const cambio = llamadas.find((l) => l.metodo === 'PUT');
    expect(cambio?.url.pathname).toBe(`/api/almacen/${almacen(3)._id}`);
    expect(cambio?.cuerpo).toEqual({
      _id: almacen(3)._id,
      estado: 'Desactivado',
      autorizacion: 'Pendiente',
      notaAnular: 'Se cerró la sucursal',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('un borrado bloqueado muestra el mensaje del servidor', async () => {
    const mensaje = 'El almacén no se puede eliminar porque tiene productos o documentos vinculados.';
    servidorFalso({
      eliminar: () =>
        new Response(JSON.stringify({ statusCode: 409, error: 'Conflict', message: mensaje }), {
          status: 409,
        }),
    });
    renderizar(RUTAS.lista);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar «Almacén 1»' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Eliminar «Almacén 1»' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(mensaje)).toBeInTheDocument();
    expect(screen.getByText('No se eliminó')).toBeInTheDocument();
  });

  it('valida con el esquema del contrato: el mensaje del spec aparece en el campo y no se envía nada', async () => {
    const llamadas = servidorFalso();
    renderizar(RUTAS.nuevo);
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    const campo = screen.getByRole('textbox', { name: /Nombre/ });
    await waitFor(() => expect(campo).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Debes poner el nombre del almacen').length).toBeGreaterThan(0);
    expect(screen.getByText('Error de Datos Requeridos')).toBeInTheDocument();
    expect(llamadas.some((l) => l.metodo === 'POST')).toBe(false);
  });

  it('crea con un identificadorUnico y una solicitud duplicada abre «Protección de duplicidad»', async () => {
    const llamadas = servidorFalso({
      crear: () =>
        new Response(JSON.stringify({ ...almacen(7), solicitudDuplicada: true }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    });
    const { router } = renderizar(RUTAS.nuevo);
    fireEvent.change(await screen.findByRole('textbox', { name: /Nombre/ }), {
      target: { value: 'Almacén 7' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialogo = await screen.findByRole('dialog', { name: TITULO_DE_DUPLICIDAD });
    expect(within(dialogo).getByText(MENSAJE_DE_DUPLICIDAD)).toBeInTheDocument();
    const creacion = llamadas.find((l) => l.metodo === 'POST');
    expect(creacion?.cuerpo?.nombre).toBe('Almacén 7');
    expect(String(creacion?.cuerpo?.identificadorUnico)).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(router.state.location.pathname).toBe(RUTAS.lista));
  });

  it('un reintento tras un fallo reutiliza el mismo identificadorUnico', async () => {
    let intentos = 0;
    const llamadas = servidorFalso({
      crear: () => {
        intentos += 1;
        return intentos === 1
          ? new Response(JSON.stringify({ statusCode: 500, error: 'Error', message: 'Falló' }), {
              status: 500,
            })
          : new Response(JSON.stringify({ ...almacen(8), solicitudDuplicada: false }), { status: 200 });
      },
    });
    const { router } = renderizar(RUTAS.nuevo);
    fireEvent.change(await screen.findByRole('textbox', { name: /Nombre/ }), {
      target: { value: 'Depósito' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Falló');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(RUTAS.lista));
    const [primera, segunda] = llamadas.filter((l) => l.metodo === 'POST');
    expect(segunda?.cuerpo?.identificadorUnico).toBe(primera?.cuerpo?.identificadorUnico);
  });

  it('un orden negativo queda como se escribió y se rechaza junto al campo con el mensaje del contrato', async () => {
    const llamadas = servidorVacio();
    const usuario = userEvent.setup({ delay: null });
    renderizar(RUTAS_DE_MAESTROS.categorias.nuevo, RUTAS_DE_MAESTROS.categorias);
    await usuario.type(await screen.findByRole('textbox', { name: /Nombre/ }), 'Bebidas');
    const orden = screen.getByRole('textbox', { name: 'Orden' });
    await usuario.type(orden, '-3');
    await usuario.tab();
    // Leaving the field neither drops the minus sign nor turns the number into 0.
    expect(orden).toHaveValue('-3');
    await waitFor(() => expect(orden).toHaveAttribute('aria-invalid', 'true'));
    expect(mensajesDe(orden)).toContain('El orden no puede ser negativo');
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(orden).toHaveValue('-3');
    expect(llamadas.some((l) => l.metodo === 'POST')).toBe(false);
  });

  it('un porcentaje de 150 no se vuelve 100: se rechaza junto al campo y no se envía', async () => {
    const llamadas = servidorVacio();
    const usuario = userEvent.setup({ delay: null });
    renderizar(RUTAS_DE_MAESTROS.retenciones.nuevo, RUTAS_DE_MAESTROS.retenciones);
    await usuario.type(await screen.findByRole('textbox', { name: /Nombre/ }), 'Retención ITBIS');
    const porcentaje = screen.getByRole('textbox', { name: /Porcentaje/ });
    await usuario.type(porcentaje, '150');
    await usuario.tab();
    expect(porcentaje).toHaveValue('150%');
    await waitFor(() => expect(porcentaje).toHaveAttribute('aria-invalid', 'true'));
    expect(mensajesDe(porcentaje)).toContain('El porcentaje debe ser un número de 0 a 100');
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(porcentaje).toHaveValue('150%');
    expect(llamadas.some((l) => l.metodo === 'POST')).toBe(false);
  });

  it('cada campo de texto de cada familia tiene el largo máximo del contrato', {
    timeout: 60_000,
  }, async () => {
    servidorVacio();
    let revisados = 0;
    for (const clave of CLAVES_DE_FAMILIA) {
      const rutas = RUTAS_DE_MAESTROS[clave];
      renderizar(rutas.nuevo, rutas);
      await screen.findByRole('button', { name: 'Guardar' });
      const textos = [
        ...document.querySelectorAll<HTMLInputElement>(
          'input:not([type]), input[type="text"], input[type="email"], textarea',
        ),
      ]
        // Numbers (inputmode), dates and selects (read-only or a listbox's search) are not free text.
        .filter(
          (campo) =>
            !campo.readOnly &&
            !campo.hasAttribute('inputmode') &&
            campo.getAttribute('aria-haspopup') !== 'listbox' &&
            campo.placeholder !== 'dd/mm/aaaa',
        );
      revisados += textos.length;
      for (const campo of textos) {
        expect(
          Number(campo.maxLength),
          `${clave}: ${campo.getAttribute('aria-label') ?? campo.id}`,
        ).toBeGreaterThan(0);
      }
      cleanup();
    }
    expect(revisados).toBeGreaterThan(10);
  });
});
