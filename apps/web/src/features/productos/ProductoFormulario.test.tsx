import { Notifications } from '@mantine/notifications';
import { LARGO_MAXIMO_PRODUCTO, MENSAJE_NOMBRE_PRODUCTO } from '@pos/contract';
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

/** The messages Mantine ties to a field (its description and its error), as a screen reader reads them. */
function mensajesDe(campo: HTMLElement): string {
  return (campo.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');
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

  it('un precio, un costo y una existencia inicial negativos quedan como se escribieron, con el mensaje junto a cada campo, y no se envía nada', async () => {
    const llamadas = servidorDePrueba();
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVO_PRODUCTO);
    await usuario.type(screen.getByLabelText(/Nombre/), 'Salami Induveca');
    await usuario.click(screen.getByRole('tab', { name: 'Precios e impuestos' }));
    const precio = screen.getByLabelText('Precio de venta (con impuesto)');
    const costo = screen.getByLabelText('Costo (sin impuesto)');
    await usuario.clear(precio);
    await usuario.type(precio, '-50');
    await usuario.clear(costo);
    await usuario.type(costo, '-10');
    await usuario.tab();
    // Leaving the field neither drops the minus sign nor turns the amount into 0.
    expect(precio).toHaveValue('-50.00');
    expect(costo).toHaveValue('-10.00');
    await usuario.click(screen.getByRole('tab', { name: 'Existencia por almacén' }));
    const inicial = await screen.findByLabelText('Cantidad inicial en «Almacén Principal»');
    await usuario.clear(inicial);
    await usuario.type(inicial, '-5');
    await usuario.tab();
    expect(inicial).toHaveValue('-5');

    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    // The form goes to the first tab with an error; each message sits under its own field.
    await waitFor(() =>
      expect(screen.getByLabelText('Precio de venta (con impuesto)')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(mensajesDe(screen.getByLabelText('Precio de venta (con impuesto)'))).toContain(
      'El precio de venta no puede ser menor que 0',
    );
    expect(mensajesDe(screen.getByLabelText('Costo (sin impuesto)'))).toContain(
      'El costo no puede ser menor que 0',
    );
    // The tab with errors carries a red mark (its accessible name then says «con errores»).
    const existencia = screen.getAllByRole('tab').find((t) => t.textContent?.includes('Existencia'));
    expect(existencia).toBeDefined();
    await usuario.click(existencia as HTMLElement);
    expect(mensajesDe(await screen.findByLabelText('Cantidad inicial en «Almacén Principal»'))).toContain(
      'La cantidad inicial no puede ser menor que 0',
    );
    expect(creaciones(llamadas)).toHaveLength(0);
  });

  it('un descuento para socios de 150 % no se vuelve 100: se rechaza junto al campo', async () => {
    const llamadas = servidorDePrueba();
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVO_PRODUCTO);
    await usuario.type(screen.getByLabelText(/Nombre/), 'Salami Induveca');
    await usuario.click(screen.getByRole('tab', { name: 'Precios e impuestos' }));
    const descuento = screen.getByLabelText('Descuento para socios (%)');
    await usuario.clear(descuento);
    await usuario.type(descuento, '150');
    await usuario.tab();
    expect(descuento).toHaveValue('150');
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(descuento).toHaveAttribute('aria-invalid', 'true'));
    expect(mensajesDe(descuento)).toContain('El descuento para socios debe ser un porcentaje de 0 a 100');
    expect(creaciones(llamadas)).toHaveLength(0);
  });

  it('un nombre pegado de 600 caracteres no se corta en silencio: se cuenta, se rechaza y no se envía', async () => {
    const llamadas = servidorDePrueba();
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVO_PRODUCTO);
    const nombre = screen.getByLabelText(/Nombre/);
    await usuario.click(nombre);
    await usuario.paste('Arroz '.repeat(100));
    expect(nombre).toHaveValue('Arroz '.repeat(100));
    expect(mensajesDe(nombre)).toContain(`600 de ${LARGO_MAXIMO_PRODUCTO.nombre} caracteres`);
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(nombre).toHaveAttribute('aria-invalid', 'true'));
    expect(mensajesDe(nombre)).toContain(
      `El nombre no puede tener más de ${LARGO_MAXIMO_PRODUCTO.nombre} caracteres`,
    );
    expect(creaciones(llamadas)).toHaveLength(0);
    // Typing stops at the limit (the input's maxLength is the contract's number).
    expect(nombre).toHaveAttribute('maxLength', String(LARGO_MAXIMO_PRODUCTO.nombre));
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
