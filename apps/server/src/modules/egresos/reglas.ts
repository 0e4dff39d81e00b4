import { type FormaDePagoEgreso, tienePermiso } from '@pos/contract';
import { sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { type CuentasDelTerminal, sqlCuentasDelTerminal } from '../configuracion/service.ts';
import {
  type CuentasAsignadas,
  cuentaDe,
  cuentaDeDetalle,
  sqlCuentasAsignadas,
} from '../contabilidad/service.ts';
import { cuentaDelMetodo } from '../facturas/escritura.ts';

// Payments out (spec 001 §3, 002 §3; docs/payments.md): who may write which payment, and the accounts
// one posts to when the user names none. crear.ts and cambios.ts apply them.

/**
 * Who may write which payment out (spec 002 §3 privileges; docs/payments.md «Pagos a proveedores», Permisos):
 * the payments-out right (egresos.crear) any; paying purchases is also the payables right
 * (cuentaPorPagar.emitirRecibo); a cashier with the POS right (puntoDeVentas.crear) only withdraws cash from
 * the POS, to accounts, out of the terminal's cash box (it chooses no money account).
 */
export function exigirPermisoDeEgreso(
  ctx: CtxConSesion,
  egreso: {
    tipoDeEgreso: boolean;
    desdePos: boolean;
    formaDePago: FormaDePagoEgreso;
    cuentaContableCredito?: unknown;
  },
): void {
  const privilegios = ctx.usuario.privilegios;
  if (tienePermiso(privilegios, 'egresos', 'crear')) {
    return;
  }
  if (egreso.tipoDeEgreso && tienePermiso(privilegios, 'cuentaPorPagar', 'emitirRecibo')) {
    return;
  }
  const retiro =
    egreso.desdePos &&
    !egreso.tipoDeEgreso &&
    egreso.formaDePago === 'Efectivo' &&
    !egreso.cuentaContableCredito;
  if (retiro && tienePermiso(privilegios, 'puntoDeVentas', 'crear')) {
    return;
  }
  throw new AppError(
    'prohibido',
    retiro || !tienePermiso(privilegios, 'puntoDeVentas', 'crear')
      ? 'No tienes permiso para crear recibos de egreso.'
      : 'Con el permiso del punto de venta solo se hacen retiros de efectivo de la caja del turno.',
  );
}

type ContextoDelEgreso = { terminal: CuentasDelTerminal | null; asignadas: CuentasAsignadas };

export async function contextoDelEgreso(ctx: Ctx, idTerminal: string | null): Promise<ContextoDelEgreso> {
  const [contexto] = await filas<{ terminal: CuentasDelTerminal | null; cuentas: CuentasAsignadas | null }>(
    ctx.tx,
    sql`select ${sqlCuentasDelTerminal(ctx, sql`${idTerminal}::uuid`)} as terminal, ${sqlCuentasAsignadas(ctx)} as cuentas`,
  );
  if (idTerminal && !contexto?.terminal) {
    throw new AppError('no_encontrado', 'El terminal del recibo de egreso no existe.');
  }
  return { terminal: contexto?.terminal ?? null, asignadas: contexto?.cuentas ?? {} };
}

/**
 * The money account a payment out credits when none is chosen (spec 001 §3 cuentaContableCredito):
 * cash from the POS leaves the terminal's cash box (the receipts' rule in reverse,
 * facturas.cuentaDelMetodo); otherwise cash leaves «Caja general» and any other method the bank.
 */
export function cuentaDelDinero(
  formaDePago: FormaDePagoEgreso,
  terminal: CuentasDelTerminal | null,
  asignadas: CuentasAsignadas,
): string {
  return formaDePago === 'Efectivo'
    ? cuentaDelMetodo('Efectivo', terminal, asignadas)
    : cuentaDe(asignadas, 'bancos');
}

// Chosen accounts must be detail accounts, like every account an entry posts to (spec 001 §3).
export async function exigirCuentasDeDetalle(
  ctx: Ctx,
  entrada: {
    cuentaContableCredito?: { idCuenta: string } | null;
    cuentaPorPagarProveedores?: { idCuenta: string } | null;
  },
): Promise<void> {
  if (entrada.cuentaContableCredito) {
    await cuentaDeDetalle(ctx, entrada.cuentaContableCredito.idCuenta, 'la cuenta de la que sale el dinero');
  }
  if (entrada.cuentaPorPagarProveedores) {
    await cuentaDeDetalle(ctx, entrada.cuentaPorPagarProveedores.idCuenta, 'la cuenta por pagar');
  }
}

/**
 * Where a POS cash withdrawal goes when the cashier names no account (docs/payments.md «Retiro de
 * efectivo»): the company's «Bancos» assignment — cash taken out of the drawer during the shift is
 * money on its way to the bank, as the shift's cash is at closing. A user with the payments-out right
 * may name another account (an expense paid with the drawer's cash, «Caja chica» …).
 */
export function cuentaDeRetiro(asignadas: CuentasAsignadas): string {
  return cuentaDe(asignadas, 'bancos');
}
