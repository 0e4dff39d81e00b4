import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConProveedores } from '../../testing/render.tsx';
import EstadoDeResultadosPage from './EstadoDeResultadosPage.tsx';
import LibroDiarioPage from './LibroDiarioPage.tsx';

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
      if (url.pathname === '/api/centro-de-costo/') {
        return json({
          res: [{ _id: 'c1', identificadorUnico: 'x', nombre: 'Sucursal Norte', descripcion: '' }],
          totalRows: 1,
        });
      }
      if (url.pathname === '/api/catalogo-de-cuentas/') {
        return json({ _id: '1', treeData: [], listas: {} });
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return llamadas;
}

const ID_FACTURA = '00000000-0000-4000-8000-0000000000f1';

const linea = (codigo: string, nombre: string, debito: number, credito: number) => ({
  _id: `l-${codigo}`,
  idCuenta: `cuenta-${codigo}`,
  codigoDeCuenta: codigo,
  nombreCuenta: nombre,
  idCentroDeCosto: 'c1',
  centroDeCosto: 'Sucursal Norte',
  debito,
  credito,
  nota: '',
});

describe('libro contable', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('el diario muestra cada asiento con su documento enlazado y despliega sus líneas', async () => {
    const llamadas = servidorFalso({
      '/api/asientos-contables/listar': {
        asientos: [
          {
            _id: 'a1',
            numero: 118,
            fecha: '2026-11-20',
            descripcion: 'Factura B0200000089',
            tipoDocumento: 'factura',
            nombreTipoDocumento: 'Factura',
            idDocumento: ID_FACTURA,
            comprobante: 'B0200000089',
            idAsientoRevertido: null,
            totalDebito: 1180,
            totalCredito: 1180,
            lineas: [
              linea('1.1.02.01', 'Cuentas por cobrar clientes', 1180, 0),
              linea('4.1.01', 'Ventas de mercancías', 0, 1000),
              linea('2.1.02.01', 'ITBIS por pagar', 0, 180),
            ],
          },
        ],
        totalDocs: 31,
        totalDebito: 25_400.5,
        totalCredito: 25_400.5,
      },
    });
    renderConProveedores(<LibroDiarioPage />);
    const enlace = await screen.findByRole('link', { name: 'B0200000089' });
    expect(enlace).toHaveAttribute('href', `/factura/vista_factura?id=${ID_FACTURA}`);
    const fila = enlace.closest('tr') as HTMLElement;
    expect(within(fila).getAllByText('1,180.00')).toHaveLength(2);
    // Totals of the whole filter and the page of 25 (spec 002 §9).
    expect(screen.getAllByText('RD$25,400.50')).toHaveLength(2);
    expect(screen.getByText('31 asientos')).toBeInTheDocument();
    expect(llamadas.find((l) => l.url.pathname === '/api/asientos-contables/listar')?.cuerpo).toMatchObject({
      periodo: 4,
      page: 1,
      limit: 25,
    });
    expect(screen.queryByText('Ventas de mercancías')).not.toBeInTheDocument();
    await userEvent.click(within(fila).getByRole('button', { name: 'Ver líneas del asiento 118' }));
    const ventas = await screen.findByText('Ventas de mercancías');
    const filaDeVentas = ventas.closest('tr') as HTMLElement;
    expect(within(filaDeVentas).getByText('4.1.01')).toBeInTheDocument();
    expect(within(filaDeVentas).getByText('Sucursal Norte')).toBeInTheDocument();
    expect(within(filaDeVentas).getByText('1,000.00')).toBeInTheDocument();
  }, 30_000);

  it('sin asientos en el rango muestra «NO HAY RESULTADOS»', async () => {
    servidorFalso({
      '/api/asientos-contables/listar': { asientos: [], totalDocs: 0, totalDebito: 0, totalCredito: 0 },
    });
    renderConProveedores(<LibroDiarioPage />);
    expect(await screen.findByText('NO HAY RESULTADOS')).toBeInTheDocument();
    expect(screen.getByText('No encontramos nada en ese rango de busqueda')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PDF' })).toBeDisabled();
  }, 30_000);

  it('el estado de resultados muestra el árbol sangrado, el periodo anterior y los totales', async () => {
    const fila = (
      codigo: string,
      nombre: string,
      nivel: number,
      esGrupo: boolean,
      actual: number,
      anterior: number,
    ) => ({
      idCuenta: `cuenta-${codigo}`,
      codigoDeCuenta: codigo,
      nombre,
      tipo: codigo.startsWith('4') ? 'ingresos' : 'gastos',
      nivel,
      esGrupo,
      actual,
      anterior,
    });
    const c = (actual: number, anterior: number) => ({ actual, anterior });
    servidorFalso({
      '/api/asientos-contables/estado-de-resultados': {
        periodo: { desde: '2026-11-01', hasta: '2026-11-30' },
        periodoAnterior: { desde: '2026-10-01', hasta: '2026-10-31' },
        filas: [
          fila('4', 'Ingresos', 0, true, 5000, 4200),
          fila('4.1', 'Ventas', 1, false, 5000, 4200),
          fila('6', 'Gastos', 0, true, 1200.5, 900),
          fila('6.1', 'Gastos de oficina', 1, false, 1200.5, 900),
        ],
        totales: {
          ingresos: c(5000, 4200),
          costos: c(0, 0),
          utilidadBruta: c(5000, 4200),
          gastos: c(1200.5, 900),
          resultado: c(3799.5, 3300),
        },
      },
    });
    renderConProveedores(<EstadoDeResultadosPage />);
    const ventas = await screen.findByText('Ventas');
    expect(screen.getByRole('columnheader', { name: '01/11/2026 – 30/11/2026' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '01/10/2026 – 31/10/2026' })).toBeInTheDocument();
    // A child is indented under its group.
    const padding = (texto: string) =>
      Number.parseInt((screen.getByText(texto).closest('td') as HTMLElement).style.paddingLeft || '0', 10);
    expect(padding('Ventas')).toBeGreaterThan(padding('Ingresos'));
    expect(within(ventas.closest('tr') as HTMLElement).getByText('5,000.00')).toBeInTheDocument();
    const resultado = screen.getByText('Resultado del periodo').closest('tr') as HTMLElement;
    expect(within(resultado).getByText('3,799.50')).toBeInTheDocument();
    expect(within(resultado).getByText('3,300.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excel' })).toBeEnabled();
  }, 30_000);
});
