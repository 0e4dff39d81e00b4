import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 001 §2: payments out are recibos_egresos in the back office; spec 000 §2: the POS cash withdrawals
// (lista_retiros, nuevo_retiro, editar_retiro, vista_recibo_egreso) are payments out from the open shift.
export const LISTA_EGRESOS = '/recibos_egresos/lista_recibo_egreso';
export const NUEVO_EGRESO = '/recibos_egresos/nuevo_recibo_egreso';
export const EDITAR_EGRESO = '/recibos_egresos/editar_recibo_egreso/:id';
export const LISTA_RETIROS_POS = '/vistas_pos/lista_retiros';
export const NUEVO_RETIRO_POS = '/vistas_pos/nuevo_retiro';
export const EDITAR_RETIRO_POS = '/vistas_pos/editar_retiro/:id';
export const VISTA_RECIBO_EGRESO_POS = '/vistas_pos/vista_recibo_egreso/:id';

/** The edit screen of payment out `id`: the POS withdrawal's at the POS, else the back office's. */
export function rutaDeEdicionDeEgreso(id: string, pos: boolean): string {
  return (pos ? EDITAR_RETIRO_POS : EDITAR_EGRESO).replace(':id', id);
}

/** The roll receipt of withdrawal `id` at the POS. */
export function rutaDelReciboDeRetiro(id: string): string {
  return VISTA_RECIBO_EGRESO_POS.replace(':id', id);
}

export const pantallasDeEgresos: Pantalla[] = [
  {
    path: LISTA_EGRESOS,
    diseno: 'principal',
    titulo: 'Recibos de egreso',
    permiso: { modulo: 'egresos', accion: 'ver' },
    cargar: () => import('./EgresosPage.tsx'),
  },
  {
    path: NUEVO_EGRESO,
    diseno: 'principal',
    titulo: 'Nuevo recibo de egreso',
    permiso: { modulo: 'egresos', accion: 'crear' },
    cargar: () => import('./NuevoEgresoPage.tsx'),
  },
  {
    path: EDITAR_EGRESO,
    diseno: 'principal',
    titulo: 'Editar recibo de egreso',
    permiso: { modulo: 'egresos', accion: 'modificar' },
    cargar: () => import('./EditarEgresoPage.tsx'),
  },
  {
    // Spec 000 §6: puntoDeVentas.ver opens the POS lists; a cashier withdraws with puntoDeVentas.crear
    // (the server also accepts egresos.crear).
    path: LISTA_RETIROS_POS,
    diseno: 'pos',
    titulo: 'Retiros de efectivo',
    permiso: { modulo: 'puntoDeVentas', accion: 'ver' },
    cargar: () => import('./RetirosPosPage.tsx'),
  },
  {
    path: NUEVO_RETIRO_POS,
    diseno: 'pos',
    titulo: 'Nuevo retiro de efectivo',
    permiso: { modulo: 'puntoDeVentas', accion: 'crear' },
    cargar: () => import('./NuevoRetiroPage.tsx'),
  },
  {
    path: EDITAR_RETIRO_POS,
    diseno: 'pos',
    titulo: 'Editar retiro de efectivo',
    permiso: { modulo: 'puntoDeVentas', accion: 'crear' },
    cargar: () => import('./NuevoRetiroPage.tsx'),
  },
  {
    path: VISTA_RECIBO_EGRESO_POS,
    diseno: 'pos',
    titulo: 'Recibo de egreso',
    permiso: { modulo: 'puntoDeVentas', accion: 'ver' },
    cargar: () => import('./VistaReciboEgresoPage.tsx'),
  },
];

// Spec 000 §2, home tab: /recibos_egresos/lista_recibo_egreso (right click: the new payment out).
export const menuDeEgresos: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Recibos de egreso',
    ruta: LISTA_EGRESOS,
    rutaNueva: NUEVO_EGRESO,
    modulo: 'egresos',
  },
];
