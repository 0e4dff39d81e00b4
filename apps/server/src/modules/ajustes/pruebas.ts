import { randomUUID } from 'node:crypto';
import { normalizarBusqueda } from '@pos/domain';
import { sql } from 'drizzle-orm';
import type { Entorno } from '../../testing/entorno.ts';

// Test fixtures of the adjustments. Products are created through the products API when it is there;
// these helpers only read what the tests need to compare.

export type ProductoDePrueba = { _id: string; nombre: string; idCodigoDeBarra: string };

let numero = 0;

/** A product of `tenant` inserted as the owner (fixture for modules that only read products). */
export async function insertarProducto(
  e: Entorno,
  datos: {
    nombre: string;
    codigo?: string;
    precio?: number;
    inventariable?: boolean;
    tenant?: number;
    estado?: 'Activo' | 'Anulado';
    idCategoria?: string;
  },
): Promise<ProductoDePrueba> {
  numero++;
  const id = randomUUID();
  const tenant = datos.tenant ?? 1;
  const codigo = datos.codigo ?? '0';
  const busqueda = normalizarBusqueda(datos.nombre);
  await e.db.consultarComoDueno(
    sql`insert into productos (tenant_id, id, identificador_unico, numero_producto, nombre, nombre_busqueda,
          id_codigo_de_barra, precio_de_venta, producto_inventariable, estado, id_categoria)
        values (${tenant}, ${id}, ${randomUUID()}, ${100000 + numero}, ${datos.nombre}, ${busqueda},
          ${codigo}, ${datos.precio ?? 0}, ${datos.inventariable ?? true}, ${datos.estado ?? 'Activo'},
          ${datos.idCategoria ?? null})`,
  );
  return { _id: id, nombre: datos.nombre, idCodigoDeBarra: codigo };
}

/** The ledger's balance of a product in a warehouse, and the sum of its movements (must agree). */
export async function existencia(
  e: Entorno,
  idProducto: string,
  idAlmacen: string,
  tenant = 1,
): Promise<{ disponibilidad: number; sumaDeMovimientos: number }> {
  const [fila] = await e.db.consultarComoDueno<{ disponibilidad: string | null; suma: string | null }>(
    sql`select (select disponibilidad from productos_almacenes
                where tenant_id = ${tenant} and id_producto = ${idProducto} and id_almacen = ${idAlmacen}) as disponibilidad,
               (select sum(cantidad) from movimientos_de_inventario
                where tenant_id = ${tenant} and id_producto = ${idProducto} and id_almacen = ${idAlmacen}) as suma`,
  );
  return { disponibilidad: Number(fila?.disponibilidad ?? 0), sumaDeMovimientos: Number(fila?.suma ?? 0) };
}
