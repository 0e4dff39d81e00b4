import { Notifications, notifications } from '@mantine/notifications';
import { CATEGORIAS_DE_CUENTA, type DetalleEntradaDeDiario } from '@pos/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { perfilDePrueba, renderConRutas, todosLosPrivilegios } from '../../testing/render.tsx';
import { dinero } from '../../ui/formato.ts';
import { idDe } from '../facturas/datosDePrueba.ts';
import { json } from '../facturas/servidorDePrueba.ts';
import EntradasDeDiarioPage from './EntradasDeDiarioPage.tsx';
import NuevaEntradaDeDiarioPage from './NuevaEntradaDeDiarioPage.tsx';
import { LISTA_ENTRADAS_DE_DIARIO, NUEVA_ENTRADA_DE_DIARIO, rutaDeVista } from './rutas.ts';

// Spec 002 §3 "Journal entry", §7 /entrada-de-diario/…, §8 ('No se creo la entrada de diario',
// 'Protección de duplicidad'), §9 (accounting lists 25). The fake API answers the chart, the cost
// centres, the numberings and the journal-entry calls.

const ID_ENTRADA = idDe(700);
const nodo = (id: string, codigoDeCuenta: string, nombre: string, children: unknown[] = []) => ({
  id,
  codigoDeCuenta,
  nombre,
  tipo: codigoDeCuenta.startsWith('1') ? 'activo' : 'gastos',
  naturaleza: 'deudora',
  categoria: 'otros',
  children,
});
const CAJA = nodo(idDe(11), '1.1.01.01', 'Caja general');
const GASOLINA = nodo(idDe(12), '6.2.05', 'Combustibles y lubricantes');
// The group 1.1 is not offered: entries post to detail accounts only.
const ARBOL = [nodo(idDe(10), '1.1', 'Activos corrientes', [CAJA]), GASOLINA];

function entrada(): DetalleEntradaDeDiario {
  return {
    _id: ID_ENTRADA,
    identificadorUnico: 'u-ed',
    idUsuarioCreador: idDe(90),
    creadoPor: 'maria',
    fecha: '2026-11-20',
    descripcionGeneral: 'Combustible de la semana',
    idNumeracion: idDe(20),
    numeracionNombre: 'Entradas de diario',
    numero: 3,
    comprobante: 'ED00000003',
    idEntradaDeDiarioRef: null,
    totalDebito: 500,
    totalCredito: 500,
    estado: 'Activo',
    autorizacion: null,
    activo: true,
    tipoDeAnulacion: '',
    notaAnular: '',
    notaAutorizacion: '',
    creadoEn: '2026-11-20T14:00:00.000Z',
    lineas: [
      {
        _id: idDe(701),
        orden: 0,
        cuentaContable: {
          idCuenta: GASOLINA.id,
          nombre: GASOLINA.nombre,
          codigoDeCuenta: '6.2.05',
          tipo: 'gastos',
          naturaleza: 'deudora',
        },
        debito: 500,
        credito: 0,
        idCentroDeCosto: idDe(30),
        centroDeCosto: 'Sucursal Norte',
        contacto: { _id: idDe(40), nombre: 'Estación La Fe' },
        nota: 'Ruta norte',
      },
      {
        _id: idDe(702),
        orden: 1,
        cuentaContable: {
          idCuenta: CAJA.id,
          nombre: CAJA.nombre,
          codigoDeCuenta: '1.1.01.01',
          tipo: 'activo',
          naturaleza: 'deudora',
        },
        debito: 0,
        credito: 500,
        idCentroDeCosto: null,
        centroDeCosto: '',
        contacto: null,
        nota: '',
      },
    ],
  };
}

type Llamada = { metodo: string; ruta: string; cuerpo: unknown };

