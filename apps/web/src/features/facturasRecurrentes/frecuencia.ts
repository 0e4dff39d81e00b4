import { type FacturaRecurrente, NOMBRES_DE_FRECUENCIA } from '@pos/contract';

/** «Cada mes», «Cada 2 semanas» (spec 001 §3 frecuencia × frecuenciaTipo). */
export function textoDeFrecuencia(f: Pick<FacturaRecurrente, 'frecuencia' | 'frecuenciaTipo'>): string {
  const [singular, plural] = NOMBRES_DE_FRECUENCIA[f.frecuenciaTipo];
  return f.frecuencia === 1 ? `Cada ${singular}` : `Cada ${f.frecuencia} ${plural}`;
}
