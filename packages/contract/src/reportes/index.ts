import { REPORTES_DE_CAJA } from './caja.ts';
import { REPORTES_DE_CARTERA } from './cartera.ts';
import { REPORTES_DE_CONTABILIDAD } from './contabilidad.ts';
import { REPORTES_DGII } from './dgii.ts';
import { REPORTES_GLOBALES } from './global.ts';
import { REPORTES_DE_INVENTARIO } from './inventario.ts';
import { type CualquierReporte, exportarReporte } from './kit.ts';
import { REPORTES_DE_VENTAS } from './ventas.ts';

export * from './caja.ts';
export * from './cartera.ts';
export * from './contabilidad.ts';
export * from './dgii.ts';
export * from './global.ts';
export * from './inventario.ts';
export * from './kit.ts';
export * from './ventas.ts';

/** Every report of the app (spec 002 §2 "Reports"), in the order of the reports index. */
export const REPORTES: CualquierReporte[] = [
  ...REPORTES_GLOBALES,
  ...REPORTES_DE_VENTAS,
  ...REPORTES_DE_CAJA,
  ...REPORTES_DE_CARTERA,
  ...REPORTES_DE_INVENTARIO,
  ...REPORTES_DE_CONTABILIDAD,
  ...REPORTES_DGII,
];

/** The export call of every report (PDF, Excel, print), listed so that route walks find them. */
export const EXPORTACIONES_DE_REPORTES = REPORTES.map((r) => exportarReporte(r));

/** The declared report with this slug, or undefined. */
export function reporteDe(id: string): CualquierReporte | undefined {
  return REPORTES.find((r) => r.id === id);
}
