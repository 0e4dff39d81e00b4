import type { Accion, Modulo, Perfil } from '@pos/contract';
import { tienePermiso } from '@pos/contract';
import type { ComponentType } from 'react';
import { menuDeAuditoria, pantallasDeAuditoria } from '../features/auditoria/rutas.ts';
import { menuDeCatalogo, pantallasDeCatalogo } from '../features/catalogo/rutas.ts';
import { menuDeCompras, pantallasDeCompras } from '../features/compras/rutas.ts';
import { pantallasDeConciliaciones } from '../features/conciliaciones/rutas.ts';
import { menuDeConduces, pantallasDeConduces } from '../features/conduces/rutas.ts';
import { menuDeConfiguracion, pantallasDeConfiguracion } from '../features/configuracion/rutas.ts';
import { menuDeContabilidad, pantallasDeContabilidad } from '../features/contabilidad/rutas.ts';
import { menuDeContactos, pantallasDeContactos } from '../features/contactos/rutas.ts';
import { menuDeCotizaciones, pantallasDeCotizaciones } from '../features/cotizaciones/rutas.ts';
import { menuDeCreditos, pantallasDeCreditos } from '../features/creditos/rutas.ts';
import { menuDeDespachos, pantallasDeDespachos } from '../features/despachos/rutas.ts';
import { menuDeEgresos, pantallasDeEgresos } from '../features/egresos/rutas.ts';
import { pantallasDeEstadosDeCuenta } from '../features/estadosDeCuenta/rutas.ts';
import { menuDeExpedientes, pantallasDeExpedientes } from '../features/expedientes/rutas.ts';
import { menuDeFacturas, pantallasDeFacturas } from '../features/facturas/rutas.ts';
import {
  menuDeFacturasRecurrentes,
  pantallasDeFacturasRecurrentes,
} from '../features/facturasRecurrentes/rutas.ts';
import { menuDeGastosMenores, pantallasDeGastosMenores } from '../features/gastosMenores/rutas.ts';
import { menuDeIngresos, pantallasDeIngresos } from '../features/ingresos/rutas.ts';
import { menuDeInventario, pantallasDeInventario } from '../features/inventario/rutas.ts';
import { menuDeMaestros, pantallasDeMaestros } from '../features/maestros/rutas.ts';
import { menuDeNotasDeCredito, pantallasDeNotasDeCredito } from '../features/notasDeCredito/rutas.ts';
import { menuDeNotasDeDebito, pantallasDeNotasDeDebito } from '../features/notasDeDebito/rutas.ts';
import { menuDeNumeracion, pantallasDeNumeracion } from '../features/numeracion/rutas.ts';
import { menuDeOrdenesDeCompra, pantallasDeOrdenesDeCompra } from '../features/ordenesDeCompra/rutas.ts';
import { pantallasDePedidos } from '../features/pedidos/rutas.ts';
import { menuDePos, pantallasDePos } from '../features/pos/rutas.ts';
import { menuDeProductos, pantallasDeProductos } from '../features/productos/rutas.ts';
import { menuDeRegistro, pantallasDeRegistro } from '../features/registro/rutas.ts';
import { menuDeReportes, pantallasDeReportes } from '../features/reportes/rutas.ts';
import { menuDeReservaciones, pantallasDeReservaciones } from '../features/reservaciones/rutas.ts';
import { pantallasDeTurnos } from '../features/turnos/rutas.ts';

export type Diseno = 'principal' | 'pos' | 'impresion' | 'catalogo' | 'reservar';

/** One screen of the app: its path, the layout it lives in, and what the user needs to open it. */
export type Pantalla = {
  path: string;
  diseno: Diseno;
  titulo: string;
  /**
   * Module permission needed (spec 002 §3), or any one of several (a report: `reportes` or the owning
   * module's); none = any signed-in user (or anyone when `publica`).
   */
  permiso?:
    | { modulo: Modulo; accion: Accion }
    | { alguno: ReadonlyArray<{ modulo: Modulo; accion: Accion }> };
  /** Public catalogue pages take the company from `?lista=` and need no session (spec 000 §2). */
  publica?: boolean;
  /** Only the operator company (tenant 2) sees it (spec 000 §2, §6). */
  soloOperador?: boolean;
  /** An extra user flag needed (company registration needs crearInstanciaDelSistema, spec 002 §6). */
  bandera?: 'crearInstanciaDelSistema';
  cargar: () => Promise<{ default: ComponentType }>;
};

export type Pestana = 'inicio' | 'inventario' | 'contabilidad' | 'configuracion';

