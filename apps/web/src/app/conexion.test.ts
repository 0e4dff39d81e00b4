import type { EstadoDelPlan } from '@pos/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crearMonitorDeConexion, type EventoDeConexion } from './conexion.ts';

const PLAN: EstadoDelPlan = {
  estadoDelPlan: 'Activo',
  balancePendienteDelPlan: 0,
  cantidadDeUsuarios: 1,
  limiteCantidadDeUsuarios: 0,
  diasDePruebaDisponibles: 0,
  vigenciaDelPlan: 0,
};

function documentoFalso() {
  const oyentes = new Set<() => void>();
  return {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, fn: () => void) => {
      oyentes.add(fn);
    },
    removeEventListener: (_: string, fn: () => void) => {
      oyentes.delete(fn);
    },
    cambiar(estado: DocumentVisibilityState) {
      this.visibilityState = estado;
      for (const fn of oyentes) {
        fn();
      }
    },
  };
}

describe('monitor de conexión', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function preparar(respuestas: Array<'ok' | 'falla' | 'cuelga'>) {
    const llamadas: number[] = [];
    const verificar = vi.fn((signal: AbortSignal) => {
      llamadas.push(Date.now());
      const r = respuestas.shift() ?? 'ok';
      if (r === 'ok') {
        return Promise.resolve(PLAN);
      }
      if (r === 'falla') {
        return Promise.reject(new Error('red caída'));
      }
      return new Promise<EstadoDelPlan>((_, reject) => {
        signal.addEventListener('abort', () => reject(new Error('abortada')));
      });
    });
    const documento = documentoFalso();
    const ventana = documentoFalso();
    const monitor = crearMonitorDeConexion({ verificar, documento, ventana });
    const eventos: EventoDeConexion['tipo'][] = [];
    monitor.suscribir((e) => eventos.push(e.tipo));
    return { monitor, verificar, llamadas, eventos, documento, ventana };
  }

  it('verifica al iniciar y luego cada 7 s, y emite el plan de cada respuesta', async () => {
    const { monitor, verificar, eventos } = preparar([]);
    monitor.iniciar();
    await vi.advanceTimersByTimeAsync(0);
    expect(verificar).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6999);
    expect(verificar).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(verificar).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(7000 * 3);
    expect(verificar).toHaveBeenCalledTimes(5);
    expect(eventos.every((e) => e === 'plan')).toBe(true);
    monitor.detener();
  });

  it('al fallar pasa a sin conexión y reintenta a los 2, 4, 8, 16 y 32 s; luego vuelve al ritmo de 7 s', async () => {
    const { monitor, llamadas, eventos } = preparar([
      'falla',
      'falla',
      'falla',
      'falla',
      'falla',
      'falla',
      'falla',
    ]);
    monitor.iniciar();
    await vi.advanceTimersByTimeAsync(0);
    expect(monitor.enLinea()).toBe(false);
    expect(eventos).toEqual(['conexion-perdida']);
    await vi.advanceTimersByTimeAsync(2000 + 4000 + 8000 + 16000 + 32000 + 7000);
    const esperas = llamadas.slice(1).map((t, i) => t - (llamadas[i] ?? 0));
    expect(esperas).toEqual([2000, 4000, 8000, 16000, 32000, 7000]);
    // Lost once, not at every failed retry.
    expect(eventos).toEqual(['conexion-perdida']);
    monitor.detener();
  });

  it('al volver emite conexión restablecida y reinicia los reintentos', async () => {
    const { monitor, eventos } = preparar(['falla', 'falla', 'ok']);
    monitor.iniciar();
    await vi.advanceTimersByTimeAsync(0 + 2000 + 4000);
    expect(monitor.enLinea()).toBe(true);
    expect(eventos).toEqual(['conexion-perdida', 'conexion-restablecida', 'plan']);
    expect(monitor.registros().map((r) => r.type)).toEqual(['error', 'offline', 'error', 'online']);
    monitor.detener();
  });

  it('una verificación sin respuesta se corta a los 5 s y cuenta como fallo', async () => {
    const { monitor } = preparar(['cuelga']);
    monitor.iniciar();
    await vi.advanceTimersByTimeAsync(4999);
    expect(monitor.enLinea()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(monitor.enLinea()).toBe(false);
    expect(monitor.registros()[0]).toMatchObject({ type: 'error', error: 'Sin respuesta en 5 s' });
    monitor.detener();
  });

  it('nunca hay dos verificaciones a la vez', async () => {
    const { monitor, verificar } = preparar(['cuelga']);
    monitor.iniciar();
    void monitor.verificarAhora();
    void monitor.verificarAhora();
    await vi.advanceTimersByTimeAsync(100);
    expect(verificar).toHaveBeenCalledTimes(1);
    monitor.detener();
  });

  it('se pausa con la página oculta y verifica al volver a verla', async () => {
    const { monitor, verificar, documento } = preparar([]);
    monitor.iniciar();
    await vi.advanceTimersByTimeAsync(0);
    documento.cambiar('hidden');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(verificar).toHaveBeenCalledTimes(1);
    documento.cambiar('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(verificar).toHaveBeenCalledTimes(2);
    monitor.detener();
  });

  it('cuando el navegador avisa que volvió la red verifica enseguida, sin esperar el retroceso', async () => {
    const { monitor, verificar, eventos, ventana } = preparar(['falla', 'falla', 'falla', 'ok']);
    monitor.iniciar();
    await vi.advanceTimersByTimeAsync(2000 + 4000);
    expect(verificar).toHaveBeenCalledTimes(3);
    expect(monitor.enLinea()).toBe(false);
    // The next retry would come 8 s later; the 'online' event checks now.
    ventana.cambiar('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(verificar).toHaveBeenCalledTimes(4);
    expect(monitor.enLinea()).toBe(true);
    expect(eventos).toContain('conexion-restablecida');
    monitor.detener();
    ventana.cambiar('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(verificar).toHaveBeenCalledTimes(4);
  });

  it('guarda solo los últimos 100 registros', async () => {
    const { monitor } = preparar(Array.from({ length: 200 }, (_, i) => (i % 2 ? 'ok' : 'falla')));
    monitor.iniciar();
    for (let i = 0; i < 200; i++) {
      await monitor.verificarAhora();
    }
    expect(monitor.registros()).toHaveLength(100);
    monitor.detener();
  });
});
