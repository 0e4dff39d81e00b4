import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 001 §7 "Credits in favour": the spec names no screen; the list lives with receipts in
// (pagos_ingresos), where advances and over-payments are taken. `?cliente=` shows one customer's.
export const CREDITOS_A_FAVOR = '/pagos_ingresos/creditos_a_favor';

/** The credits of one customer (from a customer's view or a receipt). */
export function rutaDeCreditosDelCliente(idCliente: string): string {
  return `${CREDITOS_A_FAVOR}?cliente=${encodeURIComponent(idCliente)}`;
}

export const pantallasDeCreditos: Pantalla[] = [
  {
    path: CREDITOS_A_FAVOR,
    diseno: 'principal',
    titulo: 'Créditos a favor',
    permiso: { modulo: 'ingresos', accion: 'ver' },
    cargar: () => import('./CreditosAFavorPage.tsx'),
  },
];

export const menuDeCreditos: EntradaMenu[] = [
  { pestana: 'inicio', titulo: 'Créditos a favor', ruta: CREDITOS_A_FAVOR, modulo: 'ingresos' },
];
