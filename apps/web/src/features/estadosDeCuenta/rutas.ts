import type { Pantalla } from '../../app/registro.ts';

// Spec 000 §2: the customer statement report (/reportes/r-estado-de-clientes) and the POS receivables
// screen (/vistas_pos/cuentas-por-cobrar). The statement is reached from a customer's view and from the
// receipts list; the POS screen from the POS menu.
export const ESTADO_DE_CLIENTES = '/reportes/r-estado-de-clientes';
export const CUENTAS_POR_COBRAR_POS = '/vistas_pos/cuentas-por-cobrar';
/** Spec 000 §2: the supplier statement report (`?proveedor=` chooses the supplier). */
export const ESTADO_DE_PROVEEDOR = '/reportes/r-estado-de-proveedor';

/** The statement of one customer (`?cliente=` chooses it). */
export function rutaDeEstadoDeCuenta(idCliente?: string | null): string {
  return idCliente ? `${ESTADO_DE_CLIENTES}?cliente=${encodeURIComponent(idCliente)}` : ESTADO_DE_CLIENTES;
}

export const pantallasDeEstadosDeCuenta: Pantalla[] = [
  {
    path: ESTADO_DE_CLIENTES,
    diseno: 'principal',
    titulo: 'Estado de cuenta de clientes',
    permiso: { modulo: 'cuentaPorCobrar', accion: 'ver' },
    cargar: () => import('./EstadoDeCuentaPage.tsx'),
  },
  {
    path: ESTADO_DE_PROVEEDOR,
    diseno: 'principal',
    titulo: 'Estado de cuenta de proveedores',
    permiso: { modulo: 'cuentaPorPagar', accion: 'ver' },
    cargar: () => import('./EstadoDeProveedorPage.tsx'),
  },
  {
    path: CUENTAS_POR_COBRAR_POS,
    diseno: 'pos',
    titulo: 'Cuentas por cobrar',
    permiso: { modulo: 'puntoDeVentas', accion: 'ver' },
    cargar: () => import('./CuentasPorCobrarPosPage.tsx'),
  },
];
