import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

export const pantallasDeNumeracion: Pantalla[] = [
  {
    path: '/configuraciones/numeraciones/lista_numeraciones/',
    diseno: 'principal',
    titulo: 'Numeraciones',
    permiso: { modulo: 'numeraciones', accion: 'ver' },
    cargar: () => import('./NumeracionesPage.tsx'),
  },
  {
    path: '/configuraciones/numeraciones/nueva_numeracion',
    diseno: 'principal',
    titulo: 'Nueva numeración',
    permiso: { modulo: 'numeraciones', accion: 'crear' },
    cargar: () => import('./NumeracionPage.tsx'),
  },
  {
    path: '/configuraciones/numeraciones/editar_numeracion',
    diseno: 'principal',
    titulo: 'Editar numeración',
    permiso: { modulo: 'numeraciones', accion: 'ver' },
    cargar: () => import('./NumeracionPage.tsx'),
  },
];

export const menuDeNumeracion: EntradaMenu[] = [
  {
    pestana: 'configuracion',
    titulo: 'Numeraciones',
    ruta: '/configuraciones/numeraciones/lista_numeraciones/',
    rutaNueva: '/configuraciones/numeraciones/nueva_numeracion',
    modulo: 'numeraciones',
  },
];
