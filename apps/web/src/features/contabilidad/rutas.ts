import type { EntradaMenu, Pantalla } from '../../app/registro.ts';
import { LISTA_BANCOS, NUEVO_BANCO, pantallasDeBancos } from '../bancos/rutas.ts';
import { menuDeEntradasDeDiario, pantallasDeEntradasDeDiario } from '../entradasDeDiario/rutas.ts';
import { menuDeLibroContable, pantallasDeLibroContable } from '../libroContable/rutas.ts';

// Cost centres and journal-entry options are master-data families: their screens and menu entries come from
// features/maestros/rutas.ts.
export const pantallasDeContabilidad: Pantalla[] = [
  ...pantallasDeBancos,
  ...pantallasDeEntradasDeDiario,
  {
    path: '/contabilidad/catalogo_de_cuentas',
    diseno: 'principal',
    titulo: 'Catálogo de cuentas',
    permiso: { modulo: 'catalogoDeCuentas', accion: 'ver' },
    cargar: () => import('./CatalogoPage.tsx'),
  },
  {
    path: '/configuraciones/asignacion_cuentas_contables/principal',
    diseno: 'principal',
    titulo: 'Asignación de cuentas contables',
    permiso: { modulo: 'asignacionCuentasContables', accion: 'ver' },
    cargar: () => import('./AsignacionPage.tsx'),
  },
  // The registry is common to every company: only the operator company (tenant 2) imports it, so the
  // page and its menu entry exist only there.
  {
    path: '/configuraciones/general/utilidades',
    diseno: 'principal',
    titulo: 'Utilidades',
    permiso: { modulo: 'configuracionGeneral', accion: 'modificar' },
    soloOperador: true,
    cargar: () => import('./UtilidadesPage.tsx'),
  },
  ...pantallasDeLibroContable,
];

export const menuDeContabilidad: EntradaMenu[] = [
  {
    pestana: 'contabilidad',
    titulo: 'Catálogo de cuentas',
    ruta: '/contabilidad/catalogo_de_cuentas',
    modulo: 'catalogoDeCuentas',
  },
  ...menuDeEntradasDeDiario,
  // Spec 002 §2 "Banks".
  { pestana: 'contabilidad', titulo: 'Bancos', ruta: LISTA_BANCOS, rutaNueva: NUEVO_BANCO, modulo: 'bancos' },
  { pestana: 'contabilidad', titulo: 'Nuevo banco', ruta: NUEVO_BANCO, modulo: 'bancos' },
  {
    pestana: 'configuracion',
    titulo: 'Asignación de cuentas contables',
    ruta: '/configuraciones/asignacion_cuentas_contables/principal',
    modulo: 'asignacionCuentasContables',
  },
  {
    pestana: 'configuracion',
    titulo: 'Utilidades',
    ruta: '/configuraciones/general/utilidades',
    modulo: 'configuracionGeneral',
    soloOperador: true,
  },
  ...menuDeLibroContable,
];
