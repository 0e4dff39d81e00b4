import { useSyncExternalStore } from 'react';

/** What this device keeps of the signed-in user (spec 000 §3: local storage key 'my-app-{product}'). */
export type Sesion = { tenantId: number; token: string };
type Guardado = { sesion: Sesion | null; ultimaEmpresa: number | null; salidaVoluntaria?: boolean };

export const CLAVE_ALMACENAMIENTO = 'my-app-pos';

const oyentes = new Set<() => void>();

function leerGuardado(): Guardado {
  try {
    const valor = JSON.parse(
      localStorage.getItem(CLAVE_ALMACENAMIENTO) ?? 'null',
    ) as Partial<Guardado> | null;
    return { sesion: valor?.sesion ?? null, ultimaEmpresa: valor?.ultimaEmpresa ?? null };
  } catch {
    return { sesion: null, ultimaEmpresa: null };
  }
}

let actual: Guardado = leerGuardado();

function guardar(nuevo: Guardado): void {
  actual = nuevo;
  localStorage.setItem(CLAVE_ALMACENAMIENTO, JSON.stringify(nuevo));
  for (const oyente of oyentes) {
    oyente();
  }
}

/** The current session, or null. */
export function leerSesion(): Sesion | null {
  return actual.sesion;
}

/** The last company used on this device, to prefill the login. */
export function ultimaEmpresa(): number | null {
  return actual.ultimaEmpresa;
}

export function iniciarSesionLocal(sesion: Sesion): void {
  guardar({ sesion, ultimaEmpresa: sesion.tenantId });
}

/** Ends the session on this device; `voluntaria` when the user pressed Salir (nothing to return to). */
export function cerrarSesionLocal(voluntaria = false): void {
  guardar({ ...actual, sesion: null, salidaVoluntaria: voluntaria });
}

/** Whether the last sign-out was the user's own (then the login does not offer to return to a page). */
export function salidaVoluntaria(): boolean {
  return actual.salidaVoluntaria === true;
}

function suscribir(oyente: () => void): () => void {
  oyentes.add(oyente);
  return () => oyentes.delete(oyente);
}

/** React hook: re-renders when the session changes (also from another tab). */
export function useSesion(): Sesion | null {
  return useSyncExternalStore(suscribir, leerSesion, () => null);
}

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (evento) => {
    if (evento.key === CLAVE_ALMACENAMIENTO) {
      actual = leerGuardado();
      for (const oyente of oyentes) {
        oyente();
      }
    }
  });
}
