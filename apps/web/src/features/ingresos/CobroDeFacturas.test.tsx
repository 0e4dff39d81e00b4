import { type CreditoAFavor, type Factura, MENSAJE_TURNO_CERRADO_DETALLE } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConRutas } from '../../testing/render.tsx';
import { contactoDePrueba, facturaDePrueba, idDe } from '../facturas/datosDePrueba.ts';
import { json, respuestaDeError, servidorDePrueba } from '../facturas/servidorDePrueba.ts';
import { DETALLES_TURNOS } from '../pos/rutas.ts';
import NuevoIngresoPage from './NuevoIngresoPage.tsx';
import NuevoIngresoPosPage from './NuevoIngresoPosPage.tsx';
import { NUEVO_INGRESO, NUEVO_INGRESO_POS } from './rutas.ts';

// Spec 001 §3 "Receipt in", §7 "Credits in favour"; 000 §2 (POS receivables): the receipt screen takes
// the customer and invoice from `?cliente=&factura=` in the office and at the POS, and pays a pending
// invoice from the customer's credit in favour. The fake API keeps what the invoices owe in memory.

const CLIENTE = idDe(640);
const A = idDe(741);
const B = idDe(742);
const CREDITO = idDe(650);
const CENTRO = idDe(30);

function credito(disponible: number): CreditoAFavor {
  return {
    _id: CREDITO,
    identificadorUnico: 'credito-7',
    numeroCredito: 7,
    idCliente: CLIENTE,
    nombreCliente: 'Ferretería Núñez',
    Monto: 300,
    disponible,
    descripcion: 'Excedente del recibo REC00000003',
    fecha: '2026-11-20',
    origen: { tipo: 'ingreso', id: idDe(651) },
    estado: 'Activo',
    autorizacion: null,
    tipoDeAnulacion: '',
    notaAnular: '',
    notaAutorizacion: '',
    idUsuarioCreador: idDe(90),
    creadaPor: 'maria',
    creadoEn: '2026-11-20T12:00:00.000Z',
    transacciones: [],
  };
}

function servidor(crear?: () => Response) {
  const debe = new Map([
    [A, 490],
    [B, 1040],
  ]);
  let disponible = 300;
  const pendientes = (): Factura[] =>
    [
      facturaDePrueba({ _id: A, comprobante: 'B0100000021', idCliente: CLIENTE, pendiente: debe.get(A) }),
      facturaDePrueba({ _id: B, comprobante: 'B0100000022', idCliente: CLIENTE, pendiente: debe.get(B) }),
    ].filter((f) => f.pendiente > 0);
  const llamadas = servidorDePrueba({
    extra: (metodo, url, cuerpo) => {
      if (url.pathname === '/api/centro-de-costo/') {
        return json({
          res: [{ _id: CENTRO, identificadorUnico: 'c', nombre: 'Sucursal Norte', descripcion: '' }],
          totalRows: 1,
        });
      }
      if (url.pathname === `/api/cliente/${CLIENTE}`) {
        return json(contactoDePrueba({ _id: CLIENTE, nombre: 'Ferretería Núñez', rnc: '131246789' }));
      }
      if (crear && url.pathname === '/api/ingresos-recibidos/' && metodo === 'POST') {
        return crear();
      }
      if (url.pathname === '/api/ingresos-recibidos/pendientes/') {
        return json({ res: pendientes() });
      }
      if (url.pathname === '/api/credito-a-favor/findAll') {
        const creditos = disponible > 0 ? [credito(disponible)] : [];
        return json({ res: creditos, totalRows: creditos.length });
      }
      if (url.pathname === '/api/transaccion-del-credito-a-favor' && metodo === 'POST') {
        const { idFactura, monto } = cuerpo as { idFactura: string; monto: number };
        debe.set(idFactura, (debe.get(idFactura) ?? 0) - monto);
        disponible -= monto;
        return json({
          transaccion: {
            _id: idDe(652),
            identificadorUnico: 'tx-1',
            numeroTransasccionDelCreditoAfavor: 1,
            idCreditoAFavor: CREDITO,
            numeroCredito: 7,
            idFactura,
            comprobanteFactura: 'B0100000022',
            monto,
            fecha: '2026-11-22',
            estado: 'Activo',
            autorizacion: null,
            tipoDeAnulacion: '',
            notaAnular: '',
            notaAutorizacion: '',
            idUsuarioCreador: idDe(90),
            creadaPor: 'maria',
            creadoEn: '2026-11-22T12:00:00.000Z',
          },
          creditoAFavor: credito(disponible),
          solicitudDuplicada: false,
        });
      }
      return undefined;
    },
  });
  return llamadas;
}

