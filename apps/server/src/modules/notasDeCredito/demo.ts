import { CrearNotaDeCredito } from '@pos/contract';
import { aPesos, type Centavos, calcularTotales } from '@pos/domain';
import type { CtxConSesion } from '../../http/handle.ts';
import { obtenerFactura } from '../facturas/lectura.ts';
import { crearNotaDeCredito } from './crear.ts';

/**
 * The demo's POS return (spec 000 §2 POS «Devoluciones», 001 §3 "Credit note"): in today's open shift,
 * the customer brings back one unit of a cash sale and gets the money back from the drawer, so the
 * shift's summary shows a credit note and its cash refund (devolucionesDeEfectvo). Called by the sales
 * demo while its shift is open, through the service like any return.
 */
export async function sembrarDevolucionDemo(
  ctx: CtxConSesion,
  idFactura: string,
  idTerminal: string,
): Promise<void> {
  const factura = await obtenerFactura(ctx, idFactura);
  const linea = factura.linea_facturasRef.find((l) => l.cantidad >= 2) ?? factura.linea_facturasRef[0];
  if (!linea) {
    throw new Error('La venta demo devuelta no tiene líneas');
  }
  // The refund is the note's whole total (a walk-in sale: nothing can stay as credit in favour).
  const [devuelta] = calcularTotales([
    {
      cantidad: 1,
      precio: linea.precio,
      descuento: linea.descuento,
      impuestos: linea.impuestos.map((i) => ({
        name: i.name ?? '',
        tipoDeImpuesto: i.tipoDeImpuesto ?? '',
        tasa: i.tasa,
      })),
    },
  ]).lineas;
  await crearNotaDeCredito(
    ctx,
    CrearNotaDeCredito.parse({
      identificadorUnico: 'demo-devolucion-pos-1',
      desdeElpos: { desdePos: true, idTerminalRef: idTerminal },
      notaDeCredito: {
        idFactura,
        notaInformacionInterna: 'Producto devuelto en el mostrador; se devolvió el efectivo.',
      },
      lineasNotasDeCredito: [{ idLineaFactura: linea._id, cantidad: 1, nota: 'Empaque dañado' }],
      lineasDevoluciones: [
        { importe: aPesos(devuelta?.total ?? (0 as Centavos)), nota: 'Devuelto en efectivo' },
      ],
    }),
  );
}
