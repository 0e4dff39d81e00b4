import { Notifications } from '@mantine/notifications';
import { CONFIRMACION_ACTUALIZAR_PRECIOS, mensajeDescuentoInvalido } from '@pos/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { perfilDePrueba, renderConProveedores, todosLosPrivilegios } from '../../testing/render.tsx';
import {
  contactoDePrueba,
  detalleDePrueba,
  ID_ALMACEN_PRINCIPAL,
  ID_OFERTA,
  ID_POR_MAYOR,
  idDe,
} from './datosDePrueba.ts';
import { FacturaFormulario } from './FacturaFormulario.tsx';
import { type Llamada, servidorDePrueba } from './servidorDePrueba.ts';

type Usuario = ReturnType<typeof userEvent.setup>;
type Guardar = Parameters<typeof FacturaFormulario>[0]['guardar'];

function renderizar(guardado?: ReturnType<typeof detalleDePrueba>) {
  const guardar = vi.fn<Guardar>(async () => ({ solicitudDuplicada: false }));
  renderConProveedores(
    <>
      <Notifications />
      <FacturaFormulario
        {...(guardado ? { guardado } : {})}
        puedeGuardar
        alGuardar={() => undefined}
        alCancelar={() => undefined}
        guardar={guardar}
      />
    </>,
  );
  return guardar;
}

const selectorDeLista = () => screen.getByLabelText('Lista de precios', { selector: 'input' });
const agregados = (llamadas: Llamada[]) =>
  llamadas.filter((l) => l.url.pathname === '/api/registro-productos/agregarproducto');

async function elegirLista(usuario: Usuario, nombre: string) {
  await usuario.click(selectorDeLista());
  await usuario.click(await screen.findByRole('option', { name: nombre }));
}

async function confirmarActualizacion(usuario: Usuario, nombreDeLista: string) {
  const dialogo = await screen.findByRole('dialog', { name: CONFIRMACION_ACTUALIZAR_PRECIOS.titulo });
  expect(dialogo).toHaveTextContent(
    `${CONFIRMACION_ACTUALIZAR_PRECIOS.texto} listado de precios «${nombreDeLista}».`,
  );
  await usuario.click(within(dialogo).getByRole('button', { name: CONFIRMACION_ACTUALIZAR_PRECIOS.boton }));
}

