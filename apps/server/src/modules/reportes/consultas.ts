import { CONSULTAS_DE_CAJA } from './caja.ts';
import { CONSULTAS_DE_CARTERA } from './cartera.ts';
import { CONSULTAS_DE_CONTABILIDAD } from './contabilidad.ts';
import { CONSULTAS_DE_DGII } from './dgii.ts';
import { CONSULTAS_GLOBALES } from './global.ts';
import { CONSULTAS_DE_INVENTARIO } from './inventario.ts';
import type { ReporteDelServidor } from './kit.ts';
import { CONSULTAS_DE_VENTAS } from './ventas.ts';

/** The query of every declared report (one per declaration of packages/contract/src/reportes). */
export const CONSULTAS: ReporteDelServidor[] = [
  ...CONSULTAS_GLOBALES,
  ...CONSULTAS_DE_VENTAS,
  ...CONSULTAS_DE_CAJA,
  ...CONSULTAS_DE_CARTERA,
  ...CONSULTAS_DE_INVENTARIO,
  ...CONSULTAS_DE_CONTABILIDAD,
  ...CONSULTAS_DE_DGII,
];
