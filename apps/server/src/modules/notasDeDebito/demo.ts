import { CrearNotaDeDebito } from '@pos/contract';
import { sql } from 'drizzle-orm';
import { filas, type Tx } from '../../db/client.ts';
import { sqlAplicado } from '../cartera/service.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { crearNotaDeDebito } from './crear.ts';
import { devueltoDeLaCompra, TIPO_DESTINO_COMPRA } from './lectura.ts';

/**
 * The demo's debit note (spec 001 §3 "Debit note"): two units of the first line of the oldest demo
 * purchase that still owes go back to the supplier (they arrived damaged), and the note lowers what that
 * purchase owes, so the list, the view, the purchase's montoNotaDeDebitoRef and the journal show one.
 * Through the service like any note; called by the seed after the purchases demo (none: nothing to do).
 */
export async function sembrarNotaDeDebitoDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const [compra] = await filas<{ id: string }>(
    tx,
    sql`select c.id from compras c
        where c.tenant_id = ${tenantId} and c.estado = 'Activo'
          and c.monto_a_pagar - c.pagado > ${sqlAplicado(ctx, TIPO_DESTINO_COMPRA, sql`c.id`)}
        order by c.numero limit 1`,
  );
  if (!compra) {
    return;
  }
  const idCompra = compra.id;
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
