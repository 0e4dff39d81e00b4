import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 001 §2 and 000 §2: the credit-note family (lista_, nueva_, editar_ and vista_ screens; the ids go
// as `?id=`, as in every document family of the app) and the POS returns (nueva_devolucion,
// lista_devoluciones, vista_devolucion).
export const LISTA_NOTAS_DE_CREDITO = '/notas_de_credito/lista_nota_credito';
export const NUEVA_NOTA_DE_CREDITO = '/notas_de_credito/nueva_nota_credito';
export const EDITAR_NOTA_DE_CREDITO = '/notas_de_credito/editar_nota_credito';
export const VISTA_NOTA_DE_CREDITO = '/notas_de_credito/vista_nota_credito';
export const LISTA_DEVOLUCIONES_POS = '/vistas_pos/lista_devoluciones';
export const NUEVA_DEVOLUCION_POS = '/vistas_pos/nueva_devolucion';
export const VISTA_DEVOLUCION_POS = '/vistas_pos/vista_devolucion';

/** The view of one credit note (the audit screen and the invoice view link to it). */
export function rutaDeLaNotaDeCredito(id: string): string {
  return `${VISTA_NOTA_DE_CREDITO}?id=${id}`;
}

export const pantallasDeNotasDeCredito: Pantalla[] = [
  {
    path: LISTA_NOTAS_DE_CREDITO,
    diseno: 'principal',
    titulo: 'Notas de crédito',
    permiso: { modulo: 'notasDeCredito', accion: 'ver' },
    cargar: () => import('./NotasDeCreditoPage.tsx'),
  },
  {
    path: NUEVA_NOTA_DE_CREDITO,
    diseno: 'principal',
    titulo: 'Nueva nota de crédito',
    permiso: { modulo: 'notasDeCredito', accion: 'crear' },
    cargar: () => import('./NotaDeCreditoPage.tsx'),
  },
  {
    path: EDITAR_NOTA_DE_CREDITO,
    diseno: 'principal',
    titulo: 'Editar nota de crédito',
    permiso: { modulo: 'notasDeCredito', accion: 'modificar' },
    cargar: () => import('./NotaDeCreditoPage.tsx'),
  },
  {
    path: VISTA_NOTA_DE_CREDITO,
    diseno: 'principal',
    titulo: 'Nota de crédito',
    permiso: { modulo: 'notasDeCredito', accion: 'ver' },
    cargar: () => import('./VistaNotaDeCreditoPage.tsx'),
  },
  {
    // Spec 000 §6: puntoDeVentas.ver opens the POS lists.
    path: LISTA_DEVOLUCIONES_POS,
    diseno: 'pos',
    titulo: 'Devoluciones',
    permiso: { modulo: 'puntoDeVentas', accion: 'ver' },
    cargar: () => import('./DevolucionesPosPage.tsx'),
  },
  {
    path: NUEVA_DEVOLUCION_POS,
    diseno: 'pos',
    titulo: 'Nueva devolución',
    permiso: { modulo: 'puntoDeVentas', accion: 'crear' },
    cargar: () => import('./NuevaDevolucionPage.tsx'),
  },
  {
    path: VISTA_DEVOLUCION_POS,
    diseno: 'pos',
    titulo: 'Devolución',
    permiso: { modulo: 'puntoDeVentas', accion: 'ver' },
    cargar: () => import('./VistaDevolucionPage.tsx'),
  },
];

// Spec 000 §2, home tab: /notas_de_credito/lista_nota_credito (right click: the new note).
export const menuDeNotasDeCredito: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Notas de crédito',
    ruta: LISTA_NOTAS_DE_CREDITO,
    rutaNueva: NUEVA_NOTA_DE_CREDITO,
    modulo: 'notasDeCredito',
  },
];
