import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { puedeAbrir } from '../../app/registro.ts';
import { cerrarSesionLocal, leerSesion } from '../../app/sesion.ts';
import { perfilDePrueba, renderConProveedores } from '../../testing/render.tsx';
import CrearEmpresaPage from './CrearEmpresaPage.tsx';
import { pantallasDeRegistro } from './rutas.ts';

const json = (cuerpo: unknown, status = 200) =>
  new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });

describe('registro de empresas en la web', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    cerrarSesionLocal();
  });

  it('la pantalla del operador: solo empresa 2, con acceso al módulo y con crearInstanciaDelSistema', () => {
    const [pantalla] = pantallasDeRegistro;
    if (!pantalla) {
      throw new Error('falta la pantalla');
    }
    const conAcceso = (tenantId: number, crearInstanciaDelSistema: boolean) => {
      const perfil = perfilDePrueba({ tenantId, crearInstanciaDelSistema });
      perfil.privilegios.registroDeEmpresa = { ...perfil.privilegios.registroDeEmpresa, acceso: true };
      return perfil;
    };
    expect(puedeAbrir(pantalla, conAcceso(2, true))).toBe(true);
    expect(puedeAbrir(pantalla, conAcceso(2, false))).toBe(false);
    expect(puedeAbrir(pantalla, conAcceso(1, true))).toBe(false);
    expect(puedeAbrir(pantalla, perfilDePrueba({ tenantId: 2, crearInstanciaDelSistema: true }))).toBe(false);
  });

  it('alta por cuenta propia: valida con el contrato, envía sin sesión, muestra el número y entra', async () => {
    const llamadas: { url: string; headers: Record<string, string>; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (entrada: string, init?: RequestInit) => {
        const url = new URL(entrada, 'http://localhost').pathname;
        llamadas.push({
          url,
          headers: (init?.headers ?? {}) as Record<string, string>,
          body: init?.body ? JSON.parse(String(init.body)) : null,
        });
        if (url === '/api/tenant/') {
          return json({ tenantId: 7, username: 'ana@salon.do', diasDePruebaDisponibles: 15, message: 'ok' });
        }
        if (url === '/api/auth/login') {
          return json({ token: 'token-7', usuario: {} });
        }
        return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
      }),
    );
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<CrearEmpresaPage />, '/crear-empresa');
    await usuario.click(screen.getByRole('button', { name: 'Crear empresa' }));
    expect(await screen.findByText('Debes poner el nombre de la empresa')).toBeInTheDocument();
    expect(llamadas).toEqual([]);

    await usuario.type(screen.getByLabelText(/Nombre de la empresa/), 'Salón Ana');
    await usuario.type(screen.getByLabelText(/Tu nombre/), 'Ana');
    await usuario.type(screen.getByLabelText(/Correo/), 'Ana@Salon.do');
    await usuario.type(screen.getByLabelText(/^Contraseña/), 'clave-segura-1');
    await usuario.type(screen.getByLabelText(/Repite la contraseña/), 'clave-segura-1');
    await usuario.click(screen.getByRole('button', { name: 'Crear empresa' }));
    expect(await screen.findByTestId('numero-de-empresa')).toHaveTextContent('7');
    expect(llamadas[0]).toMatchObject({
      url: '/api/tenant/',
      body: {
        nombreCompania: 'Salón Ana',
        nombre: 'Ana',
        correo: 'ana@salon.do',
        password: 'clave-segura-1',
      },
    });
    expect(llamadas[0]?.headers.authorization).toBeUndefined();

    await usuario.click(screen.getByRole('button', { name: 'Entrar a mi empresa' }));
    await waitFor(() => expect(leerSesion()).toEqual({ tenantId: 7, token: 'token-7' }));
    expect(llamadas[1]).toMatchObject({
      url: '/api/auth/login',
      headers: { tenantId: '7' },
      body: { username: 'ana@salon.do', password: 'clave-segura-1' },
    });
  });

  it('un duplicado abre el diálogo «Alerta la empresa no se creo!» con la razón del servidor', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'Alerta la empresa no se creo! Ya existe una empresa registrada con el correo «a@b.do».',
            errores: [
              { campo: 'correo', mensaje: 'Ya existe una empresa registrada con el correo «a@b.do».' },
            ],
          },
          409,
        ),
      ),
    );
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<CrearEmpresaPage />, '/crear-empresa');
    await usuario.type(screen.getByLabelText(/Nombre de la empresa/), 'Otra');
    await usuario.type(screen.getByLabelText(/Tu nombre/), 'Ana');
    await usuario.type(screen.getByLabelText(/Correo/), 'a@b.do');
    await usuario.type(screen.getByLabelText(/^Contraseña/), 'clave-segura-1');
    await usuario.type(screen.getByLabelText(/Repite la contraseña/), 'clave-segura-1');
    await usuario.click(screen.getByRole('button', { name: 'Crear empresa' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Alerta la empresa no se creo!' });
    expect(dialogo).toHaveTextContent('Ya existe una empresa registrada con el correo «a@b.do».');
  });
});