function servidor(opciones: { duplicado?: boolean; falla?: boolean } = {}) {
  const llamadas: Llamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entradaUrl: string, init?: RequestInit) => {
      const url = new URL(entradaUrl, 'http://localhost');
      const metodo = init?.method ?? 'GET';
      const cuerpo = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      llamadas.push({ metodo, ruta: url.pathname, cuerpo });
      if (url.pathname === '/api/profile') {
        return json(perfilDePrueba({ _id: idDe(90), privilegios: todosLosPrivilegios() }));
      }
      if (url.pathname === '/api/catalogo-de-cuentas/') {
        return json({
          _id: '1',
          treeData: ARBOL,
          listas: Object.fromEntries(CATEGORIAS_DE_CUENTA.map((c) => [c, []])),
        });
      }
      if (url.pathname === '/api/centro-de-costo/') {
        return json({
          res: [{ _id: idDe(30), identificadorUnico: 'c', nombre: 'Sucursal Norte', descripcion: '' }],
          totalRows: 1,
        });
      }
      if (url.pathname === '/api/cliente/contactos') {
        return json({ res: [], totalRows: 0 });
      }
      if (url.pathname === '/api/numeracion/') {
        return json([]);
      }
      if (url.pathname === '/api/entrada-de-diario/todas') {
        return json({ res: [entrada()], totalRows: 30 });
      }
      if (url.pathname === '/api/entrada-de-diario/' && metodo === 'POST') {
        if (opciones.falla) {
          return json(
            {
              statusCode: 400,
              error: 'Bad Request',
              message: 'La fecha de la entrada no puede ser futura',
            },
            400,
          );
        }
        return json({ ...entrada(), solicitudDuplicada: opciones.duplicado ?? false });
      }
      if (url.pathname === `/api/entrada-de-diario/${ID_ENTRADA}`) {
        return json(entrada());
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
      { path: LISTA_ENTRADAS_DE_DIARIO, element: conAvisos(<EntradasDeDiarioPage />) },
      { path: NUEVA_ENTRADA_DE_DIARIO, element: conAvisos(<NuevaEntradaDeDiarioPage />) },
    ],
    inicio,
  );
}

// The chart arrives after the form: the dropdown is opened again until the option is there.
async function elegir(usuario: ReturnType<typeof userEvent.setup>, etiqueta: string, opcion: string) {
  const campo = screen.getByLabelText(etiqueta, { selector: 'input' });
  await waitFor(
    async () => {
      if (!screen.queryByRole('option', { name: opcion })) {
        await usuario.click(document.body);
        await usuario.click(campo);
      }
      expect(screen.getByRole('option', { name: opcion })).toBeInTheDocument();
    },
    { timeout: 4000 },
  );
  await usuario.click(screen.getByRole('option', { name: opcion }));
}

