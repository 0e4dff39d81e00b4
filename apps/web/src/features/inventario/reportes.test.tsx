import { REPORTE_AJUSTES_INVENTARIO, REPORTE_VALOR_INVENTARIO } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConProveedores } from '../../testing/render.tsx';
import { PaginaDeReporte } from '../../ui/reporte/PaginaDeReporte.tsx';

// The inventory reports are declarations drawn by the report kit's generic page.
const ReporteValorPage = () => <PaginaDeReporte declaracion={REPORTE_VALOR_INVENTARIO} />;
const ReporteAjustesPage = () => <PaginaDeReporte declaracion={REPORTE_AJUSTES_INVENTARIO} />;

type Llamada = { url: URL; cuerpo: Record<string, unknown> | null };

function servidorFalso(respuestas: Record<string, unknown>) {
  const llamadas: Llamada[] = [];
  const json = (cuerpo: unknown, status = 200) =>
    new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const cuerpo =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      llamadas.push({ url, cuerpo });
      if (url.pathname in respuestas) {
        return json(respuestas[url.pathname]);
      }
      if (url.pathname === '/api/almacen/' || url.pathname === '/api/categorias-productos/') {
        return json({ res: [], totalRows: 0 });
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return llamadas;
}

describe('reportes de inventario', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sin filas muestra «NO HAY RESULTADOS» y no deja exportar', async () => {
    servidorFalso({
      '/api/registro-productos/r-valor-inventario/': {
        res: [],
        totalRows: 0,
        totalUnidades: 0,
        totalAlCosto: 0,
        totalAlPrecio: 0,
      },
    });
    renderConProveedores(<ReporteValorPage />);
    expect(await screen.findByText('NO HAY RESULTADOS')).toBeInTheDocument();
    expect(screen.getByText('No encontramos nada en ese rango de busqueda')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excel' })).toBeDisabled();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('el valor del inventario muestra las filas y los totales de todo el filtro', async () => {
    const llamadas = servidorFalso({
      '/api/registro-productos/r-valor-inventario/': {
        res: [
          {
            idProducto: '00000000-0000-4000-8000-000000000001',
            numeroProducto: 1,
            nombre: 'Queso de freír Rica (lb)',
            idCodigoDeBarra: '00101',
            categoria: 'Lácteos',
            disponibilidad: 12.5,
            costoPromedio: 150,
            valorAlCosto: 1875,
            precioDeVenta: 210,
            valorAlPrecio: 2625,
          },
        ],
        totalRows: 61,
        totalUnidades: 830.5,
        totalAlCosto: 98765.43,
        totalAlPrecio: 123456.78,
      },
    });
    renderConProveedores(<ReporteValorPage />);
    const fila = (await screen.findByText('Queso de freír Rica (lb)')).closest('tr') as HTMLElement;
    expect(within(fila).getByText('12.5')).toBeInTheDocument();
    expect(within(fila).getByText('RD$1,875.00')).toBeInTheDocument();
    expect(screen.getAllByText('RD$98,765.43').length).toBeGreaterThan(0);
    expect(screen.getAllByText('RD$123,456.78').length).toBeGreaterThan(0);
    // The screen asks one page of 25 (spec 002 §9); «Con existencia» starts chosen.
    expect(llamadas.find((l) => l.url.pathname.endsWith('/r-valor-inventario/'))?.cuerpo).toMatchObject({
      page: 1,
      limit: 25,
      soloConExistencia: true,
    });
  });

  it('el reporte de ajustes pide el periodo elegido y, vacío, lo dice', async () => {
    const llamadas = servidorFalso({
      '/api/ajuste-inventario/reporte-ajustes-de-inventario': {
        lineas: [],
        cantidadDeRegistros: 0,
        cantidadEntradas: 0,
        cantidadSalidas: 0,
        totalEntradas: 0,
        totalSalidas: 0,
      },
    });
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<ReporteAjustesPage />);
    expect(await screen.findByText('NO HAY RESULTADOS')).toBeInTheDocument();
    const pedidos = () =>
      llamadas.filter((l) => l.url.pathname === '/api/ajuste-inventario/reporte-ajustes-de-inventario');
    // This month by default (spec 002 §7 preset 4).
    expect(pedidos()[0]?.cuerpo).toMatchObject({ periodo: 4, tipoDeAjuste: null });
    await usuario.click(screen.getByRole('radio', { name: 'Salidas' }));
    await waitFor(() => expect(pedidos().at(-1)?.cuerpo).toMatchObject({ periodo: 4, tipoDeAjuste: false }));
  });
});
