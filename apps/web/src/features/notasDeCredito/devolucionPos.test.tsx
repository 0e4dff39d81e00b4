import { Notifications } from '@mantine/notifications';
import { MENSAJE_TURNO_CERRADO_DETALLE } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConRutas } from '../../testing/render.tsx';
import { respuestaDeError } from '../facturas/servidorDePrueba.ts';
import { DETALLES_TURNOS } from '../pos/rutas.ts';
import { servidorDeNotas } from './datosDePrueba.ts';
import NuevaDevolucionPage, { MENSAJE_DEVOLUCION_SIN_CONEXION } from './NuevaDevolucionPage.tsx';
import { NUEVA_DEVOLUCION_POS } from './rutas.ts';

// The connection the screen reads (the monitor itself is tested in app/conexion.test.ts).
const conexion = vi.hoisted(() => ({ enLinea: true }));
vi.mock('../../app/Conexion.tsx', () => ({
  useConexion: () => ({ enLinea: conexion.enLinea, monitor: null }),
}));

function renderizar() {
  return renderConRutas(
    [
      {
        path: NUEVA_DEVOLUCION_POS,
        element: (
          <>
            <Notifications />
            <NuevaDevolucionPage />
          </>
        ),
      },
      { path: DETALLES_TURNOS, element: <p>Pantalla de turnos</p> },
    ],
    NUEVA_DEVOLUCION_POS,
  );
}

describe('devolución en el punto de venta', { timeout: 40_000 }, () => {
  beforeAll(() => {
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    }
  });
  beforeEach(() => {
    conexion.enLinea = true;
    iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sin conexión lo dice y no ofrece nada más (la devolución necesita el servidor)', async () => {
    conexion.enLinea = false;
    const llamadas = servidorDeNotas();
    renderizar();
    expect(await screen.findByText(MENSAJE_DEVOLUCION_SIN_CONEXION)).toBeInTheDocument();
    expect(screen.queryByLabelText('NCF o número de la factura')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Guardar devolución/ })).not.toBeInTheDocument();
    expect(llamadas.filter((l) => l.url.pathname.startsWith('/api/notas-de-credito'))).toHaveLength(0);
  });

  it('con el turno cerrado en el servidor va a los turnos con su mensaje y el del spec (spec 001 §8)', async () => {
    const mensaje = 'No hay un turno abierto para devolver desde el punto de venta.';
    servidorDeNotas({
      extra: (metodo, url) =>
        url.pathname === '/api/notas-de-credito/' && metodo === 'POST'
          ? respuestaDeError(409, mensaje, { estadoDelTurno: false })
          : undefined,
    });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar();
    const campo = await screen.findByLabelText('NCF o número de la factura');
    await usuario.type(campo, 'B0200000001{Enter}');
    expect(await screen.findByLabelText('Cantidad de Arroz Selecto 5 lb', {}, { timeout: 4000 })).toHaveValue(
      '2',
    );
    // Cash by default, the whole total (2 × 245 + 585 + 285).
    expect(screen.getByRole('radio', { name: 'Devolver dinero' })).toBeChecked();
    expect(within(screen.getByTestId('reparto-de-la-nota')).getByText('RD$1,360.00')).toBeInTheDocument();
    await usuario.click(await screen.findByRole('button', { name: 'Guardar devolución (F12)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DETALLES_TURNOS));
    expect(router.state.location.state).toEqual({ mensaje });
    const dialogo = await screen.findByRole('dialog', { name: 'Turno cerrado' });
    expect(within(dialogo).getByText(mensaje)).toBeInTheDocument();
    expect(within(dialogo).getByText(MENSAJE_TURNO_CERRADO_DETALLE)).toBeInTheDocument();
  });
});
