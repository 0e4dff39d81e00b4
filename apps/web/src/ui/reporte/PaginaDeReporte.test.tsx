import { endpoint, FiltroDeReporte, reporte, SinParams } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderConProveedores } from '../../testing/render.tsx';
import { PaginaDeReporte } from './PaginaDeReporte.tsx';

// The generic report page over a declaration of its own: what it sends, its totals row, its empty state
// and its exports.
const Fila = z.object({
  idFactura: z.string(),
  comprobante: z.string(),
  fecha: z.string(),
  total: z.number(),
});
const DECLARACION = reporte<
  z.infer<typeof Fila>,
  { facturas: z.infer<typeof Fila>[]; totalFacturado: number }
>({
  id: 'r-prueba',
  titulo: 'Reporte de prueba',
  descripcion: 'Facturas del periodo.',
  grupo: 'ventas',
  permiso: { modulo: 'reportes', accion: 'ver' },
  consulta: endpoint({
    method: 'POST',
    path: '/reportes/r-prueba',
    efecto: 'lee',
    body: FiltroDeReporte,
    params: SinParams,
    respuesta: z.object({ facturas: z.array(Fila), totalFacturado: z.number() }),
  }),
  filtros: ['periodo', 'texto'],
  filas: 'facturas',
  clave: 'idFactura',
  periodoInicial: 5,
  columnas: [
    { clave: 'comprobante', titulo: 'Comprobante', enlace: { documento: 'factura', campo: 'idFactura' } },
    { clave: 'fecha', titulo: 'Fecha', formato: 'fecha' },
    { clave: 'total', titulo: 'Total', formato: 'dinero', total: 'totalFacturado' },
  ],
  cifras: [{ clave: 'totalFacturado', titulo: 'Total facturado', formato: 'dinero' }],
});

type Llamada = { ruta: string; cuerpo: Record<string, unknown> };

function servidorFalso(respuesta: unknown) {
  const llamadas: Llamada[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const ruta = new URL(entrada, 'http://localhost').pathname;
      llamadas.push({ ruta, cuerpo: JSON.parse(String(init?.body ?? '{}')) });
      if (ruta.startsWith('/api/reportes/exportar/')) {
        return new Response(new Blob(['%PDF-1.4']), {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="prueba.pdf"',
          },
        });
      }
      return new Response(JSON.stringify(respuesta), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return llamadas;
}

const pagina = () => (
  <PaginaDeReporte declaracion={DECLARACION} enlaceDe={(documento, id) => `/${documento}/ver?id=${id}`} />
);

describe('la página genérica de reportes', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('envía los filtros declarados, muestra las filas con su enlace y la fila de totales', async () => {
    const llamadas = servidorFalso({
      facturas: [
        { idFactura: 'f1', comprobante: 'B0100000001', fecha: '2026-10-05', total: 1180 },
        { idFactura: 'f2', comprobante: 'B0100000002', fecha: '2026-10-06', total: 590.5 },
      ],
      totalFacturado: 1770.5,
    });
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(pagina());
    const enlace = await screen.findByRole('link', { name: 'B0100000001' });
    expect(enlace).toHaveAttribute('href', '/factura/ver?id=f1');
    expect(screen.getByText('05/10/2026')).toBeInTheDocument();
    // The period the declaration opens with (spec 002 §7 preset 5, last month) and the empty search.
    expect(llamadas[0]).toEqual({ ruta: '/api/reportes/r-prueba', cuerpo: { periodo: 5, input: '' } });
    const totales = screen.getByRole('row', { name: 'Totales' });
    expect(within(totales).getByText('Total')).toBeInTheDocument();
    expect(within(totales).getByText('RD$1,770.50')).toBeInTheDocument();
    await usuario.type(screen.getByRole('textbox', { name: 'Buscar' }), 'B01');
    await waitFor(() => expect(llamadas.at(-1)?.cuerpo).toEqual({ periodo: 5, input: 'B01' }));
  }, 30_000);

  it('sin filas dice «NO HAY RESULTADOS» y no deja exportar', async () => {
    servidorFalso({ facturas: [], totalFacturado: 0 });
    renderConProveedores(pagina());
    expect(await screen.findByText('NO HAY RESULTADOS')).toBeInTheDocument();
    expect(screen.getByText('No encontramos nada en ese rango de busqueda')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PDF' })).toBeDisabled();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('exporta con los mismos filtros y la opción elegida', async () => {
    const llamadas = servidorFalso({
      facturas: [{ idFactura: 'f1', comprobante: 'B0100000001', fecha: '2026-10-05', total: 1180 }],
      totalFacturado: 1180,
    });
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(pagina());
    await screen.findByRole('link', { name: 'B0100000001' });
    await usuario.click(screen.getByRole('button', { name: 'PDF' }));
    await waitFor(() =>
      expect(llamadas.at(-1)).toEqual({
        ruta: '/api/reportes/exportar/r-prueba',
        cuerpo: { periodo: 5, input: '', documentoOpcion: 'pdf' },
      }),
    );
  });
});
