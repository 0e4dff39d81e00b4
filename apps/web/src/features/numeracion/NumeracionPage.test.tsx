import { Notifications } from '@mantine/notifications';
import type { Numeracion } from '@pos/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConProveedores } from '../../testing/render.tsx';
import NumeracionPage from './NumeracionPage.tsx';

const ID = '00000000-0000-4000-8000-000000000003';

const EXPORTACIONES: Numeracion = {
  _id: ID,
  identificadorUnico: 'id-numeracion-3',
  nombre: 'Exportaciones sucursal',
  nombreModel: '',
  tipoDeDocumento: 'ventas',
  perfilesDeTipos: 'B16',
  prefijo: 'B',
  prefijoNumerico: '16',
  perfilNumericoOpciones: 8,
  fiscal: true,
  fechaVencimiento: '2027-12-31',
  desde: 1001,
  hasta: 2000,
  seq: 1001,
  proximoComprobante: 'B1600001001',
  predeterminado: false,
  creadoEn: '2026-01-01T00:00:00.000Z',
  actualizadoEn: '2026-01-01T00:00:00.000Z',
};

// The server refuses a fiscal range that crosses another numbering of the same NCF type (modules/numeracion).
const MENSAJE =
  'El rango B1600001001–B1600002000 se cruza con la numeración «Exportaciones» (B1600000001–B1600001500).';

describe('formulario de numeración', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('un rango que se cruza con otra numeración muestra el mensaje del servidor y marca el campo Desde', async () => {
    const json = (datos: unknown, status = 200) =>
      new Response(JSON.stringify(datos), { status, headers: { 'content-type': 'application/json' } });
    const enviados: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const metodo = init?.method ?? 'GET';
        if (url.endsWith('/numeracion/perfiles-de-numeracion/')) {
          return json([
            {
              perfilesDeTipos: 'B16',
              nombre: 'Exportaciones',
              prefijo: 'B',
              prefijoNumerico: '16',
              perfilNumericoOpciones: 8,
              fiscal: true,
              tiposDeDocumento: ['ventas'],
            },
          ]);
        }
        if (url.endsWith(`/numeracion/${ID}`) && metodo === 'PUT') {
          enviados.push(JSON.parse(String(init?.body)));
          return json(
            {
              statusCode: 409,
              error: 'Conflict',
              message: MENSAJE,
              errores: [{ campo: 'desde', mensaje: 'El rango se cruza con la numeración «Exportaciones»' }],
            },
            409,
          );
        }
        if (url.endsWith(`/numeracion/${ID}`)) {
          return json(EXPORTACIONES);
        }
        return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
      }),
    );
    renderConProveedores(
      <>
        <Notifications />
        <NumeracionPage />
      </>,
      `/configuraciones/numeraciones/editar_numeracion?id=${ID}`,
    );
    await waitFor(() => expect(screen.getByLabelText(/^Nombre/)).toHaveValue('Exportaciones sucursal'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MENSAJE)).toBeInTheDocument();
    expect(screen.getByText('No se actualizó')).toBeInTheDocument();
    expect(screen.getByText('El rango se cruza con la numeración «Exportaciones»')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Desde/ })).toHaveAttribute('aria-invalid', 'true');
    expect(enviados).toHaveLength(1);
  });
});
