import { normalizarTasa, precioSinImpuesto, redondear } from '@pos/domain';
import { and, eq, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import type { Ctx } from '../../http/handle.ts';
import { obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { exigirExisten } from './campos.ts';
import { textoDecimal } from './lectura.ts';
import { productos } from './tables.ts';

// Bulk actions over every product of the company.

/** POST /registro-productos/update-venta-sin-disponibilidad {accion}: the flag on every product. */
export async function actualizarVentaSinDisponibilidad(ctx: Ctx, accion: boolean) {
  const cambiados = await ctx.tx
    .update(productos)
    .set({ ventaSinDisponibilidad: accion, actualizadoEn: new Date() })
    .where(and(eq(productos.tenantId, ctx.tenantId), sql`venta_sin_disponibilidad <> ${accion}`))
    .returning({ id: productos.id });
  return {
    message: accion
      ? 'Todos los productos se pueden vender sin disponibilidad.'
      : 'Ningún producto se puede vender sin disponibilidad.',
    modificados: cambiados.length,
  };
}

/** POST /registro-productos/asignar-almacen-a-todos-los-productos/: the warehouse (main by default) on every product. */
export async function asignarAlmacenATodos(ctx: Ctx, idAlmacen: string | null | undefined) {
  const almacen = idAlmacen ?? (await obtenerAlmacenPrincipal(ctx))._id;
  await exigirExisten(ctx, 'almacenes', [almacen], 'El almacén no existe.');
  const asignados = await filas<{ id_producto: string }>(
    ctx.tx,
    sql`insert into productos_almacenes (tenant_id, id_producto, id_almacen)
        select tenant_id, id, ${almacen} from productos where tenant_id = ${ctx.tenantId} and estado <> 'Anulado'
        on conflict do nothing returning id_producto`,
  );
  return { message: `Almacén asignado a ${asignados.length} productos.`, modificados: asignados.length };
}

/** GET /registro-productos/fix-precio-sin-impuesto: re-derives the prices before tax with the domain. */
export async function corregirPrecioSinImpuesto(ctx: Ctx) {
  const todos = await ctx.tx
    .select({
      id: productos.id,
      precioDeVenta: productos.precioDeVenta,
      impuestos: productos.impuestos,
      precioSinImpuestoSinRedondeo: productos.precioSinImpuestoSinRedondeo,
      precioSinImpuesto: productos.precioSinImpuesto,
      precioTotal: productos.precioTotal,
      precioPorPaqueteConImpuesto: productos.precioPorPaqueteConImpuesto,
      precioPorPaquete: productos.precioPorPaquete,
    })
    .from(productos)
    .where(eq(productos.tenantId, ctx.tenantId));
  let modificados = 0;
  for (const fila of todos) {
    const impuestos = fila.impuestos.map((i) => ({ ...i, tasa: normalizarTasa(i.tasa) }));
    const sinRedondeo = precioSinImpuesto(fila.precioDeVenta, impuestos);
    const porPaquete = precioSinImpuesto(fila.precioPorPaqueteConImpuesto, impuestos);
    const redondeado = redondear(sinRedondeo);
    if (
      textoDecimal(fila.precioSinImpuestoSinRedondeo) === sinRedondeo &&
      Number(fila.precioSinImpuesto) === redondeado &&
      Number(fila.precioTotal) === redondeado &&
      textoDecimal(fila.precioPorPaquete) === porPaquete
    ) {
      continue;
    }
    modificados++;
    await ctx.tx
      .update(productos)
      .set({
        impuestos,
        precioSinImpuestoSinRedondeo: sinRedondeo,
        precioSinImpuesto: String(redondeado),
        precioTotal: String(redondeado),
        precioPorPaquete: porPaquete,
        actualizadoEn: new Date(),
      })
      .where(and(eq(productos.tenantId, ctx.tenantId), eq(productos.id, fila.id)));
  }
  return { message: `Precio sin impuesto corregido en ${modificados} productos.`, modificados };
}
