import type { ReporteDelServidor } from './kit.ts';

export const CONSULTAS_DE_INVENTARIO: ReporteDelServidor[] = [];
