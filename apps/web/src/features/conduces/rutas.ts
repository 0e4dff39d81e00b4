import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 001 §2: the delivery note family's list, its two new screens (before and after the invoice
// exists), edit and view (ids as `?id=`, as the quotations).
export const LISTA_DE_CONDUCES = '/conduce/lista_conduce';
export const NUEVO_CONDUCE = '/conduce/nuevo_conduce';
export const NUEVO_CONDUCE_POST_FACTURA = '/conduce/nuevo_conduce_post_factura';
export const EDITAR_CONDUCE = '/conduce/editar_conduce';
export const VISTA_CONDUCE = '/conduce/ver_conduce';

/** The view of one conduce: the link other screens (the invoice's, the audit) use to open it. */
export function rutaDelConduce(id: string): string {
  return `${VISTA_CONDUCE}?id=${id}`;
}

export const pantallasDeConduces: Pantalla[] = [
  {
    path: LISTA_DE_CONDUCES,
    diseno: 'principal',
    titulo: 'Conduces',
    permiso: { modulo: 'conduces', accion: 'ver' },
    cargar: () => import('./ConducesPage.tsx'),
  },
  {
    path: NUEVO_CONDUCE,
    diseno: 'principal',
    titulo: 'Nuevo conduce',
    permiso: { modulo: 'conduces', accion: 'crear' },
    cargar: () => import('./ConducePage.tsx'),
  },
  {
    path: NUEVO_CONDUCE_POST_FACTURA,
    diseno: 'principal',
    titulo: 'Nuevo conduce post-factura',
    permiso: { modulo: 'conduces', accion: 'crear' },
    cargar: () => import('./ConducePage.tsx'),
  },
  {
    path: EDITAR_CONDUCE,
    diseno: 'principal',
    titulo: 'Editar conduce',
    permiso: { modulo: 'conduces', accion: 'modificar' },
    cargar: () => import('./ConducePage.tsx'),
  },
  {
    path: VISTA_CONDUCE,
    diseno: 'principal',
    titulo: 'Conduce',
    permiso: { modulo: 'conduces', accion: 'ver' },
    cargar: () => import('./VistaConducePage.tsx'),
  },
];

// Spec 000 §2, home tab: /conduce/lista_conduce (right click: /conduce/nuevo_conduce).
export const menuDeConduces: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Conduces',
    ruta: LISTA_DE_CONDUCES,
    rutaNueva: NUEVO_CONDUCE,
    modulo: 'conduces',
  },
];
