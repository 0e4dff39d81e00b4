import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

export const pantallasDeMaestros: Pantalla[] = [];

export const menuDeMaestros: EntradaMenu[] = [];
