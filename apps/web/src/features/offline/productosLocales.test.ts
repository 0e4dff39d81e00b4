import 'fake-indexeddb/auto';
import type { ProductoOffline } from '@pos/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BaseLocal } from './baseLocal.ts';
import { cargarCatalogo, guardarProductos, LOTE_DE_GUARDADO } from './productosLocales.ts';

// Only the fields the offline lookup reads; the rest of the server's row travels untouched.
function producto(n: number, datos: Partial<ProductoOffline> = {}): ProductoOffline {
  return {
    _id: `p-${n}`,
    nombre: `Producto ${n}`,
    idCodigoDeBarra: `746${String(n).padStart(10, '0')}`,
    productoInventariable: true,
    estado: 'Activo',
    asignaciones: [{ idAlmacen: 'principal', disponibilidad: 10, cantidadMinima: 0 }],
    ...datos,
  } as ProductoOffline;
}

describe('catálogo sin conexión', () => {
  let base: BaseLocal;

  beforeEach(() => {
    base = new BaseLocal(Math.floor(Math.random() * 1e9));
  });
  afterEach(async () => {
    await base.delete();
  });

  it('guarda por lotes, avisa el avance y reemplaza el catálogo anterior', async () => {
    await guardarProductos(base, [producto(999_999)]);
    const avance: number[] = [];
    const productos = Array.from({ length: LOTE_DE_GUARDADO * 2 + 7 }, (_, i) => producto(i));
    await guardarProductos(base, productos, (n) => avance.push(n));
    expect(avance).toEqual([LOTE_DE_GUARDADO, LOTE_DE_GUARDADO * 2, LOTE_DE_GUARDADO * 2 + 7]);
    expect(await base.productos.count()).toBe(productos.length);
    expect(await base.productos.get('p-999999')).toBeUndefined();
    expect((await cargarCatalogo(base)).tamano).toBe(productos.length);
  });

  it('busca por código y almacén como el servidor: inventariable solo donde está asignado', async () => {
    await guardarProductos(base, [
      producto(1, { nombre: 'Arroz Selecto 5 lb' }),
      producto(2, { nombre: 'Entrega a domicilio', productoInventariable: false, asignaciones: [] }),
      producto(3, { nombre: 'Aceite anulado', estado: 'Anulado' }),
    ]);
    const catalogo = await cargarCatalogo(base);
    expect(catalogo.porCodigo(' 7460000000001 ', 'principal')?.nombre).toBe('Arroz Selecto 5 lb');
    expect(catalogo.porCodigo('7460000000001', 'sucursal')).toBeUndefined();
    expect(catalogo.porCodigo('7460000000001', null)?._id).toBe('p-1');
    expect(catalogo.porCodigo('7460000000002', 'sucursal')?.nombre).toBe('Entrega a domicilio');
    expect(catalogo.porCodigo('7460000000003', 'principal')).toBeUndefined();
    expect(catalogo.porCodigo('no-existe', 'principal')).toBeUndefined();
  });

  it('busca por nombre sin acentos ni mayúsculas, en orden alfabético y con límite', async () => {
    await guardarProductos(base, [
      producto(1, { nombre: 'Café Santo Domingo 1 lb' }),
      producto(2, { nombre: 'CAFE INDUBAN molido' }),
      producto(3, { nombre: 'Cafetera italiana' }),
      producto(4, { nombre: 'Azúcar crema' }),
      producto(5, { nombre: 'Café viejo', estado: 'Anulado' }),
    ]);
    const catalogo = await cargarCatalogo(base);
    expect(catalogo.porNombre('cafe').map((p) => p._id)).toEqual(['p-2', 'p-1', 'p-3']);
    expect(catalogo.porNombre('  SANTO  domingo').map((p) => p._id)).toEqual(['p-1']);
    expect(catalogo.porNombre('azucar')[0]?.nombre).toBe('Azúcar crema');
    expect(catalogo.porNombre('caf', 2)).toHaveLength(2);
    expect(catalogo.porNombre('zzz')).toEqual([]);
    // Empty input: the first ones by name, each once; a name matching twice is listed once.
    expect(catalogo.porNombre('').map((p) => p._id)).toEqual(['p-4', 'p-2', 'p-1', 'p-3']);
    expect(catalogo.porNombre('o').map((p) => p._id)).toEqual(['p-2', 'p-1']);
  });
});
