import type { Pantalla } from '../../../app/registro.ts';

// Spec 002 §2 "Reports": r-formato-606, r-formato-607, r-formato-608 have their own page (the month, the
// problems and the TXT); the kit's own-page map (features/reportes/rutas.ts PAGINAS_PROPIAS) takes these
// loaders by report id.

const cargar = () => import('./FormatoDgiiPage.tsx');

/** The own page of each DGII format, by report id. */
export const PAGINAS_DGII: Record<string, Pantalla['cargar']> = {
  'r-formato-606': cargar,
  'r-formato-607': cargar,
  'r-formato-608': cargar,
};
