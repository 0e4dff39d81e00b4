import type { EstadoDeCuentaCliente, TransaccionesDelContacto } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConRutas } from '../../testing/render.tsx';
import { contactoDePrueba, idDe } from '../facturas/datosDePrueba.ts';
import { PISTA_DE_ERROR } from './EstadoDeCuenta.tsx';
import EstadoDeCuentaPage from './EstadoDeCuentaPage.tsx';

type Llamada = { ruta: string; cuerpo: Record<string, unknown> | null };

const CLIENTE = contactoDePrueba();
const VIEJA = idDe(501);
const NUEVA = idDe(502);

const ESTADO: EstadoDeCuentaCliente = {
  cliente: {
    _id: CLIENTE._id,
    nombre: CLIENTE.nombre,
    rnc: CLIENTE.rnc,
    telefono: CLIENTE.telefono,
    correo: CLIENTE.correo,
    direccion: CLIENTE.direccion,
  },
  fechaCorte: '2026-06-30',
  totalPendiente: 1740.5,
  facturas: [
    {
      _id: VIEJA,
      numeroFactura: 7,
      comprobante: 'B0100000007',
      fecha: '2026-01-10',
      vencimiento: '2026-02-09',
      total: 1490,
      montoAPagar: 1490,
      cobrado: 240,
      montoNotaDeCreditoRef: 0,
      pendiente: 1250.5,
      diasVencidos: 141,
      tramo: '90+',
    },
    {
      _id: NUEVA,
      numeroFactura: 9,
      comprobante: 'B0100000009',
      fecha: '2026-06-20',
      vencimiento: '2026-07-20',
      total: 490,
      montoAPagar: 490,
      cobrado: 0,
      montoNotaDeCreditoRef: 0,
      pendiente: 490,
      diasVencidos: 0,
      tramo: '0-30',
    },
  ],
  totalesPorTramo: { '0-30': 490, '31-60': 0, '61-90': 0, '90+': 1250.5 },
  totalFacturado: 1980,
  totalCobrado: 240,
  totalNotasDeCredito: 0,
};

const MOVIMIENTOS: TransaccionesDelContacto = {
  cliente: ESTADO.cliente,
  balanceInicial: 0,
  movimientos: [
    {
      fecha: '2026-01-10',
      tipo: 'factura',
      idDocumento: VIEJA,
      documento: 'B0100000007',
      descripcion: 'Factura (vence 09/02/2026)',
      debito: 1490,
      credito: 0,
      balance: 1490,
    },
    {
      fecha: '2026-03-01',
      tipo: 'ingreso',
      idDocumento: idDe(601),
      documento: 'REC00000003',
      descripcion: 'Recibo de ingreso',
      debito: 0,
      credito: 240,
      balance: 1250,
    },
  ],
  totalDebitos: 1490,
  totalCreditos: 240,
  balanceFinal: 1250,
};

// The server's answers by path; `estado` answers each statement call in turn (the last one repeats).
function servidorFalso(estados: Array<{ status: number; cuerpo: unknown }>) {
  const llamadas: Llamada[] = [];
  const json = (cuerpo: unknown, status = 200) =>
    new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });
  let n = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const ruta = new URL(entrada, 'http://localhost').pathname;
      const cuerpo =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      llamadas.push({ ruta, cuerpo });
      if (ruta === `/api/cliente/${CLIENTE._id}`) {
        return json(CLIENTE);
      }
      if (ruta === '/api/ingresos-recibidos/estado-cuentas-clientes/') {
        const respuesta = estados[Math.min(n++, estados.length - 1)];
        return json(respuesta?.cuerpo, respuesta?.status);
      }
      if (ruta === '/api/ingresos-recibidos/transacciones-del-contacto-general/') {
        return json(MOVIMIENTOS);
      }
      if (ruta === '/api/ingresos-recibidos/anticipos-efectuados') {
        return json({ importeEnIngresos: 300, importeEnEgresos: 0, balancePendienteEntregado: 100 });
      }
      if (ruta === '/api/cliente/contactos') {
        return json({ res: [CLIENTE], totalRows: 1 });
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return llamadas;
}

