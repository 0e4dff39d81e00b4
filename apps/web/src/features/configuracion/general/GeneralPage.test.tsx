import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../../app/sesion.ts';
import { renderConProveedores } from '../../../testing/render.tsx';
import GeneralPage from './GeneralPage.tsx';

const BASE = {
  _id: 1001,
  avatar: null,
  imagenDePortada: null,
  bannerPublicitario: null,
  usoCodigoDeBalanza: false,
  colorLinkCatalogo: '#1c7ed6',
  habilitarSecciones: false,
  configGeneral: [
    { nombre: 'Colmado La Esquina', rnc: '', direccion: '', telefono: '', correo: 'ventas@colmado.do' },
  ],
  bloqueoPorNoExistencia: false,
  tieneCodigoDeAutorizacion: false,
  smtp: null as null | Record<string, unknown>,
};

/** Answers GET /general/1001 with `configuracion` and keeps each PUT body (answering it as saved). */
function servidorFalso(configuracion: typeof BASE) {
  const guardados: Record<string, unknown>[] = [];
  const json = (cuerpo: unknown, status = 200) =>
    new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      if (url.pathname === '/api/general/1001' && init?.method === 'PUT') {
        const cuerpo = JSON.parse(String(init.body)) as Record<string, unknown>;
        guardados.push(cuerpo);
        return json({ ...configuracion, ...cuerpo, _id: 1001 });
      }
      if (url.pathname === '/api/general/1001') {
        return json(configuracion);
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return guardados;
}

async function abrir(configuracion: typeof BASE) {
  const guardados = servidorFalso(configuracion);
  iniciarSesionLocal({ tenantId: 1, token: 'token-de-prueba' });
  const usuario = userEvent.setup({ delay: null });
  renderConProveedores(<GeneralPage />);
  await waitFor(() =>
    expect(screen.getByLabelText(/Nombre o razón social/)).toHaveValue('Colmado La Esquina'),
  );
  return { guardados, usuario };
}

// The whole settings page renders on every keystroke: slow on a busy machine.
describe('configuración general: reglas de venta y correo saliente', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('activa el SMTP con los datos de la empresa, valida como el servidor y guarda', async () => {
    const { guardados, usuario } = await abrir(BASE);
    expect(screen.getByText(/Sin servidor de correo/)).toBeInTheDocument();
    await usuario.click(screen.getByRole('switch', { name: 'Enviar facturas por correo' }));
    expect(screen.getByLabelText(/Correo remitente/)).toHaveValue('ventas@colmado.do');
    await usuario.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Escribe el servidor SMTP')).toBeInTheDocument();
    expect(guardados).toHaveLength(0);

    await usuario.type(screen.getByLabelText(/Servidor SMTP/), 'smtp.colmado.do');
    await usuario.type(screen.getByLabelText('Contraseña'), 'clave-smtp');
    await usuario.click(screen.getByRole('switch', { name: /Bloquear la venta sin existencia/ }));
    await usuario.type(screen.getByLabelText(/Código de autorización/), '4321');
    await usuario.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(guardados).toHaveLength(1));
    expect(guardados[0]).toMatchObject({
      bloqueoPorNoExistencia: true,
      codigoDeAutorizacion: '4321',
      smtp: {
        host: 'smtp.colmado.do',
        port: 587,
        secure: false,
        usuario: 'ventas@colmado.do',
        password: 'clave-smtp',
        remitente: 'ventas@colmado.do',
      },
    });
  });

  it('no muestra secretos guardados: campos vacíos que conservan la contraseña y el código', async () => {
    const { guardados, usuario } = await abrir({
      ...BASE,
      tieneCodigoDeAutorizacion: true,
      smtp: {
        host: 'smtp.colmado.do',
        port: 465,
        secure: true,
        usuario: 'facturas@colmado.do',
        remitente: 'facturas@colmado.do',
        tienePassword: true,
      },
    });
    const password = screen.getByLabelText('Contraseña');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', 'Guardada; déjala vacía para no cambiarla');
    expect(screen.getByLabelText(/Código de autorización/)).toHaveAttribute(
      'placeholder',
      'Guardado; escribe otro para cambiarlo',
    );
    await usuario.clear(screen.getByLabelText(/Servidor SMTP/));
    await usuario.type(screen.getByLabelText(/Servidor SMTP/), 'mail.colmado.do');
    await usuario.click(screen.getByRole('button', { name: 'Quitar el código' }));
    await usuario.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(guardados).toHaveLength(1));
    expect(guardados[0]).toMatchObject({
      borrarCodigoDeAutorizacion: true,
      codigoDeAutorizacion: '',
      smtp: { host: 'mail.colmado.do', port: 465, secure: true, password: '' },
    });
  });
});
