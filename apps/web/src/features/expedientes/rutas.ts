import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 002 §2 "Case files": /expediente/ screens (editar, lista, nuevo, vista), exact paths not shown;
// spec 000 §2 names every family's screens editar_, lista_, nueva/nuevo_ and vista_ (docs/expedientes.md).
export const LISTA_EXPEDIENTES = '/expediente/lista_expediente';
export const NUEVO_EXPEDIENTE = '/expediente/nuevo_expediente';
export const EDITAR_EXPEDIENTE = '/expediente/editar_expediente/:id';
export const VISTA_EXPEDIENTE = '/expediente/vista_expediente/:id';
/** The view as the audit screen links it (`?id=`). */
export const VISTA_EXPEDIENTE_CONSULTA = '/expediente/vista_expediente';

export const rutaDeVista = (id: string) => VISTA_EXPEDIENTE.replace(':id', id);
export const rutaDeEdicion = (id: string) => EDITAR_EXPEDIENTE.replace(':id', id);

export const pantallasDeExpedientes: Pantalla[] = [
  {
    path: LISTA_EXPEDIENTES,
    diseno: 'principal',
    titulo: 'Expedientes',
    permiso: { modulo: 'expedientes', accion: 'ver' },
    cargar: () => import('./ExpedientesPage.tsx'),
  },
  {
    path: NUEVO_EXPEDIENTE,
    diseno: 'principal',
    titulo: 'Nuevo expediente',
    permiso: { modulo: 'expedientes', accion: 'crear' },
    cargar: () => import('./NuevoExpedientePage.tsx'),
  },
  {
    path: EDITAR_EXPEDIENTE,
    diseno: 'principal',
    titulo: 'Editar expediente',
    permiso: { modulo: 'expedientes', accion: 'modificar' },
    cargar: () => import('./EditarExpedientePage.tsx'),
  },
  {
    path: VISTA_EXPEDIENTE,
    diseno: 'principal',
    titulo: 'Expediente',
    permiso: { modulo: 'expedientes', accion: 'ver' },
    cargar: () => import('./VistaExpedientePage.tsx'),
  },
  {
    path: VISTA_EXPEDIENTE_CONSULTA,
    diseno: 'principal',
    titulo: 'Expediente',
    permiso: { modulo: 'expedientes', accion: 'ver' },
    cargar: () => import('./VistaExpedientePage.tsx'),
  },
];

// Spec 000 §2 does not place case files in a tab; they sit in the home tab with the other documents
// (right click: a new case file).
export const menuDeExpedientes: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Expedientes',
    ruta: LISTA_EXPEDIENTES,
    rutaNueva: NUEVO_EXPEDIENTE,
    modulo: 'expedientes',
  },
];
