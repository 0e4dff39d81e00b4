import { Notifications } from '@mantine/notifications';
import type { ConciliacionResumen, MovimientoConciliacion } from '@pos/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { perfilDePrueba, renderConRutas, todosLosPrivilegios } from '../../testing/render.tsx';
import { dinero } from '../../ui/formato.ts';
import { idDe } from '../facturas/datosDePrueba.ts';
import { json } from '../facturas/servidorDePrueba.ts';
import ConciliarCuentaPage from './ConciliarCuentaPage.tsx';
import { CONCILIAR_CUENTA, LISTA_BANCOS_TRAS_CERRAR, rutaDeConciliar } from './rutas.ts';

// Spec 002 §2 (reconcile modal, after closing go to /bancos/lista_banco), §4, §5 (live totals), §8, §9
// (28 a page). The fake API answers the reconciliation calls.

const BANCO = idDe(700);
const CONCILIACION = idDe(701);

function resumen(cambios: Partial<ConciliacionResumen> = {}): ConciliacionResumen {
  return {
    _id: CONCILIACION,
    idConciliacion: CONCILIACION,
    idCuenta: BANCO,
    idBanco: BANCO,
    nombreCuenta: 'Banco Popular',
    fechaInicioConciliacion: '2026-10-01',
    fechaFinConciliacion: '2026-10-31',
    saldoInicial: 1000,
    saldoFinalDelEstado: 1205,
    totalIngresosVerificados: 0,
    totalEgresosVerificados: 0,
    ingresosBancarios: 10,
    gastosBancarios: 5,
    balance: 1005,
    diferencia: 200,
    estado: 'Abierta',
    cerradaEn: null,
    creadoEn: '2026-11-01T12:00:00.000Z',
    ...cambios,
  };
}

function movimiento(
  n: number,
  tipo: 'ingreso' | 'egreso',
  monto: number,
  comprobante: string,
): MovimientoConciliacion {
  return {
    _id: idDe(710 + n),
    idAsiento: idDe(720 + n),
    numeroAsiento: 40 + n,
    fecha: `2026-10-0${n}`,
    tipoDocumento: tipo,
    idDocumento: idDe(730 + n),
    comprobante,
    descripcion: `Recibo ${comprobante}`,
    nota: '',
    tipo,
    monto,
    conciliacionVerificada: false,
  };
}

const MOVIMIENTOS = [
  movimiento(1, 'ingreso', 500, 'RI0001'),
  movimiento(2, 'egreso', 200, 'RE0001'),
  movimiento(3, 'egreso', 100, 'RE0002'),
];

type Llamada = { metodo: string; ruta: string; cuerpo: unknown };

