import { Notifications } from '@mantine/notifications';
import type { ConciliacionResumen, CuentaDeBanco } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { perfilDePrueba, renderConRutas, todosLosPrivilegios } from '../../testing/render.tsx';
import { dinero, fecha } from '../../ui/formato.ts';
import { idDe } from '../facturas/datosDePrueba.ts';
import { json } from '../facturas/servidorDePrueba.ts';
import BancosPage from './BancosPage.tsx';
import DetallesBancoPage from './DetallesBancoPage.tsx';
import FormularioDeBancoPage from './FormularioDeBancoPage.tsx';
import { LISTA_BANCOS, NUEVO_BANCO, rutaDeDetalles } from './rutas.ts';

// Spec 002 §2 "Banks", §3 "Bank account", §5 'Debes poner el nombre del banco', §8 'Transferencia
// completada', §9 (25 a page). The fake API answers the bank calls.

const POPULAR = idDe(700);
const RESERVAS = idDe(701);

function banco(id: string, nombre: string, saldoTotal: number, codigo: string): CuentaDeBanco {
  return {
    _id: id,
    identificadorUnico: `u-${id}`,
    nombre,
    numeroDeCuenta: '712-345678-9',
    montoInicial: 1000,
    fechaInicial: '2026-10-01',
    cuentaContable: {
      idCuenta: idDe(710),
      nombre,
      codigoDeCuenta: codigo,
      tipo: 'activo',
      naturaleza: 'deudora',
    },
    saldoTotal,
    activo: true,
    creadoEn: '2026-10-01T12:00:00.000Z',
  };
}

const CUENTAS = [
  banco(POPULAR, 'Banco Popular — Cuenta corriente', 212345.5, '1.1.01.03.01'),
  banco(RESERVAS, 'Banreservas — Cuenta de ahorros', 125000, '1.1.01.03.02'),
];

function conciliacion(
  id: string,
  desde: string,
  hasta: string,
  cerradaEn: string | null,
): ConciliacionResumen {
  return {
    _id: id,
    idConciliacion: id,
    idCuenta: POPULAR,
    idBanco: POPULAR,
    nombreCuenta: 'Banco Popular — Cuenta corriente',
    fechaInicioConciliacion: desde,
    fechaFinConciliacion: hasta,
    saldoInicial: 1000,
    saldoFinalDelEstado: 1500,
    totalIngresosVerificados: 500,
    totalEgresosVerificados: 0,
    ingresosBancarios: 0,
    gastosBancarios: 0,
    balance: 1500,
    diferencia: 0,
    estado: cerradaEn ? 'Cerrada' : 'Abierta',
    cerradaEn,
    creadoEn: '2026-10-01T12:00:00.000Z',
  };
}

const CERRADA = idDe(730);
const ABIERTA = idDe(731);
const CONCILIACIONES = [
  conciliacion(ABIERTA, '2026-11-01', '2026-11-30', null),
  conciliacion(CERRADA, '2026-10-01', '2026-10-31', '2026-11-02T12:00:00.000Z'),
];

type Llamada = { metodo: string; ruta: string; cuerpo: unknown; consulta: string };

