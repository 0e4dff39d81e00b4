import { FacturaEntrada } from '@pos/contract';
import type { Centavos } from '@pos/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConProveedores } from '../../testing/render.tsx';
import { ModalCobro } from './ModalCobro.tsx';
import { type PagoDelBorrador, pagoInicial } from './pago.ts';

/** The messages Mantine ties to a field (its description and its error), as a screen reader reads them. */
function mensajesDe(campo: HTMLElement): string {
  return (campo.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');
}

/** The contract's message for a value of a field of the invoice, the one the server answers. */
function mensajeDelContrato(campo: keyof typeof FacturaEntrada.shape, valor: unknown): string {
  const resultado = FacturaEntrada.shape[campo].safeParse(valor);
  return resultado.success ? '' : (resultado.error.issues[0]?.message ?? '');
}

/** The modal with its payment held like FacturacionPage holds the draft's. */
function Cobro({ alConfirmar, inicial }: { alConfirmar: () => void; inicial: PagoDelBorrador }) {
  const [pago, setPago] = useState(inicial);
  return (
    <ModalCobro
      abierto
      alCerrar={() => {}}
      total={115_000 as Centavos}
      pago={pago}
      alCambiarPago={setPago}
      cliente={null}
      enviando={false}
      alConfirmar={alConfirmar}
    />
  );
}

describe('modal de cobro', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
  });

  it('un efectivo recibido negativo queda escrito, se rechaza junto al campo y no deja cobrar', async () => {
    const alConfirmar = vi.fn();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<Cobro alConfirmar={alConfirmar} inicial={pagoInicial()} />);
    const dialogo = await screen.findByRole('dialog', { name: 'Cobrar' });
    const efectivo = within(dialogo).getByLabelText('Efectivo recibido (vacío = monto exacto)');
    await usuario.clear(efectivo);
    await usuario.type(efectivo, '-500');
    await usuario.tab();
    // Leaving the field neither drops the minus sign nor turns the amount into 0 (a sale «paid» with 0).
    expect(efectivo).toHaveValue('-RD$500');
    expect(efectivo).toHaveAttribute('aria-invalid', 'true');
    expect(mensajeDelContrato('efectivoRecibido', -500)).toMatch(/efectivo recibido/);
    expect(mensajesDe(efectivo)).toContain(mensajeDelContrato('efectivoRecibido', -500));
    const cobrar = within(dialogo).getByRole('button', { name: /^Cobrar/ });
    expect(cobrar).toBeDisabled();
    await usuario.click(cobrar);
    expect(alConfirmar).not.toHaveBeenCalled();
  });

  it('en un pago mixto, una parte negativa se rechaza junto a su campo', async () => {
    const alConfirmar = vi.fn();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<Cobro alConfirmar={alConfirmar} inicial={{ ...pagoInicial(), metodo: 'Mixto' }} />);
    const dialogo = await screen.findByRole('dialog', { name: 'Cobrar' });
    const transferencia = within(dialogo).getByLabelText('Transferencia');
    await usuario.type(transferencia, '-100');
    await usuario.tab();
    expect(transferencia).toHaveValue('-RD$100');
    expect(mensajeDelContrato('formaDePagoTotalEnTransferencia', -100)).toMatch(/transferencia/);
    expect(mensajesDe(transferencia)).toContain(mensajeDelContrato('formaDePagoTotalEnTransferencia', -100));
    expect(within(dialogo).getByRole('button', { name: /^Cobrar/ })).toBeDisabled();
    expect(alConfirmar).not.toHaveBeenCalled();
  });
});
