import { Notifications } from '@mantine/notifications';
import { MENSAJE_ORDEN_DE_COMPRA_SIN_LINEAS } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConRutas } from '../../testing/render.tsx';
import { NUEVA_COMPRA, VISTA_COMPRA } from '../compras/rutas.ts';
import { ID_ALMACEN_PRINCIPAL, idDe } from '../facturas/datosDePrueba.ts';
import { ordenDeCompraDePrueba, servidorDeOrdenesDeCompra } from './datosDePrueba.ts';
import OrdenDeCompraPage from './OrdenDeCompraPage.tsx';
import OrdenesDeCompraPage from './OrdenesDeCompraPage.tsx';
import { LISTA_DE_ORDENES_DE_COMPRA, NUEVA_ORDEN_DE_COMPRA, VISTA_ORDEN_DE_COMPRA } from './rutas.ts';
import VistaOrdenDeCompraPage from './VistaOrdenDeCompraPage.tsx';

function renderizar(inicio: string) {
  return renderConRutas(
    [
      {
        path: NUEVA_ORDEN_DE_COMPRA,
        element: (
          <>
            <Notifications />
            <OrdenDeCompraPage />
          </>
        ),
      },
      { path: LISTA_DE_ORDENES_DE_COMPRA, element: <OrdenesDeCompraPage /> },
      { path: VISTA_ORDEN_DE_COMPRA, element: <VistaOrdenDeCompraPage /> },
      { path: NUEVA_COMPRA, element: <p>Nueva compra</p> },
      { path: VISTA_COMPRA, element: <p>Vista de la compra</p> },
    ],
    inicio,
  );
}

const buscador = () => screen.getByLabelText(/Escanear o buscar producto/);
const creaciones = (llamadas: Array<{ metodo: string; url: URL; cuerpo: unknown }>) =>
  llamadas.filter((l) => l.url.pathname === '/api/orden-de-compra/' && l.metodo === 'POST');

describe('órdenes de compra', { timeout: 40_000 }, () => {
  beforeAll(() => {
    // happy-dom has no FontFaceSet; Mantine's autosize Textarea listens on it.
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    }
  });
  beforeEach(() => {
    iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the order with lineasDeCompraDto at the cost typed and the supplier, then opens the view', async () => {
    const llamadas = servidorDeOrdenesDeCompra();
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(NUEVA_ORDEN_DE_COMPRA);
    await usuario.click(await screen.findByRole('button', { name: 'Guardar orden de compra' }));
    expect(await screen.findByText(MENSAJE_ORDEN_DE_COMPRA_SIN_LINEAS)).toBeInTheDocument();

    await usuario.type(screen.getByLabelText('Proveedor', { selector: 'input' }), 'Carib');
    await usuario.click(await screen.findByRole('option', { name: /Distribuidora Caribe SRL/ }));
    await waitFor(() => expect(buscador()).toBeEnabled());
    await usuario.type(buscador(), '7460000000000{Enter}');
    const cantidad = await screen.findByLabelText('Cantidad de Arroz Selecto 5 lb');
    await usuario.clear(cantidad);
    await usuario.type(cantidad, '10');
    // The price column is the cost with its ITBIS (EditorDeLineas documento='compra'): 177 is 150 + 18 %.
    const costo = screen.getByLabelText('Costo de Arroz Selecto 5 lb');
    await usuario.tripleClick(costo);
    await usuario.keyboard('177');
    await usuario.tab();
    expect(costo).toHaveValue('177.00');
    expect(
      within(screen.getByTestId('totales-orden-de-compra')).getByText('RD$1,770.00'),
    ).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Guardar orden de compra' }));
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    const cuerpo = creaciones(llamadas)[0]?.cuerpo as Record<string, unknown> & {
      lineasDeCompraDto: Array<Record<string, unknown>>;
    };
    expect(cuerpo).toMatchObject({ idCliente: idDe(41), almacenActual: ID_ALMACEN_PRINCIPAL });
    expect(cuerpo.identificadorUnico).toMatch(/^[0-9a-f-]{36}$/);
    expect(cuerpo.lineasDeCompraDto).toHaveLength(1);
    expect(cuerpo.lineasDeCompraDto[0]).toMatchObject({ cantidad: 10, precio: 150 });
    await waitFor(() => expect(router.state.location.pathname).toBe(VISTA_ORDEN_DE_COMPRA));
    expect(router.state.location.search).toBe(`?id=${ordenDeCompraDePrueba()._id}`);
  });

  it('lists 14 a page with the supplier and the purchase that took an order', async () => {
    const llamadas = servidorDeOrdenesDeCompra({
      ordenes: [
        ordenDeCompraDePrueba(),
        ordenDeCompraDePrueba({
          _id: idDe(801),
          comprobante: 'OC00000005',
          idCompra: idDe(850),
          comprobanteCompra: 'CMP00000012',
        }),
      ],
    });
    renderizar(LISTA_DE_ORDENES_DE_COMPRA);
    const fila = (await screen.findByText('OC00000004', {}, { timeout: 4000 })).closest('tr') as HTMLElement;
    expect(within(fila).getByText('Distribuidora Caribe SRL')).toBeInTheDocument();
    expect(within(fila).getByText('RD$4,720.00')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Proveedor' })).toBeInTheDocument();
    const tomada = screen.getByText('OC00000005').closest('tr') as HTMLElement;
    expect(within(tomada).getByText('CMP00000012')).toBeInTheDocument();
    const listas = llamadas.filter((l) => l.url.pathname === '/api/orden-de-compra/todas');
    expect(listas[0]?.cuerpo).toMatchObject({ page: 1, limit: 14, buscarPorEstado: false });
  });

  it('«Convertir en compra» opens the new purchase with ?orden=; a taken order links to its purchase', async () => {
    servidorDeOrdenesDeCompra({
      ordenes: [
        ordenDeCompraDePrueba(),
        ordenDeCompraDePrueba({ _id: idDe(801), idCompra: idDe(850), comprobanteCompra: 'CMP00000012' }),
      ],
    });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(`${VISTA_ORDEN_DE_COMPRA}?id=${idDe(800)}`);
    await usuario.click(await screen.findByRole('button', { name: 'Convertir en compra' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(NUEVA_COMPRA));
    expect(router.state.location.search).toBe(`?orden=${idDe(800)}`);

    cleanup();
    renderizar(`${VISTA_ORDEN_DE_COMPRA}?id=${idDe(801)}`);
    expect(await screen.findByRole('link', { name: 'Ver compra CMP00000012' })).toHaveAttribute(
      'href',
      `${VISTA_COMPRA}?id=${idDe(850)}`,
    );
    expect(screen.queryByRole('button', { name: 'Convertir en compra' })).not.toBeInTheDocument();
    expect(screen.getByText(/primero anula o elimina esa compra/)).toBeInTheDocument();
  });

  it('the view names the supplier and the cost, never the customer or the price (lado="compra")', async () => {
    servidorDeOrdenesDeCompra({ ordenes: [ordenDeCompraDePrueba()] });
    renderizar(`${VISTA_ORDEN_DE_COMPRA}?id=${idDe(800)}`);
    expect(await screen.findByRole('columnheader', { name: 'Costo' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Precio' })).not.toBeInTheDocument();
    expect(screen.getByText('Proveedor')).toBeInTheDocument();
    expect(screen.queryByText('Cliente')).not.toBeInTheDocument();
  });
});
