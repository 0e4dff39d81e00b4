import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 000 §2, 001 §2: receipts in are pagos_ingresos in the back office and lista_ingresos /
// nuevo_ingreso at the POS.
export const LISTA_INGRESOS = '/pagos_ingresos/lista_pagos_ingresos';
export const NUEVO_INGRESO = '/pagos_ingresos/nuevo_pago_ingreso';
export const LISTA_INGRESOS_POS = '/vistas_pos/lista_ingresos';
export const NUEVO_INGRESO_POS = '/vistas_pos/nuevo_ingreso';
// Spec 000 §2: every family has editar_ screens (pagos_ingresos), and the POS editar_ingreso.
export const EDITAR_INGRESO = '/pagos_ingresos/editar_pago_ingreso/:id';
export const EDITAR_INGRESO_POS = '/vistas_pos/editar_ingreso/:id';

/** The edit screen of receipt `id`: the POS one at the POS, else the back office's. */
export function rutaDeEdicion(id: string, pos: boolean): string {
  return (pos ? EDITAR_INGRESO_POS : EDITAR_INGRESO).replace(':id', id);
}

export const pantallasDeIngresos: Pantalla[] = [
  {
    path: LISTA_INGRESOS,
    diseno: 'principal',
    titulo: 'Pagos e ingresos',
    permiso: { modulo: 'ingresos', accion: 'ver' },
    cargar: () => import('./IngresosPage.tsx'),
  },
  {
    path: NUEVO_INGRESO,
    diseno: 'principal',
    titulo: 'Nuevo recibo de ingreso',
    permiso: { modulo: 'ingresos', accion: 'crear' },
    cargar: () => import('./NuevoIngresoPage.tsx'),
  },
  {
    path: EDITAR_INGRESO,
    diseno: 'principal',
    titulo: 'Editar recibo de ingreso',
    permiso: { modulo: 'ingresos', accion: 'crear' },
    cargar: () => import('./EditarIngresoPage.tsx'),
  },
  {
    path: LISTA_INGRESOS_POS,
    diseno: 'pos',
    titulo: 'Lista de ingresos',
    permiso: { modulo: 'puntoDeVentas', accion: 'ver' },
    cargar: () => import('./IngresosPosPage.tsx'),
  },
  {
    path: NUEVO_INGRESO_POS,
    diseno: 'pos',
    titulo: 'Nuevo ingreso',
    permiso: { modulo: 'puntoDeVentas', accion: 'crear' },
    cargar: () => import('./NuevoIngresoPosPage.tsx'),
  },
  {
    path: EDITAR_INGRESO_POS,
    diseno: 'pos',
    titulo: 'Editar ingreso',
    permiso: { modulo: 'puntoDeVentas', accion: 'crear' },
    cargar: () => import('./EditarIngresoPosPage.tsx'),
  },
];

// Spec 000 §2, home tab: /pagos_ingresos/lista_pagos_ingresos (right click: the new receipt).
export const menuDeIngresos: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Pagos e ingresos',
    ruta: LISTA_INGRESOS,
    rutaNueva: NUEVO_INGRESO,
    modulo: 'ingresos',
  },
];