describe('lista de precios del formulario de factura', { timeout: 40_000 }, () => {
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

  it('starts on the default list, re-prices the lines after the confirmation and sends the list', async () => {
    const llamadas = servidorDePrueba();
    const usuario = userEvent.setup({ delay: null });
    const guardar = renderizar();
    await waitFor(() => expect(selectorDeLista()).toHaveValue('Precio de venta'));
    // The default list first, then the others.
    await usuario.click(selectorDeLista());
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Precio de venta',
      'Oferta 10%',
      'Por mayor',
    ]);
    await usuario.keyboard('{Escape}');

    await waitFor(() => expect(screen.getByLabelText(/Escanear o buscar producto/)).toBeEnabled());
    await usuario.type(screen.getByLabelText(/Escanear o buscar producto/), '7460000000000{Enter}');
    const precio = await screen.findByLabelText('Precio de Arroz Selecto 5 lb');
    expect(precio).toHaveValue('245.00');
    const cantidad = screen.getByLabelText('Cantidad de Arroz Selecto 5 lb');
    await usuario.clear(cantidad);
    await usuario.type(cantidad, '3');
    const descuento = screen.getByLabelText('Descuento de Arroz Selecto 5 lb');
    await usuario.clear(descuento);
    await usuario.type(descuento, '5');

    // Cancelling keeps the list and the prices.
    await elegirLista(usuario, 'Por mayor');
    const dialogo = await screen.findByRole('dialog', { name: CONFIRMACION_ACTUALIZAR_PRECIOS.titulo });
    await usuario.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectorDeLista()).toHaveValue('Precio de venta');
    expect(precio).toHaveValue('245.00');

    // Confirming prices the rice at its own «Por mayor» price (190 + 18 % = 224.20); quantity and discount stay.
    await elegirLista(usuario, 'Por mayor');
    await confirmarActualizacion(usuario, 'Por mayor');
    await waitFor(() => expect(screen.getByLabelText('Precio de Arroz Selecto 5 lb')).toHaveValue('224.20'));
    expect(selectorDeLista()).toHaveValue('Por mayor');
    expect(screen.getByLabelText('Cantidad de Arroz Selecto 5 lb')).toHaveValue('3');
    expect(screen.getByLabelText('Descuento de Arroz Selecto 5 lb')).toHaveValue('5');
    // The added line kept the product's list prices: nothing was asked again.
    expect(agregados(llamadas)).toHaveLength(1);

    // A product added now comes at the list's price too (a percent list: 10 % off the product's price).
    await elegirLista(usuario, 'Oferta 10%');
    await confirmarActualizacion(usuario, 'Oferta 10%');
    await waitFor(() => expect(screen.getByLabelText('Precio de Arroz Selecto 5 lb')).toHaveValue('220.50'));
    await usuario.type(screen.getByLabelText(/Escanear o buscar producto/), '7460000000001{Enter}');
    expect(await screen.findByLabelText('Precio de Aceite de soya Crisol 1 galón')).toHaveValue('585.00');

    await usuario.click(screen.getByRole('button', { name: 'Guardar factura' }));
    await waitFor(() => expect(guardar).toHaveBeenCalledTimes(1));
    const enviado = guardar.mock.calls[0]?.[0];
    expect(enviado?.factura.idListaDePrecio).toBe(ID_OFERTA);
    expect(enviado?.lineas.map((l) => [l.cantidad, l.precioDeVenta, l.descuento])).toEqual([
      [3, 220.5, 0.05],
      [1, 585, 0],
    ]);
  });

  it('a «Descuento general %» of 150 is not taken as 100: it stays, is refused next to the field and the lines keep their price', async () => {
    servidorDePrueba();
    const usuario = userEvent.setup({ delay: null });
    const guardar = renderizar();
    await waitFor(() => expect(screen.getByLabelText(/Escanear o buscar producto/)).toBeEnabled());
    await usuario.type(screen.getByLabelText(/Escanear o buscar producto/), '7460000000000{Enter}');
    expect(await screen.findByLabelText('Precio de Arroz Selecto 5 lb')).toHaveValue('245.00');
    const general = screen.getByLabelText('Descuento general %');
    await usuario.type(general, '150');
    await usuario.tab();
    expect(general).toHaveValue('150');
    await usuario.click(screen.getByRole('button', { name: 'Aplicar' }));
    const mensajes = (campo: HTMLElement) =>
      (campo.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
        .join(' ');
    await waitFor(() => expect(mensajes(general)).toContain(mensajeDescuentoInvalido(100)));
    // No discount reached the line: the invoice is not turned into RD$0.00.
    expect(screen.getByLabelText('Descuento de Arroz Selecto 5 lb')).toHaveValue('0');
    // A line's own discount of 150 stays too, refused by the line.
    const deLinea = screen.getByLabelText('Descuento de Arroz Selecto 5 lb');
    await usuario.clear(deLinea);
    await usuario.type(deLinea, '150');
    await usuario.tab();
    expect(deLinea).toHaveValue('150');
    expect(deLinea).toHaveAttribute('aria-invalid', 'true');
    expect(mensajes(deLinea)).toContain(mensajeDescuentoInvalido(100));
    await usuario.click(screen.getByRole('button', { name: 'Guardar factura' }));
    expect(guardar).not.toHaveBeenCalled();
  });

  it("a partner's own discount above the user's limit is kept and saved; a non-partner's is refused (spec 001 §1)", async () => {
    const perfil = perfilDePrueba({ _id: idDe(90), privilegios: todosLosPrivilegios(), limiteDescuento: 5 });
    const conDescuentoDeSocio = (socio: boolean) => {
      const detalle = detalleDePrueba({ socio });
      // The oil carries its partner discount (10 %), twice the user's limit.
      detalle.linea_facturasRef = detalle.linea_facturasRef.map((l) =>
        l.descuento > 0 ? { ...l, descuentoParaSocios: 10 } : l,
      );
      return detalle;
    };
    servidorDePrueba({ perfil });
    const usuario = userEvent.setup({ delay: null });
    const guardar = renderizar(conDescuentoDeSocio(true));
    const aceite = await screen.findByLabelText('Descuento de Aceite de soya Crisol 1 galón');
    expect(aceite).toHaveValue('10');
    // A line without a partner discount still stops at the user's 5 % (this also waits for the profile).
    const arroz = screen.getByLabelText('Descuento de Arroz Selecto 5 lb');
    await usuario.clear(arroz);
    await usuario.type(arroz, '6');
    await waitFor(() => expect(arroz).toHaveAttribute('aria-invalid', 'true'));
    await usuario.clear(arroz);
    await usuario.type(arroz, '0');
    await waitFor(() => expect(arroz).not.toHaveAttribute('aria-invalid', 'true'));
    expect(aceite).not.toHaveAttribute('aria-invalid', 'true');
    await usuario.click(screen.getByRole('button', { name: 'Guardar factura' }));
    await waitFor(() => expect(guardar).toHaveBeenCalledTimes(1));
    expect(guardar.mock.calls[0]?.[0].lineas.map((l) => l.descuento)).toEqual([0, 0.1, 0]);
    cleanup();

    servidorDePrueba({ perfil });
    const otro = renderizar(conDescuentoDeSocio(false));
    const sinSocio = await screen.findByLabelText('Descuento de Aceite de soya Crisol 1 galón');
    await waitFor(() => expect(sinSocio).toHaveAttribute('aria-invalid', 'true'));
    await usuario.click(screen.getByRole('button', { name: 'Guardar factura' }));
    // The first save's «Factura guardada» notification may still be on screen: another alert.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContainEqual(
        expect.stringContaining(mensajeDescuentoInvalido(5)),
      ),
    );
    expect(otro).not.toHaveBeenCalled();
  });

  it('a line discount of exactly the limit is not refused by a binary artefact (7 % of a 7 % limit)', async () => {
    servidorDePrueba({
      perfil: perfilDePrueba({ _id: idDe(90), privilegios: todosLosPrivilegios(), limiteDescuento: 7 }),
    });
    const usuario = userEvent.setup({ delay: null });
    const guardar = renderizar();
    await waitFor(() => expect(screen.getByLabelText(/Escanear o buscar producto/)).toBeEnabled());
    await usuario.type(screen.getByLabelText(/Escanear o buscar producto/), '7460000000000{Enter}');
    const descuento = await screen.findByLabelText('Descuento de Arroz Selecto 5 lb');
    await usuario.clear(descuento);
    await usuario.type(descuento, '7');
    await usuario.tab();
    expect(descuento).not.toHaveAttribute('aria-invalid', 'true');
    await usuario.click(screen.getByRole('button', { name: 'Guardar factura' }));
    await waitFor(() => expect(guardar).toHaveBeenCalledTimes(1));
    expect(guardar.mock.calls[0]?.[0].lineas[0]?.descuento).toBe(0.07);
  });

  it('re-prices a saved invoice by reading its products again with the new list', async () => {
    const llamadas = servidorDePrueba();
    const usuario = userEvent.setup({ delay: null });
    const guardar = renderizar(detalleDePrueba({ idListaDePrecio: null }));
    await waitFor(() => expect(selectorDeLista()).toHaveValue('Precio de venta'));
    expect(screen.getByLabelText('Precio de Aceite de soya Crisol 1 galón')).toHaveValue('650.00');

    await elegirLista(usuario, 'Oferta 10%');
    await confirmarActualizacion(usuario, 'Oferta 10%');
    await waitFor(() => expect(screen.getByLabelText('Precio de Arroz Selecto 5 lb')).toHaveValue('220.50'));
    expect(screen.getByLabelText('Precio de Aceite de soya Crisol 1 galón')).toHaveValue('585.00');
    expect(screen.getByLabelText('Precio de Huevos blancos (cartón 30)')).toHaveValue('256.50');
    // The saved discount (10 % on the oil) and quantities stay.
    expect(screen.getByLabelText('Descuento de Aceite de soya Crisol 1 galón')).toHaveValue('10');
    expect(screen.getByLabelText('Cantidad de Arroz Selecto 5 lb')).toHaveValue('2');
    expect(agregados(llamadas).map((l) => l.cuerpo)).toEqual(
      [300, 301, 302].map((n) => ({
        idCodigoDeBarra: idDe(n),
        Almacen: ID_ALMACEN_PRINCIPAL,
        idListaDePrecio: ID_OFERTA,
      })),
    );

    await usuario.click(screen.getByRole('button', { name: 'Guardar factura' }));
    await waitFor(() => expect(guardar).toHaveBeenCalledTimes(1));
    expect(guardar.mock.calls[0]?.[0].factura.idListaDePrecio).toBe(ID_OFERTA);
    expect(guardar.mock.calls[0]?.[0].lineas.map((l) => l.precio)).toEqual([
      '186.864406779662',
      '495.762711864408',
      '256.5',
    ]);
  });

  it('a customer with a list of its own brings it; back to the default list re-prices too', async () => {
    servidorDePrueba({ contactos: [contactoDePrueba({ idListaDePrecio: ID_POR_MAYOR })] });
    const usuario = userEvent.setup({ delay: null });
    const guardar = renderizar();
    await waitFor(() => expect(selectorDeLista()).toHaveValue('Precio de venta'));
    await usuario.type(screen.getByLabelText('Cliente', { selector: 'input' }), 'Rodr');
    await usuario.click(await screen.findByRole('option', { name: /Comercial Rodríguez SRL/ }));
    // No lines yet: the list changes without asking.
    await waitFor(() => expect(selectorDeLista()).toHaveValue('Por mayor'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await waitFor(() => expect(screen.getByLabelText(/Escanear o buscar producto/)).toBeEnabled());
    await usuario.type(screen.getByLabelText(/Escanear o buscar producto/), '7460000000000{Enter}');
    expect(await screen.findByLabelText('Precio de Arroz Selecto 5 lb')).toHaveValue('224.20');

    // Back to the default list the line returns to the product's own price (docs/domain.md).
    await elegirLista(usuario, 'Precio de venta');
    await confirmarActualizacion(usuario, 'Precio de venta');
    await waitFor(() => expect(screen.getByLabelText('Precio de Arroz Selecto 5 lb')).toHaveValue('245.00'));
    expect(selectorDeLista()).toHaveValue('Precio de venta');

    await usuario.click(screen.getByRole('button', { name: 'Guardar factura' }));
    await waitFor(() => expect(guardar).toHaveBeenCalledTimes(1));
    expect(guardar.mock.calls[0]?.[0].factura).toMatchObject({
      idCliente: idDe(40),
      idListaDePrecio: idDe(900),
    });
  });
});
