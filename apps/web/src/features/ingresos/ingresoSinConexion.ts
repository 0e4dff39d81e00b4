import type { CrearIngreso, Factura } from '@pos/contract';
import { aCentavos, aPesos, type Centavos } from '@pos/domain';
import type { z } from 'zod';
import type { BaseLocal, DocumentoPendiente } from '../offline/baseLocal.ts';
import { guardarPendiente } from '../offline/cola.ts';

// Spec 001 §4, 000 §4 and issue 8: a receipt collected offline waits in pagosDeFacturas with the body
// POST /ingresos-recibidos/ would have received; its number is PENDIENTE until the sync.

export const AVISO_INGRESO_SIN_CONEXION = 'Ingreso creado sin conexión';

export type CuerpoDeIngreso = z.input<typeof CrearIngreso> & { identificadorUnico: string };

// An invoice sold offline is kept under its identificadorUnico; once downloaded from the server it has
// its real id, and a receipt queued before still names it by the former.
async function facturaLocal(base: BaseLocal, id: string): Promise<Factura | undefined> {
  return (
    (await base.cuentasPorCobrar.get(id)) ??
    (await base.cuentasPorCobrar.filter((f) => f.identificadorUnico === id).first())
  );
}

// What each invoice of a queued receipt owes locally moves by its amount: down when the receipt is
// queued (or the receivables are downloaded again while it waits), back up when it is discarded. Runs
// inside the caller's transaction over cuentasPorCobrar.
async function moverSaldos(base: BaseLocal, cuerpo: CuerpoDeIngreso, signo: 1 | -1): Promise<void> {
  for (const linea of cuerpo.res) {
    const factura = linea.idFactura ? await facturaLocal(base, linea.idFactura) : undefined;
    if (factura) {
      const importe = signo * aCentavos(linea.importe);
      await base.cuentasPorCobrar.update(factura._id, {
        pendiente: aPesos((aCentavos(factura.pendiente) - importe) as Centavos),
        cobrado: aPesos((aCentavos(factura.cobrado) + importe) as Centavos),
      });
    }
  }
}

/**
 * Queues the receipt and lowers what each invoice owes in the downloaded receivables, in the same
 * local transaction, so the same debt is not collected twice before the sync. The server checks the
 * balances again when the receipt arrives; one that no longer fits is set aside with its reason.
 */
export async function guardarIngresoSinConexion(
  base: BaseLocal,
  cuerpo: CuerpoDeIngreso,
  ahora = new Date(),
): Promise<DocumentoPendiente> {
  return base.transaction('rw', base.pagosDeFacturas, base.cuentasPorCobrar, async () => {
    await moverSaldos(base, cuerpo, 1);
    return guardarPendiente(base, 'ingresos', cuerpo.identificadorUnico, cuerpo, ahora);
  });
}

/** The cashier gives up a queued receipt: it never reaches the server and its invoices owe again. */
export async function descartarIngresoSinConexion(
  base: BaseLocal,
  identificadorUnico: string,
): Promise<void> {
  await base.transaction('rw', base.pagosDeFacturas, base.cuentasPorCobrar, async () => {
    const pendiente = await base.pagosDeFacturas.get(identificadorUnico);
    if (pendiente) {
      await moverSaldos(base, pendiente.cuerpo as CuerpoDeIngreso, -1);
      await base.pagosDeFacturas.delete(identificadorUnico);
    }
  });
}

/**
 * The receivables were just downloaded again (the server does not know the queued receipts yet): the
 * receipts still waiting lower them again. Runs inside the caller's transaction over both stores.
 */
export async function descontarIngresosEnCola(base: BaseLocal): Promise<void> {
  for (const pendiente of await base.pagosDeFacturas.toArray()) {
    await moverSaldos(base, pendiente.cuerpo as CuerpoDeIngreso, 1);
  }
}

/** The customer's invoices that still owe, from the receivables downloaded for offline use, oldest first. */
export async function pendientesLocales(base: BaseLocal, idCliente: string): Promise<Factura[]> {
  const facturas = await base.cuentasPorCobrar.where('idCliente').equals(idCliente).toArray();
  return facturas
    .filter((f) => f.estado === 'Activo' && f.pendiente > 0)
    .sort(
      (a, b) =>
        a.fechaEmision.localeCompare(b.fechaEmision) || (a.numeroFactura ?? 0) - (b.numeroFactura ?? 0),
    );
}
