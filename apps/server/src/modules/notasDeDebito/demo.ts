import { CrearNotaDeDebito } from '@pos/contract';
import type { Tx } from '../../db/client.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { crearNotaDeDebito } from './crear.ts';
import { devueltoDeLaCompra } from './lectura.ts';

/**
 * The demo's debit note (spec 001 §3 "Debit note"): two units of the first line of a demo purchase go
 * back to the supplier (they arrived damaged), and the note lowers what that purchase owes, so the list,
 * the view, the purchase's montoNotaDeDebitoRef and the journal show one (a purchase already paid leaves
 * it owed by the supplier). Through the service like any note; called by the seed after the purchases
 * demo.
 */
export async function sembrarNotaDeDebitoDemo(tx: Tx, tenantId: number, idCompra: string): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const { pendiente, lineas } = await devueltoDeLaCompra(ctx, idCompra, null);
  const linea = lineas.find((l) => l.comprada - l.devuelta >= 2) ?? lineas[0];
  if (!linea) {
    throw new Error('La compra demo de la nota de débito no tiene líneas');
  }
  const cantidad = Math.min(2, linea.comprada - linea.devuelta);
  await crearNotaDeDebito(
    ctx,
    CrearNotaDeDebito.parse({
      identificadorUnico: 'demo-nota-de-debito-1',
      notaDeDebito: {
        idCompra,
        notaInformacionInterna: 'Mercancía recibida en mal estado; devuelta al proveedor.',
      },
      lineasNotasDeDebito: [{ idLineaCompra: linea.idLineaCompra, cantidad, nota: 'Empaque dañado' }],
      lineasDebitoCompras: pendiente > 0 ? [{ idCompra }] : [],
    }),
  );
}