describe('recibo de ingreso: cliente desde la dirección y créditos a favor', { timeout: 30_000 }, () => {
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
    iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('el recibo del POS toma el cliente y la factura de ?cliente=&factura= (desde cuentas por cobrar)', async () => {
    servidor();
    renderConRutas(
      [{ path: NUEVO_INGRESO_POS, element: <NuevoIngresoPosPage /> }],
      `${NUEVO_INGRESO_POS}?cliente=${CLIENTE}&factura=${B}`,
    );
    const campoB = await screen.findByLabelText('A cobrar de B0100000022', {}, { timeout: 5000 });
    expect(screen.getByText('Ferretería Núñez')).toBeInTheDocument();
    await waitFor(() => expect(campoB).toHaveValue('1,040'));
    expect(screen.getByLabelText('A cobrar de B0100000021')).toHaveValue('');
    expect(screen.getByText('Total a cobrar RD$1,040.00')).toBeInTheDocument();
  });

  it('con el turno cerrado en el servidor el recibo del POS va a los turnos con el diálogo (spec 001 §8)', async () => {
    const mensaje = 'No hay un turno abierto para cobrar desde el punto de venta.';
    servidor(() => respuestaDeError(409, mensaje, { estadoDelTurno: false }));
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderConRutas(
      [
        { path: NUEVO_INGRESO_POS, element: <NuevoIngresoPosPage /> },
        { path: DETALLES_TURNOS, element: <p>Pantalla de turnos</p> },
      ],
      `${NUEVO_INGRESO_POS}?cliente=${CLIENTE}&factura=${B}`,
    );
    const campoB = await screen.findByLabelText('A cobrar de B0100000022', {}, { timeout: 5000 });
    await waitFor(() => expect(campoB).toHaveValue('1,040'));
    const guardar = screen.getByRole('button', { name: 'Guardar recibo' });
    await waitFor(() => expect(guardar).toBeEnabled());
    await usuario.click(guardar);
    await waitFor(() => expect(router.state.location.pathname).toBe(DETALLES_TURNOS));
    // The shift screen keeps the reason after the dialog is closed.
    expect(router.state.location.state).toEqual({ mensaje });
    const dialogo = await screen.findByRole('dialog', { name: 'Turno cerrado' });
    expect(within(dialogo).getByText(mensaje)).toBeInTheDocument();
    expect(within(dialogo).getByText(MENSAJE_TURNO_CERRADO_DETALLE)).toBeInTheDocument();
  });

  it('paga parte de una factura pendiente con el crédito a favor del cliente y vuelve a leer lo que debe', async () => {
    const llamadas = servidor();
    const usuario = userEvent.setup({ delay: null });
    renderConRutas(
      [{ path: NUEVO_INGRESO, element: <NuevoIngresoPage /> }],
      `${NUEVO_INGRESO}?cliente=${CLIENTE}`,
    );
    const campoB = await screen.findByLabelText('A cobrar de B0100000022', {}, { timeout: 5000 });
    const filaB = campoB.closest('tr') as HTMLElement;
    expect(within(filaB).getByText('RD$1,040.00')).toBeInTheDocument();
    await usuario.click(await within(filaB).findByRole('button', { name: 'Crédito a favor (1)' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Crédito a favor' });
    await usuario.click(within(dialogo).getByRole('checkbox', { name: 'Usar el crédito 7' }));
    const monto = within(dialogo).getByLabelText('Monto del crédito 7');
    await usuario.clear(monto);
    await usuario.type(monto, '250');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Usar créditos' }));
    // The row reads what the invoice owes after the credit; the credit keeps 50.
    await waitFor(() => expect(within(filaB).getByText('RD$790.00')).toBeInTheDocument());
    const aplicaciones = llamadas.filter((l) => l.url.pathname === '/api/transaccion-del-credito-a-favor');
    expect(aplicaciones.map((l) => l.cuerpo)).toEqual([
      expect.objectContaining({ idCreditoAFavor: CREDITO, idFactura: B, monto: 250 }),
    ]);
    // Invoice A was not touched.
    const filaA = screen.getByLabelText('A cobrar de B0100000021').closest('tr') as HTMLElement;
    expect(within(filaA).getAllByText('RD$490.00').length).toBeGreaterThan(0);
  });

  it('el recibo de facturas envía el centro de costo elegido', async () => {
    const llamadas = servidor(() => respuestaDeError(400, 'Recibo de prueba no guardado.'));
    const usuario = userEvent.setup({ delay: null });
    renderConRutas(
      [{ path: NUEVO_INGRESO, element: <NuevoIngresoPage /> }],
      `${NUEVO_INGRESO}?cliente=${CLIENTE}&factura=${B}`,
    );
    const campoB = await screen.findByLabelText('A cobrar de B0100000022', {}, { timeout: 5000 });
    await waitFor(() => expect(campoB).toHaveValue('1,040'));
    const centro = screen.getByLabelText('Centro de costo', { selector: 'input' });
    await waitFor(async () => {
      if (!screen.queryByRole('option', { name: 'Sucursal Norte' })) {
        await usuario.click(document.body);
        await usuario.click(centro);
      }
      expect(screen.getByRole('option', { name: 'Sucursal Norte' })).toBeInTheDocument();
    });
    await usuario.click(screen.getByRole('option', { name: 'Sucursal Norte' }));
    const guardar = screen.getByRole('button', { name: 'Guardar recibo' });
    await waitFor(() => expect(guardar).toBeEnabled());
    await usuario.click(guardar);
    await waitFor(() =>
      expect(
        llamadas.find((l) => l.url.pathname === '/api/ingresos-recibidos/' && l.metodo === 'POST')?.cuerpo,
      ).toMatchObject({ idCentroDeCosto: CENTRO, centroDeCosto: 'Sucursal Norte', tipoDeIngreso: true }),
    );
  });
});
