import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 002 §2 "Inventory, warehouses and classification" and "Reports (under /reportes/)".
export const LISTA_DE_AJUSTES = '/configuraciones/ajuste_inventario/lista_ajuste_inventario';
export const NUEVO_AJUSTE = '/configuraciones/ajuste_inventario/nuevo_ajuste_inventario';
/** The adjustment comes as `?id=` (spec 000 §2: no path parameters). */
export const EDITAR_AJUSTE = '/configuraciones/ajuste_inventario/editar_ajuste_inventario';
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
  {
    path: REPORTE_EXISTENCIA,
    diseno: 'principal',
    titulo: 'Existencia de inventario',
    permiso: { modulo: 'reportes', accion: 'ver' },
    cargar: () => import('./ReporteExistenciaPage.tsx'),
  },
  {
    path: REPORTE_VALOR,
    diseno: 'principal',
    titulo: 'Valor del inventario',
    permiso: { modulo: 'reportes', accion: 'ver' },
    cargar: () => import('./ReporteValorPage.tsx'),
  },
  {
    path: REPORTE_AJUSTES,
    diseno: 'principal',
    titulo: 'Reporte de ajustes de inventario',
    permiso: { modulo: 'reportes', accion: 'ver' },
    cargar: () => import('./ReporteAjustesPage.tsx'),
  },
];

// Spec 000 §2, inventory tab: adjustments (list and new), r-valor-inventario, r-existencia-inventario.
// The adjustments report is not in the spec's menu; it goes last in the same tab so that it can be found
// (it is also linked from the adjustments list).
export const menuDeInventario: EntradaMenu[] = [
  {
    pestana: 'inventario',
    titulo: 'Ajustes de inventario',
    ruta: LISTA_DE_AJUSTES,
    rutaNueva: NUEVO_AJUSTE,
    modulo: 'ajusteInventario',
  },
  { pestana: 'inventario', titulo: 'Valor del inventario', ruta: REPORTE_VALOR, modulo: 'reportes' },
  { pestana: 'inventario', titulo: 'Existencia de inventario', ruta: REPORTE_EXISTENCIA, modulo: 'reportes' },
  { pestana: 'inventario', titulo: 'Reporte de ajustes', ruta: REPORTE_AJUSTES, modulo: 'reportes' },
];
