import type { Pantalla } from '../../app/registro.ts';

// Spec 002 §2 "Banks".
export const LISTA_BANCOS = '/bancos/lista_banco';
export const NUEVO_BANCO = '/bancos/nuevo_banco';
export const rutaDeEdicion = (id: string) => `/bancos/editar_banco/${id}`;
export const rutaDeDetalles = (id: string) => `/bancos/detalles_banco/${id}`;

export const pantallasDeBancos: Pantalla[] = [
  {
    path: LISTA_BANCOS,
    diseno: 'principal',
    titulo: 'Bancos',
    permiso: { modulo: 'bancos', accion: 'ver' },
    cargar: () => import('./BancosPage.tsx'),
  },
  {
    path: NUEVO_BANCO,
    diseno: 'principal',
    titulo: 'Nuevo banco',
    permiso: { modulo: 'bancos', accion: 'crear' },
    cargar: () => import('./FormularioDeBancoPage.tsx'),
  },
  {
    path: '/bancos/editar_banco/:id',
    diseno: 'principal',
    titulo: 'Editar banco',
    permiso: { modulo: 'bancos', accion: 'modificar' },
    cargar: () => import('./FormularioDeBancoPage.tsx'),
  },
  {
    path: '/bancos/detalles_banco/:id',
    diseno: 'principal',
    titulo: 'Detalles del banco',
    permiso: { modulo: 'bancos', accion: 'ver' },
    cargar: () => import('./DetallesBancoPage.tsx'),
  },
];
