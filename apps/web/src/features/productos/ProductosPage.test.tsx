import { Notifications } from '@mantine/notifications';
import { MENSAJE_ACCION_NO_PERMITIDA } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConRutas } from '../../testing/render.tsx';
import { fechaHora } from '../../ui/formato.ts';
import { EDITAR_PRODUCTO, LISTA_DE_PRODUCTOS } from './etiquetas.ts';
import ProductosPage from './ProductosPage.tsx';
import { filaDePrueba, idDe, type Llamada, respuestaDeError, servidorDePrueba } from './servidorDePrueba.ts';

function renderizar() {
  return renderConRutas(
    [
      {
        path: LISTA_DE_PRODUCTOS,
        element: (
          <>
            <Notifications />
            <ProductosPage />
          </>
        ),
      },
      { path: EDITAR_PRODUCTO, element: <h1>Editar producto</h1> },
    ],
    LISTA_DE_PRODUCTOS,
  );
}

const listas = (llamadas: Llamada[]) =>
  llamadas.filter((l) => l.url.pathname === '/api/registro-productos/porAlmacen/');

// Mantine tables and dialogs render slowly on happy-dom when the whole suite runs in parallel.
describe('lista de productos', { timeout: 20_000 }, () => {
  beforeAll(() => {
    // happy-dom has no FontFaceSet; Mantine's autosize Textarea (the cancellation reason) listens on it.
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    }
  });
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('pagina de a 14, busca en el servidor y marca la existencia baja', async () => {
    const llamadas = servidorDePrueba({
      productos: [
        ...Array.from({ length: 19 }, (_, i) => filaDePrueba(i + 1)),
        filaDePrueba(20, { disponibilidad: 0, notificacionExistencia: 0, favorito: true }),
      ],
    });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar();
    expect(await screen.findByText('Producto 01', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Producto 14')).toBeInTheDocument();
    expect(screen.queryByText('Producto 15')).not.toBeInTheDocument();
    expect(screen.getByText('20 productos')).toBeInTheDocument();
    expect(listas(llamadas)[0]?.cuerpo).toMatchObject({ page: 1, limit: 14, input: '' });

    await usuario.type(screen.getByLabelText('Buscar producto'), 'producto 20');
    expect(await screen.findByText('Producto 20', {}, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Producto 01')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(listas(llamadas).at(-1)?.cuerpo).toMatchObject({ input: 'producto 20', page: 1 });
    const fila = screen.getByText('Producto 20').closest('tr') as HTMLElement;
    expect(within(fila).getByLabelText('Favorito')).toBeInTheDocument();
    expect(within(fila).getByText('0')).toBeInTheDocument();

    await usuario.click(screen.getByText('Producto 20'));
    await waitFor(() => expect(router.state.location.pathname).toBe(EDITAR_PRODUCTO));
    expect(router.state.location.search).toBe(`?id=${idDe(20)}`);
  });

  it('eliminar un producto con documentos muestra «Acción no permitida»', async () => {
    servidorDePrueba({
      extra: (metodo) =>
        metodo === 'DELETE' ? respuestaDeError(409, MENSAJE_ACCION_NO_PERMITIDA) : undefined,
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await usuario.click(await screen.findByRole('button', { name: 'Eliminar «Producto 03»' }));
    await usuario.click(await screen.findByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(MENSAJE_ACCION_NO_PERMITIDA)).toBeInTheDocument();
    expect(screen.getByText('No se eliminó')).toBeInTheDocument();
  });

  it('anular pide el motivo y envía Anulado con autorización Pendiente', async () => {
    const llamadas = servidorDePrueba({
      extra: (metodo, url) =>
        metodo === 'PUT' && url.pathname.startsWith('/api/registro-productos/anular/')
          ? new Response(
              JSON.stringify({ ...filaDePrueba(2), asignaciones: [], listaDePrecioAsignada: [] }),
              {
                headers: { 'content-type': 'application/json' },
              },
            )
          : undefined,
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await usuario.click(await screen.findByRole('button', { name: 'Anular «Producto 02»' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Anular «Producto 02»' });
    expect(within(dialogo).getByRole('button', { name: 'Anular' })).toBeDisabled();
    await usuario.type(within(dialogo).getByLabelText(/Motivo/), 'Descontinuado por el suplidor');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Anular' }));
    await waitFor(() => expect(llamadas.some((l) => l.metodo === 'PUT')).toBe(true));
    const anulacion = llamadas.find((l) => l.metodo === 'PUT');
    expect(anulacion?.url.pathname).toBe(`/api/registro-productos/anular/${idDe(2)}`);
    expect(anulacion?.cuerpo).toEqual({
      estado: 'Anulado',
      autorizacion: 'Pendiente',
      notaAnular: 'Descontinuado por el suplidor',
    });
  });

  it('la auditoría dice cuándo y quién creó y modificó el producto', async () => {
    servidorDePrueba({
      extra: (_, url) =>
        url.pathname === '/api/registro-productos/ajuste-del-producto'
          ? new Response(
              JSON.stringify({
                lineas: [],
                cantidadDeRegistros: 0,
                cantidadEntradas: 0,
                cantidadSalidas: 0,
                totalEntradas: 0,
                totalSalidas: 0,
              }),
              { headers: { 'content-type': 'application/json' } },
            )
          : undefined,
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await usuario.click(await screen.findByRole('button', { name: 'Auditoría «Producto 04»' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Auditoría de «Producto 04»' });
    // Who comes from the full product (a list row does not carry it).
    expect(
      await within(dialogo).findByText(`${fechaHora('2026-11-20T14:00:00.000Z')} · por admin`),
    ).toBeInTheDocument();
    expect(
      within(dialogo).getByText(`${fechaHora('2026-11-21T15:30:00.000Z')} · por cajera`),
    ).toBeInTheDocument();
    expect(await within(dialogo).findByText('No tiene ajustes de inventario.')).toBeInTheDocument();
  });

  it('imprime etiquetas de los productos elegidos con su cantidad y abre el PDF', async () => {
    const llamadas = servidorDePrueba({
      extra: (_, url) => {
        if (url.pathname === '/api/perfil-barcode/') {
          return new Response('[]', { headers: { 'content-type': 'application/json' } });
        }
        if (url.pathname === '/api/perfil-barcode/etiquetas') {
          return new Response(new Uint8Array([37, 80, 68, 70]), {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'inline; filename="etiquetas.pdf"',
            },
          });
        }
        return undefined;
      },
    });
    const ventana = { closed: false, close: vi.fn(), location: { href: '' } };
    vi.spyOn(window, 'open').mockReturnValue(ventana as unknown as Window);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:etiquetas');
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await usuario.click(await screen.findByLabelText('Elegir «Producto 01» para etiquetas'));
    await usuario.click(screen.getByLabelText('Elegir «Producto 05» para etiquetas'));
    await usuario.click(screen.getByRole('button', { name: 'Imprimir etiquetas (2)' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Imprimir etiquetas' });
    const cantidad = within(dialogo).getByLabelText('Etiquetas de «Producto 05»');
    await usuario.clear(cantidad);
    await usuario.type(cantidad, '3');
    expect(within(dialogo).getByText('4 etiquetas')).toBeInTheDocument();
    await usuario.click(within(dialogo).getByRole('button', { name: 'Generar PDF' }));
    await waitFor(() => expect(ventana.location.href).toBe('blob:etiquetas'));
    expect(llamadas.find((l) => l.url.pathname === '/api/perfil-barcode/etiquetas')?.cuerpo).toEqual({
      idPerfil: null,
      papel: 'etiqueta',
      productos: [
        { idProducto: idDe(1), cantidad: 1 },
        { idProducto: idDe(5), cantidad: 3 },
      ],
    });
  });

  it('una cantidad de etiquetas 0 no se sube a 1: queda escrita, se rechaza junto al campo y no se genera', async () => {
    const llamadas = servidorDePrueba({
      extra: (_, url) =>
        url.pathname === '/api/perfil-barcode/'
          ? new Response('[]', { headers: { 'content-type': 'application/json' } })
          : undefined,
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await usuario.click(await screen.findByLabelText('Elegir «Producto 01» para etiquetas'));
    await usuario.click(screen.getByRole('button', { name: 'Imprimir etiquetas (1)' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Imprimir etiquetas' });
    const cantidad = within(dialogo).getByLabelText('Etiquetas de «Producto 01»');
    await usuario.clear(cantidad);
    await usuario.type(cantidad, '0');
    await usuario.tab();
    expect(cantidad).toHaveValue('0');
    expect(cantidad).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialogo).getByText('La cantidad de etiquetas debe ser al menos 1')).toBeInTheDocument();
    expect(within(dialogo).getByText('Corrige las cantidades marcadas')).toBeInTheDocument();
    expect(within(dialogo).getByRole('button', { name: 'Generar PDF' })).toBeDisabled();
    expect(llamadas.some((l) => l.url.pathname === '/api/perfil-barcode/etiquetas')).toBe(false);
  });
});