describe('entradas de diario', { timeout: 40_000 }, () => {
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

  it('la lista pide 25 por página y filtra por estado', async () => {
    const llamadas = servidor();
    const usuario = userEvent.setup({ delay: null });
    renderizar(LISTA_ENTRADAS_DE_DIARIO);
    expect(await screen.findByText('ED00000003')).toBeInTheDocument();
    const listas = () => llamadas.filter((l) => l.ruta === '/api/entrada-de-diario/todas');
    expect(listas()[0]?.cuerpo).toMatchObject({ page: 1, limit: 25 });
    expect(listas()[0]?.cuerpo).not.toHaveProperty('estado');
    await usuario.click(screen.getByText('Anuladas'));
    await waitFor(() => expect(listas().at(-1)?.cuerpo).toMatchObject({ estado: 'Anulado' }));
  });

  it('el modal de la entrada muestra cada línea con cuenta, centro, contacto y nota, y los totales', async () => {
    servidor();
    renderizar(rutaDeVista(ID_ENTRADA));
    const dialogo = await screen.findByRole('dialog');
    expect(await within(dialogo).findByText('Entrada de diario ED00000003')).toBeInTheDocument();
    const tabla = within(dialogo).getByRole('table', { name: 'Líneas de la entrada' });
    expect(within(tabla).getByText('6.2.05')).toBeInTheDocument();
    expect(within(tabla).getByText('Sucursal Norte')).toBeInTheDocument();
    expect(within(tabla).getByText('Estación La Fe')).toBeInTheDocument();
    expect(within(tabla).getByText('Ruta norte')).toBeInTheDocument();
    expect(within(tabla).getAllByText(dinero(500))).toHaveLength(4);
    expect(within(dialogo).getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
  });

  it('la nueva entrada muestra la diferencia, no se guarda descuadrada y envía las líneas', async () => {
    const llamadas = servidor();
    const usuario = userEvent.setup({ delay: null });
    const { router } = renderizar(NUEVA_ENTRADA_DE_DIARIO);
    await screen.findByLabelText('Cuenta de la línea 1', { selector: 'input' });
    await elegir(usuario, 'Cuenta de la línea 1', '6.2.05 · Combustibles y lubricantes');
    // Only detail accounts are offered: the group 1.1 is not.
    await usuario.click(screen.getByLabelText('Cuenta de la línea 2', { selector: 'input' }));
    expect(await screen.findByRole('option', { name: '1.1.01.01 · Caja general' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '1.1 · Activos corrientes' })).not.toBeInTheDocument();
    await usuario.click(document.body);
    await elegir(usuario, 'Centro de costo de la línea 1', 'Sucursal Norte');
    await usuario.type(screen.getByLabelText('Débito de la línea 1'), '500');
    await elegir(usuario, 'Cuenta de la línea 2', '1.1.01.01 · Caja general');
    await usuario.type(screen.getByLabelText('Crédito de la línea 2'), '400');
    expect(screen.getByText(`Diferencia ${dinero(100)}`)).toBeInTheDocument();
    expect(
      screen.getByText('La entrada de diario no está cuadrada: débitos RD$500.00, créditos RD$400.00'),
    ).toBeInTheDocument();
    const guardar = screen.getByRole('button', { name: 'Guardar entrada de diario' });
    expect(guardar).toBeDisabled();
    await usuario.type(
      screen.getByLabelText('Crédito de la línea 2'),
      '{backspace}{backspace}{backspace}500',
    );
    await waitFor(() => expect(guardar).toBeEnabled());
    expect(screen.getByText(`Diferencia ${dinero(0)}`)).toBeInTheDocument();
    await usuario.click(guardar);
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${ID_ENTRADA}`));
    const creacion = llamadas.find((l) => l.ruta === '/api/entrada-de-diario/' && l.metodo === 'POST');
    expect(creacion?.cuerpo).toMatchObject({
      identificadorUnico: expect.any(String),
      camposGenerales: { fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      lineas: [
        { cuentaContable: { idCuenta: GASOLINA.id }, debito: 500, credito: 0, idCentroDeCosto: idDe(30) },
        { cuentaContable: { idCuenta: CAJA.id }, debito: 0, credito: 500, idCentroDeCosto: null },
      ],
    });
  });

  it('una respuesta duplicada muestra «Protección de duplicidad»; un rechazo, «No se creo la entrada de diario»', async () => {
    for (const opciones of [{ duplicado: true }, { falla: true }]) {
      servidor(opciones);
      const usuario = userEvent.setup({ delay: null });
      renderizar(NUEVA_ENTRADA_DE_DIARIO);
      await screen.findByLabelText('Cuenta de la línea 1', { selector: 'input' });
      await elegir(usuario, 'Cuenta de la línea 1', '6.2.05 · Combustibles y lubricantes');
      await usuario.type(screen.getByLabelText('Débito de la línea 1'), '10');
      await elegir(usuario, 'Cuenta de la línea 2', '1.1.01.01 · Caja general');
      await usuario.type(screen.getByLabelText('Crédito de la línea 2'), '10');
      await usuario.click(screen.getByRole('button', { name: 'Guardar entrada de diario' }));
      if (opciones.duplicado) {
        expect(await screen.findByText('Protección de duplicidad')).toBeInTheDocument();
        expect(screen.getByText('Este documento ya fue creado, por favor verifique')).toBeInTheDocument();
      } else {
        expect(
          await screen.findByText('No se creo la entrada de diario', {}, { timeout: 5000 }),
        ).toBeInTheDocument();
        expect(screen.getByText('La fecha de la entrada no puede ser futura')).toBeInTheDocument();
      }
      notifications.clean();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
