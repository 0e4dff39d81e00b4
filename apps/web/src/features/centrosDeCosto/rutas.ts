import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 002 §2 "Accounting": /contabilidad/centro-de-costo/ (lista_centro_de_costo, nuevo_centro_de_costo, editar).
export const LISTA_CENTROS_DE_COSTO = '/contabilidad/centro-de-costo/lista_centro_de_costo';
export const NUEVO_CENTRO_DE_COSTO = '/contabilidad/centro-de-costo/nuevo_centro_de_costo';
export const rutaDeEdicionDeCentro = (id: string) => `/contabilidad/centro-de-costo/editar/${id}`;

export const pantallasDeCentrosDeCosto: Pantalla[] = [
  {
    path: LISTA_CENTROS_DE_COSTO,
    diseno: 'principal',
    titulo: 'Centros de costo',
    permiso: { modulo: 'centroDeCosto', accion: 'ver' },
    cargar: () => import('./CentrosDeCostoPage.tsx'),
  },
  {
    path: NUEVO_CENTRO_DE_COSTO,
    diseno: 'principal',
    titulo: 'Nuevo centro de costo',
    permiso: { modulo: 'centroDeCosto', accion: 'crear' },
    cargar: () => import('./FormularioDeCentroDeCostoPage.tsx'),
  },
  {
    path: '/contabilidad/centro-de-costo/editar/:id',
    diseno: 'principal',
    titulo: 'Editar centro de costo',
    permiso: { modulo: 'centroDeCosto', accion: 'modificar' },
    cargar: () => import('./FormularioDeCentroDeCostoPage.tsx'),
  },
];

// Right click on the entry opens the new form (spec 000 §2).
export const menuDeCentrosDeCosto: EntradaMenu[] = [
  {
    pestana: 'contabilidad',
    titulo: 'Centros de costo',
    ruta: LISTA_CENTROS_DE_COSTO,
    rutaNueva: NUEVO_CENTRO_DE_COSTO,
    modulo: 'centroDeCosto',
  },
];
