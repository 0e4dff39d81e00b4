import { Notifications } from '@mantine/notifications';
import type { Factura } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { perfilDePrueba, renderConRutas, todosLosPrivilegios } from '../../testing/render.tsx';
import { detalleDePrueba, idDe } from '../facturas/datosDePrueba.ts';
import { imprimirRecibo } from '../facturas/Recibo.tsx';
import { facturasDePrueba, json, type Llamada, servidorDePrueba } from '../facturas/servidorDePrueba.ts';
import ListaVentasPage from './ListaVentasPage.tsx';
import { FACTURACION_POS, LISTA_VENTAS_POS, VISTA_FACTURA_POS } from './rutas.ts';
import VistaFacturaPosPage from './VistaFacturaPosPage.tsx';

// Printing goes through a hidden iframe and window.print(), which happy-dom has not; the receipt
// component itself stays real.
vi.mock('../facturas/Recibo.tsx', async (original) => ({
  ...(await original<typeof import('../facturas/Recibo.tsx')>()),
  imprimirRecibo: vi.fn(async () => undefined),
}));

const [COBRADA, POR_COBRAR, ANULADA] = facturasDePrueba(3) as [Factura, Factura, Factura];

function renderizar(id: string) {
  return renderConRutas(
    [
      {
        path: VISTA_FACTURA_POS,
        element: (
          <>
            <Notifications />
            <VistaFacturaPosPage />
          </>
        ),
      },
      { path: LISTA_VENTAS_POS, element: <ListaVentasPage /> },
      { path: FACTURACION_POS, element: <h1>Facturación</h1> },
    ],
    `${VISTA_FACTURA_POS}?id=${id}`,
  );
}

const anulaciones = (llamadas: Llamada[]) =>
  llamadas.filter((l) => l.metodo === 'PUT' && l.url.pathname.startsWith('/api/factura/anular/'));

describe('vista de factura del punto de venta', { timeout: 20_000 }, () => {
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
    vi.mocked(imprimirRecibo).mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the receipt with its NCF and state, and reprints it on the user’s paper', async () => {
    servidorDePrueba({
      facturas: [COBRADA],
      perfil: perfilDePrueba({
        _id: idDe(90),
        privilegios: todosLosPrivilegios(),
        impresion: { ...perfilDePrueba().impresion, formatoDePagina: '58mm' },
      }),
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar(COBRADA._id);
    const recibo = await screen.findByRole('article', { name: 'Recibo de la factura' }, { timeout: 4000 });
    expect(within(recibo).getByText(`NCF: ${COBRADA.comprobante}`)).toBeInTheDocument();
    expect(recibo.className).toContain('recibo-58mm');
    expect(screen.getByRole('heading', { name: `Factura ${COBRADA.comprobante}` })).toBeInTheDocument();
    expect(screen.getByText('Cobrada')).toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: 'Reimprimir' }));
    await waitFor(() => expect(imprimirRecibo).toHaveBeenCalledTimes(1));
    const [detalle, formato] = vi.mocked(imprimirRecibo).mock.calls[0] ?? [];
    expect(detalle?.FacturaDb._id).toBe(COBRADA._id);
    expect(formato).toBe('58mm');

    await usuario.click(screen.getByRole('button', { name: 'Nueva venta (F1)' }));
    expect(await screen.findByRole('heading', { name: 'Facturación' })).toBeInTheDocument();
  });

  it('asks for the cancellation with the reason and note, then shows it pending', async () => {
    let pedida = false;
    const llamadas = servidorDePrueba({
      facturas: [COBRADA],
      extra: (metodo, url) => {
        if (metodo === 'PUT' && url.pathname === `/api/factura/anular/${COBRADA._id}`) {
          pedida = true;
          return undefined;
        }
        return pedida && url.pathname === `/api/factura/una/${COBRADA._id}`
          ? json(
              detalleDePrueba({
                ...COBRADA,
                estado: 'Por-Anular',
                estadoDelCobro: 'Por-Anular',
                autorizacion: 'Pendiente',
                tipoDeAnulacion: '4',
                notaAnular: 'RNC equivocado',
              }),
            )
          : undefined;
      },
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar(COBRADA._id);
    await screen.findByRole('article', { name: 'Recibo de la factura' }, { timeout: 4000 });
    // Without anularYEliminarDocumentos the server files a request for a supervisor.
    await usuario.click(screen.getByRole('button', { name: 'Solicitar anulación' }));
    const dialogo = await screen.findByRole('dialog', { name: /Anular la factura/ });
    await usuario.click(within(dialogo).getByPlaceholderText('Elige el motivo'));
    await usuario.click(await screen.findByRole('option', { name: '4 · Corrección de la información' }));
    await usuario.type(within(dialogo).getByRole('textbox', { name: 'Nota' }), 'RNC equivocado');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Solicitar anulación' }));

    await waitFor(() => expect(anulaciones(llamadas)).toHaveLength(1));
    expect(anulaciones(llamadas)[0]?.url.pathname).toBe(`/api/factura/anular/${COBRADA._id}`);
    expect(anulaciones(llamadas)[0]?.cuerpo).toMatchObject({
      _id: COBRADA._id,
      tipoDeAnulacion: '4',
      notaAnular: 'RNC equivocado',
    });
    expect(await screen.findByText('Solicitud de anulación enviada')).toBeInTheDocument();
    expect(await screen.findByText('Por anular')).toBeInTheDocument();
    expect(screen.getByText(/Anulación pendiente de aprobación/)).toHaveTextContent(
      'Motivo: Corrección de la información',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Solicitar anulación' })).toBeDisabled();
  });

  it('says «Anular» to a user who cancels directly, and not for a cancelled invoice', async () => {
    servidorDePrueba({
      facturas: [POR_COBRAR, ANULADA],
      perfil: perfilDePrueba({
        _id: idDe(90),
        privilegios: todosLosPrivilegios(),
        anularYEliminarDocumentos: true,
      }),
    });
    renderizar(POR_COBRAR._id);
    await screen.findByRole('article', { name: 'Recibo de la factura' }, { timeout: 4000 });
    expect(screen.getByText('Por Cobrar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anular' })).toBeEnabled();
    cleanup();

    renderizar(ANULADA._id);
    await screen.findByRole('article', { name: 'Recibo de la factura' }, { timeout: 4000 });
    expect(screen.getByText('Anulada')).toBeInTheDocument();
    expect(screen.getByText(/^Factura anulada/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anular' })).toBeDisabled();
  });

  it('opens from a row of the sales list, and goes back to it', async () => {
    servidorDePrueba({ facturas: [COBRADA, POR_COBRAR] });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderConRutas(
      [
        { path: LISTA_VENTAS_POS, element: <ListaVentasPage /> },
        { path: VISTA_FACTURA_POS, element: <VistaFacturaPosPage /> },
      ],
      LISTA_VENTAS_POS,
    );
    const tabla = await screen.findByRole('table', { name: 'Ventas' }, { timeout: 4000 });
    await usuario.click(await within(tabla).findByText(POR_COBRAR.nombre));
    await waitFor(() => expect(router.state.location.pathname).toBe(VISTA_FACTURA_POS));
    expect(router.state.location.search).toBe(`?id=${POR_COBRAR._id}`);
    const recibo = await screen.findByRole('article', { name: 'Recibo de la factura' }, { timeout: 4000 });
    expect(within(recibo).getByText(`NCF: ${POR_COBRAR.comprobante}`)).toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: 'Volver a ventas (F10)' }));
    expect(await screen.findByRole('table', { name: 'Ventas' })).toBeInTheDocument();
  });
});
