import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { actualizarPlan } from '../app/plan.ts';
import { renderConProveedores } from '../testing/render.tsx';
import { AvisosDelPlan } from './AvisosDelPlan.tsx';
import { BotonEscritura } from './ModoLectura.tsx';

const ACTIVO = {
  estadoDelPlan: 'Activo' as const,
  balancePendienteDelPlan: 0,
  cantidadDeUsuarios: 1,
  limiteCantidadDeUsuarios: 0,
  diasDePruebaDisponibles: 0,
  vigenciaDelPlan: 0,
};

describe('avisos del plan y modo lectura', () => {
  afterEach(() => {
    actualizarPlan(null);
  });

  it('muestra los avisos según el último chequeo de salud', () => {
    renderConProveedores(<AvisosDelPlan />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() =>
      actualizarPlan({
        ...ACTIVO,
        balancePendienteDelPlan: 2500,
        vigenciaDelPlan: 30,
        diasDePruebaDisponibles: 3,
      }),
    );
    const avisos = screen.getAllByRole('status').map((a) => a.textContent);
    expect(avisos).toEqual([
      'Se emitió la factura de tu suscripción con un balance pendiente de 2,500.00 pesos. ',
      'Le quedan 3 días de prueba ',
    ]);
  });

  it('con el plan suspendido, un botón de guardar no envía su formulario', async () => {
    let enviados = 0;
    renderConProveedores(
      <form
        onSubmit={(evento) => {
          evento.preventDefault();
          enviados++;
        }}
      >
        <BotonEscritura type="submit">Guardar</BotonEscritura>
      </form>,
    );
    act(() => actualizarPlan({ ...ACTIVO, estadoDelPlan: 'Suspendido' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Plan En Modo Lectura')).toBeInTheDocument();
    expect(enviados).toBe(0);
  });

  it('con el plan suspendido, un botón de crear abre «Plan En Modo Lectura» en vez de actuar', async () => {
    let creados = 0;
    renderConProveedores(<BotonEscritura onClick={() => creados++}>Nuevo</BotonEscritura>);
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo' }));
    expect(creados).toBe(1);
    act(() => actualizarPlan({ ...ACTIVO, estadoDelPlan: 'Suspendido' }));
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo' }));
    expect(creados).toBe(1);
    expect(await screen.findByText('Plan En Modo Lectura')).toBeInTheDocument();
    expect(
      screen.getByText('Considera activar tu suscripción para poder editar y crear documentos'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activar suscripción' })).toBeInTheDocument();
  });
});
