import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 001 §2, 000 §2: the recurring invoice family's list, new, edit and view screens (ids as `?id=`).
export const LISTA_DE_FACTURAS_RECURRENTES = '/factura_recurrente/lista_factura_recurrente';
export const NUEVA_FACTURA_RECURRENTE = '/factura_recurrente/nueva_factura_recurrente';
export const EDITAR_FACTURA_RECURRENTE = '/factura_recurrente/editar_factura_recurrente';
export const VISTA_FACTURA_RECURRENTE = '/factura_recurrente/vista_factura_recurrente';

// Spec 001 §6: recurring invoices are invoices (the facturas module's rights).
export const pantallasDeFacturasRecurrentes: Pantalla[] = [
  {
    path: LISTA_DE_FACTURAS_RECURRENTES,
    diseno: 'principal',
    titulo: 'Facturas recurrentes',
    permiso: { modulo: 'facturas', accion: 'ver' },
    cargar: () => import('./FacturasRecurrentesPage.tsx'),
  },
  {
    path: NUEVA_FACTURA_RECURRENTE,
    diseno: 'principal',
    titulo: 'Nueva factura recurrente',
    permiso: { modulo: 'facturas', accion: 'crear' },
    cargar: () => import('./FacturaRecurrentePage.tsx'),
  },
  {
    path: EDITAR_FACTURA_RECURRENTE,
    diseno: 'principal',
    titulo: 'Editar factura recurrente',
    permiso: { modulo: 'facturas', accion: 'modificar' },
    cargar: () => import('./FacturaRecurrentePage.tsx'),
  },
  {
    path: VISTA_FACTURA_RECURRENTE,
    diseno: 'principal',
    titulo: 'Factura recurrente',
    permiso: { modulo: 'facturas', accion: 'ver' },
    cargar: () => import('./VistaFacturaRecurrentePage.tsx'),
  },
];

// Spec 000 §2, home tab: /factura_recurrente/lista_factura_recurrente and nueva_factura_recurrente.
export const menuDeFacturasRecurrentes: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Facturas recurrentes',
    ruta: LISTA_DE_FACTURAS_RECURRENTES,
    rutaNueva: NUEVA_FACTURA_RECURRENTE,
    modulo: 'facturas',
  },
];
