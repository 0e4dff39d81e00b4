import { Notifications } from '@mantine/notifications';
import {
  type FacturaCreada,
  MENSAJE_TURNO_CERRADO,
  MENSAJE_TURNO_CERRADO_DETALLE,
  type Turno,
} from '@pos/contract';
import { aCentavos, calcularTotales, formatearDinero, MENSAJE_LIMITE_DE_PESTANAS } from '@pos/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { instalarAtajos } from '../../app/atajos.ts';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { DisenoPos } from '../../layouts/DisenoPos.tsx';
import { perfilDePrueba, renderConRutas, todosLosPrivilegios } from '../../testing/render.tsx';
import { claveDeBorradores, olvidarBorradores } from './almacen.ts';
import {
  ACEITE,
  facturaCreada,
  ID_ALMACEN,
  ID_TERMINAL,
  ID_TURNO,
  ID_USUARIO,
  productoAgregado,
  turnoDePrueba,
} from './datosDePrueba.ts';
import FacturacionPage, { precargarDialogos } from './FacturacionPage.tsx';
import { DETALLES_TURNOS, FACTURACION_POS } from './rutas.ts';

type Llamada = { metodo: string; url: URL; cuerpo: unknown };

function json(cuerpo: unknown, status = 200): Response {
  return new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });
}

const PRODUCTOS: Record<string, Parameters<typeof productoAgregado>[0]> = {
  '7460000000017': { paqueteIncluido: true, precioPorPaqueteConImpuesto: 2800, cantidadPorPaquete: 12 },
  [ACEITE.idCodigoDeBarra]: ACEITE,
  '7460000000031': {
    _id: 'ffffffff-0000-4000-8000-000000000003',
    nombre: 'Leche entera',
    idCodigoDeBarra: '7460000000031',
    notificacionExistencia: 1,
  },
};

/**
 * The POS calls answered from memory; `crear` answers POST /factura/crear (one answer per call);
 * `esperaDelEscaneo` holds every agregarproducto answer until it resolves.
 */
function servidorFalso(
  opciones: { turno?: Turno | null; crear?: Array<() => Response>; esperaDelEscaneo?: Promise<void> } = {},
): Llamada[] {
  const llamadas: Llamada[] = [];
  const respuestasDeCrear = [...(opciones.crear ?? [])];
  const turno = opciones.turno === undefined ? turnoDePrueba() : opciones.turno;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const metodo = init?.method ?? 'GET';
      const cuerpo: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      llamadas.push({ metodo, url, cuerpo });
      const ruta = url.pathname;
      if (ruta === '/api/profile') {
        return json(
          perfilDePrueba({ _id: ID_USUARIO, privilegios: todosLosPrivilegios(), limiteDescuento: 20 }),
        );
      }
      if (ruta === `/api/turno/actual/${ID_USUARIO}`) {
        return json({ turnoEnCurso: turno, estadoDelTurno: turno !== null });
      }
      if (ruta === `/api/terminales/${ID_TERMINAL}`) {
        return json({
          _id: ID_TERMINAL,
          identificadorUnico: 'terminal-1-xxxx',
          nombre: 'Caja 1',
          descripcion: '',
          numeracionFacturas: null,
          numeracionDevoluciones: null,
          numeracionReciboDeCaja: null,
          almacenPorDefecto: ID_ALMACEN,
          usuariosViculados: [],
          cuentaDeTransferencias: null,
          cuentaDeTarjetaDeCredito: null,
          cuentaDeTarjetaDeDebitos: null,
          bancoInicioDeTurno: null,
          bancoCierreDeTurno: null,
          predeterminado: true,
          cuentaPagoAnticiposClientes: null,
          cajaDefectvoIdRef: null,
          cuentaContableBanco: null,
        });
      }
      if (ruta === '/api/almacen/principal') {
        return json({
          _id: ID_ALMACEN,
          identificadorUnico: 'alm-1-xxxxxxxx',
          nombre: 'Almacén Principal',
          numeroAlmacen: 1,
          estado: 'Activo',
          autorizacion: null,
          notaAnular: '',
        });
      }
      if (ruta === '/api/listas-precio/' || ruta === '/api/categorias-productos/') {
        return json({ res: [], totalRows: 0 });
      }
      if (ruta === '/api/registro-productos/agregarproducto') {
        await opciones.esperaDelEscaneo;
        const { idCodigoDeBarra, agregarComoPaquete } = cuerpo as {
          idCodigoDeBarra: string;
          agregarComoPaquete?: boolean;
        };
        // A code, or a product _id (the list modal and F7 send the id).
        const producto =
          PRODUCTOS[idCodigoDeBarra] ??
          Object.values(PRODUCTOS).find((p) => (p?._id ?? productoAgregado()._id) === idCodigoDeBarra);
        if (producto && agregarComoPaquete && !producto.paqueteIncluido) {
          return json(
            {
              statusCode: 409,
              error: 'Conflict',
              message: 'Este producto no tiene el modo de empaque configurado.',
            },
            409,
          );
        }
        if (producto) {
          return json(productoAgregado({ ...producto, paquete: agregarComoPaquete ?? false }));
        }
        return json(
          {
            statusCode: 404,
            error: 'Not Found',
            message: 'Producto no disponible en el almacén seleccionado.',
          },
          404,
        );
      }
      if (ruta === '/api/factura/crear') {
        const siguiente = respuestasDeCrear.shift();
        return siguiente
          ? siguiente()
          : json({ statusCode: 500, error: 'Error', message: 'Sin respuesta' }, 500);
      }
      return json({ statusCode: 404, error: 'Not Found', message: `No existe ${metodo} ${ruta}` }, 404);
    }),
  );
  return llamadas;
}

