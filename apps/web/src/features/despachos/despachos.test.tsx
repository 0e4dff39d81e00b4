import { Notifications } from '@mantine/notifications';
import {
  type ConduceDespacho,
  type ConducesDeLaFactura,
  MENSAJE_DESPACHO_SIN_LINEAS,
  MENSAJE_ERROR_AL_GUARDAR_DESPACHO,
} from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConRutas } from '../../testing/render.tsx';
import { MENSAJE_DE_DUPLICIDAD, TITULO_DE_DUPLICIDAD } from '../../ui/duplicidad.tsx';
import { contactoDePrueba, idDe } from '../facturas/datosDePrueba.ts';
import {
  facturasDePrueba,
  json,
  type Llamada,
  respuestaDeError,
  servidorDePrueba,
} from '../facturas/servidorDePrueba.ts';
import ConducesDespachoPage from './ConducesDespachoPage.tsx';
import NuevoConduceDespachoPage from './NuevoConduceDespachoPage.tsx';
import { LISTA_DE_DESPACHOS, NUEVO_DESPACHO } from './rutas.ts';

// facturasDePrueba(1)[0]: B0200000001, active.
const FACTURA = facturasDePrueba(1)[0];
const CHOFER = contactoDePrueba({
  _id: idDe(500),
  nombre: 'Julio',
  apellidos: 'Pérez',
  funcionEnLaEmpresa: 'Chofer',
});

function conduceDePrueba(cambios: Partial<ConduceDespacho> = {}): ConduceDespacho {
  return {
    _id: idDe(800),
    identificadorUnico: 'despacho-800',
    numeroConduceDespacho: 7,
    idFactura: FACTURA?._id ?? '',
    comprobanteFactura: 'B0200000001',
    nombreCliente: 'Comercial Rodríguez SRL',
    idChofer: CHOFER._id,
    nombreChofer: 'Julio Pérez',
    fecha: '2026-11-22',
    nota: '',
    estado: 'Activo',
    autorizacion: null,
    activo: true,
    tipoDeAnulacion: '',
    notaAnular: '',
    notaAutorizacion: '',
    idUsuarioCreador: idDe(90),
    creadaPor: 'maria',
    creadoEn: '2026-11-22T14:30:00.000Z',
    ...cambios,
  };
}

const DE_LA_FACTURA: ConducesDeLaFactura = {
  factura: {
    _id: FACTURA?._id ?? '',
    comprobante: 'B0200000001',
    numeroFactura: 1,
    fechaEmision: '2026-11-20',
    nombre: 'Comercial Rodríguez SRL',
    rnc: '131246789',
    direccion: '',
    telefono: '',
    estado: 'Activo',
    total: 1180,
  },
  conduces: [conduceDePrueba()],
  pendientes: [
    {
      idLineaFactura: idDe(901),
      idProducto: idDe(1),
      descripcion: 'Arroz Selecto 5 lb',
      vendida: 10,
      despachada: 4,
      pendiente: 6,
    },
    {
      idLineaFactura: idDe(902),
      idProducto: idDe(2),
      descripcion: 'Aceite Crisol 1 lt',
      vendida: 2,
      despachada: 2,
      pendiente: 0,
    },
    {
      idLineaFactura: idDe(903),
      idProducto: idDe(3),
      descripcion: 'Huevos 30 und',
      vendida: 3,
      despachada: 0,
      pendiente: 3,
    },
  ],
};

function servidor({ duplicada = false, rechazo }: { duplicada?: boolean; rechazo?: string } = {}) {
  return servidorDePrueba({
    extra: (metodo, url) => {
      if (url.pathname === '/api/cliente/buscar-contacto-por-funcion') {
        return json([CHOFER]);
      }
      if (url.pathname === `/api/conduce-de-despacho/todos-los-Conduce/${FACTURA?._id}`) {
        return json(DE_LA_FACTURA);
      }
      if (url.pathname === '/api/conduce-de-despacho/' && metodo === 'POST') {
        return rechazo
          ? respuestaDeError(409, rechazo)
          : json({
              conduceDespachoDb: conduceDePrueba(),
              lineaConduceDespacho: [],
              solicitudDuplicada: duplicada,
            });
      }
      if (url.pathname === '/api/conduce-de-despacho/todos') {
        return json({ res: [conduceDePrueba()], totalRows: 1 });
      }
      return undefined;
    },
  });
}

function renderizar(inicio: string) {
  return renderConRutas(
    [
      {
        path: NUEVO_DESPACHO,
        element: (
          <>
            <Notifications />
            <NuevoConduceDespachoPage />
          </>
        ),
      },
      { path: LISTA_DE_DESPACHOS, element: <ConducesDespachoPage /> },
    ],
    inicio,
  );
}

const creaciones = (llamadas: Llamada[]) =>
  llamadas.filter((l) => l.url.pathname === '/api/conduce-de-despacho/' && l.metodo === 'POST');

