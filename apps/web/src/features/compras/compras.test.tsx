import { Notifications } from '@mantine/notifications';
import {
  MENSAJE_COMPRA_CON_PAGOS_ELIMINAR,
  MENSAJE_COMPRA_CON_PAGOS_MODIFICAR,
  MENSAJE_NCF_OBLIGATORIO,
  MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE,
} from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { perfilDePrueba, renderConRutas, todosLosPrivilegios } from '../../testing/render.tsx';
import { MENSAJE_DE_DUPLICIDAD, TITULO_DE_DUPLICIDAD } from '../../ui/duplicidad.tsx';
import { idDe } from '../facturas/datosDePrueba.ts';
import CompraPage from './CompraPage.tsx';
import ComprasPage from './ComprasPage.tsx';
import {
  CODIGO_BLOQUEADO,
  compraDePrueba,
  detalleDeCompra,
  ID_ALMACEN_PRINCIPAL,
  ID_B11,
  ID_ORDEN,
  ID_PROVEEDOR,
  ID_RETENCION_ISR,
  MENSAJE_BLOQUEADO,
  proveedorDePrueba,
  servidorDeCompras,
} from './datosDePrueba.ts';
import { EDITAR_COMPRA, LISTA_DE_COMPRAS, NUEVA_COMPRA, rutaDeComprarOrden, VISTA_COMPRA } from './rutas.ts';
import VistaCompraPage, { MENSAJE_NO_SE_ELIMINO_LA_COMPRA } from './VistaCompraPage.tsx';

function renderizar(inicio: string) {
  return renderConRutas(
    [
      ...[NUEVA_COMPRA, EDITAR_COMPRA].map((path) => ({
        path,
        element: (
          <>
            <Notifications />
            <CompraPage />
          </>
        ),
      })),
      { path: LISTA_DE_COMPRAS, element: <ComprasPage /> },
      {
        path: VISTA_COMPRA,
        element: (
          <>
            <Notifications />
            <VistaCompraPage />
          </>
        ),
      },
      { path: '/recibos_egresos/nuevo_recibo_egreso/', element: <p>Nuevo recibo de egreso</p> },
    ],
    inicio,
  );
}

type Llamada = { metodo: string; url: URL; cuerpo: unknown };
const buscador = () => screen.getByLabelText(/Escanear o buscar producto/);
const creaciones = (llamadas: Llamada[]) =>
  llamadas.filter((l) => l.url.pathname === '/api/compras-proveedores/' && l.metodo === 'POST');
const guardar = () => screen.getByRole('button', { name: 'Guardar compra' });

async function elegirProveedor(usuario: ReturnType<typeof userEvent.setup>, llamadas: Llamada[]) {
  await usuario.type(screen.getByLabelText('Proveedor', { selector: 'input' }), 'Cibao');
  // The search is debounced: the option to click is the one the search for «Cibao» found.
  await waitFor(() =>
    expect(
      llamadas.some(
        (l) =>
          l.url.pathname === '/api/cliente/contactos' && (l.cuerpo as { input?: string }).input === 'Cibao',
      ),
    ).toBe(true),
  );
  await usuario.click(await screen.findByRole('option', { name: /Distribuidora del Cibao SRL/ }));
  await waitFor(() =>
    expect((screen.getByLabelText('Proveedor', { selector: 'input' }) as HTMLInputElement).value).toMatch(
      /^Distribuidora del Cibao SRL · /,
    ),
  );
}

