import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 000 §2 "POS (/vistas_pos/)", 001 §2: the POS screens live in the POS layout (bottom bar).
export const FACTURACION_POS = '/vistas_pos/facturacion';
export const LISTA_VENTAS_POS = '/vistas_pos/lista_ventas';
export const VISTA_FACTURA_POS = '/vistas_pos/vista_factura_pos';
/** The shift screen (features/turnos); a closed shift sends the cashier there (spec 001 §2). */
export const DETALLES_TURNOS = '/vistas_pos/detalles_turnos';

export const pantallasDePos: Pantalla[] = [
  {
    path: FACTURACION_POS,
    diseno: 'pos',
    titulo: 'Facturación',
    permiso: { modulo: 'puntoDeVentas', accion: 'acceso' },
    cargar: () => import('./FacturacionPage.tsx'),
  },
  {
    // Spec 000 §6: puntoDeVentas.ver allows the sales list.
    path: LISTA_VENTAS_POS,
    diseno: 'pos',
    titulo: 'Lista de ventas',
    permiso: { modulo: 'puntoDeVentas', accion: 'ver' },
    cargar: () => import('./ListaVentasPage.tsx'),
  },
  {
    // Spec 000 §2 "a POS invoice view (vista_factura_pos)": opened from the sales list, same right.
    path: VISTA_FACTURA_POS,
    diseno: 'pos',
    titulo: 'Factura',
    permiso: { modulo: 'puntoDeVentas', accion: 'ver' },
    cargar: () => import('./VistaFacturaPosPage.tsx'),
  },
];

export const menuDePos: EntradaMenu[] = [
  { pestana: 'inicio', titulo: 'Punto de venta', ruta: FACTURACION_POS, modulo: 'puntoDeVentas' },
];