describe('conduces de despacho', { timeout: 40_000 }, () => {
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

  it('from an invoice: shows sold, dispatched and pending per line; all zeros is refused with the spec message; sends only the lines above 0 with the driver', async () => {
    const llamadas = servidor();
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(`${NUEVO_DESPACHO}?factura=${FACTURA?._id}`);
    const arroz = await screen.findByLabelText('A despachar de Arroz Selecto 5 lb', {}, { timeout: 4000 });
    const fila = arroz.closest('tr') as HTMLElement;
    expect(within(fila).getByText('10')).toBeInTheDocument();
    expect(within(fila).getByText('4')).toBeInTheDocument();
    expect(within(fila).getByText('6')).toBeInTheDocument();
    // Nothing left of the oil: its input is disabled.
    expect(screen.getByLabelText('A despachar de Aceite Crisol 1 lt')).toBeDisabled();
    expect(screen.getByText('1 despacho anterior')).toBeInTheDocument();

    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MENSAJE_DESPACHO_SIN_LINEAS)).toBeInTheDocument();
    expect(creaciones(llamadas)).toHaveLength(0);

    await usuario.clear(arroz);
    await usuario.type(arroz, '2.5');
    await usuario.click(screen.getByLabelText('Chofer', { selector: 'input' }));
    await usuario.click(await screen.findByRole('option', { name: /Julio Pérez/ }));
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    const cuerpo = creaciones(llamadas)[0]?.cuerpo as Record<string, unknown>;
    expect(cuerpo).toMatchObject({
      idFactura: FACTURA?._id,
      idChofer: CHOFER._id,
      lineaConduceDespacho: [{ idLineaFactura: idDe(901), cantidadDespachada: 2.5 }],
    });
    expect(String(cuerpo.identificadorUnico)).toHaveLength(36);
    // Spec 001 §2: saving goes back to the list.
    await waitFor(() => expect(router.state.location.pathname).toBe(LISTA_DE_DESPACHOS));
  });

  it('«Despachar todo lo pendiente» fills every pending line; a duplicate answer shows the duplicate dialog', async () => {
    const llamadas = servidor({ duplicada: true });
    const usuario = userEvent.setup({ delay: null });
    renderizar(`${NUEVO_DESPACHO}?factura=${FACTURA?._id}`);
    await screen.findByLabelText('A despachar de Arroz Selecto 5 lb', {}, { timeout: 4000 });
    await usuario.click(screen.getByRole('button', { name: 'Despachar todo lo pendiente' }));
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(creaciones(llamadas)).toHaveLength(1));
    expect(
      (creaciones(llamadas)[0]?.cuerpo as { lineaConduceDespacho: unknown } | undefined)
        ?.lineaConduceDespacho,
    ).toEqual([
      { idLineaFactura: idDe(901), cantidadDespachada: 6 },
      { idLineaFactura: idDe(903), cantidadDespachada: 3 },
    ]);
    const dialogo = await screen.findByRole('dialog', { name: TITULO_DE_DUPLICIDAD });
    expect(within(dialogo).getByText(MENSAJE_DE_DUPLICIDAD)).toBeInTheDocument();
  });

  it('a refusal by the server is shown under «Error al guardar el conduce»', async () => {
    const rechazo =
      '«Arroz Selecto 5 lb»: se despacharían 6 y de la factura B0200000001 quedan 2 por despachar.';
    servidor({ rechazo });
    const usuario = userEvent.setup({ delay: null });
    renderizar(`${NUEVO_DESPACHO}?factura=${FACTURA?._id}`);
    await screen.findByLabelText('A despachar de Arroz Selecto 5 lb', {}, { timeout: 4000 });
    await usuario.click(screen.getByRole('button', { name: 'Despachar todo lo pendiente' }));
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MENSAJE_ERROR_AL_GUARDAR_DESPACHO)).toBeInTheDocument();
    expect((await screen.findAllByText(rechazo)).length).toBeGreaterThan(0);
  });

  it('the list sends the driver and «Ver pendientes» filters', async () => {
    const llamadas = servidor();
    const usuario = userEvent.setup({ delay: null });
    renderizar(LISTA_DE_DESPACHOS);
    expect(await screen.findByText('B0200000001')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Julio Pérez' })).toBeInTheDocument();
    await usuario.click(screen.getByLabelText('Ver pendientes'));
    await usuario.click(screen.getByLabelText('Chofer', { selector: 'input' }));
    await usuario.click(await screen.findByRole('option', { name: 'Julio Pérez' }));
    await waitFor(() =>
      expect(
        llamadas.some(
          (l) =>
            l.url.pathname === '/api/conduce-de-despacho/todos' &&
            (l.cuerpo as { verPendientes?: boolean; idChofer?: string }).verPendientes === true &&
            (l.cuerpo as { idChofer?: string }).idChofer === CHOFER._id,
        ),
      ).toBe(true),
    );
  });
});
