import { Notifications } from '@mantine/notifications';
import { MENSAJE_NOMBRE_PRODUCTO } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConRutas } from '../../testing/render.tsx';
import { TITULO_DE_DUPLICIDAD } from '../../ui/duplicidad.tsx';
import { EDITAR_PRODUCTO, LISTA_DE_PRODUCTOS, NUEVO_PRODUCTO } from './etiquetas.ts';
import ProductoPage from './ProductoPage.tsx';
import {
  ID_ALMACEN,
  ITBIS,
  idDe,
  type Llamada,
  productoDePrueba,
  servidorDePrueba,
} from './servidorDePrueba.ts';

function renderizar(inicio: string) {
  const pagina = (
    <>
      <Notifications />
      <ProductoPage />
    </>
  );
  return renderConRutas(
    [
      { path: NUEVO_PRODUCTO, element: pagina },
      { path: EDITAR_PRODUCTO, element: pagina },
      { path: LISTA_DE_PRODUCTOS, element: <h1>Lista de productos</h1> },
    ],
    inicio,
  );
}

const creaciones = (llamadas: Llamada[]) =>
  llamadas.filter((l) => l.metodo === 'POST' && l.url.pathname === '/api/registro-productos/');

// A tabbed form this size is slow on happy-dom, more so with the whole suite running in parallel.
describe('formulario de producto', { timeout: 30_000 }, () => {
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

  it('calcula en vivo el precio sin impuesto desde el de venta, y al revés, con las reglas del dominio', async () => {
    servidorDePrueba();
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVO_PRODUCTO);
    await usuario.click(screen.getByRole('tab', { name: 'Precios e impuestos' }));
    // A new product starts with the company's ITBIS 18%.
    expect(await screen.findByText('Itbis 18%')).toBeInTheDocument();

    const conImpuesto = screen.getByLabelText('Precio de venta (con impuesto)');
    const sinImpuesto = screen.getByLabelText('Precio sin impuesto');
    await usuario.clear(conImpuesto);
    await usuario.type(conImpuesto, '100');
    expect(sinImpuesto).toHaveValue('84.75');
    // The exact base the invoices use (architecture invariant 3), and the tax of one unit.
    expect(screen.getByText('84.745762711865')).toBeInTheDocument();
    expect(screen.getByText('RD$15.25')).toBeInTheDocument();

    await usuario.clear(sinImpuesto);
    await usuario.type(sinImpuesto, '50');
    // 50 × 1.18 = 59.00 (precioConImpuesto of @pos/domain).
    expect(conImpuesto).toHaveValue('59.00');
    expect(screen.getByText('RD$9.00')).toBeInTheDocument();
  });

  it('avisa al escribir un código de barras que ya es de otro artículo, y no lo envía', async () => {
    const llamadas = servidorDePrueba({ codigosOcupados: { '7460000000017': 'Arroz Selecto 5 lb' } });
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVO_PRODUCTO);
    await usuario.type(screen.getByLabelText(/Nombre/), 'Arroz Campo 5 lb');
    await usuario.type(screen.getByLabelText('Código de barras'), '7460000000017');
    expect(
      await screen.findByText(
        'El código de barra 7460000000017 ya pertenece al artículo «Arroz Selecto 5 lb».',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(creaciones(llamadas)).toHaveLength(0);

    await usuario.clear(screen.getByLabelText('Código de barras'));
    await usuario.type(screen.getByLabelText('Código de barras'), '7460000000024');
    expect(await screen.findByText('Código disponible', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(llamadas.some((l) => l.url.pathname === '/api/registro-productos/barra/7460000000024')).toBe(true);
  });

  it('sin nombre muestra el mensaje del spec y no envía nada', async () => {
    const llamadas = servidorDePrueba();
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVO_PRODUCTO);
    await usuario.click(screen.getByRole('tab', { name: 'Variantes' }));
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    // The form goes back to the tab with the error.
    await waitFor(() => expect(screen.getByLabelText(/Nombre/)).toHaveAttribute('aria-invalid', 'true'));
    expect(
      within(screen.getByRole('form', { name: 'Nuevo producto' })).getByText(MENSAJE_NOMBRE_PRODUCTO),
    ).toBeInTheDocument();
    expect(creaciones(llamadas)).toHaveLength(0);
  });

  it('«Guardar y nuevo» crea el producto en el almacén principal y vuelve a un formulario nuevo', async () => {
    const llamadas = servidorDePrueba();
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(NUEVO_PRODUCTO);
    await usuario.type(screen.getByLabelText(/Nombre/), 'Salami Induveca');
    await waitFor(() => expect(llamadas.some((l) => l.url.pathname === '/api/impuestos/activos')).toBe(true));
    await usuario.click(screen.getByRole('button', { name: 'Guardar y nuevo' }));
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    const [campos, lineas, identificador] = (creaciones(llamadas)[0]?.cuerpo ?? []) as [
      Record<string, unknown>,
      unknown[],
      string,
    ];
    expect(campos).toMatchObject({ nombre: 'Salami Induveca', impuestos: [ITBIS], impuesto: 'Itbis 18%' });
    expect(lineas).toEqual([
      { idAlmacen: ID_ALMACEN, cantidadInicial: 0, cantidadMinima: 0, cantidadMaxima: 0 },
    ]);
    expect(identificador).toMatch(/^[0-9a-f-]{36}$/);
    // Spec 002 §2: save-and-new goes to /producto/nuevo_producto, with a fresh, empty form.
    await waitFor(() => expect(screen.getByLabelText(/Nombre/)).toHaveValue(''));
    expect(router.state.location.pathname).toBe(NUEVO_PRODUCTO);

    await usuario.type(screen.getByLabelText(/Nombre/), 'Queso de freír');
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LISTA_DE_PRODUCTOS));
    const segundo = creaciones(llamadas)[1]?.cuerpo as [unknown, unknown, string];
    // Each new form has its own identificadorUnico (architecture invariant 4).
    expect(segundo[2]).not.toBe(identificador);
  });

  it('una creación repetida abre «Protección de duplicidad»', async () => {
    servidorDePrueba({
      extra: (metodo, url) =>
        metodo === 'POST' && url.pathname === '/api/registro-productos/'
          ? new Response(JSON.stringify({ producto: productoDePrueba(), solicitudDuplicada: true }), {
              headers: { 'content-type': 'application/json' },
            })
          : undefined,
    });
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVO_PRODUCTO);
    await usuario.type(screen.getByLabelText(/Nombre/), 'Arroz Selecto 5 lb');
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('dialog', { name: TITULO_DE_DUPLICIDAD })).toBeInTheDocument();
  });

  it('al editar envía el producto con su _id y los almacenes que se quitan; guardar vuelve a la lista', async () => {
    const id = idDe(7);
    const llamadas = servidorDePrueba({
      extra: (metodo, url) =>
        metodo === 'GET' && url.pathname === `/api/registro-productos/${id}`
          ? new Response(
              JSON.stringify(
                productoDePrueba({
                  _id: id,
                  asignaciones: [
                    ...productoDePrueba().asignaciones,
                    {
                      idAlmacen: idDe(555),
                      nombreAlmacen: 'Almacén viejo',
                      cantidadInicial: 0,
                      cantidadMinima: 0,
                      cantidadMaxima: 0,
                      disponibilidad: 0,
                    },
                  ],
                }),
              ),
              { headers: { 'content-type': 'application/json' } },
            )
          : undefined,
    });
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(`${EDITAR_PRODUCTO}?id=${id}`);
    expect(await screen.findByLabelText(/Nombre/)).toHaveValue('Arroz Selecto 5 lb');
    await usuario.click(screen.getByRole('tab', { name: 'Existencia por almacén' }));
    // The main warehouse has stock: it cannot be removed here.
    expect(await screen.findByLabelText('Lleva el producto en «Almacén Principal»')).toBeDisabled();
    await usuario.click(screen.getByLabelText('Lleva el producto en «Almacén viejo»'));
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LISTA_DE_PRODUCTOS));
    const cambio = llamadas.find((l) => l.metodo === 'PUT');
    expect(cambio?.url.pathname).toBe(`/api/registro-productos/${id}`);
    const [campos, lineas, quitar] = (cambio?.cuerpo ?? []) as [
      Record<string, unknown>,
      Array<{ idAlmacen: string }>,
      string[],
    ];
    expect(campos).toMatchObject({ _id: id, nombre: 'Arroz Selecto 5 lb', precioDeVenta: 245 });
    expect(lineas.map((l) => l.idAlmacen)).toEqual([ID_ALMACEN]);
    expect(quitar).toEqual([idDe(555)]);
  });
});