function servidor() {
  const llamadas: Llamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const metodo = init?.method ?? 'GET';
      const cuerpo = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      llamadas.push({ metodo, ruta: url.pathname, cuerpo, consulta: url.search });
      if (url.pathname === '/api/profile') {
        return json(perfilDePrueba({ _id: idDe(90), privilegios: todosLosPrivilegios() }));
      }
      if (url.pathname === '/api/catalogo-de-cuentas/') {
        return json({ _id: '1', treeData: [], listas: { bancos: [] } });
      }
      if (url.pathname === '/api/cuentas-banco/lista-banco/') {
        return json({ cuentas: CUENTAS });
      }
      if (url.pathname === '/api/cuentas-banco/transferencias') {
        return json({
          mensaje: 'Transferencia completada',
          solicitudDuplicada: false,
          transferencia: {
            _id: idDe(720),
            identificadorUnico: 'x-transferencia',
            cuentaOrigen: { _id: POPULAR, nombre: CUENTAS[0]?.nombre },
            cuentaDestino: { _id: RESERVAS, nombre: CUENTAS[1]?.nombre },
            monto: 500,
            fecha: '2026-11-20',
            nota: '',
            creadoPor: 'admin',
            creadoEn: '2026-11-20T12:00:00.000Z',
          },
        });
      }
      if (url.pathname === `/api/cuentas-banco/detalles-banco/${POPULAR}`) {
        return json({
          cuenta: CUENTAS[0],
          ingresos: { res: [], totalRows: 0 },
          egresos: { res: [], totalRows: 0 },
          transferencias: { res: [], totalRows: 0 },
          conciliaciones: { res: CONCILIACIONES, totalRows: CONCILIACIONES.length },
        });
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return llamadas;
}

function renderizar(inicio: string) {
  const conAvisos = (elemento: React.ReactNode) => (
    <>
      <Notifications />
      {elemento}
    </>
  );
  return renderConRutas(
    [
      { path: LISTA_BANCOS, element: conAvisos(<BancosPage />) },
      { path: NUEVO_BANCO, element: conAvisos(<FormularioDeBancoPage />) },
      { path: '/bancos/detalles_banco/:id', element: conAvisos(<DetallesBancoPage />) },
      { path: '/bancos/conciliar_cuenta/:id', element: <p>Conciliación</p> },
      { path: '/bancos/cuenta_conciliada/:id', element: <p>Cuenta conciliada</p> },
    ],
    inicio,
  );
}

describe('bancos', { timeout: 40_000 }, () => {
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
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('la lista muestra cada banco con su cuenta contable y su saldo; la transferencia envía origen, destino y monto', async () => {
    const llamadas = servidor();
    const usuario = userEvent.setup({ delay: null });
    renderizar(LISTA_BANCOS);
    expect((await screen.findAllByText('Banco Popular — Cuenta corriente')).length).toBeGreaterThan(0);
    expect(screen.getByText(dinero(212345.5))).toBeInTheDocument();
    expect(screen.getByText('1.1.01.03.02')).toBeInTheDocument();
    await usuario.click(
      screen.getByRole('button', { name: 'Transferir desde «Banco Popular — Cuenta corriente»' }),
    );
    const modal = await screen.findByRole('dialog');
    // Without a destination or an amount nothing is sent: the bank failure of spec 002 §8.
    await usuario.click(within(modal).getByRole('button', { name: 'Transferir' }));
    expect(await screen.findByText('Error de Datos Requeridos')).toBeInTheDocument();
    expect(llamadas.some((l) => l.ruta === '/api/cuentas-banco/transferencias')).toBe(false);
    await usuario.click(within(modal).getByLabelText(/Cuenta de destino/, { selector: 'input' }));
    await usuario.click(await screen.findByRole('option', { name: /Banreservas/ }));
    await usuario.type(within(modal).getByLabelText(/^Monto/, { selector: 'input' }), '500');
    await usuario.click(within(modal).getByRole('button', { name: 'Transferir' }));
    expect(await screen.findByText('Transferencia completada')).toBeInTheDocument();
    const envio = llamadas.find((l) => l.ruta === '/api/cuentas-banco/transferencias');
    expect(envio?.cuerpo).toMatchObject({
      idCuentaOrigen: POPULAR,
      idCuentaDestino: RESERVAS,
      monto: 500,
      identificadorUnico: expect.any(String),
    });
  });

  it('el banco nuevo sin nombre avisa «Debes poner el nombre del banco» y no envía nada', async () => {
    const llamadas = servidor();
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVO_BANCO);
    await usuario.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect((await screen.findAllByText('Debes poner el nombre del banco')).length).toBeGreaterThan(0);
    expect(llamadas.some((l) => l.ruta === '/api/cuentas-banco/' && l.metodo === 'POST')).toBe(false);
  });

  it('el detalle pide cada sección de 25 en 25 y «Conciliar» abre la conciliación de la cuenta', async () => {
    const llamadas = servidor();
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(rutaDeDetalles(POPULAR));
    expect(await screen.findByText(dinero(212345.5))).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Conciliaciones (2)' })).toBeInTheDocument();
    const detalle = llamadas.find((l) => l.ruta.startsWith('/api/cuentas-banco/detalles-banco/'));
    expect(detalle?.consulta).toContain('pageIngresos=1');
    await usuario.click(screen.getByRole('button', { name: 'Conciliar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bancos/conciliar_cuenta/${POPULAR}`));
  });

  it('cada conciliación del detalle enlaza: la cerrada a su cuenta conciliada, la abierta a conciliar', async () => {
    servidor();
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(rutaDeDetalles(POPULAR));
    await usuario.click(await screen.findByRole('tab', { name: 'Conciliaciones (2)' }));
    const cerrada = screen.getByRole('link', { name: `${fecha('2026-10-01')} – ${fecha('2026-10-31')}` });
    expect(cerrada).toHaveAttribute('href', `/bancos/cuenta_conciliada/${CERRADA}`);
    const abierta = screen.getByRole('link', { name: `${fecha('2026-11-01')} – ${fecha('2026-11-30')}` });
    expect(abierta).toHaveAttribute('href', `/bancos/conciliar_cuenta/${POPULAR}`);
    await usuario.click(cerrada);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bancos/cuenta_conciliada/${CERRADA}`));
  });
});
