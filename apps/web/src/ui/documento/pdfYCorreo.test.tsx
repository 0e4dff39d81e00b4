import { Notifications } from '@mantine/notifications';
import {
  MENSAJE_CORREO_INVALIDO,
  MENSAJE_CORREO_VACIO,
  MENSAJE_ERROR_CORREO_COTIZACION,
} from '@pos/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { cotizacionDePrueba } from '../../features/cotizaciones/datosDePrueba.ts';
import { VISTA_COTIZACION } from '../../features/cotizaciones/rutas.ts';
import VistaCotizacionPage from '../../features/cotizaciones/VistaCotizacionPage.tsx';
import { json, servidorDePrueba } from '../../features/facturas/servidorDePrueba.ts';
import { renderConRutas } from '../../testing/render.tsx';

// Spec 001 §1 "PDF / e-mail" in the kit's document view: the quotation view downloads its PDF from
// its own path and sends it by e-mail with the customer's address prefilled and the spec's messages.
describe('PDF y correo en la vista de un documento', { timeout: 40_000 }, () => {
  const cotizacion = cotizacionDePrueba({ correo: 'compras@lospinos.do' });
  let fallar = false;

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
    fallar = false;
    iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function abrir() {
    const llamadas = servidorDePrueba({
      extra: (metodo, url, cuerpo) => {
        if (url.pathname === `/api/cotizacion/pdf/${cotizacion._id}`) {
          return new Response(new Blob(['%PDF-1.3']), { headers: { 'content-type': 'application/pdf' } });
        }
        if (url.pathname === `/api/cotizacion/correo/${cotizacion._id}` && metodo === 'POST') {
          return fallar
            ? json({ statusCode: 409, message: `${MENSAJE_ERROR_CORREO_COTIZACION}: razón` }, 409)
            : json({ message: `Cotización enviada a ${(cuerpo as { correo: string }).correo}` });
        }
        if (url.pathname === `/api/cotizacion/${cotizacion._id}`) {
          return json({ cotizacionDb: cotizacion, lineasCotizacion: [] });
        }
        return undefined;
      },
    });
    renderConRutas(
      [
        {
          path: VISTA_COTIZACION,
          element: (
            <>
              <Notifications />
              <VistaCotizacionPage />
            </>
          ),
        },
      ],
      `${VISTA_COTIZACION}?id=${cotizacion._id}`,
    );
    return llamadas;
  }

  it('«Descargar PDF» pide /cotizacion/pdf/{id} con el token y guarda Cotizacion-{comprobante}.pdf', async () => {
    const llamadas = abrir();
    const clic = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe(`Cotizacion-${cotizacion.comprobante}.pdf`);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(clic).toHaveBeenCalledTimes(1));
    expect(llamadas.filter((l) => l.url.pathname === `/api/cotizacion/pdf/${cotizacion._id}`)).toHaveLength(
      1,
    );
    const [, init] =
      vi.mocked(fetch).mock.calls.find(([url]) => String(url).includes('/cotizacion/pdf/')) ?? [];
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer 1.x.y');
  });

  it('«Enviar por correo» trae el correo del cliente, valida como el servidor y envía', async () => {
    const llamadas = abrir();
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar por correo' }));
    const campo = await screen.findByLabelText('Correo');
    expect(campo).toHaveProperty('value', 'compras@lospinos.do');
    await userEvent.clear(campo);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MENSAJE_CORREO_VACIO)).toBeTruthy();
    await userEvent.type(campo, 'juan@');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MENSAJE_CORREO_INVALIDO)).toBeTruthy();
    const envios = () => llamadas.filter((l) => l.url.pathname.startsWith('/api/cotizacion/correo/'));
    expect(envios()).toHaveLength(0);

    fallar = true;
    await userEvent.clear(campo);
    await userEvent.type(campo, 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MENSAJE_ERROR_CORREO_COTIZACION)).toBeTruthy();
    fallar = false;
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Cotización enviada a ana@example.com')).toBeTruthy();
    expect(envios().map((l) => l.cuerpo)).toEqual([
      { correo: 'ana@example.com' },
      { correo: 'ana@example.com' },
    ]);
  });
});
