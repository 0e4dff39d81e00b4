import type { CualquierReporte } from './kit.ts';

export const REPORTES_DE_VENTAS: CualquierReporte[] = [];
