import type { EntradaMenu, Pantalla } from '../../app/registro.ts';

// Spec 002 §2 "Accounting" and "Reports (under /reportes/)": the journal and the two statements; the
// trial balance and the ledger are ours (docs/web.md).
export const LIBRO_DIARIO = '/contabilidad/asientos_contables';
export const ESTADO_DE_RESULTADO = '/reportes/r-estado-de-resultado';
export const SITUACION_FINANCIERA = '/reportes/r-situacion-financiera';
export const BALANZA_DE_COMPROBACION = '/contabilidad/balanza_de_comprobacion';
export const LIBRO_MAYOR = '/contabilidad/libro_mayor';

/** The ledger of one account (the trial balance and the journal link to it). */
export function rutaDelMayor(idCuenta: string): string {
  return `${LIBRO_MAYOR}?cuenta=${idCuenta}`;
}

const ver = { modulo: 'asientosContables', accion: 'ver' } as const;

export const pantallasDeLibroContable: Pantalla[] = [
  {
    path: LIBRO_DIARIO,
    diseno: 'principal',
    titulo: 'Asientos contables',
    permiso: ver,
    cargar: () => import('./LibroDiarioPage.tsx'),
  },
  {
    path: ESTADO_DE_RESULTADO,
    diseno: 'principal',
    titulo: 'Estado de resultados',
    permiso: ver,
    cargar: () => import('./EstadoDeResultadosPage.tsx'),
  },
  {
    path: SITUACION_FINANCIERA,
    diseno: 'principal',
    titulo: 'Estado de situación financiera',
    permiso: ver,
    cargar: () => import('./SituacionFinancieraPage.tsx'),
  },
  {
    path: BALANZA_DE_COMPROBACION,
    diseno: 'principal',
    titulo: 'Balanza de comprobación',
    permiso: ver,
    cargar: () => import('./BalanzaPage.tsx'),
  },
  {
    path: LIBRO_MAYOR,
    diseno: 'principal',
    titulo: 'Libro mayor',
    permiso: ver,
    cargar: () => import('./LibroMayorPage.tsx'),
  },
];

export const menuDeLibroContable: EntradaMenu[] = [
  { pestana: 'contabilidad', titulo: 'Asientos contables', ruta: LIBRO_DIARIO, modulo: 'asientosContables' },
  {
    pestana: 'contabilidad',
    titulo: 'Balanza de comprobación',
    ruta: BALANZA_DE_COMPROBACION,
    modulo: 'asientosContables',
  },
  { pestana: 'contabilidad', titulo: 'Libro mayor', ruta: LIBRO_MAYOR, modulo: 'asientosContables' },
  {
    pestana: 'contabilidad',
    titulo: 'Estado de resultados',
    ruta: ESTADO_DE_RESULTADO,
    modulo: 'asientosContables',
  },
  {
    pestana: 'contabilidad',
    titulo: 'Situación financiera',
    ruta: SITUACION_FINANCIERA,
    modulo: 'asientosContables',
  },
];
