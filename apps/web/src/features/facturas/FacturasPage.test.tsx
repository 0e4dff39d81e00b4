import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConRutas } from '../../testing/render.tsx';
import FacturasPage from './FacturasPage.tsx';
import { LISTA_DE_FACTURAS, VISTA_FACTURA } from './rutas.ts';
import { facturasDePrueba, type Llamada, servidorDePrueba } from './servidorDePrueba.ts';

const listas = (llamadas: Llamada[]) =>
  llamadas.filter((l) => l.url.pathname === '/api/factura/lista-de-facturas');

function renderizar() {
  return renderConRutas(
    [
      { path: LISTA_DE_FACTURAS, element: <FacturasPage /> },
      { path: VISTA_FACTURA, element: <h1>Vista de factura</h1> },
    ],
    LISTA_DE_FACTURAS,
  );
}

describe('lista de facturas', { timeout: 20_000 }, () => {
  beforeEach(() => {
    iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows 25 a page with their status badges, the totals, and pages on', async () => {
    // Every invoice in the active list (the cancelled ones become collected ones).
    const facturas = facturasDePrueba(30).map((f) =>
      f.estado === 'Anulado'
        ? { ...f, estado: 'Activo' as const, estadoDelCobro: 'Cobrada' as const, activo: true }
        : f,
    );
    const llamadas = servidorDePrueba({ facturas });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar();
    expect(await screen.findByText('B0200000001', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(listas(llamadas)[0]?.cuerpo).toMatchObject({
      page: 1,
      limit: 25,
      input: '',
      buscarPorEstado: false,
    });
    expect(screen.getByText('30 facturas')).toBeInTheDocument();
    expect(screen.getByText('B0200000025')).toBeInTheDocument();
    expect(screen.queryByText('B0200000026')).not.toBeInTheDocument();
    const cobrada = screen.getByText('B0200000001').closest('tr') as HTMLElement;
    expect(within(cobrada).getByText('Cobrada')).toBeInTheDocument();
    const porCobrar = screen.getByText('B0200000002').closest('tr') as HTMLElement;
    expect(within(porCobrar).getByText('Por Cobrar')).toBeInTheDocument();
    expect(within(porCobrar).getByText('RD$500.00')).toBeInTheDocument();
    const porAnular = screen.getByText('B0200000004').closest('tr') as HTMLElement;
    expect(within(porAnular).getByText('Por anular')).toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('B0200000030', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(listas(llamadas).at(-1)?.cuerpo).toMatchObject({ page: 2, limit: 25 });

    await usuario.click(screen.getByText('B0200000030'));
    await waitFor(() => expect(router.state.location.pathname).toBe(VISTA_FACTURA));
  });

  it('the audit view asks for Por-Anular and Anulado invoices', async () => {
    const llamadas = servidorDePrueba();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await screen.findByText('B0200000001', {}, { timeout: 4000 });
    await usuario.click(screen.getByText('Anuladas y por anular'));
    expect(await screen.findByText('B0200000003', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(listas(llamadas).at(-1)?.cuerpo).toMatchObject({ buscarPorEstado: true, page: 1 });
    const anulada = screen.getByText('B0200000003').closest('tr') as HTMLElement;
    expect(within(anulada).getByText('Anulada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('B0200000001')).not.toBeInTheDocument());
  });
});
