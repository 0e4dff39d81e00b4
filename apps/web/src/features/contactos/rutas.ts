import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

export const pantallasDeContactos: Pantalla[] = [
  {
    path: '/cliente/lista',
    diseno: 'principal',
    titulo: 'Clientes y proveedores',
    permiso: { modulo: 'clientes', accion: 'ver' },
    cargar: () => import('./ClientesPage.tsx'),
  },
  {
    path: '/cliente/nuevocliente',
    diseno: 'principal',
    titulo: 'Nuevo contacto',
    permiso: { modulo: 'clientes', accion: 'crear' },
    cargar: () => import('./ClientePage.tsx'),
  },
  {
    path: '/cliente/editarCliente',
    diseno: 'principal',
    titulo: 'Editar contacto',
    permiso: { modulo: 'clientes', accion: 'modificar' },
    cargar: () => import('./ClientePage.tsx'),
  },
  {
    path: '/cliente/vista_cliente',
    diseno: 'principal',
    titulo: 'Contacto',
    permiso: { modulo: 'clientes', accion: 'ver' },
    cargar: () => import('./VistaClientePage.tsx'),
  },
];

export const menuDeContactos: EntradaMenu[] = [
  {
    pestana: 'inicio',
    titulo: 'Clientes y proveedores',
    ruta: '/cliente/lista',
    rutaNueva: '/cliente/nuevocliente',
    modulo: 'clientes',
  },
];
