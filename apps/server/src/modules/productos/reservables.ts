import {
  type AgregarServicioReservacion,
  type FiltroPorAlmacen,
  HORARIO_POR_DEFECTO,
  MENSAJE_SERVICIO_NO_RESERVABLE,
  type PaginaDeServiciosReservables,
  type ServicioReservable,
} from '@pos/contract';
import { and, asc, count, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { buscarUsuarioPorId } from '../usuarios/service.ts';
import { MENSAJE_NO_EXISTE } from './lectura.ts';
import { productos } from './tables.ts';

// Bookable services (spec 002 §3 the product's reservation fields, §7 servcios-reservables,
// agregarServicioReservacion; docs/reservaciones.md). What the reservations module reads of a product
// it reads here: the products table is this module's.

type FilaProducto = typeof productos.$inferSelect;

function aServicio(fila: FilaProducto): ServicioReservable {
  return {
    _id: fila.id,
    nombre: fila.nombre,
    descripcion: fila.descripcion,
    avatar: fila.avatar,
    precioDeVenta: Number(fila.precioDeVenta),
    tipoDeReserva: fila.tipoDeReserva,
    duracionReserva: fila.duracionReserva,
    idUsuarioProveedor: fila.idUsuarioProveedor,
    horaDeInicioPorDefecto: fila.horaDeInicioPorDefecto,
    horaDeCierrePorDefecto: fila.horaDeCierrePorDefecto,
    horarioDeTrabajo: (fila.horarioDeTrabajo.length > 0
      ? fila.horarioDeTrabajo
      : HORARIO_POR_DEFECTO) as ServicioReservable['horarioDeTrabajo'],
  };
}

// Cancelled products are never offered; one awaiting cancellation still is (spec 002 §4).
const condicionDeServicio = (tenantId: number) =>
  and(eq(productos.tenantId, tenantId), eq(productos.reservable, true), ne(productos.estado, 'Anulado'));

/**
 * POST /registro-productos/servcios-reservables/ (sic): the company's bookable services by name. A
 * public call (the booking page has no session), so it answers only what a visitor may see.
 */
export async function listarServiciosReservables(
  ctx: Ctx,
  filtro: FiltroPorAlmacen,
): Promise<PaginaDeServiciosReservables> {
  const condiciones: (SQL | undefined)[] = [condicionDeServicio(ctx.tenantId)];
  if (filtro.input) {
    condiciones.push(ilike(productos.nombre, `%${filtro.input.replace(/[\\%_]/g, '\\$&')}%`));
  }
  if (filtro.idCategoria) {
    condiciones.push(eq(productos.idCategoria, filtro.idCategoria));
  }
  const donde = and(...condiciones);
  const [total] = await ctx.tx.select({ n: count() }).from(productos).where(donde);
  const filas = await ctx.tx
    .select()
    .from(productos)
    .where(donde)
    .orderBy(asc(productos.nombreBusqueda), asc(productos.id))
    .limit(filtro.limit)
    .offset((filtro.page - 1) * filtro.limit);
  return { res: filas.map(aServicio), totalRows: total?.n ?? 0 };
}

/** The bookable service `id` of the company, or 404 with the booking page's message. */
export async function servicioReservable(ctx: Ctx, id: string): Promise<ServicioReservable> {
  const [fila] = await ctx.tx
    .select()
    .from(productos)
    .where(and(condicionDeServicio(ctx.tenantId), eq(productos.id, id)))
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_SERVICIO_NO_RESERVABLE, {
      errores: [{ campo: 'idServicio', mensaje: MENSAJE_SERVICIO_NO_RESERVABLE }],
    });
  }
  return aServicio(fila);
}

/**
 * POST /registro-productos/agregarServicioReservacion (sic): makes a product bookable with its
 * reservation fields. A week not sent keeps the product's (or the default one, Monday to Friday).
 * Reservations already made keep their times: a new duration applies to new bookings.
 */
export async function agregarServicioReservacion(
  ctx: CtxConSesion,
  entrada: AgregarServicioReservacion,
): Promise<ServicioReservable> {
  if (entrada.idUsuarioProveedor && !(await buscarUsuarioPorId(ctx.tx, entrada.idUsuarioProveedor))) {
    throw new AppError('solicitud_invalida', 'El proveedor elegido no es un usuario de la empresa.', {
      errores: [{ campo: 'idUsuarioProveedor', mensaje: 'Elija un usuario de la empresa' }],
    });
  }
  const cambios: Partial<FilaProducto> = {
    reservable: true,
    tipoDeReserva: entrada.tipoDeReserva || 'cita',
    duracionReserva: entrada.duracionReserva,
    idUsuarioProveedor: entrada.idUsuarioProveedor,
    horaDeInicioPorDefecto: entrada.horaDeInicioPorDefecto,
    horaDeCierrePorDefecto: entrada.horaDeCierrePorDefecto,
    idUsuarioModificador: ctx.usuario._id,
    actualizadoEn: new Date(),
  };
  if (entrada.horarioDeTrabajo && entrada.horarioDeTrabajo.length > 0) {
    cambios.horarioDeTrabajo = entrada.horarioDeTrabajo;
  }
  const [fila] = await ctx.tx
    .update(productos)
    .set(cambios)
    .where(
      and(
        eq(productos.tenantId, ctx.tenantId),
        eq(productos.id, entrada._id),
        ne(productos.estado, 'Anulado'),
      ),
    )
    .returning();
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_NO_EXISTE);
  }
  // A product saved before its week was filled in stores []: the default week is written with it.
  if (fila.horarioDeTrabajo.length === 0) {
    await ctx.tx
      .update(productos)
      .set({ horarioDeTrabajo: HORARIO_POR_DEFECTO })
      .where(and(eq(productos.tenantId, ctx.tenantId), eq(productos.id, fila.id)));
  }
  return aServicio(fila);
}

/** Whether the company has any bookable service (the demo adds one when it has none). */
export async function hayServiciosReservables(ctx: Ctx): Promise<boolean> {
  const [fila] = await ctx.tx
    .select({ hay: sql<boolean>`true` })
    .from(productos)
    .where(condicionDeServicio(ctx.tenantId))
    .limit(1);
  return fila !== undefined;
}
