import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 001 §2, §3 "Dispatch note": the dispatch notes' list, new (from an invoice) and view screens
// (ids as `?id=`, as the other documents).
export const LISTA_DE_DESPACHOS = '/conduce-de-despacho/lista';
export const NUEVO_DESPACHO = '/conduce-de-despacho/nuevo';
export const VISTA_DESPACHO = '/conduce-de-despacho/ver';

export const pantallasDeDespachos: Pantalla[] = [
  {
    path: LISTA_DE_DESPACHOS,
    diseno: 'principal',
    titulo: 'Conduces de despacho',
    permiso: { modulo: 'conduces', accion: 'ver' },
    cargar: () => import('./ConducesDespachoPage.tsx'),
  },
  {
    path: NUEVO_DESPACHO,
    diseno: 'principal',
    titulo: 'Nuevo conduce de despacho',
    permiso: { modulo: 'conduces', accion: 'crear' },
    cargar: () => import('./NuevoConduceDespachoPage.tsx'),
  },
  {
    path: VISTA_DESPACHO,
    diseno: 'principal',
    titulo: 'Conduce de despacho',
    permiso: { modulo: 'conduces', accion: 'ver' },
    cargar: () => import('./VistaConduceDespachoPage.tsx'),
  },
];

// Home tab, next to the quotations (right click: a new one).
export const menuDeDespachos: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Conduces de despacho',
    ruta: LISTA_DE_DESPACHOS,
    rutaNueva: NUEVO_DESPACHO,
    modulo: 'conduces',
  },
];
