import { Notifications } from '@mantine/notifications';
import { MENSAJE_COTIZACION_SIN_LINEAS } from '@pos/contract';
import { mensajeDescuentoInvalido } from '@pos/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { perfilDePrueba, renderConRutas, todosLosPrivilegios } from '../../testing/render.tsx';
import { MENSAJE_DE_DUPLICIDAD, TITULO_DE_DUPLICIDAD } from '../../ui/duplicidad.tsx';
import { ID_ALMACEN_PRINCIPAL, idDe } from '../facturas/datosDePrueba.ts';
import CotizacionesPage from './CotizacionesPage.tsx';
import CotizacionPage from './CotizacionPage.tsx';
import { cotizacionDePrueba, servidorDeCotizaciones } from './datosDePrueba.ts';
import { LISTA_DE_COTIZACIONES, NUEVA_COTIZACION, VISTA_COTIZACION } from './rutas.ts';

function renderizar(inicio: string) {
  return renderConRutas(
    [
      {
        path: NUEVA_COTIZACION,
        element: (
          <>
            <Notifications />
            <CotizacionPage />
          </>
        ),
      },
      { path: LISTA_DE_COTIZACIONES, element: <CotizacionesPage /> },
      { path: VISTA_COTIZACION, element: <p>Vista de la cotización</p> },
    ],
    inicio,
  );
}

const buscador = () => screen.getByLabelText(/Escanear o buscar producto/);
const creaciones = (llamadas: Array<{ metodo: string; url: URL; cuerpo: unknown }>) =>
  llamadas.filter((l) => l.url.pathname === '/api/cotizacion/' && l.metodo === 'POST');

