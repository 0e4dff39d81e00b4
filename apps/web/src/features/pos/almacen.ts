import { useCallback, useSyncExternalStore } from 'react';
import { cambiarPestana, type EstadoPos, leerEstadoGuardado, quitarPestana } from './pestanas.ts';

// The POS drafts of one company and user, shared by the screen and the bottom bar (DisenoPos), kept in
// localStorage so that a reload loses nothing (issue 7). One key per company and user: another cashier
// on the same browser does not see these drafts.

/** Spec 000 §9, 001 §9: the default tab is shown again 2000 ms after closing one. */
export const ESPERA_VOLVER_A_PESTANA_MS = 2000;

export function claveDeBorradores(tenantId: number, idUsuario: string): string {
  return `pos-borradores:${tenantId}:${idUsuario}`;
}

function nuevoId(): string {
  return crypto.randomUUID();
}

const estados = new Map<string, EstadoPos>();
const oyentes = new Map<string, Set<() => void>>();

/** The drafts as stored now (an event handler reads them here, not from a render's closure). */
export function leer(clave: string): EstadoPos {
  let estado = estados.get(clave);
  if (!estado) {
    estado = leerEstadoGuardado(localStorage.getItem(clave), nuevoId);
    estados.set(clave, estado);
  }
  return estado;
}

/** Replaces the state of a key: memory, localStorage and every subscriber. */
export function escribirBorradores(clave: string, cambio: (estado: EstadoPos) => EstadoPos): void {
  const nuevo = cambio(leer(clave));
  estados.set(clave, nuevo);
  try {
    localStorage.setItem(clave, JSON.stringify(nuevo));
  } catch {
    // A full or blocked storage keeps the drafts in memory only.
  }
  for (const oyente of oyentes.get(clave) ?? []) {
    oyente();
  }
}

/** Forgets the memory copy (tests start each case from localStorage). */
export function olvidarBorradores(): void {
  estados.clear();
}

function suscribir(clave: string, oyente: () => void): () => void {
  const conjunto = oyentes.get(clave) ?? new Set();
  conjunto.add(oyente);
  oyentes.set(clave, conjunto);
  return () => conjunto.delete(oyente);
}

const VACIO: EstadoPos = { pestanas: [], activa: 0 };

/** React hook: the drafts of `clave` (null while the profile loads) and the function that changes them. */
export function useBorradores(
  clave: string | null,
): [EstadoPos, (cambio: (estado: EstadoPos) => EstadoPos) => void] {
  const estado = useSyncExternalStore(
    useCallback((oyente: () => void) => (clave ? suscribir(clave, oyente) : () => {}), [clave]),
    () => (clave ? leer(clave) : VACIO),
    () => VACIO,
  );
  const cambiar = useCallback(
    (cambio: (estado: EstadoPos) => EstadoPos) => {
      if (clave) {
        escribirBorradores(clave, cambio);
      }
    },
    [clave],
  );
  return [estado, cambiar];
}

// Spec 000 §4, §9: closing a draft returns to tab 1 after 2000 ms. The tab goes away at once; the screen
// shows that it is closing until the default tab comes back. The timer lives here, not in a component, so
// leaving the screen meanwhile does not lose it (and a reload lands on tab 1 anyway).
/** Closes a tab now and shows tab 1 after ESPERA_VOLVER_A_PESTANA_MS. */
export function cerrarPestanaConEspera(clave: string, numero: number): void {
  let volverA = 1;
  escribirBorradores(clave, (estado) => {
    const resultado = quitarPestana(estado, numero);
    volverA = resultado.volverA;
    return resultado.estado;
  });
  setTimeout(
    () => escribirBorradores(clave, (estado) => cambiarPestana(estado, volverA)),
    ESPERA_VOLVER_A_PESTANA_MS,
  );
}
