import { describe, expect, it } from 'vitest';
import { contarExpediente } from './expedientes.ts';

describe('contarExpediente', () => {
  it('counts Pendiente + EnProceso as pending and Finalizado as finished', () => {
    expect(
      contarExpediente([
        { estado: 'Pendiente' },
        { estado: 'EnProceso' },
        { estado: 'Finalizado' },
        { estado: 'Pendiente' },
      ]),
    ).toEqual({ pendientes: 3, finalizados: 1 });
    expect(contarExpediente([])).toEqual({ pendientes: 0, finalizados: 0 });
  });
});
