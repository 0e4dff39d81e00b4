import { Notifications } from '@mantine/notifications';
import { MENSAJE_DEVOLUCIONES_ACTIVAS } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConRutas } from '../../testing/render.tsx';
import { idDe } from '../facturas/datosDePrueba.ts';
import { json, type Llamada } from '../facturas/servidorDePrueba.ts';
import { detalleDeNotaDePrueba, notaDePrueba, servidorDeNotas } from './datosDePrueba.ts';
import NotaDeCreditoPage from './NotaDeCreditoPage.tsx';
import { NUEVA_NOTA_DE_CREDITO, VISTA_NOTA_DE_CREDITO } from './rutas.ts';
import VistaNotaDeCreditoPage from './VistaNotaDeCreditoPage.tsx';

function renderizar() {
  return renderConRutas(
    [
      {
        path: NUEVA_NOTA_DE_CREDITO,
        element: (
          <>
            <Notifications />
            <NotaDeCreditoPage />
          </>
        ),
      },
      { path: VISTA_NOTA_DE_CREDITO, element: <p>Vista de la nota</p> },
    ],
    NUEVA_NOTA_DE_CREDITO,
  );
}

const creaciones = (llamadas: Llamada[]) =>
  llamadas.filter((l) => l.url.pathname === '/api/notas-de-credito/' && l.metodo === 'POST');
type Cuerpo = {
  notaDeCredito: Record<string, unknown>;
  lineasNotasDeCredito: Array<Record<string, unknown>>;
  lineasCreditoFacturas: Array<Record<string, unknown>>;
  lineasDevoluciones: Array<Record<string, unknown>>;
};

/** The customer, then «Buscar facturas para crédito» and the invoice: its lines are proposed. */
async function elegirFactura(
  usuario: ReturnType<typeof userEvent.setup>,
  llamadas: Llamada[],
  comprobante: string,
) {
  await usuario.type(screen.getByLabelText('Cliente', { selector: 'input' }), 'Rodr');
  // The option is clicked once the typed search answered (an older answer's option may be replaced).
  await waitFor(() =>
    expect(
      llamadas.some(
        (l) =>
          l.url.pathname === '/api/cliente/contactos' && (l.cuerpo as { input?: string }).input === 'Rodr',
      ),
    ).toBe(true),
  );
  await waitFor(() => expect(screen.queryByText('Buscando…')).not.toBeInTheDocument());
  await usuario.click(
    await screen.findByRole('option', { name: /Comercial Rodríguez SRL/ }, { timeout: 4000 }),
  );
  const buscar = screen.getByRole('button', { name: 'Buscar facturas para crédito' });
  await waitFor(() => expect(buscar).toBeEnabled());
  await usuario.click(buscar);
  const modal = await screen.findByRole(
    'dialog',
    { name: 'Buscar facturas para crédito' },
    { timeout: 4000 },
  );
  await usuario.click(
    await within(modal).findByRole('row', { name: `Elegir la factura ${comprobante}` }, { timeout: 4000 }),
  );
  return screen.findByLabelText('Cantidad de Arroz Selecto 5 lb', {}, { timeout: 4000 });
}

