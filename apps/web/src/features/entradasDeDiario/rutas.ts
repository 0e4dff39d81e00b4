import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 002 §2 "Accounting": /contabilidad/entrada-de-diario/ (lista_entrada_de_diario,
// nueva_entrada_de_dario — sic —, editar); the entry itself is seen in a modal (spec 002 §2 "modals to
// view a journal entry"), which the list opens for `?id=` (the audit screen and the journal link it so).
export const LISTA_ENTRADAS_DE_DIARIO = '/contabilidad/entrada-de-diario/lista_entrada_de_diario';
export const NUEVA_ENTRADA_DE_DIARIO = '/contabilidad/entrada-de-diario/nueva_entrada_de_dario'; // sic
export const EDITAR_ENTRADA_DE_DIARIO = '/contabilidad/entrada-de-diario/editar/:id';

/** The list with the entry's view modal open: the view route of an entry (journal, audit screen). */
export const rutaDeVista = (id: string) => `${LISTA_ENTRADAS_DE_DIARIO}?id=${id}`;
export const rutaDeEdicion = (id: string) => EDITAR_ENTRADA_DE_DIARIO.replace(':id', id);

export const pantallasDeEntradasDeDiario: Pantalla[] = [
  {
    path: LISTA_ENTRADAS_DE_DIARIO,
    diseno: 'principal',
    titulo: 'Entradas de diario',
    permiso: { modulo: 'entradaDeDiario', accion: 'ver' },
    cargar: () => import('./EntradasDeDiarioPage.tsx'),
  },
  {
    path: NUEVA_ENTRADA_DE_DIARIO,
    diseno: 'principal',
    titulo: 'Nueva entrada de diario',
    permiso: { modulo: 'entradaDeDiario', accion: 'crear' },
    cargar: () => import('./NuevaEntradaDeDiarioPage.tsx'),
  },
  {
    path: EDITAR_ENTRADA_DE_DIARIO,
    diseno: 'principal',
    titulo: 'Editar entrada de diario',
    permiso: { modulo: 'entradaDeDiario', accion: 'modificar' },
    cargar: () => import('./EditarEntradaDeDiarioPage.tsx'),
  },
];

// Spec 000 §2, Contabilidad tab: the journal-entry list and new (right click on the list: the new one).
export const menuDeEntradasDeDiario: EntradaMenu[] = [
  {
    pestana: 'contabilidad',
    titulo: 'Entradas de diario',
    ruta: LISTA_ENTRADAS_DE_DIARIO,
    rutaNueva: NUEVA_ENTRADA_DE_DIARIO,
    modulo: 'entradaDeDiario',
  },
  {
    pestana: 'contabilidad',
    titulo: 'Nueva entrada de diario',
    ruta: NUEVA_ENTRADA_DE_DIARIO,
    modulo: 'entradaDeDiario',
  },
];