export const PESTANAS: Array<{ id: Pestana; titulo: string }> = [
  { id: 'inicio', titulo: 'Inicio' },
  { id: 'inventario', titulo: 'Inventario' },
  { id: 'contabilidad', titulo: 'Contabilidad' },
  { id: 'configuracion', titulo: 'Configuración' },
];

/** An entry of the main menu: left click opens `ruta`, right click `rutaNueva` (spec 000 §2). */
export type EntradaMenu = {
  pestana: Pestana;
  titulo: string;
  ruta: string;
  rutaNueva?: string;
  modulo: Modulo;
  soloOperador?: boolean;
  /** An extra user flag needed besides module access (company registration needs crearInstanciaDelSistema). */
  bandera?: 'crearInstanciaDelSistema';
  /** A public page of the company (spec 000 §2: `?lista={tenantId}`), opened in a new page. */
  conLista?: boolean;
};

// The single registry of screens and menu entries, assembled from each area's `rutas.ts`. A screen that
// is not built yet is not here, so it is neither routed nor shown in the menu.
const PANTALLAS_BASE: Pantalla[] = [
  {
    path: '/',
    diseno: 'principal',
    titulo: 'Inicio',
    cargar: () => import('../features/inicio/InicioPage.tsx'),
  },
  {
    path: '/inicio',
    diseno: 'principal',
    titulo: 'Tablero',
    cargar: () => import('../features/inicio/InicioPage.tsx'),
  },
];

const MENU_BASE: EntradaMenu[] = [
  { pestana: 'contabilidad', titulo: 'Tablero', ruta: '/inicio', modulo: 'inicio' },
];

export const PANTALLAS: Pantalla[] = [
  ...PANTALLAS_BASE,
  ...pantallasDeConfiguracion,
  ...pantallasDeMaestros,
  ...pantallasDeNumeracion,
  ...pantallasDeContactos,
  ...pantallasDeContabilidad,
  ...pantallasDeInventario,
  ...pantallasDeProductos,
  ...pantallasDeFacturas,
  ...pantallasDeCotizaciones,
  ...pantallasDeFacturasRecurrentes,
  ...pantallasDeOrdenesDeCompra,
  ...pantallasDeCompras,
  ...pantallasDeConduces,
  ...pantallasDeDespachos,
  ...pantallasDeIngresos,
  ...pantallasDeEgresos,
  ...pantallasDeGastosMenores,
  ...pantallasDeConciliaciones,
  ...pantallasDeCreditos,
  ...pantallasDeEstadosDeCuenta,
  ...pantallasDeExpedientes,
  ...pantallasDeNotasDeCredito,
  ...pantallasDeNotasDeDebito,
  ...pantallasDePedidos,
  ...pantallasDeTurnos,
  ...pantallasDeAuditoria,
  ...pantallasDePos,
  ...pantallasDeReportes,
  ...pantallasDeCatalogo,
  ...pantallasDeRegistro,
  ...pantallasDeReservaciones,
];

// Spec 000 §2 "Main navigation menu": the order of the entries within each tab.
const ORDEN_DEL_MENU = [
  '/cliente/lista',
  '/pagos_ingresos/lista_pagos_ingresos',
  '/recibos_egresos/lista_recibo_egreso',
  '/gasto_menor/lista_gasto_menor',
  '/factura/lista_factura',
  '/factura_recurrente/lista_factura_recurrente',
  '/cotizacion/lista_cotizacion',
  '/conduce-de-despacho/lista',
  '/compra/lista_compra',
  '/orden_de_compra/lista_orden_compra',
  '/conduce/lista_conduce',
  '/pedido/nuevo_pedido',
  '/notas_de_credito/lista_nota_credito',
  '/notas_de_debito/lista_nota_debito',
  '/expediente/lista_expediente',
  '/reportes/r-cuentas-por-pagar',
  '/reportes/r-cuentas-por-cobrar',
  '/reportes/global',
  '/vistas_pos/facturacion',
  '/producto/lista_producto',
  '/configuraciones/ajuste_inventario/lista_ajuste_inventario',
  '/configuraciones/categoria_producto/lista_categoria_producto/',
  '/configuraciones/secciones/lista_secciones/',
  '/configuraciones/areas_de_produccion/lista_area_de_produccion',
  '/configuraciones/almacen/lista_almacen/',
  '/configuraciones/lista-precios/lista_precios/',
  '/reportes/r-ventas-productos',
  '/reportes/r-valor-inventario',
  '/reportes/r-existencia-inventario',
  '/contabilidad/catalogo_de_cuentas',
  '/contabilidad/asientos_contables',
  '/contabilidad/balanza_de_comprobacion',
  '/contabilidad/libro_mayor',
  '/contabilidad/entrada-de-diario/lista_entrada_de_diario',
  '/contabilidad/opciones-entrada-de-diario/lista',
  '/contabilidad/centro-de-costo/lista_centro_de_costo',
  '/bancos/lista_banco',
  '/bancos/nuevo_banco',
  '/auditorias/auditorias',
  '/inicio',
  '/reportes/r-estado-de-resultado',
  '/reportes/r-situacion-financiera',
  '/reportes/r-formato-606',
  '/reportes/r-formato-607',
  '/reportes/r-formato-608',
  '/configuraciones/general/principal',
  '/configuraciones/registro-de-empresa/nueva_empresa',
  '/configuraciones/registro-de-empresa/lista_empresas',
  '/configuraciones/planes/lista_planes',
  '/configuraciones/numeraciones/lista_numeraciones/',
  '/configuraciones/impuestos/lista_impuesto',
  '/configuraciones/lista-retenciones/lista_retencion',
  '/configuraciones/usuario/lista_usuarios',
  '/configuraciones/terminales/lista_terminales',
  '/configuraciones/asignacion_cuentas_contables/principal',
  '/lugarDeAsignacion/lista_LugarAsignacion/',
  '/catalogo',
  '/reservaciones/reservar',
  '/configuraciones/general/utilidades',
];

