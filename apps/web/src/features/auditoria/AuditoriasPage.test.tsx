import { Notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { perfilDePrueba, renderConRutas } from '../../testing/render.tsx';
import { idDe } from '../facturas/datosDePrueba.ts';
import { servidorDePrueba, solicitudDePrueba } from '../facturas/servidorDePrueba.ts';
import AuditoriasPage from './AuditoriasPage.tsx';
import { AUDITORIAS } from './rutas.ts';

function renderizar() {
  return renderConRutas(
    [
      {
        path: AUDITORIAS,
        element: (
          <>
            <Notifications />
            <AuditoriasPage />
          </>
        ),
      },
    ],
    AUDITORIAS,
  );
}

describe('auditoría de anulaciones', { timeout: 20_000 }, () => {
  beforeAll(() => {
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

  it('lists pending requests and approves one with a note through the invoice cancel call', async () => {
    const llamadas = servidorDePrueba({
      solicitudes: [
        solicitudDePrueba(),
        solicitudDePrueba({
          _id: idDe(601),
          numeracioDocumento: 'B0200000100',
          autorizacion: 'Rechazada',
          nombreSupervisor: 'supervisor',
          notaAutorizacion: 'Solicitud Denegada',
        }),
      ],
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const fila = (await screen.findByText('B0200000128', {}, { timeout: 4000 })).closest('tr') as HTMLElement;
    expect(within(fila).getByText('maria')).toBeInTheDocument();
    expect(within(fila).getByText('Corrección de la información')).toBeInTheDocument();
    expect(within(fila).getByText('RD$1,360.00')).toBeInTheDocument();
    expect(screen.queryByText('B0200000100')).not.toBeInTheDocument();

    await usuario.click(within(fila).getByRole('button', { name: 'Aprobar' }));
    const dialogo = await screen.findByRole('dialog', { name: /Aprobar la anulación/ });
    await usuario.type(within(dialogo).getByRole('textbox', { name: 'Nota de autorización' }), 'Revisado');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Aprobar anulación' }));
    await waitFor(() =>
      expect(llamadas.filter((l) => l.url.pathname === `/api/factura/anular/${idDe(1)}`)).toHaveLength(1),
    );
    expect(llamadas.find((l) => l.url.pathname === `/api/factura/anular/${idDe(1)}`)?.cuerpo).toMatchObject({
      estado: 'Anulado',
      autorizacion: 'Aprobada',
      notaAutorizacion: 'Revisado',
    });

    await usuario.click(screen.getByRole('tab', { name: 'Rechazadas' }));
    expect(await screen.findByText('B0200000100', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('«Solicitud Denegada»')).toBeInTheDocument();
  });

  it('does not offer decisions to a user who cannot resolve requests', async () => {
    servidorDePrueba({
      perfil: perfilDePrueba({
        privilegios: {
          ...perfilDePrueba().privilegios,
          auditorias: { acceso: true, ver: true, crear: false, modificar: false },
        },
      }),
    });
    renderizar();
    await screen.findByText('B0200000128', {}, { timeout: 4000 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Aprobar' })).not.toBeInTheDocument());
  });
});
