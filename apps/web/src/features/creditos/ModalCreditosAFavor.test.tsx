import type { CreditoAFavor } from '@pos/contract';
import type { Centavos } from '@pos/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { iniciarSesionLocal } from '../../app/sesion.ts';
import { renderConProveedores } from '../../testing/render.tsx';
import { BotonCreditosAFavor } from './BotonCreditosAFavor.tsx';
import type { CreditoElegido } from './elegidos.ts';

const CLIENTE = '00000000-0000-4000-8000-0000000000c1';

function credito(numero: number, disponible: number): CreditoAFavor {
  return {
    _id: `00000000-0000-4000-8000-00000000000${numero}`,
    identificadorUnico: `credito-${numero}`,
    numeroCredito: numero,
    idCliente: CLIENTE,
    nombreCliente: 'Colmado La Esquina',
    Monto: 1000,
    disponible,
    descripcion: `Anticipo ${numero}`,
    fecha: '2026-11-20',
    origen: { tipo: 'anticipo', id: null },
    estado: 'Activo',
    autorizacion: null,
    tipoDeAnulacion: '',
    notaAnular: '',
    notaAutorizacion: '',
    idUsuarioCreador: '00000000-0000-4000-8000-000000000001',
    creadaPor: 'maria',
    creadoEn: '2026-11-20T12:00:00.000Z',
    transacciones: [],
  };
}

/** Answers POST /credito-a-favor/findAll with the customer's credits and keeps each body asked. */
function servidorFalso(creditos: CreditoAFavor[]) {
  const pedidos: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (entrada: string, init?: RequestInit) => {
      const url = new URL(entrada, 'http://localhost');
      if (url.pathname === '/api/credito-a-favor/findAll') {
        pedidos.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ res: creditos, totalRows: creditos.length }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(JSON.stringify({ message: 'No existe' }), { status: 404 });
    }),
  );
  return pedidos;
}

function Documento({ alCambiar }: { alCambiar: (elegidos: CreditoElegido[]) => void }) {
  const [elegidos, setElegidos] = useState<CreditoElegido[]>([]);
  return (
    <BotonCreditosAFavor
      idCliente={CLIENTE}
      nombreCliente="Colmado La Esquina"
      maximo={118_000 as Centavos}
      elegidos={elegidos}
      alCambiar={(nuevos) => {
        setElegidos(nuevos);
        alCambiar(nuevos);
      }}
    />
  );
}

describe('modal de crédito a favor', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lista los créditos con saldo, propone hasta lo que falta por pagar y no deja usar de más', async () => {
    const pedidos = servidorFalso([credito(1, 800), credito(2, 500)]);
    iniciarSesionLocal({ tenantId: 1, token: 'token-de-prueba' });
    const alCambiar = vi.fn();
    const usuario = userEvent.setup({ delay: null });
    renderConProveedores(<Documento alCambiar={alCambiar} />);
    await usuario.click(await screen.findByRole('button', { name: 'Crédito a favor (2)' }));
    expect(pedidos[0]).toMatchObject({ idCliente: CLIENTE, soloDisponibles: true });
    const dialogo = await screen.findByRole('dialog', { name: 'Crédito a favor' });
    expect(within(dialogo).getByText('RD$800.00')).toBeInTheDocument();
    await usuario.click(within(dialogo).getByRole('checkbox', { name: 'Usar el crédito 1' }));
    // The first proposes all it has (800 of the 1,180 to pay); the second only the 380 left.
    expect(within(dialogo).getByLabelText('Monto del crédito 1')).toHaveValue('RD$800');
    await usuario.click(within(dialogo).getByRole('checkbox', { name: 'Usar el crédito 2' }));
    expect(within(dialogo).getByLabelText('Monto del crédito 2')).toHaveValue('RD$380');
    expect(within(dialogo).getByLabelText('Total de créditos a usar')).toHaveTextContent('RD$1,180.00');
    // More than the credit has is refused before sending.
    const monto2 = within(dialogo).getByLabelText('Monto del crédito 2');
    await usuario.clear(monto2);
    await usuario.type(monto2, '600');
    expect(within(dialogo).getByText('El crédito 2 solo tiene RD$500.00 disponible.')).toBeInTheDocument();
    expect(within(dialogo).getByRole('button', { name: 'Usar créditos' })).toBeDisabled();
    // Within its balance but above what the document leaves to pay: refused too.
    await usuario.clear(monto2);
    await usuario.type(monto2, '400');
    expect(within(dialogo).getByText(/solo deja RD\$1,180.00 por pagar/)).toBeInTheDocument();
    await usuario.clear(monto2);
    await usuario.type(monto2, '100');
    await usuario.click(within(dialogo).getByRole('button', { name: 'Usar créditos' }));
    expect(alCambiar).toHaveBeenLastCalledWith([
      expect.objectContaining({ numeroCredito: 1, monto: 800, idCliente: CLIENTE }),
      expect.objectContaining({ numeroCredito: 2, monto: 100 }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Pagado con crédito a favor')).toHaveTextContent('RD$900.00');
  });

  it('sin créditos con saldo no ofrece el botón', async () => {
    servidorFalso([]);
    iniciarSesionLocal({ tenantId: 1, token: 'token-de-prueba' });
    renderConProveedores(<Documento alCambiar={vi.fn()} />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /Crédito a favor/ })).not.toBeInTheDocument();
  });
});
