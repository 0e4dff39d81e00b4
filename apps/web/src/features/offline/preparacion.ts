import { contactos, type Factura, productos, REPORTE_CUENTAS_POR_COBRAR } from '@pos/contract';
import { api, ErrorDeApi } from '../../api/client.ts';
import { descontarIngresosEnCola } from '../ingresos/ingresoSinConexion.ts';
import type { BaseLocal } from './baseLocal.ts';
import { guardarProductos } from './productosLocales.ts';

// Spec 001 §9, 002 §9 "offline preparation": contacts (GET /cliente/), products (POST
// /registro-productos/todos-for-offline) and receivables (POST factura/r-cuentas-por-cobrar/) are
// downloaded and stored, the progress rising by 33.33 per download. Each store is replaced in one
// transaction written in bulk chunks: a download cut halfway leaves the previous copy whole.

export const PASO_DE_PROGRESO = 33.33;

/** How many of each were stored; null when the user may not read them (then the store is emptied). */
export type ResumenDePreparacion = {
  contactos: number | null;
  productos: number | null;
  cuentasPorCobrar: number | null;
};

/** The download, or null when the user's privileges do not include it (a cashier without receivables). */
async function siHayPermiso<T>(descarga: () => Promise<T>): Promise<T | null> {
  try {
    return await descarga();
  } catch (error) {
    if (error instanceof ErrorDeApi && error.statusCode === 403) {
      return null;
    }
    throw error;
  }
}

/** Downloads and stores what the POS needs offline; `alAvanzar` gets 33.33, 66.66 and 100. */
export async function prepararSinConexion(
  base: BaseLocal,
  alAvanzar: (progreso: number) => void = () => undefined,
): Promise<ResumenDePreparacion> {
  let descargas = 0;
  // 33.33, 66.66, then exactly 100 after the third.
  const avanzar = () => {
    descargas++;
    alAvanzar(descargas === 3 ? 100 : Number((descargas * PASO_DE_PROGRESO).toFixed(2)));
  };
  const lista = await siHayPermiso(() => api(contactos.todos));
  await base.transaction('rw', base.contactos, async () => {
    await base.contactos.clear();
    await base.contactos.bulkPut(lista ?? []);
  });
  avanzar();
  const catalogo = await siHayPermiso(() => api(productos.todosParaOffline, { sinValidar: true }));
  await guardarProductos(base, catalogo?.res ?? []);
  avanzar();
  const cuentas = await siHayPermiso(() => api(REPORTE_CUENTAS_POR_COBRAR.consulta, { body: {} }));
  await guardarCuentasPorCobrar(base, cuentas?.listaDeFacturas ?? []);
  avanzar();
  return {
    contactos: lista?.length ?? null,
    productos: catalogo?.res.length ?? null,
    cuentasPorCobrar: cuentas?.listaDeFacturas.length ?? null,
  };
}

/**
 * Replaces the device's receivables with the server's, keeping what the server does not know yet: the
 * credit sales still queued here stay as they are, and the receipts still queued lower the downloaded
 * balances again.
 */
export async function guardarCuentasPorCobrar(base: BaseLocal, delServidor: Factura[]): Promise<void> {
  await base.transaction(
    'rw',
    [base.cuentasPorCobrar, base.pagosDeFacturas, base.facturasPendientes],
    async () => {
      const enCola = await base.facturasPendientes.filter((p) => p.estado !== 'Por-Anular').primaryKeys();
      const vendidasAqui = (await base.cuentasPorCobrar.bulkGet(enCola)).filter((f) => f !== undefined);
      await base.cuentasPorCobrar.clear();
      await base.cuentasPorCobrar.bulkPut(delServidor);
      // The sales kept go back after the receipts are deducted: their balance here already counts them.
      await descontarIngresosEnCola(base);
      await base.cuentasPorCobrar.bulkPut(vendidasAqui);
    },
  );
}
