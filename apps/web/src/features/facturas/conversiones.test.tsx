import { Notifications } from '@mantine/notifications';
import { type LineaDeVenta, MENSAJE_ARTICULO_DE_CONDUCE, MENSAJE_CONDUCE_REPETIDO } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConProveedores } from '../../testing/render.tsx';
import { conduceDePrueba } from '../conduces/datosDePrueba.ts';
import { cotizacionDePrueba } from '../cotizaciones/datosDePrueba.ts';
import { contactoDePrueba, detalleDePrueba, idDe } from './datosDePrueba.ts';
import FacturaPage from './FacturaPage.tsx';
import { json, type Llamada, servidorDePrueba } from './servidorDePrueba.ts';

// Spec 001 §2, §4, §5: the invoice form made from quotations or a pre-invoice conduce.

function lineaDeVenta(n: number, descripcion: string, cantidad: number): LineaDeVenta {
  return {
    _id: idDe(900 + n),
    orden: n,
    idProducto: idDe(300 + n),
    idCodigoDeBarra: `746000000000${n}`,
    descripcion,
    nota: '',
    cantidad,
    precio: '100',
    descuento: 0,
    descuentoParaSocios: 0,
    impuestos: [],
    paquete: false,
    variantes: [],
    importe: 100 * cantidad,
    montoDescuento: 0,
    subtotal: 100 * cantidad,
    totalImpuestos: 0,
    total: 100 * cantidad,
  };
}

const COT_A = cotizacionDePrueba({ _id: idDe(701), comprobante: 'COT00000001', idCliente: idDe(40) });
const COT_B = cotizacionDePrueba({ _id: idDe(702), comprobante: 'COT00000002', idCliente: idDe(40) });
const CONDUCE = conduceDePrueba({ _id: idDe(750), comprobante: 'CON00000004', idCliente: idDe(40) });
const LINEA_CONDUCE = {
  ...lineaDeVenta(5, 'Cemento gris 42.5 kg', 4),
  idConduce: CONDUCE._id,
  idLineaConduce: idDe(905),
};

function servidor(): Llamada[] {
  return servidorDePrueba({
    contactos: [contactoDePrueba()],
    extra: (metodo, url) => {
      const ruta = url.pathname;
      if (ruta === '/api/cotizacion/lineas/') {
        return json([
          { ...lineaDeVenta(1, 'Arena lavada m3', 2), idCotizacion: COT_A._id },
          { ...lineaDeVenta(2, 'Varilla 3/8', 3), idCotizacion: COT_B._id },
        ]);
      }
      const cotizacion = /^\/api\/cotizacion\/([0-9a-f-]{36})$/.exec(ruta);
      if (cotizacion) {
        const c = [COT_A, COT_B].find((x) => x._id === cotizacion[1]);
        return json({ cotizacionDb: c, lineasCotizacion: [] });
      }
      if (ruta === `/api/cliente/${idDe(40)}`) {
        return json(contactoDePrueba());
      }
      if (ruta === `/api/conduce/agregar-conduce/${CONDUCE._id}`) {
        return json({ conduceDb: CONDUCE, lineasConduce: [LINEA_CONDUCE] });
      }
      if (ruta === `/api/conduce/cliente/${idDe(40)}`) {
        return json({ res: [CONDUCE], totalRows: 1 });
      }
      if (ruta === '/api/factura/crear' && metodo === 'POST') {
        return json({ solicitudDuplicada: false, facturadb: { _id: idDe(1) } });
      }
      return undefined;
    },
  });
}

// An invoice that billed CONDUCE: its first line is the conduce's (it names only the conduce line).
const FACTURA_CON_CONDUCE = (() => {
  const detalle = detalleDePrueba({ _id: idDe(1002), desdePos: false });
  const [primera, ...resto] = detalle.linea_facturasRef;
  return {
    ...detalle,
    linea_facturasRef: [{ ...(primera as NonNullable<typeof primera>), idLineaConduce: idDe(905) }, ...resto],
    conduce_facturado: [{ tipo: 'conduce' as const, id: CONDUCE._id, comprobante: CONDUCE.comprobante }],
  };
})();

