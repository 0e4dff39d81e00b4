import { Notifications } from '@mantine/notifications';
import type { DetalleGastoMenor } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { perfilDePrueba, renderConRutas, todosLosPrivilegios } from '../../testing/render.tsx';
import { dinero } from '../../ui/formato.ts';
import { idDe } from '../facturas/datosDePrueba.ts';
import { json } from '../facturas/servidorDePrueba.ts';
import EditarGastoMenorPage from './EditarGastoMenorPage.tsx';
import GastosMenoresPage from './GastosMenoresPage.tsx';
import NuevoGastoMenorPage from './NuevoGastoMenorPage.tsx';
import {
  EDITAR_GASTO_MENOR,
  LISTA_GASTOS_MENORES,
  NUEVO_GASTO_MENOR,
  rutaDeEdicion,
  rutaDeVista,
  VISTA_GASTO_MENOR,
} from './rutas.ts';
import VistaGastoMenorPage from './VistaGastoMenorPage.tsx';

// Spec 001 §3 "Minor expense", §7 "Minor expenses", §8 'Minor expense update failure', §9 (14 a page).
// The fake API answers the expense accounts, the numberings and the minor-expense calls.

const ID_GASTO = idDe(800);
const ID_PAPEL = idDe(801);
const ID_GASOLINA = idDe(802);
const PAPEL = {
  idCuenta: idDe(10),
  nombre: 'Materiales de oficina y limpieza',
  codigoDeCuenta: '6.2.06',
  tipo: 'gastos',
  naturaleza: 'deudora',
} as const;
const GASOLINA = {
  ...PAPEL,
  idCuenta: idDe(11),
  nombre: 'Combustibles y lubricantes',
  codigoDeCuenta: '6.2.05',
};
const CAJA_CHICA = {
  idCuenta: idDe(12),
  nombre: 'Caja chica',
  codigoDeCuenta: '1.1.01.02',
  tipo: 'activo',
  naturaleza: 'deudora',
} as const;

function gasto(cambios: Partial<DetalleGastoMenor> = {}): DetalleGastoMenor {
  return {
    _id: ID_GASTO,
    identificadorUnico: 'u-gasto',
    idNumeracion: idDe(20),
    numeracionNombre: 'Gastos menores',
    numero: 4,
    comprobante: 'GM00000004',
    ncf: '',
    fechaDeEmision: '2026-11-20',
    formaDePago: 'Efectivo',
    afectarCuenta: true,
    descripcion: 'Caja chica de la semana',
    cuentaContableCredito: CAJA_CHICA,
    subtotal: 300,
    impuestos: 18,
    total: 318,
    estado: 'Activo',
    autorizacion: null,
    activo: true,
    notaAnular: '',
    notaAutorizacion: '',
    idUsuarioCreador: idDe(90),
    creadoPor: 'maria',
    creadoEn: '2026-11-20T14:00:00.000Z',
    listaDeGastos: [
      {
        _id: ID_PAPEL,
        idGastoMenor: ID_GASTO,
        fechaDeEmision: '2026-11-20',
        cuentaContable: PAPEL,
        cuentaContableDebito: PAPEL,
        importe: 100,
        impuestos: 18,
        total: 118,
        nota: 'Papel',
      },
      {
        _id: ID_GASOLINA,
        idGastoMenor: ID_GASTO,
        fechaDeEmision: '2026-11-19',
        cuentaContable: GASOLINA,
        cuentaContableDebito: GASOLINA,
        importe: 200,
        impuestos: 0,
        total: 200,
        nota: 'Gasolina',
      },
    ],
    ...cambios,
  };
}

type Llamada = { metodo: string; ruta: string; cuerpo: unknown };