function servidor(opciones: { abierta: boolean }) {
  const llamadas: Llamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const metodo = init?.method ?? 'GET';
      const cuerpo = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      llamadas.push({ metodo, ruta: url.pathname, cuerpo });
      if (url.pathname === '/api/profile') {
        return json(perfilDePrueba({ privilegios: todosLosPrivilegios() }));
      }
      if (url.pathname === `/api/conciliacio/empezar-conciliacion/${BANCO}`) {
        return json({
          idCuenta: BANCO,
          nombreCuenta: 'Banco Popular',
          conciliacion: opciones.abierta ? resumen() : null,
          saldoInicial: 1000,
          fechaInicioConciliacion: '2026-10-01',
        });
      }
      if (url.pathname === '/api/conciliacio/' && metodo === 'POST') {
        opciones.abierta = true;
        return json({ message: 'La conciliacion se actualizo correctamente', conciliacion: resumen() });
      }
      if (url.pathname === '/api/conciliacio/buscar-conciliacion') {
        return json({ conciliacion: resumen(), data: MOVIMIENTOS, totalRows: MOVIMIENTOS.length });
      }
      if (url.pathname === '/api/conciliacio/cerrar-conciliacion') {
        return json({
          message: 'Banco conciliado correctamente',
          conciliacion: resumen({ estado: 'Cerrada', diferencia: 0 }),
        });
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return llamadas;
}

function renderizar() {
  return renderConRutas(
    [
      {
        path: CONCILIAR_CUENTA,
        element: (
          <>
            <Notifications />
            <ConciliarCuentaPage />
          </>
        ),
      },
      // The app's notices outlive a navigation (their container is in the layout): the list has one too.
      {
        path: LISTA_BANCOS_TRAS_CERRAR,
        element: (
          <>
            <Notifications />
            <p>Lista de bancos</p>
          </>
        ),
      },
    ],
    rutaDeConciliar(BANCO),
  );
}

describe('conciliar cuenta', { timeout: 40_000 }, () => {
  beforeEach(() => {
    iniciarSesionLocal({ tenantId: 1, token: '1.x.y' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sin conciliación abierta abre el modal y envía el periodo, el saldo del estado, intereses y cargos', async () => {
    const llamadas = servidor({ abierta: false });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const saldo = await screen.findByLabelText(/Saldo final del estado de cuenta/);
    expect(screen.getByText(dinero(1000))).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Abrir conciliación' }));
    // Spec 002 §8: a missing required figure is 'Tenemos un error' titled 'Error de Datos Requeridos'.
    expect(await screen.findByText('Tenemos un error')).toBeInTheDocument();
    expect(screen.getByText('Error de Datos Requeridos')).toBeInTheDocument();
    await usuario.type(saldo, '1205');
    await usuario.clear(screen.getByLabelText('Intereses ganados (ingresos bancarios)'));
    await usuario.type(screen.getByLabelText('Intereses ganados (ingresos bancarios)'), '10');
    await usuario.clear(screen.getByLabelText('Comisiones y cargos (gastos bancarios)'));
    await usuario.type(screen.getByLabelText('Comisiones y cargos (gastos bancarios)'), '5');
    await usuario.click(screen.getByRole('button', { name: 'Abrir conciliación' }));
    await waitFor(() =>
      expect(llamadas.find((l) => l.ruta === '/api/conciliacio/' && l.metodo === 'POST')?.cuerpo).toEqual({
        idCuenta: BANCO,
        fechaInicioConciliacion: '2026-10-01',
        fechaFinConciliacion: '2026-10-31',
        saldoFinalDelEstado: 1205,
        ingresosBancarios: 10,
        gastosBancarios: 5,
      }),
    );
    expect(await screen.findByText('La conciliacion se actualizo correctamente')).toBeInTheDocument();
    expect(await screen.findByText('RI0001')).toBeInTheDocument();
  });

  it('marcar movimientos recalcula la diferencia en vivo; al cuadrar se cierra y vuelve a la lista de bancos', async () => {
    const llamadas = servidor({ abierta: true });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar();
    await screen.findByText('RI0001');
    expect(llamadas.find((l) => l.ruta === '/api/conciliacio/buscar-conciliacion')?.cuerpo).toMatchObject({
      idConciliacion: CONCILIACION,
      page: 1,
    });
    const diferencia = () => screen.getByTestId('diferencia').textContent;
    const cerrar = screen.getByRole('button', { name: 'Cerrar conciliación' });
    expect(diferencia()).toBe(dinero(200));
    expect(cerrar).toBeDisabled();
    // 1000 + 500 + 10 − (200 + 5) = 1305 against 1205: −100.
    await usuario.click(screen.getByLabelText('Verificar RI0001 del 01/10/2026'));
    await usuario.click(screen.getByLabelText('Verificar RE0001 del 02/10/2026'));
    expect(diferencia()).toBe(dinero(-100));
    await usuario.click(screen.getByLabelText('Verificar RE0002 del 03/10/2026'));
    expect(diferencia()).toBe(dinero(0));
    expect(cerrar).toBeEnabled();
    await usuario.click(screen.getByRole('radio', { name: 'Pagos' }));
    await waitFor(() => expect(llamadas.at(-1)?.cuerpo).toMatchObject({ filtrarPor: 'egresos', page: 1 }));
    await usuario.click(cerrar);
    await waitFor(() => expect(router.state.location.pathname).toBe(LISTA_BANCOS_TRAS_CERRAR));
    expect(llamadas.find((l) => l.ruta === '/api/conciliacio/cerrar-conciliacion')?.cuerpo).toEqual({
      idConciliacion: CONCILIACION,
      movimientos: MOVIMIENTOS.map((m) => ({ _id: m._id, conciliacionVerificada: true })),
    });
    expect(await screen.findByText('Banco conciliado correctamente')).toBeInTheDocument();
  });
});
