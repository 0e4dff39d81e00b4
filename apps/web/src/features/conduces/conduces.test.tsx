import { Notifications } from '@mantine/notifications';
import { MENSAJE_CONDUCE_FACTURADO, MENSAJE_CONDUCE_SIN_LINEAS } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConRutas } from '../../testing/render.tsx';
import { MENSAJE_DE_DUPLICIDAD, TITULO_DE_DUPLICIDAD } from '../../ui/duplicidad.tsx';
import { ID_ALMACEN_PRINCIPAL, idDe } from '../facturas/datosDePrueba.ts';
import { facturasDePrueba, type Llamada } from '../facturas/servidorDePrueba.ts';
import ConducePage from './ConducePage.tsx';
import ConducesPage from './ConducesPage.tsx';
import { conduceDePrueba, servidorDeConduces } from './datosDePrueba.ts';
import { LISTA_DE_CONDUCES, NUEVO_CONDUCE, NUEVO_CONDUCE_POST_FACTURA, VISTA_CONDUCE } from './rutas.ts';
import VistaConducePage from './VistaConducePage.tsx';

function renderizar(inicio: string) {
  const conAvisos = (pagina: React.ReactNode) => (
    <>
      <Notifications />
      {pagina}
    </>
  );
  return renderConRutas(
    [
      { path: NUEVO_CONDUCE, element: conAvisos(<ConducePage />) },
      { path: NUEVO_CONDUCE_POST_FACTURA, element: conAvisos(<ConducePage />) },
      { path: LISTA_DE_CONDUCES, element: <ConducesPage /> },
      { path: VISTA_CONDUCE, element: <VistaConducePage /> },
    ],
    inicio,
  );
}

const buscador = () => screen.getByLabelText(/Escanear o buscar producto/);
const creaciones = (llamadas: Llamada[]) =>
  llamadas.filter((l) => l.url.pathname === '/api/conduce/' && l.metodo === 'POST');
type Cuerpo = [Record<string, unknown>, Array<Record<string, unknown>>];

// facturasDePrueba(30)[0]: B0200000001, active, with the three demo lines (2 Arroz, 1 Aceite, 1 Huevos).
const FACTURA = facturasDePrueba(1)[0];

async function elegirFacturaDePrueba(usuario: ReturnType<typeof userEvent.setup>) {
  // The dropdown opens with the latest invoices (POST /factura/lista-de-facturas); typing would search.
  await usuario.click(screen.getByLabelText('Factura', { selector: 'input' }));
  await usuario.click(await screen.findByRole('option', { name: /^B0200000001 · / }, { timeout: 4000 }));
  return screen.findByLabelText('Cantidad de Arroz Selecto 5 lb', {}, { timeout: 4000 });
}

