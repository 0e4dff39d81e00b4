import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 001 §2: /gasto_menor/lista_gasto_menor, /gasto_menor/nuevo_gasto_menor; spec 000 §2: every family
// has editar_ and vista_ screens.
export const LISTA_GASTOS_MENORES = '/gasto_menor/lista_gasto_menor';
export const NUEVO_GASTO_MENOR = '/gasto_menor/nuevo_gasto_menor';
export const EDITAR_GASTO_MENOR = '/gasto_menor/editar_gasto_menor/:id';
export const VISTA_GASTO_MENOR = '/gasto_menor/vista_gasto_menor/:id';
/** The view as the audit screen links it (`?id=`). */
export const VISTA_GASTO_MENOR_CONSULTA = '/gasto_menor/vista_gasto_menor';

export const rutaDeVista = (id: string) => VISTA_GASTO_MENOR.replace(':id', id);
export const rutaDeEdicion = (id: string) => EDITAR_GASTO_MENOR.replace(':id', id);

export const pantallasDeGastosMenores: Pantalla[] = [
  {
    path: LISTA_GASTOS_MENORES,
    diseno: 'principal',
    titulo: 'Gastos menores',
    permiso: { modulo: 'gastoMenor', accion: 'ver' },
    cargar: () => import('./GastosMenoresPage.tsx'),
  },
  {
    path: NUEVO_GASTO_MENOR,
    diseno: 'principal',
    titulo: 'Nuevo gasto menor',
    permiso: { modulo: 'gastoMenor', accion: 'crear' },
    cargar: () => import('./NuevoGastoMenorPage.tsx'),
  },
  {
    path: EDITAR_GASTO_MENOR,
    diseno: 'principal',
    titulo: 'Editar gasto menor',
    permiso: { modulo: 'gastoMenor', accion: 'modificar' },
    cargar: () => import('./EditarGastoMenorPage.tsx'),
  },
  {
    path: VISTA_GASTO_MENOR,
    diseno: 'principal',
    titulo: 'Gasto menor',
    permiso: { modulo: 'gastoMenor', accion: 'ver' },
    cargar: () => import('./VistaGastoMenorPage.tsx'),
  },
  {
    path: VISTA_GASTO_MENOR_CONSULTA,
    diseno: 'principal',
    titulo: 'Gasto menor',
    permiso: { modulo: 'gastoMenor', accion: 'ver' },
    cargar: () => import('./VistaGastoMenorPage.tsx'),
  },
];

// Spec 000 §2, home tab: /gasto_menor/lista_gasto_menor (right click: the new minor expense).
export const menuDeGastosMenores: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Gastos menores',
    ruta: LISTA_GASTOS_MENORES,
    rutaNueva: NUEVO_GASTO_MENOR,
    modulo: 'gastoMenor',
  },
];
