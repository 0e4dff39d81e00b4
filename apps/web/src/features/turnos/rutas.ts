import type { Pantalla } from '../../app/registro.ts';

// Spec 002 §2 "Shifts": opened, closed and reported here, in the POS layout; a closed shift sends the
// cashier here (spec 001 §2).
export const DETALLES_TURNOS = '/vistas_pos/detalles_turnos';

/**
 * What another screen may pass in the router state when it sends the cashier here: the message to show
 * (spec 002 §8, e.g. the server's answer plus 'No se puede realizar la operación, hasta que haya un nuevo
 * turno abierto').
 */
export type EstadoHaciaTurnos = { mensaje?: string };

export const pantallasDeTurnos: Pantalla[] = [
  {
    path: DETALLES_TURNOS,
    diseno: 'pos',
    titulo: 'Turnos',
    permiso: { modulo: 'puntoDeVentas', accion: 'acceso' },
    cargar: () => import('./TurnosPage.tsx'),
  },
];
