import { Notifications } from '@mantine/notifications';
import {
  MENSAJE_CORREO_INVALIDO,
  MENSAJE_CORREO_VACIO,
  MENSAJE_ERROR_CORREO_FACTURA,
  MENSAJE_MOTIVO_FACTURA,
  MENSAJE_TIENE_PAGOS,
} from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConRutas } from '../../testing/render.tsx';
import { idDe } from './datosDePrueba.ts';
import { VISTA_FACTURA } from './rutas.ts';
import { facturasDePrueba, type Llamada, respuestaDeError, servidorDePrueba } from './servidorDePrueba.ts';
import VistaFacturaPage from './VistaFacturaPage.tsx';

function renderizar() {
  return renderConRutas(
    [
      {
        path: VISTA_FACTURA,
        element: (
          <>
            <Notifications />
            <VistaFacturaPage />
          </>
        ),
      },
    ],
    `${VISTA_FACTURA}?id=${idDe(1001)}`,
  );
}

const llamadasA = (llamadas: Llamada[], prefijo: string) =>
  llamadas.filter((l) => l.url.pathname.startsWith(prefijo));

describe('vista de factura', { timeout: 20_000 }, () => {
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

  it('shows the invoice with its lines, payments and entries', async () => {
    servidorDePrueba();
    renderizar();
    expect(
      await screen.findByRole('heading', { name: 'Factura B0200000001' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Aceite de soya Crisol 1 galón')).toBeInTheDocument();
    expect(screen.getByText('1 asiento: No. 42')).toBeInTheDocument();
    expect(screen.getByText('En la factura')).toBeInTheDocument();
  });

  it('cancelling without a reason shows the spec message; with one it sends the request', async () => {
    const llamadas = servidorDePrueba();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await screen.findByRole('heading', { name: 'Factura B0200000001' }, { timeout: 4000 });
    await usuario.click(screen.getByRole('button', { name: 'Más acciones' }));
    await usuario.click(await screen.findByRole('menuitem', { name: 'Anular' }));
    const dialogo = await screen.findByRole('dialog', { name: /Anular la factura/ });
    await usuario.click(within(dialogo).getByRole('button', { name: 'Solicitar anulación' }));
    expect(await within(dialogo).findByText(MENSAJE_MOTIVO_FACTURA)).toBeInTheDocument();
    expect(llamadasA(llamadas, '/api/factura/anular/')).toHaveLength(0);

    await usuario.click(within(dialogo).getByPlaceholderText('Elige el motivo'));
    await usuario.click(await screen.findByRole('option', { name: '4 · Corrección de la información' }));
    await usuario.type(within(dialogo).getByRole('textbox', { name: 'Nota' }), 'RNC equivocado');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Solicitar anulación' }));
    await waitFor(() => expect(llamadasA(llamadas, '/api/factura/anular/')).toHaveLength(1));
    expect(llamadasA(llamadas, '/api/factura/anular/')[0]?.cuerpo).toMatchObject({
      estado: 'Por-Anular',
      autorizacion: 'Pendiente',
      tipoDeAnulacion: '4',
      notaAnular: 'RNC equivocado',
    });
    expect(await screen.findByText('Solicitud de anulación enviada')).toBeInTheDocument();
  });

  it("shows the server's refusal for an invoice with payments as it comes", async () => {
    servidorDePrueba({
      extra: (metodo, url) =>
        metodo === 'PUT' && url.pathname.startsWith('/api/factura/anular/')
          ? respuestaDeError(409, MENSAJE_TIENE_PAGOS)
          : undefined,
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await screen.findByRole('heading', { name: 'Factura B0200000001' }, { timeout: 4000 });
    await usuario.click(screen.getByRole('button', { name: 'Más acciones' }));
    await usuario.click(await screen.findByRole('menuitem', { name: 'Anular' }));
    const dialogo = await screen.findByRole('dialog', { name: /Anular la factura/ });
    await usuario.click(within(dialogo).getByPlaceholderText('Elige el motivo'));
    await usuario.click(await screen.findByRole('option', { name: '3 · Impresión defectuosa' }));
    await usuario.click(within(dialogo).getByRole('button', { name: 'Solicitar anulación' }));
    expect(await within(dialogo).findByText(MENSAJE_TIENE_PAGOS)).toBeInTheDocument();
  });

  it('checks the e-mail address with the spec messages before sending, and reports a failure', async () => {
    let fallar = false;
    const llamadas = servidorDePrueba({
      facturas: facturasDePrueba(1).map((f) => ({ ...f, correo: '' })),
      extra: (metodo, url) =>
        fallar && metodo === 'POST' && url.pathname.startsWith('/api/email/factura/')
          ? respuestaDeError(502, 'El servidor de correo no respondió.')
          : undefined,
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await screen.findByRole('heading', { name: 'Factura B0200000001' }, { timeout: 4000 });
    await usuario.click(screen.getByRole('button', { name: 'Enviar por correo' }));
    const dialogo = await screen.findByRole('dialog', { name: /Enviar la factura/ });
    const enviar = within(dialogo).getByRole('button', { name: 'Enviar' });
    await usuario.click(enviar);
    expect(await within(dialogo).findByText(MENSAJE_CORREO_VACIO)).toBeInTheDocument();
    const correo = within(dialogo).getByRole('textbox', { name: 'Correo' });
    await usuario.type(correo, 'cliente@');
    await usuario.click(enviar);
    expect(await within(dialogo).findByText(MENSAJE_CORREO_INVALIDO)).toBeInTheDocument();
    expect(llamadasA(llamadas, '/api/email/factura/')).toHaveLength(0);

    fallar = true;
    await usuario.type(correo, 'ejemplo.com');
    await usuario.click(enviar);
    expect(await screen.findByText(MENSAJE_ERROR_CORREO_FACTURA)).toBeInTheDocument();
    expect(llamadasA(llamadas, '/api/email/factura/')[0]?.cuerpo).toMatchObject({
      correo: 'cliente@ejemplo.com',
    });

    fallar = false;
    await usuario.click(enviar);
    expect(await screen.findByText('Factura enviada por correo.')).toBeInTheDocument();
  });
});
