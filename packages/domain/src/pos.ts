import { aceptar, type Resultado, rechazar } from './resultado.ts';

/** Maximum open POS draft tabs (spec 000 §9, 001 §9). */
export const MAXIMO_DE_PESTANAS_POS = 5;

/** The spec's message when a sixth tab is asked for (spec 001 §8). */
export const MENSAJE_LIMITE_DE_PESTANAS =
  'Limite de pestaña excedido: Solo puedes crear 5 pestañas de ventas, por un tema de organización';

/** The default POS tab, shown again after closing one (spec 000 §4). */
export const PESTANA_PREDETERMINADA = 1;

/** Catalogue quantity range (spec 000 §9, 002 §9). */
export const CANTIDAD_CATALOGO = { minima: 1, maxima: 1000 } as const;

/** How long the catalogue banner stays hidden after being seen: 3 hours (spec 000 §9). */
export const INTERVALO_BANNER_MS = 10_800_000;

// Spec 000 §4, 001 §4: up to 5 drafts, each numbered after the last one.
/** The number of a new POS tab, or the spec's refusal when 5 are open. */
export function abrirPestana(pestanas: readonly number[]): Resultado<number> {
  if (pestanas.length >= MAXIMO_DE_PESTANAS_POS) {
    return rechazar(MENSAJE_LIMITE_DE_PESTANAS);
  }
  return aceptar(Math.max(0, ...pestanas) + 1);
}

// Spec 000 §4: closing a draft returns to tab 1 (the default tab, which is never removed).
/** Closes a POS tab: the remaining tabs and the tab to show. */
export function cerrarPestana(
  pestanas: readonly number[],
  pestana: number,
): { readonly pestanas: number[]; readonly activa: number } {
  return {
    pestanas: pestanas.filter((numero) => numero !== pestana || numero === PESTANA_PREDETERMINADA),
    activa: PESTANA_PREDETERMINADA,
  };
}

// Spec 000 §9, 002 §9: the catalogue quantity runs from 1 to 1000 in whole units.
/** Brings a catalogue quantity into 1..1000 (whole units; anything unreadable becomes 1). */
export function ajustarCantidadCatalogo(cantidad: number): number {
  const entera = Number.isFinite(cantidad) ? Math.round(cantidad) : CANTIDAD_CATALOGO.minima;
  return Math.min(CANTIDAD_CATALOGO.maxima, Math.max(CANTIDAD_CATALOGO.minima, entera));
}

// Spec 000 §4 "Banner visibility": shown if never seen or last seen more than 3 hours ago.
/** True when the catalogue banner should be shown again. */
export function mostrarBanner(vistoPorUltimaVez: number | undefined, ahora: number): boolean {
  return vistoPorUltimaVez === undefined || ahora - vistoPorUltimaVez > INTERVALO_BANNER_MS;
}
