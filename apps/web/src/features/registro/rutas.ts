import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

export const NUEVA_EMPRESA = '/configuraciones/registro-de-empresa/nueva_empresa';
/** Beyond the spec (docs/empresas.md «Empresas registradas»): the operator's list of its companies. */
export const EMPRESAS_REGISTRADAS = '/configuraciones/registro-de-empresa/lista_empresas';

// Spec 002 §2, §6 and 000 §2: company registration, only in the operator company (tenant 2) and only for
// users with crearInstanciaDelSistema. The self sign-up (/crear-empresa) lives next to /login (router.tsx).
export const pantallasDeRegistro: Pantalla[] = [
  {
    path: NUEVA_EMPRESA,
    diseno: 'principal',
    titulo: 'Registro de empresa',
    permiso: { modulo: 'registroDeEmpresa', accion: 'acceso' },
    soloOperador: true,
    bandera: 'crearInstanciaDelSistema',
    cargar: () => import('./NuevaEmpresaPage.tsx'),
  },
  {
    path: EMPRESAS_REGISTRADAS,
    diseno: 'principal',
    titulo: 'Empresas registradas',
    permiso: { modulo: 'registroDeEmpresa', accion: 'acceso' },
    soloOperador: true,
    bandera: 'crearInstanciaDelSistema',
    cargar: () => import('./EmpresasRegistradasPage.tsx'),
  },
];

export const menuDeRegistro: EntradaMenu[] = [
  {
    pestana: 'configuracion',
    titulo: 'Registro de empresa',
    ruta: NUEVA_EMPRESA,
    modulo: 'registroDeEmpresa',
    soloOperador: true,
    bandera: 'crearInstanciaDelSistema',
  },
  {
    pestana: 'configuracion',
    titulo: 'Empresas registradas',
    ruta: EMPRESAS_REGISTRADAS,
    modulo: 'registroDeEmpresa',
    soloOperador: true,
    bandera: 'crearInstanciaDelSistema',
  },
];