describe('cotizaciones', { timeout: 40_000 }, () => {
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

  it('sends [header, lines, identificadorUnico] with the customer, list, dates and priced lines, then opens the view', async () => {
    const llamadas = servidorDeCotizaciones();
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(NUEVA_COTIZACION);
    // Without lines nothing is sent (spec 001 §5).
    await usuario.click(await screen.findByRole('button', { name: 'Guardar cotización' }));
    expect(await screen.findByText(MENSAJE_COTIZACION_SIN_LINEAS)).toBeInTheDocument();

    await usuario.type(screen.getByLabelText('Cliente', { selector: 'input' }), 'Rodr');
    await usuario.click(await screen.findByRole('option', { name: /Comercial Rodríguez SRL/ }));
    await waitFor(() => expect(buscador()).toBeEnabled());
    await usuario.type(buscador(), '7460000000000{Enter}');
    const cantidad = await screen.findByLabelText('Cantidad de Arroz Selecto 5 lb');
    await usuario.clear(cantidad);
    await usuario.type(cantidad, '3');
    const descuento = screen.getByLabelText('Descuento de Arroz Selecto 5 lb');
    await usuario.clear(descuento);
    await usuario.type(descuento, '5');
    await usuario.type(screen.getByLabelText('Nota al pie de la cotización'), 'Entrega en 3 días');
    // 3 × 245 − 5 % = 698.25 with ITBIS, computed by the domain as the server will.
    expect(within(screen.getByTestId('totales-cotizacion')).getByText('RD$698.25')).toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: 'Guardar cotización' }));
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    const cuerpo = creaciones(llamadas)[0]?.cuerpo as [
      Record<string, unknown>,
      Array<Record<string, unknown>>,
      string,
    ];
    expect(cuerpo).toHaveLength(3);
    const [cabecera, lineas, identificadorUnico] = cuerpo;
    expect(identificadorUnico).toMatch(/^[0-9a-f-]{36}$/);
    expect(cabecera).toMatchObject({
      idCliente: idDe(40),
      idListaDePrecio: idDe(900),
      almacenActual: ID_ALMACEN_PRINCIPAL,
      vencimiento: null,
      notaPieDePagina: 'Entrega en 3 días',
    });
    expect(cabecera.fechaEmision).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lineas).toHaveLength(1);
    expect(lineas[0]).toMatchObject({ cantidad: 3, descuento: 0.05, paquete: false });
    expect(typeof lineas[0]?.precio).toBe('number');
    await waitFor(() => expect(router.state.location.pathname).toBe(VISTA_COTIZACION));
    expect(router.state.location.search).toBe(`?id=${cotizacionDePrueba()._id}`);
  });

  it("shows 'Protección de duplicidad' when the server answers solicitudDuplicada", async () => {
    servidorDeCotizaciones({ duplicada: true });
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVA_COTIZACION);
    await waitFor(() => expect(buscador()).toBeEnabled());
    await usuario.type(buscador(), '7460000000000{Enter}');
    await screen.findByLabelText('Cantidad de Arroz Selecto 5 lb');
    await usuario.click(screen.getByRole('button', { name: 'Guardar cotización' }));
    const dialogo = await screen.findByRole('dialog', { name: TITULO_DE_DUPLICIDAD });
    expect(dialogo).toHaveTextContent(MENSAJE_DE_DUPLICIDAD);
    expect(screen.queryByText('Cotización guardada.')).not.toBeInTheDocument();
  });

  it("refuses a line discount over the user's limit next to the field and does not send", async () => {
    const llamadas = servidorDeCotizaciones({
      perfil: perfilDePrueba({ _id: idDe(90), privilegios: todosLosPrivilegios(), limiteDescuento: 5 }),
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVA_COTIZACION);
    await waitFor(() => expect(buscador()).toBeEnabled());
    await usuario.type(buscador(), '7460000000000{Enter}');
    const descuento = await screen.findByLabelText('Descuento de Arroz Selecto 5 lb');
    await usuario.clear(descuento);
    await usuario.type(descuento, '6');
    await usuario.tab();
    await waitFor(() => expect(descuento).toHaveAttribute('aria-invalid', 'true'));
    const descrito = (descuento.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .join(' ');
    expect(descrito).toContain(mensajeDescuentoInvalido(5));
    await usuario.click(screen.getByRole('button', { name: 'Guardar cotización' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContainEqual(
        expect.stringContaining(mensajeDescuentoInvalido(5)),
      ),
    );
    expect(creaciones(llamadas)).toHaveLength(0);
  });

  it('lists quotations with number, customer, total and state; the audit view asks buscarPorEstado', async () => {
    const llamadas = servidorDeCotizaciones({
      cotizaciones: [
        cotizacionDePrueba(),
        cotizacionDePrueba({
          _id: idDe(701),
          comprobante: 'COT00000008',
          nombre: 'Ferretería El Martillo',
          totalGral: 2360.5,
          estado: 'Por-Anular',
          autorizacion: 'Pendiente',
        }),
      ],
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar(LISTA_DE_COTIZACIONES);
    const fila = (await screen.findByText('COT00000007', {}, { timeout: 4000 })).closest('tr') as HTMLElement;
    expect(within(fila).getByText('Comercial Rodríguez SRL')).toBeInTheDocument();
    expect(within(fila).getByText('RD$1,180.00')).toBeInTheDocument();
    expect(within(fila).getByText('Activa')).toBeInTheDocument();
    const otra = screen.getByText('COT00000008').closest('tr') as HTMLElement;
    expect(within(otra).getByText('RD$2,360.50')).toBeInTheDocument();
    expect(within(otra).getByText('Por anular')).toBeInTheDocument();
    const listas = () => llamadas.filter((l) => l.url.pathname === '/api/cotizacion/todas');
    expect(listas()[0]?.cuerpo).toMatchObject({ page: 1, limit: 25, buscarPorEstado: false });

    await usuario.click(screen.getByText('Anuladas y por anular'));
    await waitFor(() =>
      expect(listas().some((l) => (l.cuerpo as { buscarPorEstado: boolean }).buscarPorEstado)).toBe(true),
    );
  });
});
