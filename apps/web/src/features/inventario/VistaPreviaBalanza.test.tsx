import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConProveedores } from '../../testing/render.tsx';
import GeneralPage from '../configuracion/general/GeneralPage.tsx';
import { VistaPreviaBalanza } from './VistaPreviaBalanza.tsx';

const CONFIGURACION = {
  _id: 1001,
  avatar: null,
  imagenDePortada: null,
  bannerPublicitario: null,
  usoCodigoDeBalanza: false,
  colorLinkCatalogo: '#1c7ed6',
  habilitarSecciones: false,
  configGeneral: [{ nombre: 'Colmado La Esquina', rnc: '', direccion: '', telefono: '', correo: '' }],
};

function servidorFalso() {
  const llamadas: string[] = [];
  const json = (cuerpo: unknown, status = 200) =>
    new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string) => {
      const url = new URL(entrada, 'http://localhost');
      llamadas.push(url.pathname);
      if (url.pathname === '/api/registro-productos/barra/00101') {
        return json({ activo: true, nombre: 'Queso de freír Rica (lb)' });
      }
      if (url.pathname.startsWith('/api/registro-productos/barra/')) {
        return json({ activo: false, nombre: '' });
      }
      if (url.pathname === '/api/general/1001') {
        return json(CONFIGURACION);
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'No existe' }, 404);
    }),
  );
  return llamadas;
}

describe('vista previa de la etiqueta de balanza', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lee el código del producto y la cantidad con el mismo lector del servidor, y nombra el producto', async () => {
    servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<VistaPreviaBalanza usoCodigoDeBalanza />);
    // 20 · 00101 · 01250 · 4: product 00101, 1250 thousandths.
    await usuario.type(screen.getByLabelText('Código de una etiqueta'), '2000101012504');
    expect(screen.getByText('Etiqueta de balanza válida')).toBeInTheDocument();
    expect(screen.getByTestId('codigo-leido')).toHaveTextContent('00101');
    expect(screen.getByTestId('cantidad-leida')).toHaveTextContent('1.250');
    expect(await screen.findByText('Queso de freír Rica (lb)')).toBeInTheDocument();
  });

  it('explica por qué no es una etiqueta y qué código buscará el sistema', async () => {
    servidorFalso();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<VistaPreviaBalanza usoCodigoDeBalanza />);
    await usuario.type(screen.getByLabelText('Código de una etiqueta'), '2000101012509');
    expect(screen.getByText('No es una etiqueta de balanza')).toBeInTheDocument();
    expect(
      screen.getByText(/El dígito verificador \(el último\) es 9, pero .* debe ser 4/),
    ).toBeInTheDocument();
    expect(screen.getByText('2000101012509', { selector: 'code' })).toBeInTheDocument();
    expect(screen.queryByTestId('codigo-leido')).not.toBeInTheDocument();
  });

  it('en la configuración general sigue el interruptor que se está editando, sin guardarlo', async () => {
    const llamadas = servidorFalso();
    iniciarSesionLocal({ tenantId: 1, token: 'token-de-prueba' });
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<GeneralPage />);
    const campo = await screen.findByLabelText('Código de una etiqueta');
    await waitFor(() =>
      expect(screen.getByLabelText(/Nombre o razón social/)).toHaveValue('Colmado La Esquina'),
    );
    await usuario.type(campo, '2000101012504');
    // Saved setting: off.
    expect(screen.getByText('Los códigos de balanza están apagados')).toBeInTheDocument();
    await usuario.click(screen.getByRole('switch', { name: /Usar códigos de balanza/ }));
    expect(await screen.findByText('Etiqueta de balanza válida')).toBeInTheDocument();
    expect(screen.getByTestId('cantidad-leida')).toHaveTextContent('1.250');
    expect(llamadas.filter((p) => p === '/api/general/1001')).toHaveLength(1);
  });
});
