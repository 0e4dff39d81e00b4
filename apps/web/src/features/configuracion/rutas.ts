import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

export const pantallasDeConfiguracion: Pantalla[] = [
  {
    path: '/configuraciones/usuario/lista_usuarios',
    diseno: 'principal',
    titulo: 'Usuarios',
    permiso: { modulo: 'usuarios', accion: 'ver' },
    cargar: () => import('./usuarios/UsuariosPage.tsx'),
  },
  {
    path: '/configuraciones/usuario/nuevo_usuario',
    diseno: 'principal',
    titulo: 'Nuevo usuario',
    permiso: { modulo: 'usuarios', accion: 'crear' },
    cargar: () => import('./usuarios/UsuarioPage.tsx'),
  },
  {
    path: '/configuraciones/usuario/editar_usuario',
    diseno: 'principal',
    titulo: 'Editar usuario',
    permiso: { modulo: 'usuarios', accion: 'ver' },
    cargar: () => import('./usuarios/UsuarioPage.tsx'),
  },
  {
    path: '/configuraciones/general/principal',
    diseno: 'principal',
    titulo: 'Configuración general',
    permiso: { modulo: 'configuracionGeneral', accion: 'ver' },
    cargar: () => import('./general/GeneralPage.tsx'),
  },
];

export const menuDeConfiguracion: EntradaMenu[] = [
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
