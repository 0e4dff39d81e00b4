import { CrearFacturaRecurrente, FiltroPorAlmacen } from '@pos/contract';
import { hoyEnSantoDomingo } from '@pos/domain';
import type { Tx } from '../../db/client.ts';
import { todosLosContactos } from '../contactos/service.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { listarProductosPorAlmacen } from '../productos/listados.ts';
import { crearFacturaRecurrente } from './service.ts';

/**
 * A demo recurring invoice (spec 001 §3): the hardware store's monthly coffee supply, from the 1st of
 * this month. On a fresh `npm start` the server's scheduled task bills this month's invoice.
 */
export async function sembrarFacturasRecurrentesDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const idAlmacen = (await obtenerAlmacenPrincipal(ctx))._id;
  const { res } = await listarProductosPorAlmacen(ctx, FiltroPorAlmacen.parse({ limit: 500, idAlmacen }));
  const producto = res.find((p) => p.idCodigoDeBarra === '7461000100015');
  const cliente = (await todosLosContactos(ctx)).find((c) => c.nombre === 'Ferretería El Martillo SRL');
  if (!producto || !cliente) {
    throw new Error('La demo de facturas recurrentes necesita su producto y su cliente');
  }
  await crearFacturaRecurrente(
    ctx,
    CrearFacturaRecurrente.parse({
      idCliente: cliente._id,
      fechaDeInicio: `${hoyEnSantoDomingo().slice(0, 8)}01`,
      notaPieDePagina: 'Suministro mensual del comedor de empleados.',
      lineasFacturaRecurrente: [{ idProducto: producto._id, cantidad: 4 }],
      identificadorUnico: 'demo-factura-recurrente-1',
    }),
  );
}