function renderizar() {
  return renderConRutas(
    [
      {
        element: (
          <>
            <Notifications />
            <DisenoPos />
          </>
        ),
        children: [
          { path: FACTURACION_POS, element: <FacturacionPage /> },
          { path: DETALLES_TURNOS, element: <p>Pantalla de turnos</p> },
        ],
      },
    ],
    FACTURACION_POS,
  );
}

async function campoListo() {
  const campo = await screen.findByLabelText('Código de barras');
  // The shift and the terminal's warehouse are read before a code can be sent; then the field has the focus.
  await waitFor(() => expect(campo).toBeEnabled());
  await waitFor(() => expect(campo).toHaveFocus());
  return campo;
}

function agregados(llamadas: Llamada[]) {
  return llamadas.filter((l) => l.url.pathname.endsWith('/agregarproducto'));
}

function crearFactura(llamadas: Llamada[]) {
  return llamadas.filter((l) => l.url.pathname === '/api/factura/crear');
}

function guardado() {
  return JSON.parse(localStorage.getItem(claveDeBorradores(1, ID_USUARIO)) ?? 'null') as {
    pestanas: Array<{ identificadorUnico: string; lineas: unknown[] }>;
  };
}

describe('punto de venta: facturación', { timeout: 30_000 }, () => {
  let quitarAtajos: () => void;
  // The dialogs load on demand (once the POS is usable in the app): here their code is loaded before
  // the tests, so opening one does not wait for the test runner to compile it.
  beforeAll(() => precargarDialogos(), 60_000);
  beforeAll(() => {
    quitarAtajos = instalarAtajos();
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    }
  });
  afterAll(() => quitarAtajos());
  beforeEach(() => {
    olvidarBorradores();
    iniciarSesionLocal({ tenantId: 1, token: 'token-de-prueba' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('el escáner agrega una línea y el mismo código otra vez da cantidad 2', async () => {
    const llamadas = servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const campo = await campoListo();
    expect(campo).toHaveFocus();
    await usuario.type(campo, '7460000000017{Enter}');
    const tabla = await screen.findByRole('table', { name: 'Artículos de la venta' });
    await within(tabla).findByText('Arroz Selecto 5 lb');
    await usuario.type(campo, '7460000000017{Enter}');
    await waitFor(() => expect(within(tabla).getAllByRole('row')).toHaveLength(2));
    const fila = within(tabla).getByText('Arroz Selecto 5 lb').closest('tr') as HTMLElement;
    await waitFor(() => expect(within(fila).getByText('2')).toBeInTheDocument());
    expect(agregados(llamadas).map((l) => l.cuerpo)).toEqual([
      expect.objectContaining({ idCodigoDeBarra: '7460000000017', Almacen: ID_ALMACEN }),
      expect.objectContaining({ idCodigoDeBarra: '7460000000017', Almacen: ID_ALMACEN }),
    ]);

    // A scan while the focus is elsewhere (fast keys and Enter) still adds the product.
    campo.blur();
    for (const tecla of [...ACEITE.idCodigoDeBarra, 'Enter']) {
      fireEvent.keyDown(document.body, { key: tecla });
    }
    await within(tabla).findByText(ACEITE.nombre);
    expect(campo).toHaveFocus();
    // The draft survives a reload: it is in localStorage.
    expect(guardado().pestanas[0]?.lineas).toHaveLength(2);
  });

  it('un código desconocido muestra «Lo siento» y un artículo por agotarse su aviso', async () => {
    servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const campo = await campoListo();
    await usuario.type(campo, '999{Enter}');
    expect(await screen.findByText('Lo siento')).toBeInTheDocument();
    expect(screen.getByText('Producto no disponible en el almacén seleccionado.')).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Aceptar' }));
    await usuario.type(campo, '7460000000031{Enter}');
    expect(await screen.findByText('Este artículo esta próximo a agotarse')).toBeInTheDocument();
  });

  it('la sexta pestaña de venta se rechaza con el mensaje del spec', async () => {
    servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await campoListo();
    const agregar = screen.getByRole('button', { name: 'Agregar pestaña de venta' });
    for (let i = 0; i < 4; i++) {
      await usuario.click(agregar);
    }
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Venta 1',
      'Venta 2',
      'Venta 3',
      'Venta 4',
      'Venta 5',
    ]);
    await usuario.click(agregar);
    const [titulo, texto] = MENSAJE_LIMITE_DE_PESTANAS.split(': ');
    expect(await screen.findByText(texto ?? '')).toBeInTheDocument();
    expect(screen.getByText(titulo ?? '')).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(5);
  });

  it('cerrar una pestaña vuelve a la Venta 1 después de 2000 ms', async () => {
    servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await campoListo();
    await usuario.click(screen.getByRole('button', { name: 'Agregar pestaña de venta' }));
    expect(screen.getByRole('tab', { name: 'Venta 2' })).toHaveAttribute('aria-selected', 'true');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar Venta 2' }));
    expect(await screen.findByText(/volviendo a Venta 1/)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Venta 2' })).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Venta 1' })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it('los totales son los del dominio', async () => {
    servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const campo = await campoListo();
    await usuario.type(campo, '7460000000017{Enter}');
    await usuario.type(campo, '7460000000017{Enter}');
    await usuario.type(campo, `${ACEITE.idCodigoDeBarra}{Enter}`);
    await screen.findByText(ACEITE.nombre);
    const lineas = [productoAgregado({ cantidad: 2 }).linea, productoAgregado(ACEITE).linea];
    const esperado = formatearDinero(calcularTotales(lineas).total);
    await waitFor(() => expect(screen.getByLabelText('Total de la venta')).toHaveTextContent(esperado));
    // 2 × 245 + 650: shelf prices are paid exactly.
    expect(esperado).toBe(formatearDinero(aCentavos(1140)));
  });

  it('cobrar en efectivo muestra el cambio y envía el cuerpo del contrato', async () => {
    const llamadas = servidorFalso({
      crear: [
        () =>
          json(
            facturaCreada([{ descripcion: 'Arroz', cantidad: 1, precio: '207.627118644068' }], {
              efectivoRecibido: 500,
              cambioDeDinero: 255,
            }),
          ),
      ],
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const campo = await campoListo();
    await usuario.type(campo, '7460000000017{Enter}');
    await screen.findByText('Arroz Selecto 5 lb');
    const identificador = guardado().pestanas[0]?.identificadorUnico;
    await usuario.keyboard('{F12}');
    const efectivo = await screen.findByLabelText(/Efectivo recibido/);
    await waitFor(() => expect(efectivo).toHaveFocus());
    await usuario.type(efectivo, '500');
    await waitFor(() =>
      expect(screen.getByLabelText('Cambio')).toHaveTextContent(formatearDinero(aCentavos(255))),
    );
    await usuario.keyboard('{Enter}');
    expect(await screen.findByText('Venta realizada')).toBeInTheDocument();
    const [envio] = crearFactura(llamadas);
    const cuerpo = envio?.cuerpo as unknown[];
    expect(cuerpo[0]).toMatchObject({
      identificadorUnico: identificador,
      metodoDePago: 'Efectivo',
      efectivoRecibido: 500,
      almacenActual: ID_ALMACEN,
      idTurnoRef: ID_TURNO,
      numeroBorradorPos: 1,
    });
    expect(cuerpo[1]).toEqual([
      expect.objectContaining({ descripcion: 'Arroz Selecto 5 lb', cantidad: 1, precio: '207.627118644068' }),
    ]);
    expect(cuerpo.slice(2)).toEqual([
      [],
      null,
      { desdePos: true, idTerminalRef: ID_TERMINAL, idUsuarioDelTurno: ID_USUARIO },
      [],
      ID_TERMINAL,
      'Efectivo',
      { total: 245, subtotal: 207.63, impuestos: 37.37 },
    ]);
    // The tab is clear for the next sale, with a new identificadorUnico; F1 closes the receipt.
    expect(guardado().pestanas[0]?.lineas).toEqual([]);
    expect(guardado().pestanas[0]?.identificadorUnico).not.toBe(identificador);
    await usuario.keyboard('{F1}');
    await waitFor(() => expect(screen.queryByText('Venta realizada')).not.toBeInTheDocument());
  });

  it('con el turno cerrado en el servidor va a detalles_turnos con el mensaje', async () => {
    servidorFalso({
      crear: [
        () =>
          json(
            { statusCode: 409, error: 'Conflict', message: MENSAJE_TURNO_CERRADO, estadoDelTurno: false },
            409,
          ),
      ],
    });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar();
    const campo = await campoListo();
    await usuario.type(campo, '7460000000017{Enter}');
    await screen.findByText('Arroz Selecto 5 lb');
    await usuario.keyboard('{F12}');
    await screen.findByLabelText(/Efectivo recibido/);
    await usuario.click(screen.getByRole('button', { name: /Cobrar RD\$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DETALLES_TURNOS));
    expect(await screen.findByText(MENSAJE_TURNO_CERRADO_DETALLE)).toBeInTheDocument();
    expect(screen.getByText(MENSAJE_TURNO_CERRADO)).toBeInTheDocument();
    expect(await screen.findByText('Pantalla de turnos')).toBeInTheDocument();
  });

  it('un reintento usa el mismo identificadorUnico y un duplicado abre «Protección de duplicidad»', async () => {
    const existente: FacturaCreada = facturaCreada(
      [{ descripcion: 'Arroz', cantidad: 1, precio: '207.627118644068' }],
      { solicitudDuplicada: true, comprobante: 'B0200000007', nombre: 'Juan Pérez' },
    );
    const llamadas = servidorFalso({
      crear: [
        () => json({ statusCode: 500, error: 'Error', message: 'La base de datos no respondió' }, 500),
        () => json(existente),
      ],
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const campo = await campoListo();
    await usuario.type(campo, '7460000000017{Enter}');
    await screen.findByText('Arroz Selecto 5 lb');
    await usuario.keyboard('{F12}');
    await screen.findByLabelText(/Efectivo recibido/);
    await usuario.keyboard('{Enter}');
    expect(await screen.findByText('No se guardo la factura')).toBeInTheDocument();
    expect(screen.getByText('La base de datos no respondió')).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Protección de duplicidad')).toBeInTheDocument();
    expect(screen.getByText('Este documento ya fue creado, por favor verifique')).toBeInTheDocument();
    expect(screen.getByText('B0200000007')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir la factura' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Nueva venta/ })).toBeInTheDocument();
    const [primero, segundo] = crearFactura(llamadas).map(
      (l) => (l.cuerpo as [{ identificadorUnico: string }])[0],
    );
    expect(segundo?.identificadorUnico).toBe(primero?.identificadorUnico);
    expect(guardado().pestanas[0]?.lineas).toEqual([]);
  });

  it('sin turno abierto avisa y ofrece abrirlo', async () => {
    servidorFalso({ turno: null });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar();
    expect(await screen.findByText(/No hay un turno abierto/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Cobrar \(F12\)/ })).toBeDisabled();
    await usuario.click(screen.getByRole('button', { name: 'Abrir turno' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DETALLES_TURNOS));
  });

  it('F7 cambia la línea elegida a paquete; sin empaque configurado avisa', async () => {
    const llamadas = servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const campo = await campoListo();
    await usuario.type(campo, '7460000000017{Enter}');
    const tabla = await screen.findByRole('table', { name: 'Artículos de la venta' });
    await within(tabla).findByText('Arroz Selecto 5 lb');
    await usuario.keyboard('{F7}');
    expect(await within(tabla).findByText(/Fardo/)).toBeInTheDocument();
    expect(within(tabla).getByText(formatearDinero(aCentavos(2800)), { selector: 'td' })).toBeInTheDocument();
    expect(agregados(llamadas).at(-1)?.cuerpo).toMatchObject({ agregarComoPaquete: true });
    await usuario.type(campo, `${ACEITE.idCodigoDeBarra}{Enter}`);
    await within(tabla).findByText(ACEITE.nombre);
    await usuario.keyboard('{F7}');
    expect(await screen.findByText('El producto no fue agregado.')).toBeInTheDocument();
    expect(screen.getByText('Este producto no tiene el modo de empaque configurado.')).toBeInTheDocument();
  });

  it('F7 y F12 pulsados antes de que llegue el producto escaneado actúan sobre él, en orden', async () => {
    let soltar = () => {};
    const llamadas = servidorFalso({ esperaDelEscaneo: new Promise<void>((r) => (soltar = r)) });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const campo = await campoListo();
    await usuario.type(campo, '7460000000017{Enter}');
    await waitFor(() => expect(agregados(llamadas)).toHaveLength(1));
    // The answer has not arrived: the sale still has no line when the cashier presses F7 and F12.
    await usuario.keyboard('{F7}');
    await usuario.keyboard('{F12}');
    expect(screen.queryByText('Sin artículos')).not.toBeInTheDocument();
    soltar();
    const tabla = await screen.findByRole('table', { name: 'Artículos de la venta' });
    expect(await within(tabla).findByText(/Fardo/)).toBeInTheDocument();
    expect(agregados(llamadas).at(-1)?.cuerpo).toMatchObject({ agregarComoPaquete: true });
    expect(await screen.findByLabelText(/Efectivo recibido/)).toBeInTheDocument();
  });

  it('sobre el límite de crédito pide el código y reenvía la factura con él', async () => {
    const llamadas = servidorFalso({
      crear: [
        () =>
          json(
            {
              statusCode: 409,
              error: 'Conflict',
              message: 'El cliente excede su límite de crédito',
              excedeLimiteDeCredito: true,
            },
            409,
          ),
        () => json(facturaCreada([{ descripcion: 'Arroz', cantidad: 1, precio: '207.627118644068' }])),
      ],
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const campo = await campoListo();
    await usuario.type(campo, '7460000000017{Enter}');
    await screen.findByText('Arroz Selecto 5 lb');
    await usuario.keyboard('{F12}');
    await screen.findByLabelText(/Efectivo recibido/);
    await usuario.keyboard('{Enter}');
    const codigo = await screen.findByLabelText('Código de autorización');
    await usuario.type(codigo, '4321{Enter}');
    expect(await screen.findByText('Venta realizada')).toBeInTheDocument();
    const [primero, segundo] = crearFactura(llamadas).map((l) => (l.cuerpo as [Record<string, unknown>])[0]);
    expect(primero?.codigoDeAutorizacion).toBeUndefined();
    expect(segundo).toMatchObject({
      codigoDeAutorizacion: '4321',
      identificadorUnico: primero?.identificadorUnico,
    });
  });

  it('sin existencia al cobrar muestra «Alerta de Inventario» con los productos', async () => {
    servidorFalso({
      crear: [
        () =>
          json(
            {
              statusCode: 409,
              error: 'Conflict',
              message: 'No hay existencia suficiente',
              productoBajoStock: [
                {
                  idProducto: productoAgregado()._id,
                  descripcion: 'Arroz Selecto 5 lb',
                  cantidad: 3,
                  disponibilidad: 1,
                },
              ],
            },
            409,
          ),
      ],
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    const campo = await campoListo();
    await usuario.type(campo, '7460000000017{Enter}');
    await screen.findByText('Arroz Selecto 5 lb');
    await usuario.keyboard('{F12}');
    await screen.findByLabelText(/Efectivo recibido/);
    await usuario.keyboard('{Enter}');
    expect(await screen.findByText('Alerta de Inventario')).toBeInTheDocument();
    const dialogo = screen
      .getByText('No hay existencia suficiente')
      .closest('[role="dialog"]') as HTMLElement;
    expect(within(dialogo).getByText('Arroz Selecto 5 lb')).toBeInTheDocument();
    expect(within(dialogo).getByText('3')).toBeInTheDocument();
  });
});
