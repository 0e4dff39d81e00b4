import { CrearFactura, type LineaFacturaEntrada } from '@pos/contract';
import type { Tx } from '../../db/client.ts';
import { conducesParaFacturar } from '../conduces/service.ts';
import { cotizacionesParaFacturar } from '../cotizaciones/service.ts';
import { crearFactura } from './crear.ts';
import { contextoDelAdministrador } from './demo.ts';

// Demo conversions (spec 001 §2): the second demo quotation billed on credit, and a pre-invoice conduce
// billed at the end of the month, so the quotation shows «Facturada», the conduce its withdrawn total
// and the invoices «Creada desde». Run after the quotations and conduces demos; everything goes through
// crearFactura, as a user's conversion does.
export async function sembrarConversionesDemo(
  tx: Tx,
  tenantId: number,
  fuentes: { idCotizacion: string; idConduce: string },
): Promise<void> {
  const ctx = await contextoDelAdministrador(tx, tenantId);
  const [cotizacion] = await cotizacionesParaFacturar(ctx, [fuentes.idCotizacion]);
  const [conduce] = await conducesParaFacturar(ctx, [fuentes.idConduce]);
  if (!cotizacion || !conduce) {
    throw new Error('La empresa demo no tiene la cotización y el conduce que convierte');
  }
  const credito = { metodoDePago: 'Efectivo', efectivoRecibido: 0, plazoPagos: 30 } as const;
  const deCotizacion: LineaFacturaEntrada[] = cotizacion.lineasCotizacion.map((l) => ({
    idProducto: l.idProducto,
    cantidad: l.cantidad,
    precio: l.precio,
    descuento: l.descuento,
    paquete: l.paquete,
    nota: '',
    descuentoParaSocios: 0,
    itemPersonalizado: false,
    variantes: [],
  }));
  await crearFactura(
    ctx,
    CrearFactura.parse([
      {
        identificadorUnico: 'demo-conversion-cotizacion',
        idCliente: cotizacion.cotizacionDb.idCliente,
        idCotizacion: cotizacion.cotizacionDb._id,
        ...credito,
      },
      deCotizacion,
      [],
    ]),
  );
  await crearFactura(
    ctx,
    CrearFactura.parse([
      {
        identificadorUnico: 'demo-conversion-conduce',
        idCliente: conduce.conduceDb.idCliente,
        notaPieDePagina: `Facturación del conduce ${conduce.conduceDb.comprobante}.`,
        ...credito,
      },
      conduce.lineasConduce.map((l) => ({
        idProducto: l.idProducto,
        cantidad: l.cantidad,
        paquete: l.paquete,
        idLineaConduce: l.idLineaConduce,
      })),
      [conduce.conduceDb._id],
    ]),
  );
}