// Spec 001 §3 "Credit note", §4, §5 (facturasDePrueba: B0200000001 paid, B0200000002 owes 500; both sold
// 2 Arroz at 245, 1 Aceite at 650 less 10 % and 1 Huevos at 285 exempt: 1,360).
describe('nota de crédito', { timeout: 40_000 }, () => {
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

  it('propone las líneas de la factura con lo que aún se puede devolver y no envía más de eso', async () => {
    // Another note in force already returned 1 of the 2 Arroz of B0200000001 (invoice line idDe(500)).
    const anterior = detalleDeNotaDePrueba(notaDePrueba(), [{ idLineaFactura: idDe(500), cantidad: 1 }]);
    const anulada = detalleDeNotaDePrueba(notaDePrueba({ _id: idDe(952), estado: 'Anulado' }), [
      { idLineaFactura: idDe(500), cantidad: 1 },
    ]);
    const llamadas = servidorDeNotas({ notas: [anterior, anulada] });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const arroz = await elegirFactura(usuario, llamadas, 'B0200000001');
    // Sold 2, 1 returned by the note in force (the cancelled one does not count): 1 is proposed.
    expect(arroz).toHaveValue('1');
    expect(screen.getByText(/vendidos 2 · ya devueltos 1 · se pueden devolver 1/)).toBeInTheDocument();
    // One read of what was returned (the server's rule), never the customer's notes one by one.
    expect(llamadas.some((l) => l.url.pathname === `/api/notas-de-credito/devuelto/${idDe(1001)}`)).toBe(
      true,
    );
    expect(
      llamadas.filter((l) => /^\/api\/notas-de-credito\/(todas|[0-9a-f-]{36})$/.test(l.url.pathname)),
    ).toEqual([]);
    expect(screen.getByLabelText('Cantidad de Huevos blancos (cartón 30)')).toHaveValue('1');
    // The invoice is paid: the note gives the money back by default.
    expect(screen.getByRole('radio', { name: 'Devolver dinero' })).toBeChecked();

    await usuario.clear(arroz);
    await usuario.type(arroz, '2');
    await usuario.click(screen.getByRole('button', { name: 'Guardar nota de crédito' }));
    expect(
      await screen.findByText(
        /De «Arroz Selecto 5 lb» solo quedan 1 por devolver \(vendidos 2, devueltos 1\)/,
      ),
    ).toBeInTheDocument();
    expect(creaciones(llamadas)).toHaveLength(0);

    await usuario.clear(arroz);
    await usuario.type(arroz, '1');
    await usuario.click(screen.getByRole('button', { name: 'Devolver todo (RD$1,115.00)' }));
    await usuario.click(screen.getByRole('button', { name: 'Guardar nota de crédito' }));
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    const cuerpo = creaciones(llamadas)[0]?.cuerpo as Cuerpo;
    expect(cuerpo.notaDeCredito).toMatchObject({ idFactura: idDe(1001) });
    expect(cuerpo.lineasNotasDeCredito).toEqual([
      expect.objectContaining({ idLineaFactura: idDe(500), cantidad: 1 }),
      expect.objectContaining({ idLineaFactura: idDe(501), cantidad: 1 }),
      expect.objectContaining({ idLineaFactura: idDe(502), cantidad: 1 }),
    ]);
    expect(cuerpo.lineasDevoluciones).toEqual([
      expect.objectContaining({ importe: 1115, afectarCuenta: null }),
    ]);
    expect(cuerpo.lineasCreditoFacturas).toEqual([]);
  });

  it('aplica a la factura o devuelve dinero, nunca ambos: con devoluciones escritas se rechaza vincular la factura', async () => {
    const llamadas = servidorDeNotas();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await elegirFactura(usuario, llamadas, 'B0200000002');
    // The invoice owes 500: by default the note lowers its balance; the other 860 becomes a credit in favour.
    expect(screen.getByRole('radio', { name: 'Aplicar a la factura' })).toBeChecked();
    const reparto = screen.getByTestId('reparto-de-la-nota');
    expect(within(reparto).getByText('RD$500.00')).toBeInTheDocument();
    expect(within(reparto).getByText('RD$860.00')).toBeInTheDocument();
    expect(screen.getByText(/queda como crédito a favor del cliente/)).toBeInTheDocument();

    await usuario.click(screen.getByRole('radio', { name: 'Devolver dinero' }));
    await usuario.type(screen.getByLabelText('Importe de la devolución 1'), '100');
    // Spec 001 §5: a refund is present, so the invoice cannot be linked.
    await usuario.click(screen.getByRole('radio', { name: 'Aplicar a la factura' }));
    expect(await screen.findByText(new RegExp(MENSAJE_DEVOLUCIONES_ACTIVAS))).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Devolver dinero' })).toBeChecked();
    expect(within(screen.getByTestId('reparto-de-la-nota')).getByText('RD$1,260.00')).toBeInTheDocument();

    // Without the refund the invoice can be linked; what is sent is the invoice alone.
    await usuario.clear(screen.getByLabelText('Importe de la devolución 1'));
    await usuario.click(screen.getByRole('radio', { name: 'Aplicar a la factura' }));
    expect(screen.getByRole('radio', { name: 'Aplicar a la factura' })).toBeChecked();
    await usuario.click(screen.getByRole('button', { name: 'Guardar nota de crédito' }));
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    const cuerpo = creaciones(llamadas)[0]?.cuerpo as Cuerpo;
    expect(cuerpo.lineasCreditoFacturas).toEqual([{ idFactura: idDe(1002) }]);
    expect(cuerpo.lineasDevoluciones).toEqual([]);
  });

  it('la vista descarga el PDF de la nota y la envía por correo (spec 001 §1)', async () => {
    const nota = notaDePrueba({ correo: 'compras@rodriguez.do' });
    const llamadas = servidorDeNotas({
      notas: [detalleDeNotaDePrueba(nota, [{ idLineaFactura: idDe(500), cantidad: 1 }])],
      extra: (metodo, url, cuerpo) => {
        if (url.pathname === `/api/notas-de-credito/pdf/${nota._id}`) {
          return new Response(new Blob(['%PDF-1.3']), { headers: { 'content-type': 'application/pdf' } });
        }
        if (url.pathname === `/api/notas-de-credito/correo/${nota._id}` && metodo === 'POST') {
          return json({ message: `Nota de crédito enviada a ${(cuerpo as { correo: string }).correo}` });
        }
        return undefined;
      },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const guardado = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const usuario = userEvent.setup({ delay: null });
    renderConRutas(
      [
        {
          path: VISTA_NOTA_DE_CREDITO,
          element: (
            <>
              <Notifications />
              <VistaNotaDeCreditoPage />
            </>
          ),
        },
      ],
      `${VISTA_NOTA_DE_CREDITO}?id=${nota._id}`,
    );
    await usuario.click(await screen.findByRole('button', { name: 'Descargar PDF' }, { timeout: 4000 }));
    await waitFor(() => expect(guardado).toHaveBeenCalledTimes(1));
    expect((guardado.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      `NotaDeCredito-${nota.comprobante}.pdf`,
    );
    await usuario.click(screen.getByRole('button', { name: 'Enviar por correo' }));
    expect(await screen.findByLabelText('Correo')).toHaveValue('compras@rodriguez.do');
    await usuario.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Nota de crédito enviada a compras@rodriguez.do')).toBeInTheDocument();
    expect(
      llamadas
        .filter((l) => l.url.pathname === `/api/notas-de-credito/correo/${nota._id}`)
        .map((l) => l.cuerpo),
    ).toEqual([{ correo: 'compras@rodriguez.do' }]);
  });
});
