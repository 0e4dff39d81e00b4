import type { Egreso } from '@pos/contract';

/** Whether a payment out is a POS cash withdrawal (spec 000 §2 «Retiro de Efectivo»). */
export function esRetiro(egreso: Pick<Egreso, 'desdeElpos' | 'tipoDeEgreso'>): boolean {
  return egreso.desdeElpos.desdePos && !egreso.tipoDeEgreso;
}

/** What the payment out went to: its supplier, or its accounts' kind. */
export function destinoDeEgreso(
  egreso: Pick<Egreso, 'desdeElpos' | 'tipoDeEgreso' | 'nombreProveedor'>,
): string {
  if (egreso.nombreProveedor) {
    return egreso.nombreProveedor;
  }
  return esRetiro(egreso) ? 'Retiro de efectivo' : 'A cuentas contables';
}
