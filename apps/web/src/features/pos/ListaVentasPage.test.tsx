import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { perfilDePrueba, renderConRutas, todosLosPrivilegios } from '../../testing/render.tsx';
import { facturaCreada, ID_TURNO, ID_USUARIO, idDe, turnoDePrueba } from './datosDePrueba.ts';
import ListaVentasPage from './ListaVentasPage.tsx';
import { LISTA_VENTAS_POS } from './rutas.ts';

type Llamada = { metodo: string; url: URL; cuerpo: unknown };

function json(cuerpo: unknown, status = 200): Response {
  return new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });
}

const LINEA = [{ descripcion: 'Arroz', cantidad: 2, precio: '207.627118644068' }];
const PRIMERA = facturaCreada(LINEA, { _id: idDe(0xfa1), comprobante: 'B0200000041', numeroFactura: 41 });
const SEGUNDA = facturaCreada(LINEA, {
  _id: idDe(0xfa2),
  comprobante: null,
  numeroFactura: 42,
  nombre: 'Juan Pérez',
  metodoDePago: 'Mixto',
  estadoDelCobro: 'Por Cobrar',
});

function servidorFalso(): Llamada[] {
  const llamadas: Llamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const metodo = init?.method ?? 'GET';
      const cuerpo: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      llamadas.push({ metodo, url, cuerpo });
      const ruta = url.pathname;
      if (ruta === '/api/profile') {
        return json(perfilDePrueba({ _id: ID_USUARIO, privilegios: todosLosPrivilegios() }));
      }
      if (ruta === `/api/turno/actual/${ID_USUARIO}`) {
        return json({ turnoEnCurso: turnoDePrueba(), estadoDelTurno: true });
      }
      if (ruta === '/api/factura/lista-de-facturas') {
        return json({ res: [PRIMERA.facturadb, SEGUNDA.facturadb], totalRows: 2, totalGeneral: 980 });
      }
      if (ruta === `/api/factura/una/${PRIMERA.facturadb._id}`) {
        const { solicitudDuplicada: _s, facturadb: _f, ...detalle } = PRIMERA;
        return json(detalle);
      }
      return json({ statusCode: 404, error: 'Not Found', message: `No existe ${metodo} ${ruta}` }, 404);
    }),
  );
  return llamadas;
}

describe('lista de ventas del POS', { timeout: 20_000 }, () => {
  beforeEach(() => {
    iniciarSesionLocal({ tenantId: 1, token: 'token-de-prueba' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('muestra las ventas del turno, 25 por página, y el recibo de una', async () => {
    const llamadas = servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderConRutas([{ path: LISTA_VENTAS_POS, element: <ListaVentasPage /> }], LISTA_VENTAS_POS);
    const tabla = await screen.findByRole('table', { name: 'Ventas' });
    await within(tabla).findByText('B0200000041');
    expect(within(tabla).getByText('#42')).toBeInTheDocument();
    expect(within(tabla).getByText('Por Cobrar')).toBeInTheDocument();
    expect(screen.getByText(/2 ventas/)).toBeInTheDocument();
    const lista = llamadas.filter((l) => l.url.pathname === '/api/factura/lista-de-facturas');
    expect(lista.at(-1)?.cuerpo).toMatchObject({
      facturasDelTurno: true,
      idTurnoRef: ID_TURNO,
      limit: 25,
      page: 1,
    });

    await usuario.click(within(tabla).getAllByRole('button', { name: 'Ver recibo' })[0] as HTMLElement);
    const dialogo = await screen.findByRole('dialog');
    expect(await within(dialogo).findByText(/NCF: B0200000041/)).toBeInTheDocument();
    expect(within(dialogo).getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
  });

  it('«Mis ventas de hoy» pide el periodo de hoy del usuario', async () => {
    const llamadas = servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderConRutas([{ path: LISTA_VENTAS_POS, element: <ListaVentasPage /> }], LISTA_VENTAS_POS);
    await screen.findByText('B0200000041');
    await usuario.click(screen.getByText('Mis ventas de hoy'));
    await waitFor(() =>
      expect(
        llamadas.filter((l) => l.url.pathname === '/api/factura/lista-de-facturas').at(-1)?.cuerpo,
      ).toMatchObject({
        periodo: 1,
        idUsuarioCreador: ID_USUARIO,
      }),
    );
  });
});
