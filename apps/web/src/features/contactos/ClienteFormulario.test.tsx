import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type Contacto, LARGO_MAXIMO_CONTACTO } from '@pos/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConProveedores } from '../../testing/render.tsx';
import { ClienteFormulario } from './ClienteFormulario.tsx';
import { ModalCliente } from './ModalCliente.tsx';

function contacto(cambios: Partial<Contacto>): Contacto {
  return {
    _id: '00000000-0000-4000-8000-0000000000c1',
    identificadorUnico: 'id-de-prueba-1',
    idUsuarioCreador: null,
    nombre: '',
    apellidos: '',
    avatar: null,
    tipoDeIdentificacion: '',
    rnc: '',
    ncfPredeterminado: '',
    tipoDeContacto: 'cliente',
    idListaDePrecio: null,
    idRuta: null,
    limiteCredito: 0,
    diasDeCredito: 0,
    socio: false,
    descuentoParaSocios: 0,
    revendedor: false,
    funcionEnLaEmpresa: '',
    direccion: '',
    location: null,
    telefono: '',
    movil: '',
    correo: '',
    nota: '',
    estado: 'Activo',
    autorizacion: null,
    activo: true,
    notaAnular: '',
    notaAutorizacion: '',
    cuentaPorCobrar: null,
    cuentaPorPagar: null,
    creadoEn: '2026-11-22T12:00:00.000Z',
    actualizadoEn: '2026-11-22T12:00:00.000Z',
    ...cambios,
  };
}

type Llamada = { url: string; metodo: string; cuerpo: unknown };

