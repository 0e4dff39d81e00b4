import type { EstadoDeCuentaProveedor } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConRutas } from '../../testing/render.tsx';
import { contactoDePrueba, idDe } from '../facturas/datosDePrueba.ts';
import EstadoDeProveedorPage from './EstadoDeProveedorPage.tsx';

type Llamada = { ruta: string; cuerpo: Record<string, unknown> | null };

const PROVEEDOR = { ...contactoDePrueba(), nombre: 'Distribuidora Caribe', tipoDeContacto: 'proveedor' };
const RUTA = '/api/recibos-egresos/estado-cuentas-proveedores/';

const ESTADO: EstadoDeCuentaProveedor = {
  proveedor: {
    _id: PROVEEDOR._id,
    nombre: PROVEEDOR.nombre,
    rnc: PROVEEDOR.rnc,
    telefono: PROVEEDOR.telefono,
    correo: PROVEEDOR.correo,
    direccion: PROVEEDOR.direccion,
  },
  fechaCorte: '2026-06-30',
  totalPendiente: 588,
  facturasDeCompras: [
    {
      _id: idDe(701),
      numeroCompra: 3,
      comprobante: 'CMP-0003',
      ncf: 'B0100000031',
      fecha: '2026-03-31',
      vencimiento: '2026-03-31',
      total: 354,
      montoAPagar: 354,
      cobrado: 120,
      montoNotaDeDebitoRef: 0,
      pendiente: 234,
      estadoDePago: 'Por Pagar',
      diasVencidos: 91,
      tramo: '90+',
    },
    {
      _id: idDe(702),
      numeroCompra: 4,
      comprobante: 'CMP-0004',
      ncf: 'B0100000032',
      fecha: '2026-05-31',
      vencimiento: '2026-05-31',
      total: 354,
      montoAPagar: 354,
      cobrado: 0,
      montoNotaDeDebitoRef: 0,
      pendiente: 354,
      estadoDePago: '',
      diasVencidos: 30,
      tramo: '0-30',
    },
  ],
  totalesPorTramo: { '0-30': 354, '31-60': 0, '61-90': 0, '90+': 234 },
  totalComprado: 708,
  totalPagado: 120,
  totalNotasDeDebito: 0,
};

function servidorFalso() {
  const llamadas: Llamada[] = [];
  const json = (cuerpo: unknown, status = 200) =>
    new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const ruta = new URL(entrada, 'http://localhost').pathname;
      const cuerpo =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      llamadas.push({ ruta, cuerpo });
      if (ruta === `/api/cliente/${PROVEEDOR._id}`) {
        return json(PROVEEDOR);
      }
      if (ruta === RUTA) {
        return json(ESTADO);
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return llamadas;
}

function cifra(titulo: string): string {
  const caja = screen.getByText(titulo, { selector: 'p' }).parentElement as HTMLElement;
  return within(caja).getAllByText(/RD\$/)[0]?.textContent ?? '';
}

describe('estado de cuenta de un proveedor', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('muestra lo que se le debe por antigüedad y las compras con sus días vencidos', async () => {
    const llamadas = servidorFalso();
    renderConRutas(
      [{ path: '/reportes/r-estado-de-proveedor', element: <EstadoDeProveedorPage /> }],
      `/reportes/r-estado-de-proveedor?proveedor=${PROVEEDOR._id}`,
    );
    const fila = (await screen.findByText('CMP-0003')).closest('tr') as HTMLElement;
    expect(within(fila).getByText('91')).toBeInTheDocument();
    expect(within(fila).getByText('+90 días')).toBeInTheDocument();
    expect(within(fila).getByText('RD$234.00')).toBeInTheDocument();
    expect(cifra('Total pendiente')).toBe('RD$588.00');
    expect(cifra('Más de 90 días')).toBe('RD$234.00');
    expect(cifra('0 a 30 días')).toBe('RD$354.00');
    // The supplier statement call, with the customer statement's filter: pending, to today.
    expect(llamadas.find((l) => l.ruta === RUTA)?.cuerpo).toMatchObject({
      idCliente: PROVEEDOR._id,
      estadoSeleccionado: 'Pendientes',
      porRangoDeFecha: false,
      fechaFinal: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Todas' }));
    await waitFor(() =>
      expect(llamadas.filter((l) => l.ruta === RUTA).at(-1)?.cuerpo).toMatchObject({
        estadoSeleccionado: 'Todas',
      }),
    );
  });
});
