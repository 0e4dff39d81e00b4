import { Notifications } from '@mantine/notifications';
import { MENSAJE_TURNO_CERRADO_DETALLE } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { instalarAtajos } from '../../app/atajos.ts';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConRutas } from '../../testing/render.tsx';
import { dinero } from '../../ui/formato.ts';
import { idDe } from '../facturas/datosDePrueba.ts';
import { respuestaDeError, turnoDePrueba } from '../facturas/servidorDePrueba.ts';
import { DETALLES_TURNOS } from '../pos/rutas.ts';
import { DEPOSITOS, egresoDePrueba, lineaDeEgresoDePrueba, servidorDeEgresos } from './datosDePrueba.ts';
import NuevoRetiroPage, { MENSAJE_RETIRO_SIN_CONEXION } from './NuevoRetiroPage.tsx';
import { EDITAR_RETIRO_POS, NUEVO_RETIRO_POS, VISTA_RECIBO_EGRESO_POS } from './rutas.ts';

// Spec 000 §2 «Retiro de Efectivo», 001 §8 "Payment out closed shift": the cashier's withdrawal at the
// POS, against a fake API (features/facturas/servidorDePrueba.ts plus the payments-out calls).

// The connection the screen reads (the monitor itself is tested in app/conexion.test.ts).
const conexion = vi.hoisted(() => ({ enLinea: true }));
vi.mock('../../app/Conexion.tsx', () => ({
  useConexion: () => ({ enLinea: conexion.enLinea, monitor: null }),
}));

const TURNO = turnoDePrueba({ totalEnCaja: 1300 });

function renderizar(inicio = NUEVO_RETIRO_POS) {
  const pantalla = (
    <>
      <Notifications />
      <NuevoRetiroPage />
    </>
  );
  return renderConRutas(
    [
      { path: NUEVO_RETIRO_POS, element: pantalla },
      { path: EDITAR_RETIRO_POS, element: pantalla },
      { path: DETALLES_TURNOS, element: <p>Pantalla de turnos</p> },
      { path: VISTA_RECIBO_EGRESO_POS, element: <p>Recibo del retiro</p> },
    ],
    inicio,
  );
}

async function llenar(usuario: ReturnType<typeof userEvent.setup>, monto: string) {
  const campo = await screen.findByLabelText('Monto a retirar', {}, { timeout: 4000 });
  await waitFor(() => expect(campo).toHaveFocus());
  // The shift has loaded: the button is enabled.
  await waitFor(() => expect(screen.getByRole('button', { name: /^Guardar / })).toBeEnabled());
  await usuario.type(campo, monto);
  await usuario.type(screen.getByPlaceholderText(/^Busca la cuenta/), 'Banco');
  await usuario.click(await screen.findByRole('option', { name: /Banco Popular/ }, { timeout: 4000 }));
  await usuario.type(screen.getByLabelText('Nota'), 'Depósito de la mañana');
}

