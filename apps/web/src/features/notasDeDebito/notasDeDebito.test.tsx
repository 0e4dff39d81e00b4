import { Notifications } from '@mantine/notifications';
import { MENSAJE_CREDITO_A_FACTURA, MENSAJE_DEBITO_A_COMPRA } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConRutas } from '../../testing/render.tsx';
import { ID_PROVEEDOR } from '../compras/datosDePrueba.ts';
import { idDe } from '../facturas/datosDePrueba.ts';
import {
  ID_COMPRA,
  ID_LINEA_COMPRA,
  notaDeDebitoDePrueba,
  servidorDeNotasDeDebito,
} from './datosDePrueba.ts';
import NotaDeDebitoPage from './NotaDeDebitoPage.tsx';
import NotasDeDebitoPage from './NotasDeDebitoPage.tsx';
import { LISTA_NOTAS_DE_DEBITO, NUEVA_NOTA_DE_DEBITO, VISTA_NOTA_DE_DEBITO } from './rutas.ts';

function renderizar(inicio: string) {
  return renderConRutas(
    [
      {
        path: NUEVA_NOTA_DE_DEBITO,
        element: (
          <>
            <Notifications />
            <NotaDeDebitoPage />
          </>
        ),
      },
      { path: LISTA_NOTAS_DE_DEBITO, element: <NotasDeDebitoPage /> },
      { path: VISTA_NOTA_DE_DEBITO, element: <p>Vista de la nota de débito</p> },
    ],
    inicio,
  );
}

describe('notas de débito', { timeout: 40_000 }, () => {
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

  it('finds the supplier’s purchase, proposes what is left to return, keeps the link XOR money returns and sends the note', async () => {
    const llamadas = servidorDeNotasDeDebito();
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(NUEVA_NOTA_DE_DEBITO);
    const buscar = await screen.findByRole('button', { name: 'Buscar compras para débito' });
    expect(buscar).toBeDisabled();
    await usuario.type(screen.getByLabelText('Proveedor', { selector: 'input' }), 'Cibao');
    // The search is debounced: the option to click is the one the search for «Cibao» found.
    await waitFor(() =>
      expect(
        llamadas.some(
          (l) =>
            l.url.pathname === '/api/cliente/contactos' && (l.cuerpo as { input?: string }).input === 'Cibao',
        ),
      ).toBe(true),
    );
    await usuario.click(await screen.findByRole('option', { name: /Distribuidora del Cibao SRL/ }));
    await waitFor(() => expect(buscar).toBeEnabled());
    await usuario.click(buscar);
    const modal = await screen.findByRole('dialog', { name: 'Buscar compras para débito' });
    const listas = llamadas.filter((l) => l.url.pathname === '/api/compras-proveedores/lista-de-compras');
    expect(listas[0]?.cuerpo).toMatchObject({ idCliente: ID_PROVEEDOR });
    await usuario.click(await within(modal).findByRole('row', { name: 'Elegir la compra CMP00000012' }));
    // 10 bought, 3 returned by another note: 7 proposed, at cost (RD$236.00 with ITBIS each).
    const cantidad = await screen.findByLabelText('Cantidad de Arroz Selecto 5 lb');
    expect(cantidad).toHaveValue('7');
    expect(screen.getByText(/quedan 7 por devolver/)).toBeInTheDocument();
    await usuario.clear(cantidad);
    await usuario.type(cantidad, '2');
    expect(within(screen.getByTestId('totales-nota-debito')).getByText('RD$472.00')).toBeInTheDocument();

    // The purchase owes: the note applies to it; a money return then is refused (spec 001 §5).
    await usuario.click(screen.getByRole('button', { name: 'Agregar devolución de dinero' }));
    expect(await screen.findByText(MENSAJE_DEBITO_A_COMPRA)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Quitar de la compra' }));
    await usuario.click(screen.getByRole('button', { name: 'Agregar devolución de dinero' }));
    expect(screen.getByLabelText('Importe de la devolución 1')).toHaveValue('472.00');
    await usuario.click(screen.getByRole('button', { name: 'Aplicar a la compra' }));
    expect(await screen.findByText(MENSAJE_CREDITO_A_FACTURA)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Quitar la devolución 1' }));
    await usuario.click(screen.getByRole('button', { name: 'Aplicar a la compra' }));

    await usuario.click(screen.getByRole('button', { name: 'Guardar nota de débito' }));
    const creaciones = () =>
      llamadas.filter((l) => l.url.pathname === '/api/notas-de-debito/' && l.metodo === 'POST');
    await waitFor(() => expect(creaciones()).toHaveLength(1));
    expect(creaciones()[0]?.cuerpo).toMatchObject({
      notaDeDebito: { idCompra: ID_COMPRA },
      lineasNotasDeDebito: [{ idLineaCompra: ID_LINEA_COMPRA, cantidad: 2 }],
      lineasDebitoCompras: [{ idCompra: ID_COMPRA }],
      lineasDevoluciones: [],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(VISTA_NOTA_DE_DEBITO));
  });

  it('lists 14 a page with the supplier, the purchase NCF and where the total went', async () => {
    const llamadas = servidorDeNotasDeDebito({
      notas: [
        notaDeDebitoDePrueba(),
        notaDeDebitoDePrueba({
          _id: idDe(901),
          comprobante: 'ND00000003',
          montoAplicado: 0,
          montoDevuelto: 500,
        }),
      ],
    });
    renderizar(LISTA_NOTAS_DE_DEBITO);
    const fila = (await screen.findByText('ND00000002', {}, { timeout: 4000 })).closest('tr') as HTMLElement;
    expect(within(fila).getByText('Distribuidora del Cibao SRL')).toBeInTheDocument();
    expect(within(fila).getByText('B0100000045')).toBeInTheDocument();
    expect(within(fila).getByText('Aplicado a la compra RD$472.00')).toBeInTheDocument();
    const otra = screen.getByText('ND00000003').closest('tr') as HTMLElement;
    expect(within(otra).getByText('Devuelto por el proveedor RD$500.00')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Proveedor' })).toBeInTheDocument();
    const listas = llamadas.filter((l) => l.url.pathname === '/api/notas-de-debito/todas');
    expect(listas[0]?.cuerpo).toMatchObject({ page: 1, limit: 14, buscarPorEstado: false });
  });
});
