import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 002 §2 "Inventory, warehouses and classification" and "Reports (under /reportes/)".
export const LISTA_DE_AJUSTES = '/configuraciones/ajuste_inventario/lista_ajuste_inventario';
export const NUEVO_AJUSTE = '/configuraciones/ajuste_inventario/nuevo_ajuste_inventario';
/** The adjustment comes as `?id=` (spec 000 §2: no path parameters). */
export const EDITAR_AJUSTE = '/configuraciones/ajuste_inventario/editar_ajuste_inventario';
// The inventory reports are declared reports (features/reportes draws them); their screens' paths, for
// the links to them (the adjustments list, the dashboard).
export const REPORTE_EXISTENCIA = '/reportes/r-existencia-inventario';
export const REPORTE_VALOR = '/reportes/r-valor-inventario';
export const REPORTE_AJUSTES = '/reportes/r-ajustes-inventario';

export const pantallasDeInventario: Pantalla[] = [
  {
    path: LISTA_DE_AJUSTES,
    diseno: 'principal',
    titulo: 'Ajustes de inventario',
    permiso: { modulo: 'ajusteInventario', accion: 'ver' },
    cargar: () => import('./AjustesPage.tsx'),
  },
  {
    path: NUEVO_AJUSTE,
    diseno: 'principal',
    titulo: 'Nuevo ajuste de inventario',
    permiso: { modulo: 'ajusteInventario', accion: 'crear' },
    cargar: () => import('./AjustePage.tsx'),
  },
  {
    path: EDITAR_AJUSTE,
    diseno: 'principal',
    titulo: 'Editar ajuste de inventario',
    permiso: { modulo: 'ajusteInventario', accion: 'ver' },
    cargar: () => import('./AjustePage.tsx'),
  },
];

// Spec 000 §2, inventory tab: adjustments (list and new); the tab's reports are features/reportes'.
export const menuDeInventario: EntradaMenu[] = [
  {
    pestana: 'inventario',
    titulo: 'Ajustes de inventario',
    ruta: LISTA_DE_AJUSTES,
    rutaNueva: NUEVO_AJUSTE,
    modulo: 'ajusteInventario',
  },
];
