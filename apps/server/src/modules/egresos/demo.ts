import { CrearEgreso } from '@pos/contract';
import { aCentavos, aPesos, type Centavos } from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import type { CtxConSesion } from '../../http/handle.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { crearEgreso } from './crear.ts';
import { comprasPendientes } from './lectura.ts';

/** What the demo's POS cash withdrawal takes out of the drawer. */
export const RETIRO_DEMO = 1000;

/**
 * The demo's POS cash withdrawal (spec 000 §2 POS «Retiro de Efectivo»): in today's open shift the
 * cashier takes RD$1,000 out of the drawer for the bank, so the shift's summary shows an expense and
 * its retiroDeEfectivo. Called by the sales demo while its shift is open, through the service like any
 * withdrawal.
 */
export async function sembrarRetiroDemo(ctx: CtxConSesion, idTerminal: string): Promise<void> {
  await crearEgreso(
    ctx,
    CrearEgreso.parse({
      identificadorUnico: 'demo-retiro-pos-1',
      tipoDeEgreso: false,
      desdeElpos: { desdePos: true, idTerminalRef: idTerminal, idUsuarioDelTurno: ctx.usuario._id },
      res: [{ importe: RETIRO_DEMO, nota: 'Efectivo llevado al banco a mediodía' }],
    }),
  );
}

/**
 * The demo's payment to a supplier (spec 001 §3 "Payment out"): half of what the oldest demo purchase
 * still owes, by transfer and dated today, so it shows «Por Pagar» with a payment listed. Runs after the purchases
 * demo; without purchases it does nothing.
 */
export async function sembrarPagosDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const [compra] = (await comprasPendientes(ctx, { limit: 1 })).res;
  if (!compra) {
    return;
  }
  const mitad = aPesos(Math.round(aCentavos(compra.pendiente) / 2) as Centavos);
  await crearEgreso(
    ctx,
    CrearEgreso.parse({
      identificadorUnico: 'demo-pago-proveedor-1',
      idCliente: compra.idCliente,
      formaDePago: 'Transferencia',
      res: [{ idCompra: compra._id, importe: mitad, nota: 'Abono acordado con el proveedor' }],
      detalles: 'Primer abono; el resto al vencimiento.',
    }),
  );
}
