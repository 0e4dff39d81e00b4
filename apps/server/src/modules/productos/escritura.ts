import type {
  ActualizarProducto,
  CamposDeProducto,
  CrearProducto,
  LineaDeAlmacen,
  Producto,
  ProductoGuardado,
} from '@pos/contract';
import { MENSAJE_ACCION_NO_PERMITIDA } from '@pos/contract';
import { redondear } from '@pos/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { tieneVinculos } from '../../db/maestros.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import {
  asentarExistenciaInicial,
  type ExistenciaAAsentar,
  revertirExistenciaInicial,
} from './asientoInicial.ts';
import { cuentasElegidas, exigirExisten, validarReferencias, valoresDeProducto } from './campos.ts';
import { exigirCodigoLibre, exigirCodigosLibres } from './codigos.ts';
import { aProducto, filaProducto, MENSAJE_NO_EXISTE, obtenerProducto } from './lectura.ts';
import {
  disponibilidadEn,
  type ExistenciaInicial,
  registrarExistenciaInicial,
  registrarMovimientos,
} from './movimientos.service.ts';
import { productos, productosAlmacenes, productosListasDePrecio } from './tables.ts';

// Creating, updating, deleting and cancelling products (spec 002 §4-§5, §8), with their warehouse lines
// and price lists.

// Any constant: it names the lock that serialises numbering products within one company.
const CANDADO_NUMERO_PRODUCTO = 6001;

async function guardarListas(ctx: Ctx, idProducto: string, entrada: CamposDeProducto): Promise<void> {
  await ctx.tx
    .delete(productosListasDePrecio)
    .where(
      and(
        eq(productosListasDePrecio.tenantId, ctx.tenantId),
        eq(productosListasDePrecio.idProducto, idProducto),
      ),
    );
  const porLista = new Map(entrada.listaDePrecioAsignada.map((l) => [l.idLista, l]));
  if (porLista.size === 0) {
    return;
  }
  await ctx.tx.insert(productosListasDePrecio).values(
    [...porLista.values()].map((l) => ({
      tenantId: ctx.tenantId,
      idProducto,
      idLista: l.idLista,
      precio: String(redondear(l.precio)),
      precioPorDefecto: l.precioPorDefecto,
      tasaBeneficios: String(l.tasaBeneficios),
    })),
  );
}

/** New warehouse lines: the assignment, and its initial quantity as a ledger movement. */
async function asignarAlmacenes(
  ctx: Ctx,
  producto: {
    id: string;
    nombre: string;
    productoInventariable: boolean;
    costo: string;
    idCuentaInventario: string | null;
    idCuentaAjustesSaldosIniciales: string | null;
  },
  lineas: LineaDeAlmacen[],
): Promise<void> {
  if (lineas.length === 0) {
    return;
  }
  await ctx.tx
    .insert(productosAlmacenes)
    .values(
      lineas.map((l) => ({
        tenantId: ctx.tenantId,
        idProducto: producto.id,
        idAlmacen: l.idAlmacen,
        cantidadInicial: String(l.cantidadInicial),
        cantidadMinima: String(l.cantidadMinima),
        cantidadMaxima: String(l.cantidadMaxima),
      })),
    )
    .onConflictDoNothing();
  if (!producto.productoInventariable) {
    return;
  }
  const iniciales = lineas.filter((l) => l.cantidadInicial > 0);
  await registrarMovimientos(
    ctx,
    iniciales.map((l) => ({
      idProducto: producto.id,
      idAlmacen: l.idAlmacen,
      cantidad: l.cantidadInicial,
      costoUnitario: producto.costo,
      tipoDocumento: 'inventarioInicial',
      idDocumento: producto.id,
    })),
  );
  // A warehouse added later brings its own opening stock: its own entry, at the same cost.
  await asentarExistenciaInicial(
    ctx,
    iniciales.map((l) => ({
      idProducto: producto.id,
      nombre: producto.nombre,
      idCuentaInventario: producto.idCuentaInventario,
      idCuentaAjustesSaldosIniciales: producto.idCuentaAjustesSaldosIniciales,
      cantidad: l.cantidadInicial,
      costoUnitario: producto.costo,
    })),
  );
}

function sinRepetir(lineas: LineaDeAlmacen[]): LineaDeAlmacen[] {
  return [...new Map(lineas.map((l) => [l.idAlmacen, l])).values()];
}

/** One product to create: its fields, its warehouse lines and the request's unique id. */
export type ProductoNuevo = {
  campos: CamposDeProducto;
  lineas: LineaDeAlmacen[];
  identificadorUnico: string;
};

