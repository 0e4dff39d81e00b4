import type { EntradaMenu, Pantalla } from '../../app/registro.ts';
import { EDITAR_PRODUCTO, LISTA_DE_PRODUCTOS, NUEVO_PRODUCTO } from './etiquetas.ts';

// Spec 002 §2 "Catalogue and products": the list and the new screen; the edit screen of the family is
// editar_producto with the product as `?id=` (spec 000 §2: no path parameters).
export const pantallasDeProductos: Pantalla[] = [
  {
    path: LISTA_DE_PRODUCTOS,
    diseno: 'principal',
    titulo: 'Productos y servicios',
    permiso: { modulo: 'productos', accion: 'ver' },
    cargar: () => import('./ProductosPage.tsx'),
  },
  {
    path: NUEVO_PRODUCTO,
    diseno: 'principal',
    titulo: 'Nuevo producto',
    permiso: { modulo: 'productos', accion: 'crear' },
    cargar: () => import('./ProductoPage.tsx'),
  },
  {
    path: EDITAR_PRODUCTO,
    diseno: 'principal',
    titulo: 'Editar producto',
    permiso: { modulo: 'productos', accion: 'modificar' },
    cargar: () => import('./ProductoPage.tsx'),
  },
];

export const menuDeProductos: EntradaMenu[] = [
  {
    pestana: 'inventario',
    titulo: 'Productos y servicios',
    ruta: LISTA_DE_PRODUCTOS,
    rutaNueva: NUEVO_PRODUCTO,
    modulo: 'productos',
  },
];