describe('compras', { timeout: 120_000 }, () => {
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

  it('checks the supplier NCF before sending, then sends [purchase, lines, withholdings, orders, total, id] on credit with ISR withheld', async () => {
    const llamadas = servidorDeCompras();
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(NUEVA_COMPRA);
    await elegirProveedor(usuario, llamadas);
    // A valid RNC brings no warning (the check-digit case is its own test).
    expect(screen.queryByText(/dígito verificador/)).not.toBeInTheDocument();
    await waitFor(() => expect(buscador()).toBeEnabled());
    // Products come at cost through agregar-producto-compras (not the sale's agregarproducto).
    await usuario.type(buscador(), '7460000000000{Enter}');
    const cantidad = await screen.findByLabelText('Cantidad de Arroz Selecto 5 lb');
    expect(screen.getByLabelText('Costo de Arroz Selecto 5 lb')).toBeInTheDocument();
    await usuario.clear(cantidad);
    await usuario.type(cantidad, '4');
    expect(llamadas.some((l) => l.url.pathname === '/api/registro-productos/agregar-producto-compras')).toBe(
      true,
    );
    expect(llamadas.some((l) => l.url.pathname === '/api/registro-productos/agregarproducto')).toBe(false);

    // Without an NCF, or with a malformed one, nothing is sent (fiscal-do.md §1.1).
    await usuario.click(guardar());
    expect(await screen.findByText(MENSAJE_NCF_OBLIGATORIO)).toBeInTheDocument();
    await usuario.type(screen.getByLabelText('NCF del proveedor'), 'B01000045');
    await usuario.click(guardar());
    expect(await screen.findByText(/El NCF debe tener 11 caracteres/)).toBeInTheDocument();
    // A buyer-issued type is not the supplier's.
    await usuario.clear(screen.getByLabelText('NCF del proveedor'));
    await usuario.type(screen.getByLabelText('NCF del proveedor'), 'B1100000045');
    await usuario.click(guardar());
    expect(await screen.findByText(/lo emite la empresa compradora/)).toBeInTheDocument();
    expect(creaciones(llamadas)).toHaveLength(0);
    await usuario.clear(screen.getByLabelText('NCF del proveedor'));
    await usuario.type(screen.getByLabelText('NCF del proveedor'), 'b01-0000-0045');

    // 30 days of credit: due date shown, nothing paid at once.
    const plazo = screen.getByLabelText('Plazo de pago (días)');
    await usuario.clear(plazo);
    await usuario.type(plazo, '30');
    expect(await screen.findByText(/^Vence el \d{2}\/\d{2}\/\d{4}$/)).toBeInTheDocument();
    await usuario.click(screen.getByLabelText('Retenciones', { selector: 'input' }));
    await usuario.click(await screen.findByRole('option', { name: 'ISR 10 % (10 %)' }));
    const totales = within(screen.getByTestId('totales-compra'));
    // 4 × 245 = 980 with ITBIS (830.51 before tax); ISR 10 % of the subtotal = 83.05; to pay 896.95.
    expect(totales.getByText('RD$980.00')).toBeInTheDocument();
    expect(totales.getByText('-RD$83.05')).toBeInTheDocument();
    expect(totales.getAllByText('RD$896.95').length).toBeGreaterThan(0);

    await usuario.click(guardar());
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    const cuerpo = creaciones(llamadas)[0]?.cuerpo as unknown[];
    expect(cuerpo).toHaveLength(6);
    const [compra, lineas, retenciones, ordenes, total, identificadorUnico] = cuerpo as [
      Record<string, unknown>,
      Array<Record<string, unknown>>,
      unknown,
      unknown,
      unknown,
      string,
    ];
    expect(compra).toMatchObject({
      idProveedor: ID_PROVEEDOR,
      ncf: 'B0100000045',
      plazoPagos: 30,
      efectivoRecibido: 0,
      metodoDePago: 'Efectivo',
      tiposBienesServicios: '09',
      itbisAlCosto: false,
      almacenActual: ID_ALMACEN_PRINCIPAL,
    });
    expect(lineas).toHaveLength(1);
    expect(lineas[0]).toMatchObject({ cantidad: 4, descuento: 0 });
    expect(retenciones).toEqual([{ idRetencionSeleccionada: ID_RETENCION_ISR }]);
    expect(ordenes).toEqual([]);
    expect(total).toBe(980);
    expect(identificadorUnico).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(router.state.location.pathname).toBe(VISTA_COMPRA));
    expect(router.state.location.search).toBe(`?id=${compraDePrueba()._id}`);
  });

  it('an informal supplier takes our B11 numbering instead of an NCF; a cash purchase is paid in full', async () => {
    const llamadas = servidorDeCompras();
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVA_COMPRA);
    await elegirProveedor(usuario, llamadas);
    await waitFor(() => expect(buscador()).toBeEnabled());
    await usuario.type(buscador(), '7460000000002{Enter}');
    await screen.findByLabelText('Cantidad de Huevos blancos (cartón 30)');
    await usuario.click(screen.getByRole('radio', { name: 'Proveedor informal (B11)' }));
    expect(screen.queryByLabelText('NCF del proveedor')).not.toBeInTheDocument();
    await usuario.click(guardar());
    expect(await screen.findByText(/Elige la numeración B11/)).toBeInTheDocument();
    await usuario.click(screen.getByLabelText('Numeración B11 de la empresa', { selector: 'input' }));
    await usuario.click(await screen.findByRole('option', { name: /B1100000007/ }));
    await usuario.click(guardar());
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    const [compra] = (creaciones(llamadas)[0]?.cuerpo ?? []) as [Record<string, unknown>];
    expect(compra).toMatchObject({ idNumeracion: ID_B11, ncf: '', plazoPagos: 0, efectivoRecibido: 285 });
  });

  it('refuses a product blocked by inventory with the server message', async () => {
    servidorDeCompras();
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVA_COMPRA);
    await waitFor(() => expect(buscador()).toBeEnabled());
    await usuario.type(buscador(), `${CODIGO_BLOQUEADO}{Enter}`);
    expect(await screen.findByText(MENSAJE_BLOQUEADO)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Cantidad de/)).not.toBeInTheDocument();
  });

  it('warns (without blocking) when the supplier RNC check digit fails', async () => {
    const llamadas = servidorDeCompras({ contactos: [proveedorDePrueba({ rnc: '101000002' })] });
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVA_COMPRA);
    await elegirProveedor(usuario, llamadas);
    expect(
      await screen.findByText(/El dígito verificador del RNC no coincide/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('receives a purchase order: ?orden= brings supplier and lines; the same order twice is refused; removing it removes its lines', async () => {
    const llamadas = servidorDeCompras();
    const usuario = userEvent.setup({ delay: null });
    renderizar(rutaDeComprarOrden(ID_ORDEN));
    expect(await screen.findByLabelText('Cantidad de Arroz Selecto 5 lb')).toHaveValue('10');
    expect(screen.getByLabelText('Proveedor', { selector: 'input' })).toHaveValue(
      'Distribuidora del Cibao SRL · 101000007',
    );
    const vinculadas = screen.getByRole('list', { name: 'Órdenes de compra vinculadas' });
    expect(within(vinculadas).getByText('OC00000003')).toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: 'Agregar orden de compra' }));
    await usuario.click(await screen.findByRole('button', { name: 'Agregar la orden OC00000003' }));
    expect(await screen.findByText(MENSAJE_ORDEN_DE_COMPRA_YA_EXISTE)).toBeInTheDocument();
    expect(screen.getAllByLabelText('Cantidad de Arroz Selecto 5 lb')).toHaveLength(1);
    await usuario.keyboard('{Escape}');

    await usuario.type(screen.getByLabelText('NCF del proveedor'), 'B0100000046');
    await usuario.click(guardar());
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    const cuerpo = creaciones(llamadas)[0]?.cuerpo as [
      Record<string, unknown>,
      Array<Record<string, unknown>>,
      unknown,
      unknown,
    ];
    expect(cuerpo[3]).toEqual([ID_ORDEN]);
    // The order's line is a new purchase line (no id of the order's line), at the order's cost.
    expect(cuerpo[1][0]).toMatchObject({ cantidad: 10, precio: 200 });
    expect(cuerpo[1][0]?._id).toBeUndefined();
  });

  it('removing the linked order removes the lines it brought', async () => {
    servidorDeCompras();
    const usuario = userEvent.setup({ delay: null });
    renderizar(rutaDeComprarOrden(ID_ORDEN));
    await screen.findByLabelText('Cantidad de Arroz Selecto 5 lb');
    await usuario.click(screen.getByRole('button', { name: 'Quitar la orden OC00000003' }));
    await waitFor(() =>
      expect(screen.queryByLabelText('Cantidad de Arroz Selecto 5 lb')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('list', { name: 'Órdenes de compra vinculadas' })).not.toBeInTheDocument();
  });

  it("shows 'Protección de duplicidad' when the server answers solicitudDuplicada", async () => {
    const llamadas = servidorDeCompras({ duplicada: true });
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVA_COMPRA);
    await elegirProveedor(usuario, llamadas);
    await waitFor(() => expect(buscador()).toBeEnabled());
    await usuario.type(buscador(), '7460000000000{Enter}');
    await screen.findByLabelText('Cantidad de Arroz Selecto 5 lb');
    await usuario.type(screen.getByLabelText('NCF del proveedor'), 'B0100000045');
    await usuario.click(guardar());
    const dialogo = await screen.findByRole('dialog', { name: TITULO_DE_DUPLICIDAD });
    expect(dialogo).toHaveTextContent(MENSAJE_DE_DUPLICIDAD);
  });

  it("a failed update says 'Por algun motivo no se actualizo la fatura' with the server's reason", async () => {
    const compra = compraDePrueba();
    const detalle = detalleDeCompra(compra);
    detalle.lineasCompraDb = [
      {
        _id: idDe(760),
        idCompra: compra._id,
        orden: 0,
        idProducto: idDe(300),
        idCodigoDeBarra: '7460000000000',
        descripcion: 'Arroz Selecto 5 lb',
        nota: '',
        cantidad: 4,
        precio: '250',
        descuento: 0,
        descuentoParaSocios: 0,
        impuestos: [{ name: 'Itbis 18%', tipoDeImpuesto: 'itbis', tasa: 0.18 }],
        paquete: false,
        variantes: [],
        importe: 1000,
        montoDescuento: 0,
        subtotal: 1000,
        totalImpuestos: 180,
        total: 1180,
      },
    ];
    servidorDeCompras({ compras: [compra], detalle, errorAlActualizar: MENSAJE_COMPRA_CON_PAGOS_MODIFICAR });
    const usuario = userEvent.setup({ delay: null });
    renderizar(`${EDITAR_COMPRA}?id=${compra._id}`);
    expect(await screen.findByLabelText('NCF del proveedor')).toHaveValue('B0100000045');
    await usuario.click(guardar());
    // A notification: it can take more than findBy's default second on a loaded machine.
    expect(
      await screen.findByText('Por algun motivo no se actualizo la fatura', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(MENSAJE_COMPRA_CON_PAGOS_MODIFICAR)).toBeInTheDocument();
  });

  it('lists 14 a page with the payment status of the domain rule', async () => {
    const llamadas = servidorDeCompras({
      compras: [
        compraDePrueba({ _id: idDe(751), comprobante: 'CMP00000001', cobrado: 1180, pendiente: 0 }),
        compraDePrueba({ _id: idDe(752), comprobante: 'CMP00000002', cobrado: 590, pendiente: 590 }),
        compraDePrueba({ _id: idDe(753), comprobante: 'CMP00000003', cobrado: 0, pendiente: 1180 }),
      ],
    });
    renderizar(LISTA_DE_COMPRAS);
    const fila = async (numero: string) => (await screen.findByText(numero)).closest('tr') as HTMLElement;
    expect(within(await fila('CMP00000001')).getByText('Pagado')).toBeInTheDocument();
    expect(within(await fila('CMP00000002')).getByText('Por Pagar')).toBeInTheDocument();
    expect(within(await fila('CMP00000003')).getByText('Sin pagos')).toBeInTheDocument();
    const lista = llamadas.find((l) => l.url.pathname === '/api/compras-proveedores/lista-de-compras');
    expect(lista?.cuerpo).toMatchObject({ limit: 14, page: 1, buscarPorEstado: false });
  });

  it('the view pays the purchase on a new payment out, and a refused delete says why', async () => {
    const compra = compraDePrueba({ cobrado: 500, pendiente: 680 });
    servidorDeCompras({
      compras: [compra],
      errorAlEliminar: MENSAJE_COMPRA_CON_PAGOS_ELIMINAR,
      perfil: perfilDePrueba({
        _id: idDe(90),
        privilegios: todosLosPrivilegios(),
        anularYEliminarDocumentos: true,
      }),
    });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(`${VISTA_COMPRA}?id=${compra._id}`);
    expect(await screen.findByText('Por Pagar')).toBeInTheDocument();
    const totales = within(screen.getByTestId('totales-compra'));
    expect(totales.getByText('RD$680.00')).toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: 'Más acciones' }));
    await usuario.click(await screen.findByRole('menuitem', { name: 'Eliminar' }));
    await usuario.click(await screen.findByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText(
        new RegExp(`^${MENSAJE_NO_SE_ELIMINO_LA_COMPRA}: ${MENSAJE_COMPRA_CON_PAGOS_ELIMINAR}`),
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recibos_egresos/nuevo_recibo_egreso/'));
    expect(router.state.location.search).toBe(`?proveedor=${ID_PROVEEDOR}&compra=${compra._id}`);
  });
});