export type ProductoCreado = { id: string; identificadorUnico: string; solicitudDuplicada: boolean };

// Rows per INSERT: about 60 columns each, well under PostgreSQL's 65,535 parameters.
const PRODUCTOS_POR_INSERCION = 500;

/**
 * Creates products in the caller's transaction, one or thousands (the spreadsheet import) the same way:
 * every check first (references, barcodes against each other and the company), then set-wise inserts
 * and the opening stock through the ledger. An identificadorUnico already stored is a retry: that
 * product is answered as a duplicate and not created again (invariant 4).
 */
export async function crearProductos(ctx: Ctx, nuevos: readonly ProductoNuevo[]): Promise<ProductoCreado[]> {
  // One create at a time per company: numbers are max + 1, and a retry waits for the first attempt
  // to commit, then finds it before any other check.
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(${ctx.tenantId}, ${CANDADO_NUMERO_PRODUCTO})`);
  const previos = new Map<string, string>();
  const identificadores = [...new Set(nuevos.map((n) => n.identificadorUnico))];
  for (let i = 0; i < identificadores.length; i += 5000) {
    const filasPrevias = await ctx.tx
      .select({ id: productos.id, identificadorUnico: productos.identificadorUnico })
      .from(productos)
      .where(
        and(
          eq(productos.tenantId, ctx.tenantId),
          inArray(productos.identificadorUnico, identificadores.slice(i, i + 5000)),
        ),
      );
    for (const fila of filasPrevias) {
      previos.set(fila.identificadorUnico, fila.id);
    }
  }
  const pendientes = [...new Map(nuevos.map((n) => [n.identificadorUnico, n])).values()]
    .filter((n) => !previos.has(n.identificadorUnico))
    .map((n) => ({ ...n, lineas: sinRepetir(n.lineas), valores: valoresDeProducto(n.campos) }));

  await exigirExisten(
    ctx,
    'categorias',
    pendientes.flatMap((n) => (n.campos.categoria ? [n.campos.categoria] : [])),
    'La categoría elegida no existe.',
  );
  await exigirExisten(
    ctx,
    'almacenes',
    pendientes.flatMap((n) => n.lineas.map((l) => l.idAlmacen)),
    'Un almacén de las líneas no existe.',
  );
  await exigirExisten(
    ctx,
    'listas_de_precio',
    pendientes.flatMap((n) => n.campos.listaDePrecioAsignada.map((l) => l.idLista)),
    'Una lista de precio asignada no existe.',
  );
  await exigirCodigosLibres(
    ctx,
    pendientes.map((n) => ({ codigo: n.valores.idCodigoDeBarra ?? '0', nombre: n.campos.nombre })),
  );

  const [siguiente] = await filas<{ n: string }>(
    ctx.tx,
    sql`select (coalesce(max(numero_producto), 0) + 1)::text as n from productos where tenant_id = ${ctx.tenantId}`,
  );
  const primerNumero = Number(siguiente?.n ?? 1);
  const filasNuevas: (typeof productos.$inferInsert)[] = [];
  for (const [posicion, nuevo] of pendientes.entries()) {
    filasNuevas.push({
      ...nuevo.valores,
      ...(await cuentasElegidas(ctx, nuevo.campos)),
      tenantId: ctx.tenantId,
      identificadorUnico: nuevo.identificadorUnico,
      idUsuarioCreador: ctx.usuario?._id ?? null,
      numeroProducto: primerNumero + posicion,
    });
  }
  const creados = new Map<
    string,
    {
      id: string;
      nombre: string;
      inventariable: boolean;
      costo: string;
      idCuentaInventario: string | null;
      idCuentaAjustesSaldosIniciales: string | null;
    }
  >();
  for (let i = 0; i < filasNuevas.length; i += PRODUCTOS_POR_INSERCION) {
    const insertados = await ctx.tx
      .insert(productos)
      .values(filasNuevas.slice(i, i + PRODUCTOS_POR_INSERCION))
      .returning({
        id: productos.id,
        identificadorUnico: productos.identificadorUnico,
        nombre: productos.nombre,
        inventariable: productos.productoInventariable,
        costo: productos.costo,
        idCuentaInventario: productos.idCuentaInventario,
        idCuentaAjustesSaldosIniciales: productos.idCuentaAjustesSaldosIniciales,
      });
    for (const fila of insertados) {
      creados.set(fila.identificadorUnico, fila);
    }
  }

  const asignaciones: (typeof productosAlmacenes.$inferInsert)[] = [];
  const precios: (typeof productosListasDePrecio.$inferInsert)[] = [];
  const existencias: ExistenciaInicial[] = [];
  const aAsentar: ExistenciaAAsentar[] = [];
  for (const nuevo of pendientes) {
    const creado = creados.get(nuevo.identificadorUnico);
    if (!creado) {
      continue;
    }
    for (const l of nuevo.lineas) {
      asignaciones.push({
        tenantId: ctx.tenantId,
        idProducto: creado.id,
        idAlmacen: l.idAlmacen,
        cantidadInicial: String(l.cantidadInicial),
        cantidadMinima: String(l.cantidadMinima),
        cantidadMaxima: String(l.cantidadMaxima),
      });
      if (creado.inventariable) {
        existencias.push({
          idProducto: creado.id,
          idAlmacen: l.idAlmacen,
          cantidad: l.cantidadInicial,
          costoUnitario: creado.costo,
        });
        aAsentar.push({
          idProducto: creado.id,
          nombre: creado.nombre,
          idCuentaInventario: creado.idCuentaInventario,
          idCuentaAjustesSaldosIniciales: creado.idCuentaAjustesSaldosIniciales,
          cantidad: l.cantidadInicial,
          costoUnitario: creado.costo,
        });
      }
    }
    for (const l of new Map(nuevo.campos.listaDePrecioAsignada.map((l) => [l.idLista, l])).values()) {
      precios.push({
        tenantId: ctx.tenantId,
        idProducto: creado.id,
        idLista: l.idLista,
        precio: String(redondear(l.precio)),
        precioPorDefecto: l.precioPorDefecto,
        tasaBeneficios: String(l.tasaBeneficios),
      });
    }
  }
  for (let i = 0; i < asignaciones.length; i += 2000) {
    await ctx.tx.insert(productosAlmacenes).values(asignaciones.slice(i, i + 2000));
  }
  for (let i = 0; i < precios.length; i += 2000) {
    await ctx.tx.insert(productosListasDePrecio).values(precios.slice(i, i + 2000));
  }
  await registrarExistenciaInicial(ctx, existencias);
  // The journal in step with the ledger, in the same transaction (spec 002 §3 "Accounting").
  await asentarExistenciaInicial(ctx, aAsentar);

  return nuevos.map((n) => {
    const creado = creados.get(n.identificadorUnico);
    const previo = previos.get(n.identificadorUnico);
    return {
      id: creado?.id ?? previo ?? '',
      identificadorUnico: n.identificadorUnico,
      solicitudDuplicada: previo !== undefined,
    };
  });
}

/** POST /registro-productos/: [product, warehouse lines, identificadorUnico]; a retry answers solicitudDuplicada. */
export async function crearProducto(
  ctx: Ctx,
  [campos, lineas, identificadorUnico]: CrearProducto,
): Promise<ProductoGuardado> {
  const [creado] = await crearProductos(ctx, [{ campos, lineas, identificadorUnico }]);
  return {
    producto: await obtenerProducto(ctx, creado?.id ?? ''),
    solicitudDuplicada: creado?.solicitudDuplicada ?? false,
  };
}

/** PUT /registro-productos/{id}: [product, assigned lines, lines to delete]. */
export async function actualizarProducto(
  ctx: CtxConSesion,
  id: string,
  [entrada, lineasEnviadas, aQuitar]: ActualizarProducto,
): Promise<ProductoGuardado> {
  if (entrada._id !== undefined && entrada._id !== id) {
    throw new AppError('solicitud_invalida', 'El _id del cuerpo no coincide con el de la ruta.', {
      errores: [{ campo: '_id', mensaje: 'No coincide con el identificador de la ruta' }],
    });
  }
  await filaProducto(ctx, id);
  const lineas = sinRepetir(lineasEnviadas);
  const valores = valoresDeProducto(entrada);
  await validarReferencias(ctx, entrada, lineas);
  await exigirCodigoLibre(ctx, valores.idCodigoDeBarra ?? '0', id);
  const cuentas = await cuentasElegidas(ctx, entrada);
  const [fila] = await ctx.tx
    .update(productos)
    .set({ ...valores, ...cuentas, idUsuarioModificador: ctx.usuario._id, actualizadoEn: new Date() })
    .where(and(eq(productos.tenantId, ctx.tenantId), eq(productos.id, id)))
    .returning();
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_NO_EXISTE);
  }
  const idsAQuitar = aQuitar.map((linea) => (typeof linea === 'string' ? linea : linea.idAlmacen));
  for (const idAlmacen of idsAQuitar) {
    if (lineas.some((l) => l.idAlmacen === idAlmacen)) {
      continue;
    }
    if ((await disponibilidadEn(ctx, id, idAlmacen)) !== 0) {
      throw new AppError(
        'conflicto',
        'No se puede quitar un almacén donde el producto tiene existencia; ajuste el inventario a cero primero.',
      );
    }
    await ctx.tx
      .delete(productosAlmacenes)
      .where(
        and(
          eq(productosAlmacenes.tenantId, ctx.tenantId),
          eq(productosAlmacenes.idProducto, id),
          eq(productosAlmacenes.idAlmacen, idAlmacen),
        ),
      );
  }
  const existentes = new Set(
    (
      await ctx.tx
        .select({ idAlmacen: productosAlmacenes.idAlmacen })
        .from(productosAlmacenes)
        .where(and(eq(productosAlmacenes.tenantId, ctx.tenantId), eq(productosAlmacenes.idProducto, id)))
    ).map((f) => f.idAlmacen),
  );
  // An existing line changes its limits; its stock changes only through documents (the ledger).
  for (const linea of lineas.filter((l) => existentes.has(l.idAlmacen))) {
    await ctx.tx
      .update(productosAlmacenes)
      .set({
        cantidadMinima: String(linea.cantidadMinima),
        cantidadMaxima: String(linea.cantidadMaxima),
        actualizadoEn: new Date(),
      })
      .where(
        and(
          eq(productosAlmacenes.tenantId, ctx.tenantId),
          eq(productosAlmacenes.idProducto, id),
          eq(productosAlmacenes.idAlmacen, linea.idAlmacen),
        ),
      );
  }
  await asignarAlmacenes(
    ctx,
    fila,
    lineas.filter((l) => !existentes.has(l.idAlmacen)),
  );
  await guardarListas(ctx, id, entrada);
  return { producto: await obtenerProducto(ctx, id), solicitudDuplicada: false };
}

/** DELETE /registro-productos/{id}: only without links to documents (spec 002 §5, §8). */
export async function eliminarProducto(ctx: Ctx, id: string): Promise<{ message: string }> {
  const fila = await filaProducto(ctx, id);
  // Links: any table whose key blocks the delete (document lines of any family), and any ledger
  // movement that is not the product's own initial stock.
  const [movimiento] = await filas<{ existe: boolean }>(
    ctx.tx,
    sql`select exists (select 1 from movimientos_de_inventario where tenant_id = ${ctx.tenantId}
          and id_producto = ${id} and tipo_documento <> 'inventarioInicial') as existe`,
  );
  if (movimiento?.existe || (await tieneVinculos(ctx.tx, ctx.tenantId, productos, id))) {
    throw new AppError('conflicto', MENSAJE_ACCION_NO_PERMITIDA);
  }
  await ctx.tx.delete(productos).where(and(eq(productos.tenantId, ctx.tenantId), eq(productos.id, id)));
  // Its opening stock leaves the ledger with it, so its entry is reversed.
  await revertirExistenciaInicial(ctx, id, fila.nombre);
  return { message: `Producto «${fila.nombre}» eliminado.` };
}

/** PUT /registro-productos/anular/{id}: Anulado (hidden from lists, its code freed) or back to Activo. */
export async function anularProducto(
  ctx: Ctx,
  id: string,
  entrada: {
    _id?: string | undefined;
    estado: 'Activo' | 'Por-Anular' | 'Anulado';
    autorizacion?: string | null | undefined;
    notaAnular: string;
  },
): Promise<Producto> {
  if (entrada._id !== undefined && entrada._id !== id) {
    throw new AppError('solicitud_invalida', 'El _id del cuerpo no coincide con el de la ruta.');
  }
  const actual = await filaProducto(ctx, id);
  if (entrada.estado !== 'Anulado') {
    // Reactivating takes the code back: refused if another product took it meanwhile.
    await exigirCodigoLibre(ctx, actual.idCodigoDeBarra, id);
  }
  // Spec 002 §4: deactivation sends autorizacion Pendiente.
  const autorizacion =
    entrada.autorizacion !== undefined
      ? entrada.autorizacion
      : entrada.estado === 'Activo'
        ? null
        : 'Pendiente';
  const [fila] = await ctx.tx
    .update(productos)
    .set({
      estado: entrada.estado,
      autorizacion,
      notaAnular: entrada.notaAnular,
      idUsuarioModificador: ctx.usuario?._id ?? null,
      actualizadoEn: new Date(),
    })
    .where(and(eq(productos.tenantId, ctx.tenantId), eq(productos.id, id)))
    .returning();
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_NO_EXISTE);
  }
  return aProducto(ctx, fila);
}
