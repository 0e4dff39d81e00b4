import type { ClientesConBalance } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConRutas } from '../../testing/render.tsx';
import { idDe } from '../facturas/datosDePrueba.ts';
import CuentasPorCobrarPosPage from './CuentasPorCobrarPosPage.tsx';

const NUNEZ = idDe(701);
const VEGA = idDe(702);
const FACTURA = idDe(711);

const CLIENTES: ClientesConBalance = {
  res: [
    {
      idCliente: NUNEZ,
      nombre: 'Ferretería Núñez',
      rnc: '131246789',
      telefono: '809-555-0101',
      facturas: 2,
      totalPendiente: 1530,
      vencimientoMasAntiguo: '2026-02-09',
      vencido: 1040,
    },
    {
      idCliente: VEGA,
      nombre: 'Colmado Vega',
      rnc: '',
      telefono: '',
      facturas: 1,
      totalPendiente: 290,
      vencimientoMasAntiguo: '2026-12-01',
      vencido: 0,
    },
  ],
  totalPendiente: 1820,
};

function servidorFalso() {
  const cuerpos: Array<{ ruta: string; cuerpo: unknown }> = [];
  const json = (cuerpo: unknown) =>
    new Response(JSON.stringify(cuerpo), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const ruta = new URL(entrada, 'http://localhost').pathname;
      cuerpos.push({ ruta, cuerpo: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (ruta === '/api/ingresos-recibidos/clientes-con-balance/') {
        return json(CLIENTES);
      }
      if (ruta === '/api/ingresos-recibidos/estado-cuentas-clientes/') {
        return json({
          cliente: {
            _id: NUNEZ,
            nombre: 'Ferretería Núñez',
            rnc: '',
            telefono: '',
            correo: '',
            direccion: '',
          },
          fechaCorte: '2026-06-30',
          totalPendiente: 490,
          facturas: [
            {
              _id: FACTURA,
              numeroFactura: 3,
              comprobante: 'B0100000003',
              fecha: '2026-04-15',
              vencimiento: '2026-04-15',
              total: 490,
              montoAPagar: 490,
              cobrado: 0,
              montoNotaDeCreditoRef: 0,
              pendiente: 490,
              diasVencidos: 76,
              tramo: '61-90',
            },
          ],
          totalesPorTramo: { '0-30': 0, '31-60': 0, '61-90': 490, '90+': 0 },
          totalFacturado: 490,
          totalCobrado: 0,
          totalNotasDeCredito: 0,
        });
      }
      if (ruta === '/api/ingresos-recibidos/transacciones-del-contacto-general/') {
        return json({
          cliente: {
            _id: NUNEZ,
            nombre: 'Ferretería Núñez',
            rnc: '',
            telefono: '',
            correo: '',
            direccion: '',
          },
          balanceInicial: 0,
          movimientos: [],
          totalDebitos: 0,
          totalCreditos: 0,
          balanceFinal: 0,
        });
      }
      if (ruta === '/api/ingresos-recibidos/anticipos-efectuados') {
        return json({ importeEnIngresos: 0, importeEnEgresos: 0, balancePendienteEntregado: 0 });
      }
      return new Response(JSON.stringify({ message: 'No existe' }), { status: 404 });
    }),
  );
  return cuerpos;
}

describe('cuentas por cobrar del POS', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lista quién debe, abre su estado de cuenta y cobra una factura con el recibo del POS', async () => {
    const cuerpos = servidorFalso();
    const { router } = renderConRutas(
      [
        { path: '/vistas_pos/cuentas-por-cobrar', element: <CuentasPorCobrarPosPage /> },
        { path: '/vistas_pos/nuevo_ingreso', element: <p>Nuevo ingreso</p> },
      ],
      '/vistas_pos/cuentas-por-cobrar',
    );
    const fila = (await screen.findByText('Ferretería Núñez')).closest('tr') as HTMLElement;
    expect(within(fila).getByText('RD$1,530.00')).toBeInTheDocument();
    expect(within(fila).getByText('RD$1,040.00')).toBeInTheDocument();
    expect(screen.getByText('RD$1,820.00')).toBeInTheDocument();
    const vega = screen.getByText('Colmado Vega').closest('tr') as HTMLElement;
    expect(within(vega).queryByText('RD$0.00')).not.toBeInTheDocument();

    await userEvent.click(fila);
    const factura = (await screen.findByText('B0100000003')).closest('tr') as HTMLElement;
    expect(
      cuerpos.find((c) => c.ruta === '/api/ingresos-recibidos/estado-cuentas-clientes/')?.cuerpo,
    ).toMatchObject({ idCliente: NUNEZ, estadoSeleccionado: 'Pendientes' });
    await userEvent.click(within(factura).getByRole('button', { name: 'Cobrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vistas_pos/nuevo_ingreso'));
    expect(router.state.location.search).toBe(`?cliente=${NUNEZ}&factura=${FACTURA}`);
  });
});
