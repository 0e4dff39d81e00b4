import { Notifications } from '@mantine/notifications';
import { MENSAJE_CAMPOS_BASICOS_EGRESO } from '@pos/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConRutas } from '../../testing/render.tsx';
import { TITULO_DE_DUPLICIDAD } from '../../ui/duplicidad.tsx';
import { dinero } from '../../ui/formato.ts';
import { rutaDePagarCompra } from '../compras/rutas.ts';
import { contactoDePrueba, idDe } from '../facturas/datosDePrueba.ts';
import { json, type Llamada } from '../facturas/servidorDePrueba.ts';
import {
  compraPendienteDePrueba,
  egresoDePrueba,
  lineaDeEgresoDePrueba,
  servidorDeEgresos,
} from './datosDePrueba.ts';
import NuevoEgresoPage from './NuevoEgresoPage.tsx';
import { NUEVO_EGRESO } from './rutas.ts';

// Spec 001 §3 "Payment out", §5 'Debes llenar los campos básicos', §8 duplicity: paying a supplier's
// pending purchases from the back office, against a fake API.

const PROVEEDOR = contactoDePrueba({
  _id: idDe(600),
  nombre: 'Distribuidora Caribe',
  rnc: '130000001',
  tipoDeContacto: 'proveedor',
});
const COMPRA = compraPendienteDePrueba();

function pagoDeCompra() {
  return {
    res: [
      lineaDeEgresoDePrueba({
        idCompra: COMPRA._id,
        comprobanteCompra: COMPRA.comprobante,
        cuentaContableDebito: null,
        importe: 4000,
        balancePendiente: 10_000,
        nota: '',
      }),
    ],
    egresoReferenciadoGral: egresoDePrueba({
      tipoDeEgreso: true,
      idCliente: PROVEEDOR._id,
      nombreProveedor: PROVEEDOR.nombre,
      desdeElpos: { desdePos: false, idTerminalRef: null, idUsuarioDelTurno: null },
      idTurnoRef: null,
      total: 4000,
    }),
  };
}

function renderizar(inicio = NUEVO_EGRESO) {
  return renderConRutas(
    [
      {
        path: NUEVO_EGRESO,
        element: (
          <>
            <Notifications />
            <NuevoEgresoPage />
          </>
        ),
      },
    ],
    inicio,
  );
}

async function elegirProveedor(usuario: ReturnType<typeof userEvent.setup>, llamadas: Llamada[]) {
  await usuario.type(await screen.findByLabelText('Proveedor', { selector: 'input' }), 'Caribe');
  await waitFor(() =>
    expect(
      llamadas.some(
        (l) =>
          l.url.pathname === '/api/cliente/contactos' &&
          (l.cuerpo as { input?: string; tipoDeContacto?: string }).input === 'Caribe' &&
          (l.cuerpo as { tipoDeContacto?: string }).tipoDeContacto === 'proveedor',
      ),
    ).toBe(true),
  );
  await waitFor(() => expect(screen.queryByText('Buscando…')).not.toBeInTheDocument());
  await usuario.click(await screen.findByRole('option', { name: /Distribuidora Caribe/ }, { timeout: 4000 }));
  return screen.findByLabelText(`Pagar de ${COMPRA.comprobante}`, {}, { timeout: 4000 });
}

