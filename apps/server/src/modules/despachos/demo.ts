import { CrearConduceDespacho, FiltroFacturas } from '@pos/contract';
import type { Tx } from '../../db/client.ts';
import { buscarContactosPorFuncion } from '../contactos/service.ts';
import { contextoDelAdministrador } from '../facturas/demo.ts';
import { listarFacturas, obtenerFactura } from '../facturas/lectura.ts';
import { crearConduceDespacho } from './service.ts';

// Demo dispatch note (spec 001 §3 "Dispatch note"): the demo driver takes part of a demo sale, so the
// list shows one dispatch note whose invoice still has goods pending («Ver pendientes»).
export async function sembrarDespachosDemo(tx: Tx, tenantId: number): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const [chofer] = await buscarContactosPorFuncion(ctx, 'Chofer');
  const { res: ventas } = await listarFacturas(ctx, FiltroFacturas.parse({ page: 1, limit: 25 }));
  for (const venta of ventas.filter((f) => f.estado === 'Activo')) {
    const lineas = (await obtenerFactura(ctx, venta._id)).linea_facturasRef;
    const linea = lineas.find((l) => l.cantidad >= 2);
    if (!linea) {
      continue;
    }
    await crearConduceDespacho(
      ctx,
      CrearConduceDespacho.parse({
        identificadorUnico: 'demo-conduce-despacho-1',
        idFactura: venta._id,
        idChofer: chofer?._id ?? null,
        nota: 'Primera entrega; el resto sale en el próximo viaje.',
        lineaConduceDespacho: [
          { idLineaFactura: linea._id, cantidadDespachada: Math.floor(linea.cantidad / 2) },
        ],
      }),
    );
    return;
  }
  throw new Error('La empresa demo no tiene una factura activa con una línea de 2 unidades o más');
}