describe('conduces', { timeout: 40_000 }, () => {
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

  it('«Nuevo conduce» asks Pre-Factura or Post-Factura; a pre-invoice one warns about stock and sends its kind and identificadorUnico in the header', async () => {
    const llamadas = servidorDeConduces();
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(LISTA_DE_CONDUCES);
    await usuario.click(await screen.findByRole('button', { name: 'Nuevo conduce' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Nuevo conduce' });
    expect(within(dialogo).getByRole('button', { name: 'Post-Factura' })).toBeInTheDocument();
    await usuario.click(within(dialogo).getByRole('button', { name: 'Pre-Factura' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(NUEVO_CONDUCE));

    expect(await screen.findByText(/la mercancía sale de la existencia del almacén/)).toBeInTheDocument();
    await usuario.click(await screen.findByRole('button', { name: 'Guardar conduce' }));
    expect(await screen.findByText(MENSAJE_CONDUCE_SIN_LINEAS)).toBeInTheDocument();

    await usuario.type(screen.getByLabelText('Cliente', { selector: 'input' }), 'Rodr');
    await usuario.click(await screen.findByRole('option', { name: /Comercial Rodríguez SRL/ }));
    await waitFor(() => expect(buscador()).toBeEnabled());
    await usuario.type(buscador(), '7460000000000{Enter}');
    const cantidad = await screen.findByLabelText('Cantidad de Arroz Selecto 5 lb');
    await usuario.clear(cantidad);
    await usuario.type(cantidad, '3');
    // 3 × 245 with ITBIS, computed by the domain as the server will.
    expect(within(screen.getByTestId('totales-conduce')).getByText('RD$735.00')).toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: 'Guardar conduce' }));
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    const cuerpo = creaciones(llamadas)[0]?.cuerpo as Cuerpo;
    // Spec 001 §7: [header, lines]; identificadorUnico travels in the header.
    expect(cuerpo).toHaveLength(2);
    const [cabecera, lineas] = cuerpo;
    expect(cabecera).toMatchObject({
      tipo: 'preFactura',
      idCliente: idDe(40),
      almacenActual: ID_ALMACEN_PRINCIPAL,
    });
    expect(cabecera.identificadorUnico).toMatch(/^[0-9a-f-]{36}$/);
    expect(cabecera).not.toHaveProperty('idFactura');
    expect(lineas).toEqual([expect.objectContaining({ cantidad: 3, paquete: false })]);
    await waitFor(() => expect(router.state.location.pathname).toBe(VISTA_CONDUCE));
    expect(router.state.location.search).toBe(`?id=${conduceDePrueba()._id}`);
  });

  it("a post-invoice conduce proposes the chosen invoice's lines, sends the lowered quantities at the invoice's price, and shows the server's refusal by the lines", async () => {
    const rechazo =
      'Los conduces de la factura B0200000001 entregarían 3 de «Arroz Selecto 5 lb» y la factura vendió 2.';
    const llamadas = servidorDeConduces({ rechazo });
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVO_CONDUCE_POST_FACTURA);
    expect(await screen.findByText(/sin mover existencia/)).toBeInTheDocument();
    // No finder: the lines come from the invoice.
    expect(screen.queryByLabelText(/Escanear o buscar producto/)).not.toBeInTheDocument();
    expect(screen.getByText(/Elige la factura que se entrega/)).toBeInTheDocument();

    const arroz = await elegirFacturaDePrueba(usuario);
    expect(arroz).toHaveValue('2');
    expect(screen.getByText(/facturado: 2/)).toBeInTheDocument();
    expect(screen.getByLabelText('Precio de Arroz Selecto 5 lb')).toHaveAttribute('readonly');
    await usuario.clear(arroz);
    await usuario.type(arroz, '1');
    await usuario.click(screen.getByRole('button', { name: 'Quitar Huevos blancos (cartón 30)' }));

    await usuario.click(screen.getByRole('button', { name: 'Guardar conduce' }));
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    const cuerpo = creaciones(llamadas)[0]?.cuerpo as Cuerpo;
    const [cabecera, lineas] = cuerpo;
    expect(cabecera).toMatchObject({
      tipo: 'postFactura',
      idFactura: FACTURA?._id,
      idCliente: FACTURA?.idCliente,
      nombre: FACTURA?.nombre,
    });
    expect(lineas.map((l) => [l.descripcion, l.cantidad, l.precio, l.descuento])).toEqual([
      ['Arroz Selecto 5 lb', 1, 207.627118644068, 0],
      ['Aceite de soya Crisol 1 galón', 1, 550.847457627119, 0.1],
    ]);
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContainEqual(
        expect.stringContaining(rechazo),
      ),
    );
  });

  it("shows 'Protección de duplicidad' when the server answers solicitudDuplicada", async () => {
    servidorDeConduces({ duplicada: true });
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVO_CONDUCE_POST_FACTURA);
    await elegirFacturaDePrueba(usuario);
    await usuario.click(screen.getByRole('button', { name: 'Guardar conduce' }));
    const dialogo = await screen.findByRole('dialog', { name: TITULO_DE_DUPLICIDAD });
    expect(dialogo).toHaveTextContent(MENSAJE_DE_DUPLICIDAD);
    expect(screen.queryByText('Conduce guardado.')).not.toBeInTheDocument();
  });

  it('lists conduces with their kind, invoice number, withdrawn total and state', async () => {
    const facturado = conduceDePrueba({
      _id: idDe(751),
      comprobante: 'CON00000005',
      tipo: 'postFactura',
      idFactura: FACTURA?._id ?? null,
      totalGraltemRetirados: 590,
    });
    const llamadas = servidorDeConduces({ conduces: [conduceDePrueba(), facturado] });
    renderizar(LISTA_DE_CONDUCES);
    const fila = (await screen.findByText('CON00000004', {}, { timeout: 4000 })).closest('tr') as HTMLElement;
    expect(within(fila).getByText('Pre-Factura')).toBeInTheDocument();
    expect(within(fila).getByText('RD$1,180.00')).toBeInTheDocument();
    expect(within(fila).getByText('Activo')).toBeInTheDocument();
    const otra = screen.getByText('CON00000005').closest('tr') as HTMLElement;
    expect(within(otra).getByText('Post-Factura')).toBeInTheDocument();
    expect(await within(otra).findByText('B0200000001')).toBeInTheDocument();
    expect(within(otra).getByText('RD$590.00')).toBeInTheDocument();
    expect(llamadas.find((l) => l.url.pathname === '/api/conduce/todos')?.cuerpo).toMatchObject({
      page: 1,
      buscarPorEstado: false,
    });
  });

  it('an invoiced conduce (totalGraltemRetirados > 0) says so and offers neither edit nor cancel', async () => {
    const facturado = conduceDePrueba({ totalGraltemRetirados: 590 });
    servidorDeConduces({ conduces: [facturado] });
    renderizar(`${VISTA_CONDUCE}?id=${facturado._id}`);
    expect(await screen.findByRole('heading', { name: 'Conduce CON00000004' })).toBeInTheDocument();
    expect(screen.getByText(/Este conduce ya fue facturado \(RD\$590\.00 retirados\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Más acciones' })).not.toBeInTheDocument();
    // The server's own refusal (spec 001 §8) is the same rule; the screen only avoids offering it.
    expect(MENSAJE_CONDUCE_FACTURADO).toMatch(/^Solicitud de anulación denegada/);
  });

  it('an active conduce without invoiced lines can be edited and cancelled', async () => {
    servidorDeConduces();
    renderizar(`${VISTA_CONDUCE}?id=${conduceDePrueba()._id}`);
    expect(await screen.findByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Más acciones' })).toBeInTheDocument();
    expect(screen.getByText('Pre-Factura (sacó la mercancía del almacén)')).toBeInTheDocument();
  });
});
