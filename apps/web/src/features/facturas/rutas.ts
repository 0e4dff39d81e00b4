import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 001 §2: the invoice family's list, new, edit and view screens (ids as `?id=`, spec 000 §2).
export const LISTA_DE_FACTURAS = '/factura/lista_factura';
export const NUEVA_FACTURA = '/factura/nueva_factura';
export const EDITAR_FACTURA = '/factura/editar_factura';
export const VISTA_FACTURA = '/factura/vista_factura';

export const pantallasDeFacturas: Pantalla[] = [
  {
    path: LISTA_DE_FACTURAS,
    diseno: 'principal',
    titulo: 'Facturas',
    permiso: { modulo: 'facturas', accion: 'ver' },
    cargar: () => import('./FacturasPage.tsx'),
  },
  {
    path: NUEVA_FACTURA,
    diseno: 'principal',
    titulo: 'Nueva factura',
    permiso: { modulo: 'facturas', accion: 'crear' },
    cargar: () => import('./FacturaPage.tsx'),
  },
  {
    path: EDITAR_FACTURA,
    diseno: 'principal',
    titulo: 'Editar factura',
    permiso: { modulo: 'facturas', accion: 'modificar' },
    cargar: () => import('./FacturaPage.tsx'),
  },
  {
    path: VISTA_FACTURA,
    diseno: 'principal',
    titulo: 'Factura',
    permiso: { modulo: 'facturas', accion: 'ver' },
    cargar: () => import('./VistaFacturaPage.tsx'),
  },
];

// Spec 000 §2, home tab: /factura/lista_factura (right click: /factura/nueva_factura).
export const menuDeFacturas: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Facturas',
    ruta: LISTA_DE_FACTURAS,
    rutaNueva: NUEVA_FACTURA,
    modulo: 'facturas',
  },
];

/** Spec 001 §2, §4: a new invoice from one or several quotations of a customer. */
export function rutaDeFacturarCotizaciones(ids: string[]): string {
  return `${NUEVA_FACTURA}?cotizaciones=${ids.join(',')}`;
}

/** Spec 001 §2, §4: a new invoice from a pre-invoice conduce. */
export function rutaDeFacturarConduce(id: string): string {
  return `${NUEVA_FACTURA}?conduce=${id}`;
}
