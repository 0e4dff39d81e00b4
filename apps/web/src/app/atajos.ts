import { useEffect, useLayoutEffect, useRef } from 'react';

// Spec 000 §2 "Keyboard shortcuts": F1 new invoice, F2 orders monitor, F4 order list, F6 copy to order,
// F7 unit/package, F8 search type, F9 categories, F10 sales list, F12 charge, Home product editor.
export const TECLAS = [
  'F1',
  'F2',
  'F3',
  'F4',
  'F5',
  'F6',
  'F7',
  'F8',
  'F9',
  'F10',
  'F11',
  'F12',
  'Home',
] as const;
export type Tecla = (typeof TECLAS)[number];

type Manejador = (evento: KeyboardEvent) => void;
const pilas = new Map<Tecla, Manejador[]>();

/** Binds a key; the latest binding wins (a modal over a screen). Returns the unbinding function. */
export function registrarAtajo(tecla: Tecla, manejador: Manejador): () => void {
  const pila = pilas.get(tecla) ?? [];
  pila.push(manejador);
  pilas.set(tecla, pila);
  return () => {
    const actual = pilas.get(tecla) ?? [];
    pilas.set(
      tecla,
      actual.filter((m) => m !== manejador),
    );
  };
}

/** The global listener: only a bound key loses its browser default (F5 still reloads when unbound). */
export function alPresionarTecla(evento: KeyboardEvent): void {
  const pila = pilas.get(evento.key as Tecla);
  const manejador = pila?.[pila.length - 1];
  if (!manejador || evento.altKey || evento.ctrlKey || evento.metaKey) {
    return;
  }
  evento.preventDefault();
  manejador(evento);
}

/** Installs the global listener once; returns the function that removes it. */
export function instalarAtajos(
  destino: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  destino.addEventListener('keydown', alPresionarTecla);
  return () => destino.removeEventListener('keydown', alPresionarTecla);
}

/** React hook: binds `tecla` while the component is mounted. */
export function useAtajo(tecla: Tecla, manejador: Manejador): void {
  const ref = useRef(manejador);
  // Updated on commit, so a key acts with what the screen shows, never a render React has not shown.
  useLayoutEffect(() => {
    ref.current = manejador;
  });
  useEffect(() => registrarAtajo(tecla, (evento) => ref.current(evento)), [tecla]);
}
