import type { Numeracion } from '@pos/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConProveedores } from '../../testing/render.tsx';
import NumeracionesPage from './NumeracionesPage.tsx';

function numeracion(cambios: Partial<Numeracion>): Numeracion {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    identificadorUnico: 'id-numeracion-1',
    nombre: 'Consumidor final',
    nombreModel: '',
    tipoDeDocumento: 'ventas',
    perfilesDeTipos: 'B02',
    prefijo: 'B',
    prefijoNumerico: '02',
    perfilNumericoOpciones: 8,
    fiscal: true,
    fechaVencimiento: '2027-12-31',
    desde: 1,
    hasta: 500,
    seq: 12,
    proximoComprobante: 'B0200000012',
    predeterminado: true,
    creadoEn: '2026-01-01T00:00:00.000Z',
    actualizadoEn: '2026-01-01T00:00:00.000Z',
    ...cambios,
  };
}

describe('lista de numeraciones', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('advierte con claridad la secuencia que está por agotarse', async () => {
    const porAgotarse = numeracion({
      _id: '00000000-0000-4000-8000-000000000002',
      nombre: 'Crédito fiscal',
      perfilesDeTipos: 'B01',
      prefijoNumerico: '01',
      hasta: 100,
      seq: 96,
      proximoComprobante: 'B0100000096',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const json = (datos: unknown) =>
          new Response(JSON.stringify(datos), { headers: { 'content-type': 'application/json' } });
        if (url.endsWith('/numeracion/buscar-numeracion-para-dashboard/')) {
          return json([
            {
              _id: porAgotarse._id,
              nombre: porAgotarse.nombre,
              tipoDeDocumento: 'ventas',
              perfilesDeTipos: 'B01',
              seq: 96,
              hasta: 100,
              restantes: 5,
              fechaVencimiento: '2027-12-31',
              diasParaVencer: 400,
              alertas: ['porAgotarse'],
              mensaje: 'La numeración «Crédito fiscal» le quedan 5 números.',
            },
          ]);
        }
        if (url.endsWith('/numeracion/')) {
          return json([numeracion({}), porAgotarse]);
        }
        return new Response('{}', { status: 404 });
      }),
    );
    renderConProveedores(<NumeracionesPage />);
    const fila = (await screen.findByText('Crédito fiscal')).closest('tr') as HTMLElement;
    expect(within(fila).getByText('Quedan 5')).toBeInTheDocument();
    expect(within(fila).getByText('B0100000096')).toBeInTheDocument();
    const otra = screen.getByText('Consumidor final').closest('tr') as HTMLElement;
    expect(within(otra).getByText('Vigente')).toBeInTheDocument();
    expect(within(otra).getByText('1 – 500')).toBeInTheDocument();
    expect(screen.getByText('Una numeración necesita atención')).toBeInTheDocument();
    expect(screen.getByText('La numeración «Crédito fiscal» le quedan 5 números.')).toBeInTheDocument();
  });
});
