import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 001 §2, 000 §2: the quotation family's list, new, edit and view screens (ids as `?id=`).
export const LISTA_DE_COTIZACIONES = '/cotizacion/lista_cotizacion';
export const NUEVA_COTIZACION = '/cotizacion/nueva_cotizacion';
export const EDITAR_COTIZACION = '/cotizacion/editar_cotizacion';
export const VISTA_COTIZACION = '/cotizacion/vista_cotizacion';

export const pantallasDeCotizaciones: Pantalla[] = [
  {
    path: LISTA_DE_COTIZACIONES,
    diseno: 'principal',
    titulo: 'Cotizaciones',
    permiso: { modulo: 'cotizaciones', accion: 'ver' },
    cargar: () => import('./CotizacionesPage.tsx'),
  },
  {
    path: NUEVA_COTIZACION,
    diseno: 'principal',
    titulo: 'Nueva cotización',
    permiso: { modulo: 'cotizaciones', accion: 'crear' },
    cargar: () => import('./CotizacionPage.tsx'),
  },
  {
    path: EDITAR_COTIZACION,
    diseno: 'principal',
    titulo: 'Editar cotización',
    permiso: { modulo: 'cotizaciones', accion: 'modificar' },
    cargar: () => import('./CotizacionPage.tsx'),
  },
  {
    path: VISTA_COTIZACION,
    diseno: 'principal',
    titulo: 'Cotización',
    permiso: { modulo: 'cotizaciones', accion: 'ver' },
    cargar: () => import('./VistaCotizacionPage.tsx'),
  },
];

// Spec 000 §2, home tab: /cotizacion/lista_cotizacion (right click: /cotizacion/nueva_cotizacion).
export const menuDeCotizaciones: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Cotizaciones',
    ruta: LISTA_DE_COTIZACIONES,
    rutaNueva: NUEVA_COTIZACION,
    modulo: 'cotizaciones',
  },
];
