import type { TransaccionCreditoAFavor } from '@pos/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConRutas } from '../../testing/render.tsx';
import { dinero } from '../../ui/formato.ts';
import { VISTA_FACTURA_POS } from '../pos/rutas.ts';
import VistaFacturaPosPage from '../pos/VistaFacturaPosPage.tsx';
import { facturaDePrueba, idDe, pagoDePrueba } from './datosDePrueba.ts';
import { VISTA_FACTURA } from './rutas.ts';
import { servidorDePrueba } from './servidorDePrueba.ts';
import VistaFacturaPage from './VistaFacturaPage.tsx';

// Spec 001 §3 "Invoice detail response": the invoice views show, next to its payments, what credit
// notes (montoNotaDeCreditoRef) and credits in favour (listaDeCredtosAfavor) paid, so the amount to pay
// less all of them is the pending amount on screen.

const ID = idDe(1001);
const base = facturaDePrueba();
// Owes 300 of its total: 200 by a credit note, 180 by a credit in favour, the rest in money.
const PENDIENTE = 300;
const NOTAS = 200;
const CREDITO = 180;
const DINERO = Math.round((base.montoAPagar - PENDIENTE - NOTAS - CREDITO) * 100) / 100;

const FACTURA = facturaDePrueba({
  _id: ID,
  comprobante: 'B0100000031',
  tipoNcf: 'B01',
  plazoPagos: 30,
  cobrado: base.montoAPagar - PENDIENTE,
  pendiente: PENDIENTE,
  estadoDelCobro: 'Por Cobrar',
});

const TRANSACCION: TransaccionCreditoAFavor = {
  _id: idDe(660),
  identificadorUnico: 'tx-660',
  numeroTransasccionDelCreditoAfavor: 12,
  idCreditoAFavor: idDe(661),
  numeroCredito: 4,
  idFactura: ID,
  comprobanteFactura: 'B0100000031',
  monto: CREDITO,
  fecha: '2026-11-24',
  estado: 'Activo',
  autorizacion: null,
  tipoDeAnulacion: '',
  notaAnular: '',
  notaAutorizacion: '',
  idUsuarioCreador: idDe(90),
  creadaPor: 'maria',
  creadoEn: '2026-11-24T15:00:00.000Z',
};

function servidor() {
  servidorDePrueba({
    facturas: [FACTURA],
    detalle: {
      montoNotaDeCreditoRef: NOTAS,
      listaDeCredtosAfavor: [TRANSACCION],
      listaPagosIngreso: [pagoDePrueba({ origen: 'ingreso', monto: DINERO })],
    },
  });
}

const fila = (contenedor: HTMLElement, etiqueta: string) =>
  within(contenedor).getByText(etiqueta).parentElement as HTMLElement;

describe('lo que pagaron notas de crédito y créditos a favor en la vista de la factura', {
  timeout: 20_000,
}, () => {
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
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('la vista de la oficina: cobrado, crédito a favor y notas suman lo que falta para el pendiente', async () => {
    servidor();
    renderConRutas([{ path: VISTA_FACTURA, element: <VistaFacturaPage /> }], `${VISTA_FACTURA}?id=${ID}`);
    await screen.findByRole('heading', { name: 'Factura B0100000031' }, { timeout: 4000 });
    const totales = screen.getByTestId('totales-documento');
    expect(fila(totales, 'Cobrado')).toHaveTextContent(dinero(DINERO));
    expect(fila(totales, 'Pagado con crédito a favor')).toHaveTextContent(dinero(CREDITO));
    expect(fila(totales, 'Notas de crédito aplicadas')).toHaveTextContent(dinero(NOTAS));
    expect(fila(totales, 'Pendiente')).toHaveTextContent(dinero(PENDIENTE));
    // The payments table lists the receipt, the credit transaction and the credit notes.
    const pagos = screen.getByRole('heading', { name: 'Pagos' }).parentElement as HTMLElement;
    expect(
      within(pagos).getByRole('row', { name: /Crédito No\. 4 · transacción No\. 12/ }),
    ).toHaveTextContent(dinero(CREDITO));
    expect(within(pagos).getByRole('row', { name: /Notas de crédito aplicadas/ })).toHaveTextContent(
      dinero(NOTAS),
    );
    expect(within(pagos).getByRole('row', { name: /Recibo de ingreso/ })).toHaveTextContent(dinero(DINERO));
  });

  it('la vista del punto de venta dice lo que pagaron el crédito a favor y las notas', async () => {
    servidor();
    renderConRutas(
      [{ path: VISTA_FACTURA_POS, element: <VistaFacturaPosPage /> }],
      `${VISTA_FACTURA_POS}?id=${ID}`,
    );
    await screen.findByRole('heading', { name: 'Factura B0100000031' }, { timeout: 4000 });
    expect(fila(document.body, 'Pagado con crédito a favor')).toHaveTextContent(dinero(CREDITO));
    expect(fila(document.body, 'Notas de crédito aplicadas')).toHaveTextContent(dinero(NOTAS));
    expect(fila(document.body, 'Pendiente')).toHaveTextContent(dinero(PENDIENTE));
  });
});
