import { type CualquierReporte, type GrupoDeReporte, REPORTES } from '@pos/contract';
import type { ComponentType } from 'react';
import type { EntradaMenu, Pantalla, Pestana } from '../../app/registro.ts';
import { PAGINAS_DGII } from './dgii/rutas.ts';

// Spec 000 §2 "Reports (/reportes/)": one screen per declared report (contract reportes/), drawn by the
// generic page (ui/reporte/PaginaDeReporte.tsx) unless the report has a page of its own here.

/** The report screen's path. */
export const rutaDelReporte = (id: string) => `/reportes/${id}`;

type Cargar = () => Promise<{ default: ComponentType }>;

/**
 * Declared reports whose screen is not the generic page: the general summary (figures and the index of
 * reports) and what other areas add (the DGII formats' pages).
 */
export const PAGINAS_PROPIAS: Record<string, Cargar> = {
  global: () => import('./GlobalPage.tsx'),
  ...PAGINAS_DGII,
};

function pantallaDe(reporte: CualquierReporte): Pantalla {
  return {
    path: rutaDelReporte(reporte.id),
    diseno: 'principal',
    titulo: reporte.titulo,
    permiso: reporte.permiso,
    cargar: PAGINAS_PROPIAS[reporte.id] ?? (() => import('./ReportePage.tsx')),
  };
}

export const pantallasDeReportes: Pantalla[] = REPORTES.filter((r) => r.pantalla !== false).map(pantallaDe);

/**
 * Report screens of their own that are not declarations (they came before the kit): the statements of
 * the accounting book and the statements of account. The general summary's index lists them with the
 * declared ones, each only where its route is registered.
 */
export const REPORTES_CON_PANTALLA_PROPIA: ReadonlyArray<{
  id: string;
  titulo: string;
  descripcion: string;
  grupo: GrupoDeReporte;
}> = [
  {
    id: 'r-estado-de-clientes',
    titulo: 'Estado de cuenta de clientes',
    descripcion: 'Lo facturado, cobrado y pendiente de un cliente, con la antigüedad de su deuda.',
    grupo: 'cartera',
  },
  {
    id: 'r-estado-de-proveedor',
    titulo: 'Estado de cuenta de proveedores',
    descripcion: 'Lo comprado, pagado y pendiente con un proveedor, con la antigüedad de la deuda.',
    grupo: 'cartera',
  },
  {
    id: 'r-estado-de-resultado',
    titulo: 'Estado de resultados',
    descripcion: 'Ingresos, costos y gastos del periodo según la contabilidad, y su resultado.',
    grupo: 'contabilidad',
  },
  {
    id: 'r-situacion-financiera',
    titulo: 'Estado de situación financiera',
    descripcion: 'Activos, pasivos y patrimonio a una fecha, según la contabilidad.',
    grupo: 'contabilidad',
  },
];

// Spec 000 §2 "Main navigation menu": the report entries of each tab. The adjustments report is not in
// the spec's menu; it goes last in the inventory tab so that it can be found (the adjustments list
// links to it too).
const MENU: ReadonlyArray<{ pestana: Pestana; id: string }> = [
  { pestana: 'inicio', id: 'r-cuentas-por-pagar' },
  { pestana: 'inicio', id: 'r-cuentas-por-cobrar' },
  { pestana: 'inicio', id: 'global' },
  { pestana: 'inventario', id: 'r-ventas-productos' },
  { pestana: 'inventario', id: 'r-valor-inventario' },
  { pestana: 'inventario', id: 'r-existencia-inventario' },
  { pestana: 'inventario', id: 'r-ajustes-inventario' },
  { pestana: 'contabilidad', id: 'global' },
  { pestana: 'contabilidad', id: 'r-formato-606' },
  { pestana: 'contabilidad', id: 'r-formato-607' },
  { pestana: 'contabilidad', id: 'r-formato-608' },
];

/** A menu entry per tab and declared report: never an entry for a report that is not declared. */
export const menuDeReportes: EntradaMenu[] = MENU.flatMap(({ pestana, id }) => {
  const reporte = REPORTES.find((r) => r.id === id && r.pantalla !== false);
  if (!reporte) {
    return [];
  }
  const modulo = 'modulo' in reporte.permiso ? reporte.permiso.modulo : reporte.permiso.alguno[0]?.modulo;
  return modulo ? [{ pestana, titulo: reporte.titulo, ruta: rutaDelReporte(id), modulo }] : [];
});
