import {
  CrearFactura,
  type DocumentoRechazado,
  type CrearFactura as EntradaDeFactura,
  type Factura,
} from '@pos/contract';
import { AppError, esErrorDePostgres } from '../../http/errors.ts';
import {
  type CtxConSesion,
  cadaPendiente,
  documentoRechazado,
  type SesionDeLote,
  validar,
} from '../../http/handle.ts';
import { contactoQueViajaConLaVenta } from '../contactos/service.ts';
import { crearFactura, crearFacturasEnLote, loteDeVentas } from './crear.ts';
import { facturaPorIdentificador } from './lectura.ts';

function identificadorDe(pendiente: unknown): string {
  const cabecera = (pendiente as readonly unknown[] | null)?.[0] as
    | { identificadorUnico?: unknown }
    | null
    | undefined;
  return typeof cabecera?.identificadorUnico === 'string' ? cabecera.identificadorUnico : '';
}

// A contact created offline with the invoice comes inside it and is created first
// (contactoQueViajaConLaVenta), so the invoice is linked to it whichever of the two syncs first.
async function entradaDe(ctx: CtxConSesion, pendiente: unknown): Promise<EntradaDeFactura> {
  const entrada = validar(CrearFactura, pendiente, 'factura');
  const idContacto = await contactoQueViajaConLaVenta(ctx, pendiente);
  if (idContacto) {
    entrada.factura.idCliente = idContacto;
  }
  return entrada;
}

function pagaConCreditos(pendiente: unknown): boolean {
  const cabecera = (pendiente as readonly unknown[] | null)?.[0] as
    | { IdCreditoAfavor?: unknown; IdsCreditoAfavor?: unknown }
    | null
    | undefined;
  return Boolean(
    cabecera?.IdCreditoAfavor ||
      (Array.isArray(cabecera?.IdsCreditoAfavor) && cabecera.IdsCreditoAfavor.length),
  );
}

type Sincronizadas = { facturasCreadas: Factura[]; rechazados: DocumentoRechazado[] };

/**
 * POST /factura/sincronizar-facturas-offline (spec 000 §4 "Connection", §7). Each pending
 * invoice is created as /factura/crear would; a refused one (closed shift, a product gone, a total that
 * no longer adds up) is reported in `rechazados` and the rest go on. Exactly once: an invoice already
 * created, by an earlier call whose answer was lost or by a twin racing this one, is answered among
 * `facturasCreadas` and nothing new is written. The number and NCF are taken now, in sync order.
 *
 * The whole batch goes first in one transaction: each sale prepared in turn (rules, checks, rows) and
 * all written in one call at the end (`crearFacturasEnLote`), so the numberings stay locked only while
 * they are written. If the database refuses anything there (a twin racing this batch, a row it
 * rejects, a deadlock), that transaction rolls back whole and the batch goes again one invoice per
 * transaction, where each failure stays with its own invoice. A batch with a sale paid by credits in
 * favour goes one by one from the start (see `pagaConCreditos`).
 */
export async function sincronizarFacturas(
  sesion: SesionDeLote,
  pendientes: readonly (readonly unknown[])[],
): Promise<Sincronizadas> {
  // A sale paid with credits in favour applies them after it is written (crearFactura); a credit used
  // up meanwhile refuses that sale alone, which only the one-by-one path can roll back by itself.
  if (pendientes.some(pagaConCreditos)) {
    return unaPorUna(sesion, pendientes);
  }
  try {
    return await sesion.enTransaccion((ctx) => enLote(ctx, pendientes));
  } catch (error) {
    if (!esErrorDePostgres(error)) {
      throw error;
    }
    return unaPorUna(sesion, pendientes);
  }
}

async function enLote(
  ctx: CtxConSesion,
  pendientes: readonly (readonly unknown[])[],
): Promise<Sincronizadas> {
  // Refusals are answered in the batch's order, whichever step refused them.
  const rechazos = new Map<number, DocumentoRechazado>();
  const entradas: { indice: number; identificadorUnico: string; entrada: EntradaDeFactura }[] = [];
  for (const [indice, pendiente] of pendientes.entries()) {
    const identificadorUnico = identificadorDe(pendiente);
    try {
      entradas.push({ indice, identificadorUnico, entrada: await entradaDe(ctx, pendiente) });
    } catch (error) {
      if (!(error instanceof AppError)) {
        throw error;
      }
      rechazos.set(indice, documentoRechazado(identificadorUnico, error));
    }
  }
  const lote = loteDeVentas(entradas.flatMap(({ entrada }) => entrada.lineas.map((l) => l.idProducto)));
  const resultados = await crearFacturasEnLote(
    ctx,
    entradas.map(({ entrada }) => entrada),
    lote,
  );
  const facturasCreadas: Factura[] = [];
  resultados.forEach((resultado, i) => {
    const { indice, identificadorUnico } = entradas[i] as (typeof entradas)[number];
    if ('factura' in resultado) {
      facturasCreadas.push(resultado.factura);
    } else {
      rechazos.set(indice, documentoRechazado(identificadorUnico, resultado.rechazo));
    }
  });
  return {
    facturasCreadas,
    rechazados: [...rechazos.entries()].sort(([a], [b]) => a - b).map(([, rechazo]) => rechazo),
  };
}

async function unaPorUna(
  sesion: SesionDeLote,
  pendientes: readonly (readonly unknown[])[],
): Promise<Sincronizadas> {
  const { creados, rechazados } = await cadaPendiente(
    sesion,
    pendientes,
    identificadorDe,
    async (ctx, pendiente) =>
      (await crearFactura(ctx, await entradaDe(ctx, pendiente), { sinConexion: true })).FacturaDb,
    async (ctx, identificadorUnico) => (await facturaPorIdentificador(ctx, identificadorUnico)).FacturaDb,
  );
  return { facturasCreadas: creados, rechazados };
}