function pantalla() {
  return renderConRutas(
    [
      { path: '/reportes/r-estado-de-clientes', element: <EstadoDeCuentaPage /> },
      { path: '/pagos_ingresos/nuevo_pago_ingreso', element: <p>Nuevo recibo</p> },
    ],
    `/reportes/r-estado-de-clientes?cliente=${CLIENTE._id}`,
  );
}

function cifra(titulo: string): string {
  const caja = screen.getByText(titulo, { selector: 'p' }).parentElement as HTMLElement;
  return within(caja).getAllByText(/RD\$/)[0]?.textContent ?? '';
}

describe('estado de cuenta de un cliente', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('muestra lo pendiente por antigüedad, las facturas con días vencidos y cobra una factura', async () => {
    const llamadas = servidorFalso([{ status: 200, cuerpo: ESTADO }]);
    const { router } = pantalla();
    const fila = (await screen.findByText('B0100000007')).closest('tr') as HTMLElement;
    expect(within(fila).getByText('141')).toBeInTheDocument();
    expect(within(fila).getByText('+90 días')).toBeInTheDocument();
    expect(within(fila).getByText('RD$1,250.50')).toBeInTheDocument();
    expect(cifra('Total pendiente')).toBe('RD$1,740.50');
    expect(cifra('Más de 90 días')).toBe('RD$1,250.50');
    expect(cifra('0 a 30 días')).toBe('RD$490.00');
    expect(cifra('Anticipos disponibles')).toBe('RD$100.00');
    // The statement asks for the customer's pending invoices at today's date in Santo Domingo.
    const pedido = llamadas.find((l) => l.ruta === '/api/ingresos-recibidos/estado-cuentas-clientes/');
    expect(pedido?.cuerpo).toMatchObject({
      idCliente: CLIENTE._id,
      estadoSeleccionado: 'Pendientes',
      porRangoDeFecha: false,
      fechaFinal: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    await userEvent.click(screen.getByRole('tab', { name: 'Movimientos' }));
    const recibo = (await screen.findByText('REC00000003')).closest('tr') as HTMLElement;
    expect(within(recibo).getAllByText('RD$1,250.00')).toHaveLength(1);

    await userEvent.click(screen.getByRole('tab', { name: /Facturas/ }));
    const otraVez = (await screen.findByText('B0100000007')).closest('tr') as HTMLElement;
    await userEvent.click(within(otraVez).getByRole('button', { name: 'Cobrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pagos_ingresos/nuevo_pago_ingreso'));
    expect(router.state.location.search).toBe(`?cliente=${CLIENTE._id}&factura=${VIEJA}`);
  });

  it('si el estado de cuenta falla muestra el mensaje del servidor con la pista y las cifras en cero', async () => {
    const mensaje = 'La fecha inicial no puede ser posterior a la fecha final.';
    const llamadas = servidorFalso([
      { status: 200, cuerpo: ESTADO },
      { status: 400, cuerpo: { statusCode: 400, message: mensaje } },
    ]);
    const { queryClient } = pantalla();
    await screen.findByText('B0100000007');
    // The same statement asked again (a refresh) fails: what was shown must not stay on screen.
    await queryClient.invalidateQueries();
    expect(await screen.findByText(`${mensaje} ${PISTA_DE_ERROR}`)).toBeInTheDocument();
    // Spec 001 §8: what failed reads as zero and empty, never as the previous answer.
    expect(cifra('Total pendiente')).toBe('RD$0.00');
    expect(cifra('Más de 90 días')).toBe('RD$0.00');
    expect(screen.queryByText('B0100000007')).not.toBeInTheDocument();
    // Another filter fails the same way and asks with it.
    await userEvent.click(screen.getByRole('radio', { name: 'Pagadas' }));
    await waitFor(() =>
      expect(
        llamadas.filter((l) => l.ruta === '/api/ingresos-recibidos/estado-cuentas-clientes/').at(-1)?.cuerpo,
      ).toMatchObject({ estadoSeleccionado: 'Pagadas' }),
    );
    expect(await screen.findByText(`${mensaje} ${PISTA_DE_ERROR}`)).toBeInTheDocument();
    expect(cifra('Total pendiente')).toBe('RD$0.00');
  });
});
