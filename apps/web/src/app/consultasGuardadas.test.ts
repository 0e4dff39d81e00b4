import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLAVE_CONSULTAS, guardarConsultas } from './consultasGuardadas.ts';

describe('respuestas guardadas para recargar sin conexión', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('guarda perfil, turno y maestros, no las listas, y los restaura en otro cliente', async () => {
    const uno = new QueryClient();
    const parar = guardarConsultas(uno, localStorage, Date.now, () => 'token-1');
    uno.setQueryData(['perfil', 1], { username: 'cajera' });
    uno.setQueryData(['turnos', 'actual', 'u1'], { estadoDelTurno: true });
    uno.setQueryData(['facturas', 'pos', {}], { res: [] });
    await vi.advanceTimersByTimeAsync(1000);
    parar();
    const guardado = localStorage.getItem(CLAVE_CONSULTAS) ?? '';
    expect(guardado).toContain('cajera');
    expect(guardado).not.toContain('"facturas"');

    const dos = new QueryClient();
    guardarConsultas(dos, localStorage, Date.now, () => 'token-1')();
    expect(dos.getQueryData(['perfil', 1])).toEqual({ username: 'cajera' });
    expect(dos.getQueryData(['turnos', 'actual', 'u1'])).toEqual({ estadoDelTurno: true });
    expect(dos.getQueryData(['facturas', 'pos', {}])).toBeUndefined();
  });

  it('otra sesión, o ninguna, no arranca de la copia de la anterior', async () => {
    const cajera = new QueryClient();
    const parar = guardarConsultas(cajera, localStorage, Date.now, () => 'token-de-la-cajera');
    cajera.setQueryData(['perfil', 1], { username: 'cajera' });
    await vi.advanceTimersByTimeAsync(1000);
    parar();
    for (const token of ['token-del-admin', null]) {
      const otra = new QueryClient();
      guardarConsultas(otra, localStorage, Date.now, () => token)();
      expect(otra.getQueryData(['perfil', 1])).toBeUndefined();
    }
    const misma = new QueryClient();
    guardarConsultas(misma, localStorage, Date.now, () => 'token-de-la-cajera')();
    expect(misma.getQueryData(['perfil', 1])).toEqual({ username: 'cajera' });
  });

  it('una copia de más de 7 días o dañada no se usa', () => {
    localStorage.setItem(CLAVE_CONSULTAS, '{dañada');
    const uno = new QueryClient();
    guardarConsultas(uno)();
    expect(localStorage.getItem(CLAVE_CONSULTAS)).toBeNull();
    const vieja = { guardadaEn: Date.now() - 8 * 24 * 3600 * 1000, estado: { mutations: [], queries: [] } };
    localStorage.setItem(CLAVE_CONSULTAS, JSON.stringify(vieja));
    const hidratar = new QueryClient();
    guardarConsultas(
      hidratar,
      localStorage,
      () => Date.now(),
      () => 'token-1',
    )();
    expect(hidratar.getQueryCache().getAll()).toHaveLength(0);
  });

  it('al cerrar la sesión (clear) la copia queda vacía', async () => {
    const uno = new QueryClient();
    const parar = guardarConsultas(uno);
    uno.setQueryData(['perfil', 1], { username: 'cajera' });
    await vi.advanceTimersByTimeAsync(1000);
    uno.clear();
    await vi.advanceTimersByTimeAsync(1000);
    parar();
    expect(localStorage.getItem(CLAVE_CONSULTAS)).not.toContain('cajera');
  });
});
