import type { Pantalla } from '../../app/registro.ts';

// Spec 002 §2 "Banks": /bancos/conciliar_cuenta (the reconcile modal and the movements) and the
// reconciled-account view (its path is not in the spec: /bancos/cuenta_conciliada/:id, docs/web.md).
export const CONCILIAR_CUENTA = '/bancos/conciliar_cuenta/:id';
export const CUENTA_CONCILIADA = '/bancos/cuenta_conciliada/:id';
/** Where the user goes after closing (spec 002 §2). */
export const LISTA_BANCOS_TRAS_CERRAR = '/bancos/lista_banco';

/** The reconcile screen of a bank account (its _id). */
export const rutaDeConciliar = (idCuenta: string) => CONCILIAR_CUENTA.replace(':id', idCuenta);
/** The reconciled-account view of one reconciliation (its _id). */
export const rutaDeConciliacion = (idConciliacion: string) =>
  CUENTA_CONCILIADA.replace(':id', idConciliacion);

export const pantallasDeConciliaciones: Pantalla[] = [
  {
    path: CONCILIAR_CUENTA,
    diseno: 'principal',
    titulo: 'Conciliar cuenta',
    permiso: { modulo: 'bancos', accion: 'modificar' },
    cargar: () => import('./ConciliarCuentaPage.tsx'),
  },
  {
    path: CUENTA_CONCILIADA,
    diseno: 'principal',
    titulo: 'Cuenta conciliada',
    permiso: { modulo: 'bancos', accion: 'ver' },
    cargar: () => import('./CuentaConciliadaPage.tsx'),
  },
];
