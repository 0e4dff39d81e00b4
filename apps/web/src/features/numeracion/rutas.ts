import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

export const pantallasDeNumeracion: Pantalla[] = [];

export const menuDeNumeracion: EntradaMenu[] = [];