describe('nuevo recibo de egreso que paga compras', { timeout: 40_000 }, () => {
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

  it('sin proveedor ni montos dice «Debes llenar los campos básicos» y no envía nada', async () => {
    const llamadas = servidorDeEgresos({ contactos: [PROVEEDOR], pendientes: [COMPRA] });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await usuario.click(await screen.findByRole('button', { name: 'Guardar recibo' }));
    expect(await screen.findByText(MENSAJE_CAMPOS_BASICOS_EGRESO)).toBeInTheDocument();
    expect(screen.getByText('Elige el proveedor y lo que pagas de sus compras.')).toBeInTheDocument();
    expect(llamadas.filter((l) => l.url.pathname === '/api/recibos-egresos/')).toHaveLength(0);
  });

  it('muestra lo pendiente de cada compra, no deja pagar de más y envía lo pagado por compra', async () => {
    const llamadas = servidorDeEgresos({
      contactos: [PROVEEDOR],
      pendientes: [COMPRA],
      detalle: pagoDeCompra(),
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const campo = await elegirProveedor(usuario, llamadas);
    expect(screen.getByText(COMPRA.ncf)).toBeInTheDocument();
    expect(screen.getByText(dinero(10_000))).toBeInTheDocument();
    await usuario.type(campo, '12000');
    expect(await screen.findByText(`Debe ${dinero(10_000)}.`)).toBeInTheDocument();
    const guardar = screen.getByRole('button', { name: 'Guardar recibo' });
    expect(guardar).toBeDisabled();
    await usuario.clear(campo);
    await usuario.type(campo, '4000');
    expect(await screen.findByText(`Total a pagar ${dinero(4000)}`)).toBeInTheDocument();
    await waitFor(() => expect(guardar).toBeEnabled());
    await usuario.click(guardar);
    // The payment made opens in its view.
    expect(
      await screen.findByRole('dialog', { name: /Recibo de egreso EGR00000004/ }, { timeout: 4000 }),
    ).toBeInTheDocument();
    const creados = llamadas.filter((l) => l.url.pathname === '/api/recibos-egresos/' && l.metodo === 'POST');
    expect(creados.map((l) => l.cuerpo)).toEqual([
      {
        identificadorUnico: expect.any(String),
        tipoDeEgreso: true,
        idCliente: PROVEEDOR._id,
        nombreProveedor: PROVEEDOR.nombre,
        formaDePago: 'Efectivo',
        cuentaContableCredito: null,
        detalles: '',
        res: [{ idCompra: COMPRA._id, importe: 4000 }],
      },
    ]);
  });

  it('desde «Pagar» de una compra: elige su proveedor y propone todo lo pendiente de esa compra', async () => {
    const OTRA = compraPendienteDePrueba({ _id: idDe(901), comprobante: 'CMP00000013', pendiente: 2_500 });
    const llamadas = servidorDeEgresos({
      contactos: [PROVEEDOR],
      pendientes: [OTRA, COMPRA],
      detalle: pagoDeCompra(),
      extra: (metodo, url) =>
        url.pathname === `/api/cliente/${PROVEEDOR._id}` && metodo === 'GET' ? json(PROVEEDOR) : undefined,
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar(rutaDePagarCompra(PROVEEDOR._id, COMPRA._id));
    const campo = await screen.findByLabelText(`Pagar de ${COMPRA.comprobante}`, {}, { timeout: 4000 });
    await waitFor(() => expect(campo).toHaveValue('10,000'));
    expect(campo).toHaveFocus();
    expect(screen.getByLabelText(`Pagar de ${OTRA.comprobante}`)).toHaveValue('');
    expect(screen.getByLabelText('Proveedor', { selector: 'input' })).toHaveValue(
      `${PROVEEDOR.nombre} · ${PROVEEDOR.rnc}`,
    );
    expect(screen.getByText(`Total a pagar ${dinero(10_000)}`)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Guardar recibo' }));
    await waitFor(() =>
      expect(
        llamadas
          .filter((l) => l.url.pathname === '/api/recibos-egresos/' && l.metodo === 'POST')
          .map((l) => l.cuerpo),
      ).toEqual([
        expect.objectContaining({
          tipoDeEgreso: true,
          idCliente: PROVEEDOR._id,
          res: [{ idCompra: COMPRA._id, importe: 10_000 }],
        }),
      ]),
    );
  });

  it('si el servidor dice que ya existía, muestra la protección de duplicidad', async () => {
    const llamadas = servidorDeEgresos({
      contactos: [PROVEEDOR],
      pendientes: [COMPRA],
      extra: (metodo, url) =>
        url.pathname === '/api/recibos-egresos/' && metodo === 'POST'
          ? json(pagoDeCompra().res.map((l) => ({ ...l, solicitudDuplicada: true })))
          : undefined,
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const campo = await elegirProveedor(usuario, llamadas);
    await usuario.click(screen.getByRole('button', { name: 'Todo' }));
    await waitFor(() => expect(campo).toHaveValue('10,000'));
    await usuario.click(screen.getByRole('button', { name: 'Guardar recibo' }));
    expect(
      await screen.findByRole('dialog', { name: TITULO_DE_DUPLICIDAD }, { timeout: 4000 }),
    ).toBeInTheDocument();
  });
});
