import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 002 §2, §6 and 000 §2: company registration, only in the operator company (tenant 2) and only for
// users with crearInstanciaDelSistema. The self sign-up (/crear-empresa) lives next to /login (router.tsx).
export const pantallasDeRegistro: Pantalla[] = [
  {
    path: '/configuraciones/registro-de-empresa/nueva_empresa',
    diseno: 'principal',
    titulo: 'Registro de empresa',
    permiso: { modulo: 'registroDeEmpresa', accion: 'acceso' },
    soloOperador: true,
    bandera: 'crearInstanciaDelSistema',
    cargar: () => import('./NuevaEmpresaPage.tsx'),
  },
];

export const menuDeRegistro: EntradaMenu[] = [
  {
    pestana: 'configuracion',
    titulo: 'Registro de empresa',
    ruta: '/configuraciones/registro-de-empresa/nueva_empresa',
    modulo: 'registroDeEmpresa',
    soloOperador: true,
    bandera: 'crearInstanciaDelSistema',
  },
];
