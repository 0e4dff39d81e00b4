import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 001 §2 and 000 §2: the debit-note family (lista_, nueva_, editar_ and vista_ screens; the ids go
// as `?id=`, as in every document family of the app).
export const LISTA_NOTAS_DE_DEBITO = '/notas_de_debito/lista_nota_debito';
export const NUEVA_NOTA_DE_DEBITO = '/notas_de_debito/nueva_nota_debito';
export const EDITAR_NOTA_DE_DEBITO = '/notas_de_debito/editar_nota_debito';
export const VISTA_NOTA_DE_DEBITO = '/notas_de_debito/vista_nota_debito';

/** The view of one debit note (the audit screen and the purchase view link to it). */
export function rutaDeLaNotaDeDebito(id: string): string {
  return `${VISTA_NOTA_DE_DEBITO}?id=${id}`;
}

export const pantallasDeNotasDeDebito: Pantalla[] = [
  {
    path: LISTA_NOTAS_DE_DEBITO,
    diseno: 'principal',
    titulo: 'Notas de débito',
    permiso: { modulo: 'notasDeDebito', accion: 'ver' },
    cargar: () => import('./NotasDeDebitoPage.tsx'),
  },
  {
    path: NUEVA_NOTA_DE_DEBITO,
    diseno: 'principal',
    titulo: 'Nueva nota de débito',
    permiso: { modulo: 'notasDeDebito', accion: 'crear' },
    cargar: () => import('./NotaDeDebitoPage.tsx'),
  },
  {
    path: EDITAR_NOTA_DE_DEBITO,
    diseno: 'principal',
    titulo: 'Editar nota de débito',
    permiso: { modulo: 'notasDeDebito', accion: 'modificar' },
    cargar: () => import('./NotaDeDebitoPage.tsx'),
  },
  {
    path: VISTA_NOTA_DE_DEBITO,
    diseno: 'principal',
    titulo: 'Nota de débito',
    permiso: { modulo: 'notasDeDebito', accion: 'ver' },
    cargar: () => import('./VistaNotaDeDebitoPage.tsx'),
  },
];

// Spec 000 §2, home tab: /notas_de_debito/lista_nota_debito (right click: the new note).
export const menuDeNotasDeDebito: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Notas de débito',
    ruta: LISTA_NOTAS_DE_DEBITO,
    rutaNueva: NUEVA_NOTA_DE_DEBITO,
    modulo: 'notasDeDebito',
  },
];
