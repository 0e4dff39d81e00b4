import { Notifications } from '@mantine/notifications';
import {
  type DocumentosDelTurno,
  MENSAJE_EXISTE_TURNO_ABIERTO,
  MENSAJE_NO_ABRIR_OTRO,
  MENSAJE_TURNO_CERRADO_DETALLE,
} from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConRutas } from '../../testing/render.tsx';
import { idDe } from '../facturas/datosDePrueba.ts';
import {
  type Llamada,
  respuestaDeError,
  servidorDePrueba,
  turnoDePrueba,
} from '../facturas/servidorDePrueba.ts';
import { ReporteEnRollo } from './ReporteEnRollo.tsx';
import { DETALLES_TURNOS } from './rutas.ts';
import TurnosPage from './TurnosPage.tsx';

// Spec 002 §3: a POS return with cash refunded, a note to credit, a cancelled one; one credit transaction.
const DEVOLUCIONES: Pick<DocumentosDelTurno, 'notasDeCredito' | 'creditosAFavor'> = {
  notasDeCredito: [
    {
      _id: idDe(610),
      comprobante: 'B0400000001',
      ncfModificado: 'B0200000001',
      nombre: 'Consumidor final',
      hora: '10:15:00',
      totalGral: 300,
      devueltoEnEfectivo: 300,
      estado: 'Activo',
    },
    {
      _id: idDe(611),
      comprobante: 'B0400000002',
      ncfModificado: 'B0200000002',
      nombre: 'Ferretería Núñez',
      hora: '11:40:00',
      totalGral: 150,
      devueltoEnEfectivo: 0,
      estado: 'Activo',
    },
    {
      _id: idDe(612),
      comprobante: 'B0400000003',
      ncfModificado: 'B0200000001',
      nombre: 'Consumidor final',
      hora: '12:05:00',
      totalGral: 80,
      devueltoEnEfectivo: 80,
      estado: 'Anulado',
    },
  ],
  creditosAFavor: [
    {
      _id: idDe(620),
      numeroTransasccionDelCreditoAfavor: 12,
      numeroCredito: 4,
      comprobanteFactura: 'B0200000002',
      nombreCliente: 'Ferretería Núñez',
      monto: 250.5,
      estado: 'Activo',
    },
  ],
};

async function renderizar(estado?: unknown) {
  const resultado = renderConRutas(
    [
      {
        path: DETALLES_TURNOS,
        element: (
          <>
            <Notifications />
            <TurnosPage />
          </>
        ),
      },
      { path: '/vistas_pos/facturacion', element: <h1>Punto de venta</h1> },
    ],
    DETALLES_TURNOS,
  );
  if (estado) {
    await resultado.router.navigate(DETALLES_TURNOS, { state: estado, replace: true });
  }
  return resultado;
}

const cantidad = (monto: string) => screen.getByRole('textbox', { name: `Cantidad de ${monto}` });
const llamadasA = (llamadas: Llamada[], metodo: string, ruta: string) =>
  llamadas.filter((l) => l.metodo === metodo && l.url.pathname === ruta);

