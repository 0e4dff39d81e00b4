import type { CualquierReporte } from './kit.ts';

export const REPORTES_DGII: CualquierReporte[] = [];
