import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 001 §2: the purchase family's list, new, edit and view screens (ids as `?id=`, spec 000 §2).
export const LISTA_DE_COMPRAS = '/compra/lista_compra';
export const NUEVA_COMPRA = '/compra/nueva_compra';
export const EDITAR_COMPRA = '/compra/editar_compra';
export const VISTA_COMPRA = '/compra/vista_compra';

/** A new purchase that takes a purchase order (spec 001 §4): /compra/nueva_compra?orden=<id>. */
export function rutaDeComprarOrden(idOrden: string): string {
  return `${NUEVA_COMPRA}?orden=${idOrden}`;
}

// The payment-out screen (engineer E's) opened for one purchase: its supplier and the purchase to pay.
const NUEVO_RECIBO_EGRESO = '/recibos_egresos/nuevo_recibo_egreso/';

/** «Pagar» on a purchase: the new payment out for its supplier with that purchase (spec 001 §2). */
export function rutaDePagarCompra(idProveedor: string, idCompra: string): string {
  return `${NUEVO_RECIBO_EGRESO}?proveedor=${idProveedor}&compra=${idCompra}`;
}

export const pantallasDeCompras: Pantalla[] = [
  {
    path: LISTA_DE_COMPRAS,
    diseno: 'principal',
    titulo: 'Compras',
    permiso: { modulo: 'compras', accion: 'ver' },
    cargar: () => import('./ComprasPage.tsx'),
  },
  {
    path: NUEVA_COMPRA,
    diseno: 'principal',
    titulo: 'Nueva compra',
    permiso: { modulo: 'compras', accion: 'crear' },
    cargar: () => import('./CompraPage.tsx'),
  },
  {
    path: EDITAR_COMPRA,
    diseno: 'principal',
    titulo: 'Editar compra',
    permiso: { modulo: 'compras', accion: 'modificar' },
    cargar: () => import('./CompraPage.tsx'),
  },
  {
    path: VISTA_COMPRA,
    diseno: 'principal',
    titulo: 'Compra',
    permiso: { modulo: 'compras', accion: 'ver' },
    cargar: () => import('./VistaCompraPage.tsx'),
  },
];

// Spec 000 §2, home tab: /compra/lista_compra (right click: /compra/nueva_compra).
export const menuDeCompras: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Compras',
    ruta: LISTA_DE_COMPRAS,
    rutaNueva: NUEVA_COMPRA,
    modulo: 'compras',
  },
];
