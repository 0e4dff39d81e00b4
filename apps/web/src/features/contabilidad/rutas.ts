import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

export const pantallasDeContabilidad: Pantalla[] = [];

export const menuDeContabilidad: EntradaMenu[] = [];
