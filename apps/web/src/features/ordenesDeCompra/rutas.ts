import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 001 §2, 000 §2: the purchase-order family's list, new, edit and view screens (ids as `?id=`, as
// every document family of the app).
export const LISTA_DE_ORDENES_DE_COMPRA = '/orden_de_compra/lista_orden_compra';
export const NUEVA_ORDEN_DE_COMPRA = '/orden_de_compra/nueva_orden_compra';
export const EDITAR_ORDEN_DE_COMPRA = '/orden_de_compra/editar_orden_compra';
export const VISTA_ORDEN_DE_COMPRA = '/orden_de_compra/vista_orden_compra';

export const pantallasDeOrdenesDeCompra: Pantalla[] = [
  {
    path: LISTA_DE_ORDENES_DE_COMPRA,
    diseno: 'principal',
    titulo: 'Órdenes de compra',
    permiso: { modulo: 'ordenesDeCompra', accion: 'ver' },
    cargar: () => import('./OrdenesDeCompraPage.tsx'),
  },
  {
    path: NUEVA_ORDEN_DE_COMPRA,
    diseno: 'principal',
    titulo: 'Nueva orden de compra',
    permiso: { modulo: 'ordenesDeCompra', accion: 'crear' },
    cargar: () => import('./OrdenDeCompraPage.tsx'),
  },
  {
    path: EDITAR_ORDEN_DE_COMPRA,
    diseno: 'principal',
    titulo: 'Editar orden de compra',
    permiso: { modulo: 'ordenesDeCompra', accion: 'modificar' },
    cargar: () => import('./OrdenDeCompraPage.tsx'),
  },
  {
    path: VISTA_ORDEN_DE_COMPRA,
    diseno: 'principal',
    titulo: 'Orden de compra',
    permiso: { modulo: 'ordenesDeCompra', accion: 'ver' },
    cargar: () => import('./VistaOrdenDeCompraPage.tsx'),
  },
];

// Spec 000 §2, home tab: /orden_de_compra/lista_orden_compra (right click: nueva_orden_compra).
export const menuDeOrdenesDeCompra: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Órdenes de compra',
    ruta: LISTA_DE_ORDENES_DE_COMPRA,
    rutaNueva: NUEVA_ORDEN_DE_COMPRA,
    modulo: 'ordenesDeCompra',
  },
];
