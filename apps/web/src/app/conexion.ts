import type { EstadoDelPlan } from '@pos/contract';

// Spec 000 §4 "Connection", §8, §9: check every 7 s (5 s timeout), one check at a time, paused while
// the page is hidden; on failure go offline and retry after 2 s × 2^n, up to 5 retries; on success after
// being offline, come back online. The latest 100 events are kept.
export const INTERVALO_MS = 7000;
export const TIEMPO_LIMITE_MS = 5000;
export const REINTENTOS_MAXIMOS = 5;
export const ESPERA_BASE_MS = 2000;
export const REGISTROS_MAXIMOS = 100;

export type RegistroDeConexion = { type: 'online' | 'offline' | 'error'; timestamp: string; error?: string };

export type EventoDeConexion =
  | { tipo: 'conexion-perdida' }
  | { tipo: 'conexion-restablecida' }
  | { tipo: 'plan'; plan: EstadoDelPlan };

/** What the monitor needs of `document`: its visibility and the visibilitychange event. */
export type DocumentoVisible = {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(tipo: 'visibilitychange', fn: () => void): void;
  removeEventListener(tipo: 'visibilitychange', fn: () => void): void;
};

/** What the monitor needs of `window`: the browser's own 'online' event. */
export type VentanaConRed = {
  addEventListener(tipo: 'online', fn: () => void): void;
  removeEventListener(tipo: 'online', fn: () => void): void;
};

export type OpcionesMonitor = {
  /** The health check (`GET /tenant/api-test`); must honour the abort signal. */
  verificar: (signal: AbortSignal) => Promise<EstadoDelPlan>;
  documento?: DocumentoVisible;
  ventana?: VentanaConRed;
  ahora?: () => Date;
};

export type MonitorDeConexion = {
  enLinea(): boolean;
  registros(): readonly RegistroDeConexion[];
  suscribir(fn: (evento: EventoDeConexion) => void): () => void;
  /** Runs a check now (if none is running). */
  verificarAhora(): Promise<void>;
  iniciar(): void;
  detener(): void;
};

/** The connection monitor: the online/offline state and its events, for the shell and the offline POS. */
export function crearMonitorDeConexion(opciones: OpcionesMonitor): MonitorDeConexion {
  const documento = opciones.documento ?? document;
  const ventana = opciones.ventana ?? window;
  const ahora = opciones.ahora ?? (() => new Date());
  const oyentes = new Set<(evento: EventoDeConexion) => void>();
  const registros: RegistroDeConexion[] = [];
  let enLinea = true;
  let reintentos = 0;
  let enCurso: Promise<void> | null = null;
  let temporizador: ReturnType<typeof setTimeout> | undefined;
  let activo = false;

  function emitir(evento: EventoDeConexion): void {
    for (const oyente of oyentes) {
      oyente(evento);
    }
  }

  function registrar(registro: Omit<RegistroDeConexion, 'timestamp'>): void {
    registros.push({ ...registro, timestamp: ahora().toISOString() });
    if (registros.length > REGISTROS_MAXIMOS) {
      registros.splice(0, registros.length - REGISTROS_MAXIMOS);
    }
  }

  function programar(esperaMs: number): void {
    clearTimeout(temporizador);
    if (activo && documento.visibilityState !== 'hidden') {
      temporizador = setTimeout(() => void verificarAhora(), esperaMs);
    }
  }

  async function una(): Promise<void> {
    const control = new AbortController();
    const limite = setTimeout(() => control.abort(), TIEMPO_LIMITE_MS);
    try {
      const plan = await opciones.verificar(control.signal);
      reintentos = 0;
      if (!enLinea) {
        enLinea = true;
        registrar({ type: 'online' });
        emitir({ tipo: 'conexion-restablecida' });
      }
      emitir({ tipo: 'plan', plan });
      programar(INTERVALO_MS);
    } catch (error) {
      const mensaje = control.signal.aborted
        ? `Sin respuesta en ${TIEMPO_LIMITE_MS / 1000} s`
        : error instanceof Error
          ? error.message
          : String(error);
      registrar({ type: 'error', error: mensaje });
      if (enLinea) {
        enLinea = false;
        registrar({ type: 'offline' });
        emitir({ tipo: 'conexion-perdida' });
      }
      if (reintentos < REINTENTOS_MAXIMOS) {
        programar(ESPERA_BASE_MS * 2 ** reintentos);
        reintentos++;
      } else {
        // Retries spent: keep checking at the normal pace.
        programar(INTERVALO_MS);
      }
    } finally {
      clearTimeout(limite);
    }
  }

  function verificarAhora(): Promise<void> {
    if (!enCurso) {
      enCurso = una().finally(() => {
        enCurso = null;
      });
    }
    return enCurso;
  }

  // The browser says the network is back: check now instead of waiting out the backoff.
  function alVolverLaRed(): void {
    if (activo) {
      void verificarAhora();
    }
  }

  function alCambiarVisibilidad(): void {
    if (documento.visibilityState === 'hidden') {
      clearTimeout(temporizador);
    } else if (activo) {
      void verificarAhora();
    }
  }

  return {
    enLinea: () => enLinea,
    registros: () => registros,
    suscribir(fn) {
      oyentes.add(fn);
      return () => oyentes.delete(fn);
    },
    verificarAhora,
    iniciar() {
      if (activo) {
        return;
      }
      activo = true;
      documento.addEventListener('visibilitychange', alCambiarVisibilidad);
      ventana.addEventListener('online', alVolverLaRed);
      void verificarAhora();
    },
    detener() {
      activo = false;
      clearTimeout(temporizador);
      documento.removeEventListener('visibilitychange', alCambiarVisibilidad);
      ventana.removeEventListener('online', alVolverLaRed);
    },
  };
}