describe('retiro de efectivo en el punto de venta', { timeout: 40_000 }, () => {
  let quitarAtajos: () => void;
  beforeAll(() => {
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    }
  });
  beforeEach(() => {
    conexion.enLinea = true;
    quitarAtajos = instalarAtajos();
    iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    quitarAtajos();
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('monto, cuenta y nota; F12 guarda un egreso en efectivo a la cuenta, del turno abierto, y abre su recibo', async () => {
    const llamadas = servidorDeEgresos({ turno: TURNO });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar();
    await waitFor(() => expect(screen.getByTestId('efectivo-en-caja')).toHaveTextContent(dinero(1300)));
    await llenar(usuario, '500');
    await usuario.keyboard('{F12}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(VISTA_RECIBO_EGRESO_POS.replace(':id', idDe(800))),
    );
    const creados = llamadas.filter((l) => l.url.pathname === '/api/recibos-egresos/' && l.metodo === 'POST');
    expect(creados).toHaveLength(1);
    expect(creados[0]?.cuerpo).toEqual({
      identificadorUnico: expect.any(String),
      tipoDeEgreso: false,
      formaDePago: 'Efectivo',
      desdeElpos: { desdePos: true, idTerminalRef: TURNO.idTerminalRef, idUsuarioDelTurno: TURNO.idUserRef },
      idTurnoRef: TURNO._id,
      detalles: 'Depósito de la mañana',
      res: [
        {
          cuentaContableDebito: { idCuenta: DEPOSITOS.idCuenta },
          importe: 500,
          nota: 'Depósito de la mañana',
        },
      ],
    });
  });

  it('sin monto ni cuenta no envía nada y dice qué falta', async () => {
    const llamadas = servidorDeEgresos({ turno: TURNO });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const guardar = await screen.findByRole('button', { name: 'Guardar retiro (F12)' }, { timeout: 4000 });
    await waitFor(() => expect(guardar).toBeEnabled());
    await usuario.click(guardar);
    expect(await screen.findByText('Escribe el monto que sale de la caja.')).toBeInTheDocument();
    expect(screen.getByText('Elige a qué cuenta va el dinero.')).toBeInTheDocument();
    expect(llamadas.filter((l) => l.url.pathname === '/api/recibos-egresos/')).toHaveLength(0);
  });

  it('con el turno cerrado en el servidor va a los turnos con su mensaje y el del spec (spec 001 §8)', async () => {
    const mensaje = 'No hay un turno abierto para retirar efectivo desde el punto de venta.';
    servidorDeEgresos({
      turno: TURNO,
      extra: (metodo, url) =>
        url.pathname === '/api/recibos-egresos/' && metodo === 'POST'
          ? respuestaDeError(409, mensaje, { estadoDelTurno: false })
          : undefined,
    });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar();
    await llenar(usuario, '500');
    await usuario.click(screen.getByRole('button', { name: 'Guardar retiro (F12)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DETALLES_TURNOS));
    expect(router.state.location.state).toEqual({ mensaje });
    const dialogo = await screen.findByRole('dialog', { name: 'Turno cerrado' });
    expect(within(dialogo).getByText(mensaje)).toBeInTheDocument();
    expect(within(dialogo).getByText(MENSAJE_TURNO_CERRADO_DETALLE)).toBeInTheDocument();
  });

  it('sin turno abierto lo dice, ofrece abrirlo y no deja guardar', async () => {
    servidorDeEgresos({ turno: null });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar();
    expect(await screen.findByText('No hay un turno abierto')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar retiro (F12)' })).toBeDisabled();
    await usuario.click(screen.getByRole('button', { name: 'Abrir turno' }));
    expect(router.state.location.pathname).toBe(DETALLES_TURNOS);
  });

  it('sin conexión lo dice y no ofrece el formulario (el retiro necesita el servidor)', async () => {
    conexion.enLinea = false;
    const llamadas = servidorDeEgresos({ turno: TURNO });
    renderizar();
    expect(await screen.findByText(MENSAJE_RETIRO_SIN_CONEXION)).toBeInTheDocument();
    expect(screen.queryByLabelText('Monto a retirar')).not.toBeInTheDocument();
    expect(llamadas.filter((l) => l.url.pathname.startsWith('/api/recibos-egresos'))).toHaveLength(0);
  });

  it('editar un retiro cambia su línea en su lugar (_id) y vuelve a su recibo', async () => {
    const llamadas = servidorDeEgresos({
      turno: TURNO,
      detalle: { res: [lineaDeEgresoDePrueba()], egresoReferenciadoGral: egresoDePrueba() },
    });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(EDITAR_RETIRO_POS.replace(':id', idDe(800)));
    const campo = await screen.findByLabelText('Monto a retirar', {}, { timeout: 4000 });
    await waitFor(() => expect(campo).toHaveValue('RD$500'));
    // The expected cash counts this withdrawal back: it is being changed.
    await waitFor(() => expect(screen.getByTestId('efectivo-en-caja')).toHaveTextContent(dinero(1800)));
    await usuario.clear(campo);
    await usuario.type(campo, '450');
    await usuario.click(screen.getByRole('button', { name: 'Guardar cambios (F12)' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(VISTA_RECIBO_EGRESO_POS.replace(':id', idDe(800))),
    );
    const cambios = llamadas.filter((l) => l.url.pathname === '/api/recibos-egresos/update/');
    expect(cambios.map((l) => l.cuerpo)).toEqual([
      {
        idEgresosRef: idDe(800),
        update: [
          {
            _id: idDe(801),
            cuentaContableDebito: { idCuenta: DEPOSITOS.idCuenta },
            importe: 450,
            nota: 'Depósito al banco',
          },
        ],
        eliminar: [],
        detalles: 'Depósito al banco',
      },
    ]);
  });
});
