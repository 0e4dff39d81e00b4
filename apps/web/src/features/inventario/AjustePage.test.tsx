import { Notifications } from '@mantine/notifications';
import type { ProductoParaDocumento } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConRutas } from '../../testing/render.tsx';
import AjustePage from './AjustePage.tsx';
import { LISTA_DE_AJUSTES, NUEVO_AJUSTE } from './rutas.ts';

const PRINCIPAL = {
  _id: '00000000-0000-4000-8000-0000000000a1',
  nombre: 'Almacén Principal',
  numeroAlmacen: 1,
};
const COLMADO = { _id: '00000000-0000-4000-8000-0000000000a2', nombre: 'Colmado 2', numeroAlmacen: 2 };

function almacen(a: typeof PRINCIPAL) {
  return {
    ...a,
    identificadorUnico: `ident-${a.numeroAlmacen}-xxxxxx`,
    estado: 'Activo',
    autorizacion: null,
    notaAnular: '',
  };
}

function producto(cambios: Partial<ProductoParaDocumento>): ProductoParaDocumento {
  return {
    _id: '00000000-0000-4000-8000-0000000000f1',
    idProductoMaster: '00000000-0000-4000-8000-0000000000f1',
    nombre: 'Arroz Selecto 5 lb',
    tipo: 'producto',
    categoria: null,
    numeroProducto: 1,
    referencia: '',
    idCodigoDeBarra: '7460000000017',
    costo: 200,
    costoPromedio: 210.5,
    precioTotal: 207.63,
    precioDeVenta: 245,
    precioSinImpuesto: 207.63,
    precioSinImpuestoSinRedondeo: '207.627118644068',
    impuestos: [],
    impuesto: '',
    listaDePrecioAsignada: [],
    descuento: 0,
    descuentoParaSocios: 0,
    variantes: [],
    opcionesDeVariantes: [],
    productoInventariable: true,
    itemPersonalizado: false,
    ventaSinDisponibilidad: true,
    notificacionExistencia: null,
    bloqueoPorInventario: false,
    paqueteIncluido: false,
    nombrePaquete: '',
    cantidadPorPaquete: 0,
    precioPorPaquete: '0',
    precioPorPaqueteConImpuesto: 0,
    costoPorPaquete: 0,
    idAlmacen: PRINCIPAL._id,
    tasaComision: 0,
    avatar: null,
    cuentaContableVentas: null,
    cuentaContableInventario: null,
    cuentaContableCostoDeVenta: null,
    modoPlan: '',
    frecuencia: 30,
    vigencia: '',
    cantidadDeUsuarios: 0,
    disponibilidad: 12,
    cantidadMinima: 0,
    cantidad: 1,
    paquete: false,
    linea: {
      idProducto: '00000000-0000-4000-8000-0000000000f1',
      descripcion: 'Arroz Selecto 5 lb',
      cantidad: 1,
      precio: '207.63',
      precioPredeterminado: '207.63',
      precioDeVenta: 245,
      descuento: 0,
      descuentoParaSocios: 0,
      impuestos: [],
      variantes: [],
      listaDePrecioAsignada: [],
      paquete: false,
      itemPersonalizado: false,
      facturado: false,
    },
    aviso: null,
    ...cambios,
  };
}

const ARROZ = producto({});
const ENTREGA = producto({
  _id: '00000000-0000-4000-8000-0000000000f2',
  nombre: 'Entrega a domicilio',
  idCodigoDeBarra: 'ENTREGA',
  productoInventariable: false,
});

type Llamada = { metodo: string; url: URL; cuerpo: unknown };