describe('detalles de turnos', { timeout: 40_000 }, () => {
  beforeAll(() => {
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

  it('counts the closing cash live and shows the difference against the expected cash', async () => {
    const llamadas = servidorDePrueba({ turno: turnoDePrueba({ totalEnCaja: 3360 }) });
    const usuario = userEvent.setup({ delay: null });
    await renderizar();
    expect(
      await screen.findByRole('heading', { name: 'Cerrar turno' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('esperado')).toHaveTextContent('RD$3,360.00');
    expect(screen.getByTestId('diferencia')).toHaveTextContent('—');
    // The shift report: an invoice waiting for its cancellation's approval is marked among the cash ones.
    await usuario.click(await screen.findByRole('button', { name: /Facturas al contado/ }));
    const contado = within(await screen.findByRole('region', { name: /Facturas al contado/ })).getByRole(
      'table',
    );
    expect(within(contado).getAllByRole('row')).toHaveLength(3);
    expect(within(contado).getByRole('row', { name: /B0200000004/ })).toHaveTextContent('Por anular');
    expect(within(contado).getByRole('row', { name: /B0200000001/ })).not.toHaveTextContent('Por anular');
    for (const [monto, n] of [
      ['2,000', '1'],
      ['1,000', '1'],
      ['200', '1'],
      ['100', '1'],
      ['50', '1'],
    ] as const) {
      await usuario.type(cantidad(monto), n);
    }
    expect(screen.getByTestId('total-contado')).toHaveTextContent('RD$3,350.00');
    const diferencia = screen.getByTestId('diferencia');
    expect(diferencia).toHaveTextContent('-RD$10.00');
    expect(diferencia.parentElement).toHaveTextContent('Faltante');
    expect(diferencia.getAttribute('style')).toContain('red');

    await usuario.type(cantidad('25'), '2');
    await usuario.type(cantidad('0.25'), '3');
    expect(screen.getByTestId('total-contado')).toHaveTextContent('RD$3,400.75');
    expect(screen.getByTestId('diferencia')).toHaveTextContent('RD$40.75');
    expect(screen.getByTestId('diferencia').parentElement).toHaveTextContent('Sobrante');
    expect(screen.getByTestId('diferencia').getAttribute('style')).toContain('green');

    await usuario.type(screen.getByRole('textbox', { name: 'Notas de cierre' }), 'Sobran monedas');
    await usuario.click(screen.getByRole('button', { name: 'Cerrar turno' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cerrar el turno' });
    await usuario.click(within(dialogo).getByRole('button', { name: 'Cerrar turno' }));
    await waitFor(() =>
      expect(llamadasA(llamadas, 'PATCH', `/api/turno/${turnoDePrueba().idUserRef}`)).toHaveLength(1),
    );
    expect(llamadasA(llamadas, 'PATCH', `/api/turno/${turnoDePrueba().idUserRef}`)[0]?.cuerpo).toEqual({
      desgloseDeEfectivo: [
        { monto: 2000, cantidad: 1 },
        { monto: 1000, cantidad: 1 },
        { monto: 200, cantidad: 1 },
        { monto: 100, cantidad: 1 },
        { monto: 50, cantidad: 1 },
        { monto: 25, cantidad: 2 },
        { monto: 0.25, cantidad: 3 },
      ],
      detallesDeCierre: 'Sobran monedas',
    });
    expect(
      await screen.findByRole('heading', { name: 'Turno cerrado' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Abrir turno' })).toBeInTheDocument();
  });

  it('the report lists the shift credit notes with the cash refunded and the credits in favour that paid its invoices', async () => {
    servidorDePrueba({
      turno: turnoDePrueba({ devolucionesDeEfectvo: 300 }),
      devolucionesDelTurno: DEVOLUCIONES,
    });
    const usuario = userEvent.setup({ delay: null });
    await renderizar();
    await screen.findByRole('heading', { name: 'Reporte del turno' }, { timeout: 4000 });
    // The server's cash refunds, next to what credits in favour paid (a cancelled note does not count).
    const devoluciones = (await screen.findAllByText('Devoluciones en efectivo')).map(
      (e) => e.parentElement?.textContent,
    );
    expect(devoluciones).toContain('Devoluciones en efectivo-RD$300.00');
    expect(screen.getByText('Pagado con créditos a favor').parentElement).toHaveTextContent('RD$250.50');
    const notas = screen.getByRole('button', { name: /Notas de crédito y devoluciones/ });
    expect(notas).toHaveTextContent('3');
    expect(notas).toHaveTextContent('RD$450.00');
    await usuario.click(notas);
    const tablaNotas = within(
      await screen.findByRole('region', { name: /Notas de crédito y devoluciones/ }),
    ).getByRole('table');
    const primera = within(tablaNotas).getByRole('row', { name: /B0400000001/ });
    expect(primera).toHaveTextContent('10:15');
    expect(primera).toHaveTextContent('B0200000001');
    expect(primera).toHaveTextContent('RD$300.00');
    expect(within(tablaNotas).getByRole('row', { name: /B0400000002/ })).toHaveTextContent(
      'Ferretería Núñez',
    );
    expect(within(tablaNotas).getByRole('row', { name: /B0400000003/ })).toHaveTextContent('Anulada');
    const creditos = screen.getByRole('button', { name: /Créditos a favor aplicados/ });
    expect(creditos).toHaveTextContent('RD$250.50');
    await usuario.click(creditos);
    const fila = within(
      within(await screen.findByRole('region', { name: /Créditos a favor aplicados/ })).getByRole('table'),
    ).getByRole('row', { name: /No\. 12/ });
    expect(fila).toHaveTextContent('No. 4');
    expect(fila).toHaveTextContent('B0200000002');
    expect(fila).toHaveTextContent('Ferretería Núñez');
  });

  it('the printed report counts the credit notes and what credits in favour paid (a cancelled note does not add)', () => {
    renderConRutas(
      [
        {
          path: '/',
          element: (
            <ReporteEnRollo
              documentos={{
                turno: turnoDePrueba({ devolucionesDeEfectvo: 300 }),
                facturasAlContado: [],
                facturasACredito: [],
                facturasAnuladas: [],
                ...DEVOLUCIONES,
                egresos: [],
                egresosAnulados: [],
                porMetodoDePago: [],
                totalFacturado: 0,
                totalItbis: 0,
              }}
              productos={[]}
              empresa={undefined}
              formato="80mm"
            />
          ),
        },
      ],
      '/',
    );
    const rollo = screen.getByRole('article', { name: 'Reporte del turno' });
    expect(within(rollo).getByText('Notas de crédito (3)').parentElement).toHaveTextContent('RD$450.00');
    expect(within(rollo).getByText('Pagado con créditos a favor (1)').parentElement).toHaveTextContent(
      'RD$250.50',
    );
    expect(within(rollo).getByText('Devoluciones en efectivo').parentElement).toHaveTextContent('-RD$300.00');
  });

  it('a count of -3 is not taken as 3: it stays, the message sits by the field and the shift cannot be closed', async () => {
    const llamadas = servidorDePrueba({ turno: turnoDePrueba({ totalEnCaja: 3360 }) });
    const usuario = userEvent.setup({ delay: null });
    await renderizar();
    expect(
      await screen.findByRole('heading', { name: 'Cerrar turno' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    await usuario.type(cantidad('2,000'), '1');
    await usuario.type(cantidad('100'), '-3');
    await usuario.type(cantidad('25'), '2.5');
    await usuario.tab();
    expect(cantidad('100')).toHaveValue('-3');
    expect(cantidad('25')).toHaveValue('2.5');
    const mensajes = (campo: HTMLElement) =>
      (campo.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
        .join(' ');
    expect(mensajes(cantidad('100'))).toContain('La cantidad de billetes o monedas no puede ser negativa');
    expect(mensajes(cantidad('25'))).toContain('La cantidad de billetes o monedas debe ser un número entero');
    // No total is shown for a count that is refused, and it cannot be sent.
    expect(screen.getByTestId('total-contado')).toHaveTextContent('—');
    expect(screen.getByRole('button', { name: 'Cerrar turno' })).toBeDisabled();
    expect(llamadasA(llamadas, 'PATCH', `/api/turno/${turnoDePrueba().idUserRef}`)).toHaveLength(0);
  });

  it('opens a shift with its opening count and offers the POS', async () => {
    const llamadas = servidorDePrueba({ turno: null });
    const usuario = userEvent.setup({ delay: null });
    const { router } = await renderizar({
      mensaje: 'No hay un turno abierto para facturar desde el punto de venta.',
    });
    expect(
      await screen.findByRole('heading', { name: 'Abrir turno' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        `No hay un turno abierto para facturar desde el punto de venta. ${MENSAJE_TURNO_CERRADO_DETALLE}`,
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Caja 1', {}, { timeout: 4000 })).toBeInTheDocument();
    await usuario.type(cantidad('1,000'), '2');
    await usuario.type(cantidad('5'), '3');
    expect(screen.getByTestId('total-contado')).toHaveTextContent('RD$2,015.00');
    await usuario.click(screen.getByRole('button', { name: 'Abrir turno con RD$2,015.00' }));
    await waitFor(() => expect(llamadasA(llamadas, 'POST', '/api/turno/')).toHaveLength(1));
    expect(llamadasA(llamadas, 'POST', '/api/turno/')[0]?.cuerpo).toMatchObject({
      idTerminalRef: turnoDePrueba().idTerminalRef,
      desgloseDeEfectivoApertura: [
        { monto: 1000, cantidad: 2 },
        { monto: 5, cantidad: 3 },
      ],
    });
    const irAlPos = await screen.findByRole('button', { name: 'Ir al punto de venta' }, { timeout: 4000 });
    // The confirmation is inline in the page header (a toast covered this button at 1366×768).
    const confirmacion = screen.getByText('Turno abierto en Caja 1 con RD$2,015.00.');
    expect(confirmacion.closest('[role="status"]')).not.toBeNull();
    expect(screen.getAllByText(/Turno abierto en/)).toHaveLength(1);
    await usuario.click(irAlPos);
    await waitFor(() => expect(router.state.location.pathname).toBe('/vistas_pos/facturacion'));
  });

  it('says a new shift cannot be opened while another is open, with its date', async () => {
    servidorDePrueba({
      turno: null,
      extra: (metodo, url) =>
        metodo === 'POST' && url.pathname === '/api/turno/'
          ? respuestaDeError(409, MENSAJE_EXISTE_TURNO_ABIERTO, {
              existeUnTurnoAbierto: true,
              turno: turnoDePrueba({ fechaDeInicio: '2026-11-21T12:30:00.000Z' }),
            })
          : undefined,
    });
    const usuario = userEvent.setup({ delay: null });
    await renderizar();
    await screen.findByRole('heading', { name: 'Abrir turno' }, { timeout: 4000 });
    expect(await screen.findByDisplayValue('Caja 1', {}, { timeout: 4000 })).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: /Abrir turno con/ }));
    const dialogo = await screen.findByRole('dialog', { name: MENSAJE_EXISTE_TURNO_ABIERTO });
    expect(dialogo).toHaveTextContent(MENSAJE_NO_ABRIR_OTRO);
    expect(dialogo).toHaveTextContent('Turno abierto el 21/11/2026');
  });
});
