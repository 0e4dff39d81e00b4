import { BaseLocal } from '../../apps/web/src/features/offline/baseLocal.ts';
import { cargarCatalogo, guardarProductos } from '../../apps/web/src/features/offline/productosLocales.ts';

// Runs in Chromium (bundled by bench/catalogo.bench.ts): the offline catalogue's download, storage
// and search, with the POS's own code.

export type Medicion = {
  productos: number;
  descargaMs: number;
  guardadoMs: number;
  cargaMs: number;
  teclasMs: number[];
};

async function medirCatalogo(opciones: {
  tenantId: number;
  token: string;
  entradas: string[];
}): Promise<Medicion> {
  const base = new BaseLocal(opciones.tenantId);
  const inicio = performance.now();
  const respuesta = await fetch('/api/registro-productos/todos-for-offline', {
    method: 'POST',
    headers: { tenantid: String(opciones.tenantId), authorization: `Bearer ${opciones.token}` },
  });
  const { res } = (await respuesta.json()) as { res: Parameters<typeof guardarProductos>[1] };
  const descargado = performance.now();
  await guardarProductos(base, res);
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
    productos: catalogo.tamano,
    descargaMs: descargado - inicio,
    guardadoMs: guardado - descargado,
    cargaMs: cargado - guardado,
    teclasMs,
  };
}

(globalThis as unknown as { medirCatalogo: typeof medirCatalogo }).medirCatalogo = medirCatalogo;
