import { CrearContacto, CrearFactura, type DocumentoRechazado, type Factura } from '@pos/contract';
import { cadaPendiente, type SesionDeLote, validar } from '../../http/handle.ts';
import { crearContacto } from '../contactos/service.ts';
import { crearFactura, facturaPorIdentificador } from './service.ts';

function identificadorDe(pendiente: readonly unknown[]): string {
  const cabecera = pendiente[0] as { identificadorUnico?: unknown } | null | undefined;
  return typeof cabecera?.identificadorUnico === 'string' ? cabecera.identificadorUnico : '';
}

function contactoPendienteDe(pendiente: readonly unknown[]): unknown {
  return (pendiente[0] as { contactoPendiente?: unknown } | null | undefined)?.contactoPendiente;
}

/**
 * POST /factura/sincronizar-facturas-offline (spec 000 §4 "Connection", §7; issue 8). Each pending
 * invoice is created as /factura/crear would, in a transaction of its own (`rutaPorLotes`), so a
 * refused one (closed shift, a product gone, a total that no longer adds up) is reported in
 * `rechazados` and undone alone while the rest go on. Exactly once: an invoice already created, by an earlier call whose answer was
 * lost or by a twin racing this one, is answered among `facturasCreadas` and nothing new is written.
 * The number and NCF are taken now, in sync order. A contact created offline with the invoice comes
 * inside it (`contactoPendiente`) and is created first, idempotently, so the invoice is linked to it
 * whichever of the two syncs first.
 */
export async function sincronizarFacturas(
  sesion: SesionDeLote,
  pendientes: readonly (readonly unknown[])[],
): Promise<{ facturasCreadas: Factura[]; rechazados: DocumentoRechazado[] }> {
  const { creados, rechazados } = await cadaPendiente(
    sesion,
    pendientes,
    (pendiente) => identificadorDe(pendiente as readonly unknown[]),
    async (ctx, pendiente) => {
      const entrada = validar(CrearFactura, pendiente, 'factura');
      const contacto = contactoPendienteDe(pendiente as readonly unknown[]);
      if (contacto !== undefined && contacto !== null) {
        const creado = await crearContacto(ctx, validar(CrearContacto, contacto, 'contactoPendiente'));
        entrada.factura.idCliente = creado.clientedb._id;
      }
      return (await crearFactura(ctx, entrada, { sinConexion: true })).FacturaDb;
    },
    async (ctx, identificadorUnico) => (await facturaPorIdentificador(ctx, identificadorUnico)).FacturaDb,
  );
  return { facturasCreadas: creados, rechazados };
}
