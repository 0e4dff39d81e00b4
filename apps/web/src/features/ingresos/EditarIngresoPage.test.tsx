import type { DetalleIngreso, Factura } from '@pos/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { perfilDePrueba, renderConRutas, todosLosPrivilegios } from '../../testing/render.tsx';
import { dinero } from '../../ui/formato.ts';
import { facturaDePrueba, idDe } from '../facturas/datosDePrueba.ts';
import { json } from '../facturas/servidorDePrueba.ts';
import EditarIngresoPage from './EditarIngresoPage.tsx';
import { EDITAR_INGRESO, LISTA_INGRESOS } from './rutas.ts';

// Spec 001 §7 "PUT /ingresos-recibidos/update/": the back-office edit of a receipt that collects
// invoices. The fake API answers the receipt, the customer's pending invoices and the update.

const ID_RECIBO = idDe(500);
const ID_LINEA = idDe(501);
const CLIENTE = idDe(600);
const A = idDe(700);
const B = idDe(701);
const CENTRO = idDe(30);

const CUENTA = {
  idCuenta: idDe(1),
  nombre: 'Caja general',
  codigoDeCuenta: '1.1.01',
  tipo: 'activo',
  naturaleza: 'deudora',
} as const;

// Invoice A (490) had 200 paid by this receipt and owes 290 now; B owes all of its 490.
function recibo(): DetalleIngreso {
  return {
    res: [
      {
        _id: ID_LINEA,
        idIngresosRef: ID_RECIBO,
        idFactura: A,
        comprobanteFactura: 'B0100000010',
        numeroFactura: 10,
        total: 490,
        balancePendiente: 490,
        cobrado: 0,
        montoNotaDeCreditoRef: 0,
        rncCliente: '131000001',
        cuentaContableCredito: null,
        importe: 200,
        creditoAFavor: 0,
        nota: 'Abono acordado',
      },
    ],
    ingresoReferenciadoGral: {
      _id: ID_RECIBO,
      identificadorUnico: 'u1',
      idNumeracion: idDe(2),
      numeracionNombre: 'Recibos',
      numero: 7,
      comprobante: 'REC00000007',
      tipoDeIngreso: true,
      idCliente: CLIENTE,
      nombreCliente: 'Colmado Lora',
      fechaDeEmision: '2026-11-20',
      formaDePago: 'Efectivo',
      cuentaContableDebito: CUENTA,
      cuentaPorCobrar: null,
      idCentroDeCosto: CENTRO,
      centroDeCosto: 'Sucursal Norte',
      desdeElpos: { desdePos: false, idTerminalRef: null, idUsuarioDelTurno: null },
      idTurnoRef: null,
      total: 200,
      detalles: 'Pago parcial',
      generarCreditoAfavor: false,
      creditoAFavor: 0,
      estado: 'Activo',
      autorizacion: null,
      notaAnular: '',
      notaAutorizacion: '',
      idUsuarioCreador: idDe(90),
      creadoPor: 'maria',
      creadoEn: '2026-11-20T14:00:00.000Z',
    },
  };
}

function pendientes(): Factura[] {
  return [
    facturaDePrueba({ _id: A, comprobante: 'B0100000010', idCliente: CLIENTE, total: 490, pendiente: 290 }),
    facturaDePrueba({ _id: B, comprobante: 'B0100000011', idCliente: CLIENTE, total: 490, pendiente: 490 }),
  ];
}

function servidor() {
  const actualizaciones: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const cuerpo = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      if (url.pathname === '/api/profile') {
        return json(perfilDePrueba({ _id: idDe(90), privilegios: todosLosPrivilegios() }));
      }
      if (url.pathname === `/api/ingresos-recibidos/${ID_RECIBO}`) {
        return json(recibo());
      }
      if (url.pathname === '/api/ingresos-recibidos/pendientes/') {
        return json({ res: pendientes() });
      }
      if (url.pathname === '/api/ingresos-recibidos/update/' && init?.method === 'PUT') {
        actualizaciones.push(cuerpo);
        return json(recibo());
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return actualizaciones;
}

function renderizar() {
  return renderConRutas(
    [
      { path: EDITAR_INGRESO, element: <EditarIngresoPage /> },
      { path: LISTA_INGRESOS, element: <h1>Lista de recibos</h1> },
    ],
    EDITAR_INGRESO.replace(':id', ID_RECIBO),
  );
}

describe('editar un recibo de ingreso', { timeout: 20_000 }, () => {
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

  it('sus facturas pueden volver a tomar lo que el recibo les aplica; envía la línea cambiada por su _id y la nueva', async () => {
    const actualizaciones = servidor();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const campoA = await screen.findByLabelText('A cobrar de B0100000010', {}, { timeout: 4000 });
    expect(campoA).toHaveValue('200');
    expect(screen.getByText('Colmado Lora')).toBeInTheDocument();
    // A owes 290 now plus the 200 this receipt applies: 490 may be applied on the edit.
    expect(screen.getAllByText(dinero(490)).length).toBeGreaterThanOrEqual(2);
    await usuario.clear(campoA);
    await usuario.type(campoA, '450');
    await usuario.type(screen.getByLabelText('A cobrar de B0100000011'), '100');
    expect(screen.queryByText(/Activa «Generar crédito a favor»/)).not.toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByRole('heading', { name: 'Lista de recibos' });
    expect(actualizaciones).toEqual([
      {
        idIngresosRef: ID_RECIBO,
        update: [
          { _id: ID_LINEA, nota: 'Abono acordado', idFactura: A, importe: 450 },
          { idFactura: B, importe: 100 },
        ],
        eliminar: [],
        generarCreditoAfavor: false,
        formaDePago: 'Efectivo',
        // The receipt keeps its cost centre through the edit.
        idCentroDeCosto: CENTRO,
        centroDeCosto: 'Sucursal Norte',
        detalles: 'Pago parcial',
      },
    ]);
  });

  it('una factura dejada en cero se quita; lo que pasa del pendiente pide el crédito a favor y dice cuánto', async () => {
    const actualizaciones = servidor();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const campoA = await screen.findByLabelText('A cobrar de B0100000010', {}, { timeout: 4000 });
    await usuario.clear(campoA);
    const campoB = screen.getByLabelText('A cobrar de B0100000011');
    await usuario.type(campoB, '600');
    expect(
      await screen.findByText(`Debe ${dinero(490)}. Activa «Generar crédito a favor» para recibir más.`),
    ).toBeInTheDocument();
    const guardar = screen.getByRole('button', { name: 'Guardar cambios' });
    expect(guardar).toBeDisabled();
    await usuario.click(screen.getByRole('switch', { name: /Generar crédito a favor/ }));
    expect(
      await screen.findByText(`${dinero(110)} queda como crédito a favor de Colmado Lora`, { exact: false }),
    ).toBeInTheDocument();
    await waitFor(() => expect(guardar).toBeEnabled());
    await usuario.click(guardar);
    await screen.findByRole('heading', { name: 'Lista de recibos' });
    expect(actualizaciones[0]).toMatchObject({
      update: [{ idFactura: B, importe: 600 }],
      eliminar: [ID_LINEA],
      generarCreditoAfavor: true,
    });
  });
});