/** The messages Mantine ties to a field (its description and its error), as a screen reader reads them. */
function mensajesDe(campo: HTMLElement): string {
  return (campo.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');
}

const creaciones = (llamadas: Llamada[]) => llamadas.filter((l) => l.url.endsWith('/cliente/crear'));

function servidorFalso(advertencias: string[] = []) {
  const llamadas: Llamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const cuerpo = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      llamadas.push({ url, metodo: init?.method ?? 'GET', cuerpo });
      const json = (datos: unknown, status = 200) =>
        new Response(JSON.stringify(datos), { status, headers: { 'content-type': 'application/json' } });
      if (url.includes('/rnc-info/101850043')) {
        return json({
          rnc: '101850043',
          nombre: 'FERRETERÍA ÑOÑO SRL',
          nombreComercial: '',
          actividadEconomica: 'VENTA AL POR MENOR',
          direccion: 'C/ DUARTE, 12, CENTRO',
          telefono: '8095550000',
          fechaInicio: '2010-03-15',
          estado: 'ACTIVO',
          regimenDePagos: 'NORMAL',
        });
      }
      if (url.endsWith('/cliente/crear')) {
        return json({
          clientedb: contacto({ nombre: cuerpo.nombre, rnc: cuerpo.rnc }),
          solicitudDuplicada: false,
          advertencias,
        });
      }
      if (url.includes('/lista-ruta/') || url.includes('/listas-precio/')) {
        return json({ res: [], totalRows: 0 });
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return llamadas;
}

// A form this size is slow to type into on happy-dom, more so with the whole suite running.
describe('formulario de cliente', { timeout: 40_000 }, () => {
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

  it('la búsqueda en el registro de la DGII llena el nombre', async () => {
    const llamadas = servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<ClienteFormulario alGuardar={() => undefined} alCancelar={() => undefined} />);
    await usuario.type(screen.getByLabelText('RNC / Cédula'), '1-01-85004-3');
    await usuario.click(screen.getByRole('button', { name: 'Buscar en la DGII' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Nombre o razón social/)).toHaveValue('FERRETERÍA ÑOÑO SRL'),
    );
    expect(screen.getByLabelText('Dirección')).toHaveValue('C/ DUARTE, 12, CENTRO');
    expect(screen.getByText('Registro DGII: FERRETERÍA ÑOÑO SRL · ACTIVO')).toBeInTheDocument();
    expect(llamadas.some((l) => l.url.endsWith('/rnc-info/101850043'))).toBe(true);
  });

  it('un dígito verificador que no coincide avisa pero deja guardar', async () => {
    const aviso =
      'El dígito verificador del RNC no coincide; verifíquelo en el registro de la DGII. Tampoco aparece en el registro de la DGII.';
    const llamadas = servidorFalso([aviso]);
    const alGuardar = vi.fn();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<ClienteFormulario alGuardar={alGuardar} alCancelar={() => undefined} />);
    await usuario.type(screen.getByLabelText(/Nombre o razón social/), 'Colmado La Esquina');
    await usuario.type(screen.getByLabelText('RNC / Cédula'), '101581601');
    expect(
      screen.getByText(/El dígito verificador del RNC no coincide; verifíquelo en el registro de la DGII\./),
    ).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(alGuardar).toHaveBeenCalledTimes(1));
    const creada = llamadas.find((l) => l.url.endsWith('/cliente/crear'));
    expect(creada?.cuerpo).toMatchObject({
      nombre: 'Colmado La Esquina',
      rnc: '101581601',
      tipoDeContacto: 'cliente',
    });
    expect((creada?.cuerpo as { identificadorUnico?: string } | undefined)?.identificadorUnico).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(alGuardar.mock.calls[0]?.[1]).toEqual({ yNuevo: false });
  });

  it('sin nombre no se envía y muestra el mensaje del contrato', async () => {
    const llamadas = servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<ClienteFormulario alGuardar={() => undefined} alCancelar={() => undefined} />);
    await usuario.click(screen.getByRole('button', { name: 'Guardar y nuevo' }));
    expect(await screen.findByText('Debes poner el nombre del cliente')).toBeInTheDocument();
    expect(llamadas.some((l) => l.url.endsWith('/cliente/crear'))).toBe(false);
  });

  it('un límite de crédito de -1000 queda como se escribió, se rechaza junto al campo y no se envía', async () => {
    const llamadas = servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<ClienteFormulario alGuardar={() => undefined} alCancelar={() => undefined} />);
    await usuario.type(screen.getByLabelText(/Nombre o razón social/), 'Colmado La Esquina');
    const limite = screen.getByLabelText('Límite de crédito (RD$)');
    await usuario.clear(limite);
    await usuario.type(limite, '-1000');
    await usuario.tab();
    // Not turned into 0: the value stands and the contract's message says why it is refused.
    expect(limite).toHaveValue('-1,000.00');
    await waitFor(() => expect(mensajesDe(limite)).toContain('No puede ser negativo'));
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(limite).toHaveAttribute('aria-invalid', 'true'));
    expect(creaciones(llamadas)).toHaveLength(0);
  });

  it('el tipo de identificación sigue a lo escrito: 11 dígitos es Cédula, 9 es RNC', async () => {
    servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<ClienteFormulario alGuardar={() => undefined} alCancelar={() => undefined} />);
    const tipo = screen.getByLabelText('Tipo de identificación', { selector: 'input:not([type=hidden])' });
    const rnc = screen.getByLabelText('RNC / Cédula');
    expect(tipo).toHaveValue('Sin identificación');
    await usuario.click(rnc);
    await usuario.paste('001-1391820-5');
    expect(tipo).toHaveValue('Cédula');
    await usuario.clear(rnc);
    await usuario.click(rnc);
    await usuario.paste('101850043');
    expect(tipo).toHaveValue('RNC');
    // An RNC chosen before an 11-digit number is typed follows it too (no «El RNC debe tener 9 dígitos»).
    await usuario.clear(rnc);
    await usuario.click(rnc);
    await usuario.paste('00113918205');
    expect(tipo).toHaveValue('Cédula');
  });

  it('el teléfono guarda solo dígitos: los guiones de un número pegado se quitan, una letra se rechaza', async () => {
    const llamadas = servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<ClienteFormulario alGuardar={() => undefined} alCancelar={() => undefined} />);
    await usuario.type(screen.getByLabelText(/Nombre o razón social/), 'Colmado La Esquina');
    const telefono = screen.getByLabelText('Teléfono');
    await usuario.click(telefono);
    await usuario.paste('(809) 555-0101');
    // The same number, as it is kept: the separators only formatted it.
    expect(telefono).toHaveValue('8095550101');
    const movil = screen.getByLabelText('Móvil');
    await usuario.type(movil, '829-555-01O1');
    await usuario.tab();
    // The letter O is not a zero: it stays in sight, refused next to the field.
    expect(movil).toHaveValue('82955501O1');
    await waitFor(() => expect(mensajesDe(movil)).toContain('El móvil solo admite dígitos'));
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(movil).toHaveAttribute('aria-invalid', 'true'));
    expect(creaciones(llamadas)).toHaveLength(0);
  });

  it('un nombre pegado de más de 200 caracteres se cuenta y se rechaza, no se corta', async () => {
    const llamadas = servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<ClienteFormulario alGuardar={() => undefined} alCancelar={() => undefined} />);
    const nombre = screen.getByLabelText(/Nombre o razón social/);
    await usuario.click(nombre);
    await usuario.paste('Ferretería '.repeat(30));
    expect(nombre).toHaveValue('Ferretería '.repeat(30));
    expect(mensajesDe(nombre)).toContain(`330 de ${LARGO_MAXIMO_CONTACTO.nombre} caracteres`);
    await usuario.tab();
    await waitFor(() =>
      expect(mensajesDe(nombre)).toContain(
        `No puede tener más de ${LARGO_MAXIMO_CONTACTO.nombre} caracteres`,
      ),
    );
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(creaciones(llamadas)).toHaveLength(0);
  });

  it('como modal, entrega el cliente creado al documento que lo abrió y se cierra', async () => {
    servidorFalso();
    const onCreado = vi.fn();
    function Documento() {
      const [abierto, { open, close }] = useDisclosure(false);
      return (
        <>
          <Button onClick={open}>Agregar cliente</Button>
          <ModalCliente abierto={abierto} alCerrar={close} onCreado={onCreado} />
        </>
      );
    }
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<Documento />);
    await usuario.click(screen.getByRole('button', { name: 'Agregar cliente' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Nuevo cliente' });
    expect(screen.queryByRole('button', { name: 'Guardar y nuevo' })).not.toBeInTheDocument();
    await usuario.type(screen.getByLabelText(/Nombre o razón social/), 'Farmacia Los Prados');
    await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onCreado).toHaveBeenCalledTimes(1));
    expect(onCreado.mock.calls[0]?.[0]).toMatchObject({
      nombre: 'Farmacia Los Prados',
      _id: expect.any(String),
    });
    await waitFor(() => expect(dialogo).not.toBeInTheDocument());
  });
});