function servidor(opciones: { duplicado?: boolean; fallaActualizar?: boolean; privilegios?: object } = {}) {
  const llamadas: Llamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      const metodo = init?.method ?? 'GET';
      const cuerpo = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      llamadas.push({ metodo, ruta: url.pathname, cuerpo });
      if (url.pathname === '/api/profile') {
        return json(
          perfilDePrueba({
            _id: idDe(90),
            anularYEliminarDocumentos: false,
            privilegios: todosLosPrivilegios(),
            ...opciones.privilegios,
          }),
        );
      }
      if (url.pathname === '/api/catalogo-de-cuentas/gastos') {
        return json([GASOLINA, PAPEL]);
      }
      if (url.pathname === '/api/catalogo-de-cuentas/') {
        return json({ _id: '1', treeData: [], listas: {} });
      }
      if (url.pathname === '/api/numeracion/') {
        return json([]);
      }
      if (url.pathname === '/api/gastos-menores/todos') {
        return json({ res: [gasto()], totalRows: 30 });
      }
      if (url.pathname === '/api/gastos-menores/' && metodo === 'POST') {
        return json({ ...gasto(), solicitudDuplicada: opciones.duplicado ?? false });
      }
      if (url.pathname === `/api/gastos-menores/${ID_GASTO}` && metodo === 'PATCH') {
        if (opciones.fallaActualizar) {
          return json(
            {
              statusCode: 400,
              error: 'Bad Request',
              message: 'La línea 1 del gasto menor no tiene cuenta contable: elige la cuenta del gasto.',
            },
            400,
          );
        }
        return json([gasto()]);
      }
      if (url.pathname === `/api/gastos-menores/${ID_GASTO}`) {
        return json(gasto());
      }
      if (url.pathname === `/api/gastos-menores/anular/${ID_GASTO}`) {
        return json({
          gastosMenore: gasto({ estado: 'Por-Anular', autorizacion: 'Pendiente' }),
          resultado: 'solicitado',
        });
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return llamadas;
}

function renderizar(inicio: string) {
  const conAvisos = (elemento: React.ReactNode) => (
    <>
      <Notifications />
      {elemento}
    </>
  );
  return renderConRutas(
    [
      { path: LISTA_GASTOS_MENORES, element: conAvisos(<GastosMenoresPage />) },
      { path: NUEVO_GASTO_MENOR, element: conAvisos(<NuevoGastoMenorPage />) },
      { path: EDITAR_GASTO_MENOR, element: conAvisos(<EditarGastoMenorPage />) },
      { path: VISTA_GASTO_MENOR, element: conAvisos(<VistaGastoMenorPage />) },
    ],
    inicio,
  );
}

describe('gastos menores', { timeout: 40_000 }, () => {
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

  it('la lista pide 14 por página y la vista de auditoría pide Por-Anular y Anulado', async () => {
    const llamadas = servidor();
    const usuario = userEvent.setup({ delay: null });
    renderizar(LISTA_GASTOS_MENORES);
    expect(await screen.findByText('GM00000004')).toBeInTheDocument();
    expect(screen.getByText(dinero(318))).toBeInTheDocument();
    const listas = () => llamadas.filter((l) => l.ruta === '/api/gastos-menores/todos');
    expect(listas()[0]?.cuerpo).toMatchObject({ page: 1, limit: 14, buscarPorEstado: false });
    await usuario.click(screen.getByText('Anulados y por anular'));
    await waitFor(() => expect(listas().at(-1)?.cuerpo).toMatchObject({ buscarPorEstado: true }));
  });

  it('el nuevo gasto suma importe e ITBIS por línea y envía la cuenta de gasto elegida', async () => {
    const llamadas = servidor();
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(NUEVO_GASTO_MENOR);
    const cuenta = await screen.findByLabelText('Cuenta de la línea 1', { selector: 'input' });
    await usuario.click(cuenta);
    await usuario.click(
      await screen.findByRole('option', { name: '6.2.06 · Materiales de oficina y limpieza' }),
    );
    await usuario.type(screen.getByLabelText('Importe de la línea 1'), '250');
    await usuario.click(screen.getByRole('button', { name: 'ITBIS 18 % de la línea 1' }));
    expect(screen.getByLabelText('ITBIS de la línea 1')).toHaveValue('45');
    await usuario.type(screen.getByLabelText('Nota de la línea 1'), 'Resmas de papel');
    expect(screen.getByText(`Total ${dinero(295)}`)).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Guardar gasto menor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(rutaDeVista(ID_GASTO)));
    const creacion = llamadas.find((l) => l.ruta === '/api/gastos-menores/' && l.metodo === 'POST');
    expect(creacion?.cuerpo).toMatchObject({
      formaDePago: 'Efectivo',
      identificadorUnico: expect.any(String),
      listaDeGastos: [
        {
          cuentaContable: { idCuenta: PAPEL.idCuenta },
          importe: 250,
          impuestos: 45,
          nota: 'Resmas de papel',
        },
      ],
    });
    expect(creacion?.cuerpo).not.toHaveProperty('cuentaContableCredito');
  });

  it('un importe sin cuenta no se guarda; la respuesta duplicada muestra «Protección de duplicidad»', async () => {
    servidor({ duplicado: true });
    const usuario = userEvent.setup({ delay: null });
    renderizar(NUEVO_GASTO_MENOR);
    await usuario.type(await screen.findByLabelText('Importe de la línea 1'), '80');
    expect(await screen.findByText('Elige la cuenta del gasto.')).toBeInTheDocument();
    const guardar = screen.getByRole('button', { name: 'Guardar gasto menor' });
    expect(guardar).toBeDisabled();
    await usuario.click(screen.getByLabelText('Cuenta de la línea 1', { selector: 'input' }));
    await usuario.click(await screen.findByRole('option', { name: '6.2.05 · Combustibles y lubricantes' }));
    await waitFor(() => expect(guardar).toBeEnabled());
    await usuario.click(guardar);
    expect(await screen.findByText('Protección de duplicidad')).toBeInTheDocument();
    expect(screen.getByText('Este documento ya fue creado, por favor verifique')).toBeInTheDocument();
  });

  it('editar envía la línea cambiada por su _id, la quitada en itemEliminar y avisa si falla', async () => {
    const llamadas = servidor({ fallaActualizar: true });
    const usuario = userEvent.setup({ delay: null });
    renderizar(rutaDeEdicion(ID_GASTO));
    const importe = await screen.findByLabelText('Importe de la línea 1', {}, { timeout: 4000 });
    expect(importe).toHaveValue('100');
    await usuario.clear(importe);
    await usuario.type(importe, '150');
    await usuario.click(screen.getByRole('button', { name: 'Quitar la línea 2' }));
    await usuario.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByText('No se actualizo: hemos tenido un problema en los campos obligatorios'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('La línea 1 del gasto menor no tiene cuenta contable: elige la cuenta del gasto.'),
    ).toBeInTheDocument();
    const cambio = llamadas.find((l) => l.metodo === 'PATCH');
    expect(cambio?.cuerpo).toMatchObject({
      listaDeGastos: [
        { _id: ID_PAPEL, cuentaContable: { idCuenta: PAPEL.idCuenta }, importe: 150, impuestos: 18 },
      ],
      itemEliminar: [ID_GASOLINA],
    });
  });

  it('la vista muestra las líneas y totales; anular sin permiso directo envía la solicitud', async () => {
    const llamadas = servidor();
    const usuario = userEvent.setup({ delay: null });
    renderizar(rutaDeVista(ID_GASTO));
    expect(await screen.findByRole('heading', { name: 'Gasto menor GM00000004' })).toBeInTheDocument();
    const tabla = screen.getByRole('table', { name: 'Gastos' });
    expect(within(tabla).getByText('6.2.06 · Materiales de oficina y limpieza')).toBeInTheDocument();
    expect(within(tabla).getByText(dinero(118))).toBeInTheDocument();
    expect(screen.getByText(`Total ${dinero(318)}`)).toBeInTheDocument();
    // Only a user who cancels directly may delete.
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Anular' }));
    const dialogo = await screen.findByRole('dialog');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Solicitar anulación' }));
    expect(
      within(dialogo).getByText('Debes escribir el motivo de la anulación del gasto menor.'),
    ).toBeInTheDocument();
    await usuario.type(within(dialogo).getByLabelText(/Motivo de anulación/), 'Se registró dos veces');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Solicitar anulación' }));
    await waitFor(() =>
      expect(llamadas.find((l) => l.ruta === `/api/gastos-menores/anular/${ID_GASTO}`)?.cuerpo).toEqual({
        notaAnular: 'Se registró dos veces',
      }),
    );
  });
});