function posicion(entrada: EntradaMenu): number {
  const i = ORDEN_DEL_MENU.indexOf(entrada.ruta);
  return i === -1 ? ORDEN_DEL_MENU.length : i;
}

export const MENU: EntradaMenu[] = [
  ...MENU_BASE,
  ...menuDeConfiguracion,
  ...menuDeMaestros,
  ...menuDeNumeracion,
  ...menuDeContactos,
  ...menuDeContabilidad,
  ...menuDeInventario,
  ...menuDeProductos,
  ...menuDeFacturas,
  ...menuDeCotizaciones,
  ...menuDeFacturasRecurrentes,
  ...menuDeOrdenesDeCompra,
  ...menuDeCompras,
  ...menuDeConduces,
  ...menuDeDespachos,
  ...menuDeIngresos,
  ...menuDeEgresos,
  ...menuDeGastosMenores,
  ...menuDeCreditos,
  ...menuDeNotasDeCredito,
  ...menuDeNotasDeDebito,
  ...menuDeExpedientes,
  ...menuDeAuditoria,
  ...menuDePos,
  ...menuDeReportes,
  ...menuDeCatalogo,
  ...menuDeRegistro,
  ...menuDeReservaciones,
].sort((a, b) => posicion(a) - posicion(b));

export const TENANT_OPERADOR = 2;

/** Where a menu entry leads: its path, with the company's `?lista=` for a public page. */
export function destinoDeEntrada(entrada: EntradaMenu, tenantId: number): string {
  return entrada.conLista ? `${entrada.ruta}?lista=${tenantId}` : entrada.ruta;
}

/** Whether a user of `tenantId` may open a screen. */
export function puedeAbrir(
  pantalla: Pick<Pantalla, 'permiso' | 'soloOperador' | 'bandera'>,
  perfil: Perfil,
): boolean {
  if (pantalla.soloOperador && perfil.tenantId !== TENANT_OPERADOR) {
    return false;
  }
  if (pantalla.bandera && perfil[pantalla.bandera] !== true) {
    return false;
  }
  const permisos = !pantalla.permiso
    ? []
    : 'alguno' in pantalla.permiso
      ? pantalla.permiso.alguno
      : [pantalla.permiso];
  return permisos.length === 0 || permisos.some((p) => tienePermiso(perfil.privilegios, p.modulo, p.accion));
}

/** The menu entries this user sees, by tab (spec 000 §2 "Main navigation menu"). */
export function entradasVisibles(perfil: Perfil, menu: EntradaMenu[] = MENU): Map<Pestana, EntradaMenu[]> {
  const porPestana = new Map<Pestana, EntradaMenu[]>();
  for (const entrada of menu) {
    const visible =
      tienePermiso(perfil.privilegios, entrada.modulo, 'acceso') &&
      (!entrada.soloOperador || perfil.tenantId === TENANT_OPERADOR) &&
      (!entrada.bandera || perfil[entrada.bandera] === true);
    if (visible) {
      porPestana.set(entrada.pestana, [...(porPestana.get(entrada.pestana) ?? []), entrada]);
    }
  }
  return porPestana;
}