function servidorDeEdicion(): Llamada[] {
  return servidorDePrueba({
    contactos: [contactoDePrueba()],
    extra: (metodo, url) => {
      const ruta = url.pathname;
      if (ruta === `/api/factura/una/${FACTURA_CON_CONDUCE.FacturaDb._id}`) {
        return json(FACTURA_CON_CONDUCE);
      }
      if (ruta === `/api/conduce/${CONDUCE._id}`) {
        const linea = { ...LINEA_CONDUCE, descripcion: 'Arroz Selecto 5 lb', cantidad: 2 };
        return json({ conduceDb: CONDUCE, lineasConduce: [linea] });
      }
      if (ruta === `/api/factura/${FACTURA_CON_CONDUCE.FacturaDb._id}` && metodo === 'PUT') {
        return json(FACTURA_CON_CONDUCE);
      }
      return undefined;
    },
  });
}

const creaciones = (llamadas: Llamada[]) =>
  llamadas.filter((l) => l.url.pathname === '/api/factura/crear').map((l) => l.cuerpo as unknown[]);

describe('facturar cotizaciones y conduces', { timeout: 40_000 }, () => {
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

  it('several quotations: their customer and lines, and the body names idCotizaciones', async () => {
    const llamadas = servidor();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(
      <>
        <Notifications />
        <FacturaPage />
      </>,
      `/factura/nueva_factura?cotizaciones=${COT_A._id},${COT_B._id}`,
    );
    await screen.findByText(/Desde cotizaciones/);
    expect(screen.getByRole('link', { name: 'COT00000001' })).toBeInTheDocument();
    expect(screen.getByLabelText('Cantidad de Arena lavada m3')).toHaveValue('2');
    expect(screen.getByLabelText('Cantidad de Varilla 3/8')).toHaveValue('3');
    expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveValue(
      'Comercial Rodríguez SRL · 131246789',
    );
    await usuario.click(screen.getByRole('button', { name: 'Guardar factura' }));
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    const [cabecera, lineas, conduces] = creaciones(llamadas)[0] ?? [];
    expect(cabecera).toMatchObject({ idCliente: idDe(40), idCotizaciones: [COT_A._id, COT_B._id] });
    expect(cabecera).not.toHaveProperty('idCotizacion');
    expect(lineas).toEqual([
      expect.objectContaining({ idProducto: idDe(301), cantidad: 2 }),
      expect.objectContaining({ idProducto: idDe(302), cantidad: 3 }),
    ]);
    expect((lineas as Array<Record<string, unknown>>)[0]).not.toHaveProperty('_id');
    expect(conduces).toEqual([]);
  });

  it('a conduce: locked lines, a repeated conduce refused, removing it removes its lines', async () => {
    const llamadas = servidor();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(
      <>
        <Notifications />
        <FacturaPage />
      </>,
      `/factura/nueva_factura?conduce=${CONDUCE._id}`,
    );
    const cantidad = await screen.findByLabelText('Cantidad de Cemento gris 42.5 kg');
    expect(cantidad).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Precio de Cemento gris 42.5 kg')).toHaveAttribute('readonly');
    expect(screen.getByRole('list', { name: 'Conduces vinculados' })).toHaveTextContent('CON00000004');

    // Spec 001 §1: a single conduce line cannot be removed.
    await usuario.click(screen.getByRole('button', { name: 'Quitar Cemento gris 42.5 kg' }));
    expect(await screen.findByText(MENSAJE_ARTICULO_DE_CONDUCE)).toBeInTheDocument();
    expect(screen.getByLabelText('Cantidad de Cemento gris 42.5 kg')).toBeInTheDocument();

    // Spec 001 §5: the same conduce twice is refused before asking the server.
    const traidas = () =>
      llamadas.filter((l) => l.url.pathname.startsWith('/api/conduce/agregar-conduce/')).length;
    expect(traidas()).toBe(1);
    await usuario.click(screen.getByRole('button', { name: 'Agregar conduce' }));
    const modal = await screen.findByRole('dialog', { name: 'Buscar conduce' });
    await usuario.click(await within(modal).findByRole('button', { name: 'Agregar el conduce CON00000004' }));
    expect(await screen.findByText(MENSAJE_CONDUCE_REPETIDO)).toBeInTheDocument();
    expect(traidas()).toBe(1);
    expect(screen.getAllByLabelText('Cantidad de Cemento gris 42.5 kg')).toHaveLength(1);
    await usuario.keyboard('{Escape}');

    // Spec 001 §4: removing the conduce removes its lines.
    await usuario.click(screen.getByRole('button', { name: 'Quitar el conduce CON00000004' }));
    await waitFor(() =>
      expect(screen.queryByLabelText('Cantidad de Cemento gris 42.5 kg')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('list', { name: 'Conduces vinculados' })).not.toBeInTheDocument();

    // Added again from the modal: its lines come back, and the body links it.
    await usuario.click(screen.getByRole('button', { name: 'Agregar conduce' }));
    const otra = await screen.findByRole('dialog', { name: 'Buscar conduce' });
    await usuario.click(await within(otra).findByRole('button', { name: 'Agregar el conduce CON00000004' }));
    await screen.findByLabelText('Cantidad de Cemento gris 42.5 kg');
    expect(traidas()).toBe(2);
    await usuario.click(screen.getByRole('button', { name: 'Guardar factura' }));
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    const [cabecera, lineas, conduces] = creaciones(llamadas)[0] ?? [];
    expect(cabecera).not.toHaveProperty('idCotizacion');
    expect(lineas).toEqual([
      expect.objectContaining({ idProducto: idDe(305), cantidad: 4, idLineaConduce: idDe(905) }),
    ]);
    expect(conduces).toEqual([CONDUCE._id]);
  });

  it('editing an invoice with conduce lines keeps them tied to the conduce and sends it linked', async () => {
    const llamadas = servidorDeEdicion();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(
      <>
        <Notifications />
        <FacturaPage />
      </>,
      `/factura/editar_factura?id=${FACTURA_CON_CONDUCE.FacturaDb._id}`,
    );
    // The page asks GET /conduce/{id} for each billed conduce to know which lines are its.
    const cantidad = await screen.findByLabelText('Cantidad de Arroz Selecto 5 lb', {}, { timeout: 8000 });
    expect(llamadas.some((l) => l.url.pathname === `/api/conduce/${CONDUCE._id}`)).toBe(true);
    // Spec 001 §1: a conduce line keeps the conduce's quantity and price; the other lines stay editable.
    expect(cantidad).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Cantidad de Aceite de soya Crisol 1 galón')).not.toHaveAttribute(
      'readonly',
    );
    expect(screen.getByRole('list', { name: 'Conduces vinculados' })).toHaveTextContent('CON00000004');

    await usuario.click(screen.getByRole('button', { name: 'Guardar factura' }));
    const ediciones = () =>
      llamadas.filter(
        (l) => l.metodo === 'PUT' && l.url.pathname === `/api/factura/${FACTURA_CON_CONDUCE.FacturaDb._id}`,
      );
    await waitFor(() => expect(ediciones()).toHaveLength(1));
    // Spec 001 §7 PUT /factura/{id}: slot 2 the lines, slot 4 every linked conduce after the change.
    const cuerpo = ediciones()[0]?.cuerpo as unknown[];
    expect(cuerpo[4]).toEqual([CONDUCE._id]);
    const lineas = cuerpo[2] as Array<Record<string, unknown>>;
    expect(lineas).toHaveLength(3);
    expect(lineas[0]).toMatchObject({ idLineaConduce: idDe(905), cantidad: 2 });
    expect(lineas.slice(1).every((l) => !('idLineaConduce' in l) || l.idLineaConduce == null)).toBe(true);
  });
});
