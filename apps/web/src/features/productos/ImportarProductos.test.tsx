import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConProveedores } from '../../testing/render.tsx';
import { ImportarProductos } from './ImportarProductos.tsx';
import { ID_ALMACEN_2, servidorDePrueba } from './servidorDePrueba.ts';

type Envio = { metodo: string; url: string; cabeceras: Record<string, string>; cuerpo: FormData };

/**
 * A fake XMLHttpRequest: reports upload progress in steps the test controls, then answers `respuesta`.
 * The import uses XHR (not fetch) because only XHR reports upload progress.
 */
function xhrFalso(respuesta: { status: number; cuerpo: unknown }) {
  const envios: Envio[] = [];
  let actual: XhrFalso | null = null;
  class XhrFalso {
    upload: {
      onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private envio: Envio = { metodo: '', url: '', cabeceras: {}, cuerpo: new FormData() };
    open(metodo: string, url: string) {
      this.envio.metodo = metodo;
      this.envio.url = url;
    }
    setRequestHeader(clave: string, valor: string) {
      this.envio.cabeceras[clave] = valor;
    }
    send(cuerpo: FormData) {
      this.envio.cuerpo = cuerpo;
      envios.push(this.envio);
      actual = this;
    }
    abort() {
      this.onabort?.();
    }
    progresar(enviados: number, total: number) {
      this.upload.onprogress?.({ loaded: enviados, total, lengthComputable: true });
    }
    responder() {
      this.status = respuesta.status;
      this.responseText = JSON.stringify(respuesta.cuerpo);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', XhrFalso);
  return {
    envios,
    progresar: (enviados: number, total: number) => actual?.progresar(enviados, total),
    responder: () => actual?.responder(),
  };
}

/** Mantine's FileInput is a button over a hidden file input. */
function campoDeArchivo(): HTMLInputElement {
  const campo = document.body.querySelector<HTMLInputElement>('input[type="file"]');
  if (!campo) {
    throw new Error('Falta el campo de archivo');
  }
  return campo;
}

function hoja(): File {
  return new File([new Uint8Array(2048)], 'productos.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

describe('importar productos desde Excel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('muestra el progreso de la subida y luego la tabla de errores por fila; no se importa nada', async () => {
    servidorDePrueba();
    const xhr = xhrFalso({
      status: 400,
      cuerpo: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'No se importó ningún producto: el archivo tiene 2 errores.',
        errores: [
          {
            campo: 'Fila 3, Nombre',
            mensaje: 'Debes poner el nombre del Producto',
            fila: 3,
            columna: 'Nombre',
          },
          {
            campo: 'Fila 6, Código de barras',
            mensaje: 'El código BUENO-1 ya está en la fila 2',
            fila: 6,
            columna: 'Código de barras',
          },
        ],
      },
    });
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<ImportarProductos abierto alCerrar={() => undefined} />);
    await usuario.upload(campoDeArchivo(), hoja());
    await usuario.click(screen.getByRole('button', { name: 'Importar' }));

    expect(xhr.envios).toHaveLength(1);
    expect(xhr.envios[0]?.metodo).toBe('POST');
    expect(xhr.envios[0]?.url).toBe('/api/registro-productos/import-xlsx');
    // Spec 002 §7: the file goes in the multipart field `avatar`.
    expect(xhr.envios[0]?.cuerpo.get('avatar')).toBeInstanceOf(File);

    xhr.progresar(1024, 2048);
    expect(await screen.findByText('Subiendo 1 de 2 KB (50%)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progreso de la importación' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    xhr.progresar(2048, 2048);
    expect(
      await screen.findByText('Archivo subido; revisando las filas y creando los productos…'),
    ).toBeInTheDocument();

    xhr.responder();
    expect(
      await screen.findByText('No se importó ningún producto: el archivo tiene 2 errores.'),
    ).toBeInTheDocument();
    const tabla = screen.getByRole('table', { name: 'Errores por fila' });
    const filas = within(tabla).getAllByRole('row').slice(1);
    expect(
      filas.map((f) =>
        within(f)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['3', 'Nombre', 'Debes poner el nombre del Producto'],
      ['6', 'Código de barras', 'El código BUENO-1 ya está en la fila 2'],
    ]);
  });

  it('importa en el almacén elegido y dice cuántos productos se crearon', async () => {
    servidorDePrueba();
    const xhr = xhrFalso({
      status: 200,
      cuerpo: {
        message: 'Se importaron 12 productos.',
        importados: 12,
        yaImportados: 0,
        idAlmacen: ID_ALMACEN_2,
      },
    });
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<ImportarProductos abierto alCerrar={() => undefined} />);
    const selector = screen
      .getAllByLabelText('Almacén de la existencia inicial')
      .find((e) => e.tagName === 'INPUT');
    await waitFor(() => expect(selector).toHaveValue('Almacén Principal'));
    await usuario.click(selector as HTMLElement);
    await usuario.click(await screen.findByRole('option', { name: 'Depósito' }));
    await usuario.upload(campoDeArchivo(), hoja());
    await usuario.click(screen.getByRole('button', { name: 'Importar' }));
    expect(xhr.envios[0]?.cuerpo.get('idAlmacen')).toBe(ID_ALMACEN_2);
    xhr.responder();
    expect(await screen.findByText('Se importaron 12 productos.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Importar' })).toBeDisabled());
  });
});
