import type { Accion, Modulo, Perfil } from '@pos/contract';
import { tienePermiso } from '@pos/contract';
import type { ComponentType } from 'react';

export type Diseno = 'principal' | 'pos' | 'impresion' | 'catalogo';

/** One screen of the app: its path, the layout it lives in, and what the user needs to open it. */
export type Pantalla = {
  path: string;
  diseno: Diseno;
  titulo: string;
  /** Module permission needed (spec 002 §3); none = any signed-in user (or anyone when `publica`). */
  permiso?: { modulo: Modulo; accion: Accion };
  /** Public catalogue pages take the company from `?lista=` and need no session (spec 000 §2). */
  publica?: boolean;
  /** Only the operator company (tenant 2) sees it (spec 000 §2, §6). */
  soloOperador?: boolean;
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
};

// The single registry of screens and menu entries. A screen that is not built yet is not here, so it is
// neither routed nor shown in the menu; each module adds its screens and entries when they exist.
export const PANTALLAS: Pantalla[] = [
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
  {
    path: '/configuraciones/usuario/lista_usuarios',
    diseno: 'principal',
    titulo: 'Usuarios',
    permiso: { modulo: 'usuarios', accion: 'ver' },
    cargar: () => import('../features/configuracion/usuarios/UsuariosPage.tsx'),
  },
  {
    path: '/configuraciones/usuario/nuevo_usuario',
    diseno: 'principal',
    titulo: 'Nuevo usuario',
    permiso: { modulo: 'usuarios', accion: 'crear' },
    cargar: () => import('../features/configuracion/usuarios/UsuarioPage.tsx'),
  },
  {
    path: '/configuraciones/usuario/editar_usuario',
    diseno: 'principal',
    titulo: 'Editar usuario',
    permiso: { modulo: 'usuarios', accion: 'ver' },
    cargar: () => import('../features/configuracion/usuarios/UsuarioPage.tsx'),
  },
  {
    path: '/configuraciones/general/principal',
    diseno: 'principal',
    titulo: 'Configuración general',
    permiso: { modulo: 'configuracionGeneral', accion: 'ver' },
    cargar: () => import('../features/configuracion/general/GeneralPage.tsx'),
  },
];

export const MENU: EntradaMenu[] = [
  { pestana: 'contabilidad', titulo: 'Tablero', ruta: '/inicio', modulo: 'inicio' },
  {
    pestana: 'configuracion',
    titulo: 'Configuración general',
    ruta: '/configuraciones/general/principal',
    modulo: 'configuracionGeneral',
  },
  {
    pestana: 'configuracion',
    titulo: 'Usuarios',
    ruta: '/configuraciones/usuario/lista_usuarios',
    rutaNueva: '/configuraciones/usuario/nuevo_usuario',
    modulo: 'usuarios',
  },
];

export const TENANT_OPERADOR = 2;

/** Whether a user of `tenantId` may open a screen. */
export function puedeAbrir(pantalla: Pick<Pantalla, 'permiso' | 'soloOperador'>, perfil: Perfil): boolean {
  if (pantalla.soloOperador && perfil.tenantId !== TENANT_OPERADOR) {
    return false;
  }
  return (
    !pantalla.permiso || tienePermiso(perfil.privilegios, pantalla.permiso.modulo, pantalla.permiso.accion)
  );
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
