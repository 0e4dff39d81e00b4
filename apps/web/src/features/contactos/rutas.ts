import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

export const pantallasDeContactos: Pantalla[] = [];

export const menuDeContactos: EntradaMenu[] = [];
