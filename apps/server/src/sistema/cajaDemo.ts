import type { ClaveDeAsignacion, CuentaContableVinculada } from '@pos/contract';
import type { Tx } from '../db/client.ts';
import type { Ctx } from '../http/handle.ts';
import { actualizarTerminal, listarTerminales } from '../modules/configuracion/service.ts';
import { cuentaAsignada } from '../modules/contabilidad/service.ts';
import { buscarNumeracionPredeterminada } from '../modules/numeracion/service.ts';

async function cuenta(ctx: Ctx, clave: ClaveDeAsignacion): Promise<CuentaContableVinculada> {
  const { idCuenta, nombre, codigoDeCuenta, tipo } = await cuentaAsignada(ctx, clave);
  return { idCuenta, nombre, codigoDeCuenta, tipo };
}

/**
 * Links the demo terminal 'Caja 1' to the company's numbering and accounts, so the demo can sell on day
 * one: consumer invoices (the default 'ventas' numbering), credit notes for returns, cash receipts, and
 * the accounts each payment method posts to (spec 002 §4 "Payment method to debit account mapping").
 */
export async function vincularCajaDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx: Ctx = { tx, tenantId, ip: '', usuario: null };
  const { res } = await listarTerminales(ctx, { limit: 10, input: 'Caja 1', activos: true });
  const caja = res.find((terminal) => terminal.nombre === 'Caja 1');
  if (!caja) {
    return;
  }
  await actualizarTerminal(ctx, caja._id, {
    numeracionFacturas: (await buscarNumeracionPredeterminada(ctx, 'ventas'))._id,
    numeracionDevoluciones: (await buscarNumeracionPredeterminada(ctx, 'notaDeCredito'))._id,
    numeracionReciboDeCaja: (await buscarNumeracionPredeterminada(ctx, 'recibos'))._id,
    cajaDefectvoIdRef: (await cuenta(ctx, 'cajaGeneral')).idCuenta,
    cuentaDeTransferencias: await cuenta(ctx, 'transferencias'),
    cuentaDeTarjetaDeCredito: await cuenta(ctx, 'tarjetasDeCredito'),
    cuentaDeTarjetaDeDebitos: await cuenta(ctx, 'tarjetasDeDebito'),
    cuentaContableBanco: await cuenta(ctx, 'bancos'),
    bancoInicioDeTurno: await cuenta(ctx, 'cajaGeneral'),
    bancoCierreDeTurno: await cuenta(ctx, 'bancos'),
    cuentaPagoAnticiposClientes: await cuenta(ctx, 'anticiposDeClientes'),
  });
}
