import { mensajeDescuentoInvalido } from '@pos/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderConProveedores } from '../../testing/render.tsx';
import { type CambiosDeLinea, lineaDesdeAgregado } from './borrador.ts';
import { productoAgregado } from './datosDePrueba.ts';
import { ModalEditarLinea } from './ModalEditarLinea.tsx';

// The POS product editor checks a line's discount with the domain's rule, as the invoice form and the
// server do (spec 001 §1): the user's limiteDescuento, or a partner customer's own descuentoParaSocios.
function abrir(socio: boolean) {
  const alGuardar = vi.fn<(cambios: CambiosDeLinea) => void>();
  // A product with a 15 % partner discount, added to a sale with no discount yet.
  const linea = lineaDesdeAgregado(productoAgregado({ descuentoParaSocios: 15 }), 'l1');
  renderConProveedores(
    <ModalEditarLinea
      linea={linea}
      alCerrar={() => undefined}
      alGuardar={alGuardar}
      alQuitar={() => undefined}
      bloquearPrecio={false}
      limiteDescuento={10}
      socio={socio}
    />,
  );
  return alGuardar;
}

async function guardarConDescuento(texto: string) {
  const usuario = userEvent.setup({ delay: null });
  const campo = await screen.findByLabelText('Descuento (máx. 10 %)');
  await usuario.clear(campo);
  await usuario.type(campo, texto);
  await usuario.click(screen.getByRole('button', { name: 'Guardar' }));
}

describe('ModalEditarLinea: descuento de la línea', { timeout: 20_000 }, () => {
  beforeAll(() => {
    // happy-dom has no FontFaceSet; Mantine's autosize Textarea listens on it.
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    }
  });
  afterEach(() => {
    cleanup();
  });

  it("a partner's line takes up to its own 15 %, above the user's 10 %, with decimals", async () => {
    const alGuardar = abrir(true);
    await guardarConDescuento('12.5');
    await waitFor(() => expect(alGuardar).toHaveBeenCalledTimes(1));
    expect(alGuardar.mock.calls[0]?.[0]).toMatchObject({ descuentoPorcentaje: 12.5 });
  });

  it("a partner's line still stops at its own discount", async () => {
    const alGuardar = abrir(true);
    await guardarConDescuento('16');
    expect(await screen.findByText(mensajeDescuentoInvalido(10))).toBeInTheDocument();
    expect(alGuardar).not.toHaveBeenCalled();
  });

  it("a non-partner's line stops at the user's limit", async () => {
    const alGuardar = abrir(false);
    await guardarConDescuento('12');
    expect(await screen.findByText(mensajeDescuentoInvalido(10))).toBeInTheDocument();
    expect(alGuardar).not.toHaveBeenCalled();
    await guardarConDescuento('10');
    await waitFor(() => expect(alGuardar).toHaveBeenCalledTimes(1));
    expect(alGuardar.mock.calls[0]?.[0]).toMatchObject({ descuentoPorcentaje: 10 });
  });
});