function servidorFalso() {
  const llamadas: Llamada[] = [];
  const json = (cuerpo: unknown, status = 200) =>
    new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const metodo = init?.method ?? 'GET';
      const cuerpo: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      llamadas.push({ metodo, url, cuerpo });
      if (url.pathname === '/api/almacen/principal') {
        return json(almacen(PRINCIPAL));
      }
      if (url.pathname === '/api/almacen/') {
        return json({ res: [almacen(PRINCIPAL), almacen(COLMADO)], totalRows: 2 });
      }
      if (url.pathname === '/api/registro-productos/agregarproducto') {
        const { idCodigoDeBarra } = cuerpo as { idCodigoDeBarra: string };
        if (idCodigoDeBarra === ARROZ.idCodigoDeBarra) {
          return json({
            ...ARROZ,
            opciones: { disminuirCantidad: false, noActualizarCantidad: false, noDuplicarProducto: false },
          });
        }
        if (idCodigoDeBarra === ENTREGA.idCodigoDeBarra) {
          return json({
            ...ENTREGA,
            opciones: { disminuirCantidad: false, noActualizarCantidad: false, noDuplicarProducto: false },
          });
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
      if (url.pathname === '/api/ajuste-inventario/' && metodo === 'POST') {
        return json({
          _id: '00000000-0000-4000-8000-0000000000b1',
          nombre: 'Conteo',
          solicitudDuplicada: false,
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
        path: NUEVO_AJUSTE,
        element: (
          <>
            <Notifications />
            <AjustePage />
          </>
        ),
      },
      { path: LISTA_DE_AJUSTES, element: <p>Lista de ajustes</p> },
    ],
    NUEVO_AJUSTE,
  );
}

async function escanear(usuario: ReturnType<typeof userEvent.setup>, codigo: string) {
  const buscador = screen.getByLabelText(/Escanear o buscar producto/);
  await usuario.type(buscador, `${codigo}{Enter}`);
}

describe('formulario de ajuste de inventario', { timeout: 20_000 }, () => {
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
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('escanear el mismo producto otra vez suma 1 a su línea', async () => {
    const llamadas = servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    // A new adjustment starts in the main warehouse, so the scanner is ready.
    await waitFor(() => expect(screen.getByLabelText(/Escanear o buscar producto/)).toBeEnabled());
    await escanear(usuario, ARROZ.idCodigoDeBarra);
    await screen.findByText('Arroz Selecto 5 lb');
    expect(screen.getByLabelText('Cantidad de Arroz Selecto 5 lb')).toHaveValue('1');
    await escanear(usuario, ARROZ.idCodigoDeBarra);
    await waitFor(() => expect(screen.getByLabelText('Cantidad de Arroz Selecto 5 lb')).toHaveValue('2'));
    expect(screen.getAllByText('Arroz Selecto 5 lb')).toHaveLength(1);
    const agregados = llamadas.filter((l) => l.url.pathname.endsWith('/agregarproducto'));
    expect(agregados.map((l) => l.cuerpo)).toEqual([
      { idCodigoDeBarra: ARROZ.idCodigoDeBarra, Almacen: PRINCIPAL._id },
      { idCodigoDeBarra: ARROZ.idCodigoDeBarra, Almacen: PRINCIPAL._id },
    ]);
    // Existence 12, two units in: 14 remain.
    const fila = screen.getByText('Arroz Selecto 5 lb').closest('tr') as HTMLElement;
    expect(within(fila).getByText('14')).toBeInTheDocument();
  });

  it('cambiar el almacén con líneas pide confirmación y las quita', async () => {
    servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await waitFor(() => expect(screen.getByLabelText(/Escanear o buscar producto/)).toBeEnabled());
    await escanear(usuario, ARROZ.idCodigoDeBarra);
    await screen.findByText('Arroz Selecto 5 lb');

    const elegirColmado = async () => {
      await usuario.click(screen.getByPlaceholderText('Elige el almacén'));
      await usuario.click(await screen.findByRole('option', { name: 'Colmado 2' }));
    };
    await elegirColmado();
    expect(await screen.findByText('Cambiar de almacén')).toBeInTheDocument();
    expect(screen.getByText(/Al cambiar a «Colmado 2» se quitarán todas las líneas/)).toBeInTheDocument();
    await usuario.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText('Cambiar de almacén')).not.toBeInTheDocument());
    expect(screen.getByText('Arroz Selecto 5 lb')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Elige el almacén')).toHaveValue('Almacén Principal');

    await elegirColmado();
    await usuario.click(await screen.findByRole('button', { name: 'Cambiar y quitar las líneas' }));
    await waitFor(() => expect(screen.queryByText('Arroz Selecto 5 lb')).not.toBeInTheDocument());
    expect(screen.getByPlaceholderText('Elige el almacén')).toHaveValue('Colmado 2');
    expect(screen.getByText(/Todavía no hay productos/)).toBeInTheDocument();
  });

  it('un producto no inventariable o de otro almacén no se agrega, con el mensaje', async () => {
    servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await waitFor(() => expect(screen.getByLabelText(/Escanear o buscar producto/)).toBeEnabled());
    await escanear(usuario, ENTREGA.idCodigoDeBarra);
    expect(
      await screen.findByText(
        'Solo se pueden ajustar productos inventariables: «Entrega a domicilio» no lo es.',
      ),
    ).toBeInTheDocument();
    await escanear(usuario, '999999');
    expect(await screen.findByText('Producto no disponible en el almacén seleccionado.')).toBeInTheDocument();
    expect(screen.getByText('Lo siento')).toBeInTheDocument();
    expect(screen.getByText(/Todavía no hay productos/)).toBeInTheDocument();
  });

  it('guarda [ajuste, líneas, identificadorUnico] y vuelve a la lista', async () => {
    const llamadas = servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderizar();
    await waitFor(() => expect(screen.getByLabelText(/Escanear o buscar producto/)).toBeEnabled());
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Debes agregar al menos un producto al ajuste')).toBeInTheDocument();

    await usuario.type(screen.getByLabelText(/Nombre del ajuste/), 'Merma de la semana');
    await usuario.click(screen.getByRole('radio', { name: 'Salida' }));
    await escanear(usuario, ARROZ.idCodigoDeBarra);
    await screen.findByText('Arroz Selecto 5 lb');
    await usuario.clear(screen.getByLabelText('Cantidad de Arroz Selecto 5 lb'));
    await usuario.type(screen.getByLabelText('Cantidad de Arroz Selecto 5 lb'), '2.5');
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Lista de ajustes');
    const creada = llamadas.find((l) => l.url.pathname === '/api/ajuste-inventario/' && l.metodo === 'POST');
    const [encabezado, lineas, identificadorUnico] = (creada?.cuerpo ?? []) as [
      Record<string, unknown>,
      unknown[],
      string,
    ];
    expect(encabezado).toMatchObject({
      nombre: 'Merma de la semana',
      idAlmacen: PRINCIPAL._id,
      text: 'Almacén Principal',
    });
    expect(encabezado.fechaDeAjuste).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lineas).toEqual([
      expect.objectContaining({
        idProducto: ARROZ._id,
        cantidad: 2.5,
        tipoDeAjuste: false,
        costoUnitario: null,
      }),
    ]);
    expect(identificadorUnico).toMatch(/^[0-9a-f-]{36}$/);
  });
});
