import { BaseLocal } from '../../apps/web/src/features/offline/baseLocal.ts';
import { prepararSinConexion } from '../../apps/web/src/features/offline/preparacion.ts';
import { cargarCatalogo } from '../../apps/web/src/features/offline/productosLocales.ts';

// Runs in Chromium (bundled by bench/catalogo.bench.ts): the offline catalogue's download, storage
// and search, with the POS's own code.

export type Medicion = {
  productos: number;
  /** Download and storage of contacts, products and receivables, as the POS's button does it. */
  preparacionMs: number;
  cargaMs: number;
  teclasMs: number[];
};

// The page's localStorage holds the session (set by the bench before this code loads), so the POS's
// api client calls the server as the signed-in cashier.
async function medirCatalogo(opciones: { tenantId: number; entradas: string[] }): Promise<Medicion> {
  const base = new BaseLocal(opciones.tenantId);
  const inicio = performance.now();
  // The whole offline preparation (contacts, products, receivables); the products are nearly all of it.
  const resumen = await prepararSinConexion(base);
  const guardado = performance.now();
  const catalogo = await cargarCatalogo(base);
  const cargado = performance.now();
  // Each input is one keystroke of a cashier typing a name.
  const teclasMs = opciones.entradas.map((entrada) => {
    const t0 = performance.now();
    catalogo.porNombre(entrada);
    return performance.now() - t0;
  });
  base.close();
  return {
    productos: resumen.productos ?? 0,
    preparacionMs: guardado - inicio,
    cargaMs: cargado - guardado,
    teclasMs,
  };
}

(globalThis as unknown as { medirCatalogo: typeof medirCatalogo }).medirCatalogo = medirCatalogo;
