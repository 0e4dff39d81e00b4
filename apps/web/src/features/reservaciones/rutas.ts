import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 002 §2, spec 000 §2: the public booking page (/reservaciones/reservar?lista={tenantId}) and the
// staff's reservations page (/reservaciones/servicios), opened from the POS dropdown («Reservaciones»).
export const RESERVAR = '/reservaciones/reservar';
export const SERVICIOS_RESERVACIONES = '/reservaciones/servicios';

/** Spec 000 §6: puntoDeVentas.ver allows reservations; the reservaciones module's right does too. */
export const PERMISO_RESERVACIONES = {
  alguno: [
    { modulo: 'puntoDeVentas', accion: 'ver' },
    { modulo: 'reservaciones', accion: 'ver' },
  ],
} as const;

export const pantallasDeReservaciones: Pantalla[] = [
  {
    path: RESERVAR,
    diseno: 'reservar',
    titulo: 'Reservar',
    publica: true,
    cargar: () => import('./ReservarPage.tsx'),
  },
  {
    path: SERVICIOS_RESERVACIONES,
    diseno: 'pos',
    titulo: 'Reservaciones',
    permiso: PERMISO_RESERVACIONES,
    cargar: () => import('./ServiciosPage.tsx'),
  },
];

// Spec 000 §2 "Configuration tab": the company's booking link, opened as a new page.
export const menuDeReservaciones: EntradaMenu[] = [
  {
    pestana: 'configuracion',
    titulo: 'Página de reservaciones',
    ruta: RESERVAR,
    modulo: 'reservaciones',
    conLista: true,
  },
];
