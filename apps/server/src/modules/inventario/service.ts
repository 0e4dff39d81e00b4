import type {
  AreaDeProduccion,
  CambiarAlmacen,
  CambiarAreaDeProduccion,
  CambiarCategoria,
  CambiarLugarDeAsignacion,
  CambiarSeccion,
  ConsultaDeLista,
  CrearAlmacen,
  CrearAreaDeProduccion,
  CrearCategoria,
  CrearLugarDeAsignacion,
  CrearSeccion,
} from '@pos/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import {
  exigirMismoId,
  maestro,
  respuestaDeCreacion,
  type ValoresDeEstado,
  valoresDeEstado,
} from '../../db/maestros.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { almacenes, areasDeProduccion, categorias, lugaresDeAsignacion, secciones } from './tables.ts';

function estadoJson(fila: {
  estado: 'Activo' | 'Desactivado';
  autorizacion: string | null;
  notaAnular: string;
}) {
  return { estado: fila.estado, autorizacion: fila.autorizacion, notaAnular: fila.notaAnular };
}

/** Splits a PUT/PATCH body into the item's own fields and its status columns (spec 002 §4). */
function separarEstado<
  T extends { _id?: string; estado?: unknown; autorizacion?: unknown; notaAnular?: unknown },
>(
  id: string,
  entrada: T,
): { campos: Omit<T, '_id' | 'estado' | 'autorizacion' | 'notaAnular'>; estado: ValoresDeEstado } {
  const { _id, estado, autorizacion, notaAnular, ...campos } = entrada;
  return {
    campos,
    estado: valoresDeEstado(id, entrada as Parameters<typeof valoresDeEstado>[1]),
  };
}

// ---------------------------------------------------------------- Warehouses (/almacen/)

const almacen = maestro({
  tabla: almacenes,
  columnaNombre: almacenes.nombre,
  ordenarPor: [almacenes.numeroAlmacen],
  filtroDeSelector: ne(almacenes.estado, 'Desactivado'),
  aJson: (fila) => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    nombre: fila.nombre,
    numeroAlmacen: fila.numeroAlmacen,
    ...estadoJson(fila),
  }),
  mensajes: {
    noExiste: 'El almacén no existe.',
    // Spec 002 §5: a warehouse with linked products cannot be deleted.
    vinculado: 'El almacén no se puede eliminar porque tiene productos o documentos vinculados.',
    eliminado: (fila) => `Almacén «${fila.nombre}» eliminado.`,
  },
});

// Any constant works: it only names the lock that serialises numbering warehouses within one company.
const CANDADO_NUMERO_ALMACEN = 5002;

export function listarAlmacenes(ctx: Ctx, consulta: ConsultaDeLista) {
  return almacen.listar(ctx, consulta);
}

export function obtenerAlmacen(ctx: Ctx, id: string) {
  return almacen.obtener(ctx, id);
}

/** POST /almacen/: numeroAlmacen is the next number of the company (1, 2, 3…). */
export async function crearAlmacen(ctx: Ctx, entrada: CrearAlmacen) {
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(${CANDADO_NUMERO_ALMACEN}, ${ctx.tenantId})`);
  const [ultimo] = await ctx.tx
    .select({ numero: sql<number>`coalesce(max(${almacenes.numeroAlmacen}), 0)::int` })
    .from(almacenes)
    .where(eq(almacenes.tenantId, ctx.tenantId));
  const creado = await almacen.insertar(ctx, entrada.identificadorUnico, {
    nombre: entrada.nombre,
    numeroAlmacen: (ultimo?.numero ?? 0) + 1,
  });
  return respuestaDeCreacion(almacen.aJson(creado.fila), creado);
}

export async function actualizarAlmacen(ctx: Ctx, id: string, entrada: CambiarAlmacen) {
  const { campos, estado } = separarEstado(id, entrada);
  return almacen.aJson(await almacen.actualizarFila(ctx, id, { ...campos, ...estado }));
}

export async function eliminarAlmacen(ctx: Ctx, id: string) {
  return { message: (await almacen.eliminar(ctx, id)).message };
}

export function validarEliminarAlmacen(ctx: Ctx, id: string) {
  return almacen.tieneDocumentos(ctx, id);
}

// The spec does not say which warehouse is the main one: the active one with the lowest number
// (the first created, 'Almacén Principal' in a new company), so deactivating it moves the role on.
/** GET /almacen/principal. */
export async function obtenerAlmacenPrincipal(ctx: Ctx) {
  const [fila] = await ctx.tx
    .select()
    .from(almacenes)
    .where(and(eq(almacenes.tenantId, ctx.tenantId), ne(almacenes.estado, 'Desactivado')))
    .orderBy(asc(almacenes.numeroAlmacen))
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', 'La empresa no tiene un almacén activo.');
  }
  return almacen.aJson(fila);
}

/** The warehouses' names and numbers by id, read-only, for a query of another module (a product's stock). */
export const nombresDeAlmacenes = new QueryBuilder()
  .select({
    tenantId: almacenes.tenantId,
    id: almacenes.id,
    nombre: almacenes.nombre,
    numeroAlmacen: almacenes.numeroAlmacen,
  })
  .from(almacenes)
  .as('nombres_de_almacenes');

/** Refuses a warehouse id that is not one of the company's (for terminals and documents). */
export async function exigirAlmacen(ctx: Ctx, id: string, campo: string): Promise<void> {
  if (!(await almacen.buscarFila(ctx, id))) {
    throw new AppError('solicitud_invalida', 'El almacén seleccionado no existe.', {
      errores: [{ campo, mensaje: 'El almacén seleccionado no existe' }],
    });
  }
}

// ---------------------------------------------------------------- Assignment places (/asignar-pedido/)

const lugar = maestro({
  tabla: lugaresDeAsignacion,
  columnaNombre: lugaresDeAsignacion.nombreDeAsignacion,
  filtroDeSelector: ne(lugaresDeAsignacion.estado, 'Desactivado'),
  aJson: (fila) => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    nombreDeAsignacion: fila.nombreDeAsignacion,
    descripcion: fila.descripcion,
    tipo: fila.tipo,
    ...estadoJson(fila),
  }),
  mensajes: {
    noExiste: 'El lugar de asignación no existe.',
    // Spec 002 §5: an assignment place with linked orders cannot be deleted.
    vinculado: 'El lugar de asignación no se puede eliminar porque tiene pedidos vinculados.',
    eliminado: (fila) => `Lugar de asignación «${fila.nombreDeAsignacion}» eliminado.`,
  },
});

export function listarLugaresDeAsignacion(ctx: Ctx, consulta: ConsultaDeLista) {
  return lugar.listar(ctx, consulta);
}

/** GET /asignar-pedido/todos: the places a selector may offer. */
export function listarTodosLosLugaresDeAsignacion(ctx: Ctx) {
  return lugar.selector(ctx);
}

export function obtenerLugarDeAsignacion(ctx: Ctx, id: string) {
  return lugar.obtener(ctx, id);
}

export async function crearLugarDeAsignacion(ctx: Ctx, entrada: CrearLugarDeAsignacion) {
  const { identificadorUnico, ...campos } = entrada;
  const creado = await lugar.insertar(ctx, identificadorUnico, campos);
  return respuestaDeCreacion(lugar.aJson(creado.fila), creado);
}

export async function actualizarLugarDeAsignacion(ctx: Ctx, id: string, entrada: CambiarLugarDeAsignacion) {
  const { campos, estado } = separarEstado(id, entrada);
  return lugar.aJson(await lugar.actualizarFila(ctx, id, { ...campos, ...estado }));
}

export async function eliminarLugarDeAsignacion(ctx: Ctx, id: string) {
  return { message: (await lugar.eliminar(ctx, id)).message };
}

export function validarEliminarLugar(ctx: Ctx, id: string) {
  return lugar.tieneDocumentos(ctx, id);
}

// ---------------------------------------------------------------- Categories (/categorias-productos/)

const categoria = maestro({
  tabla: categorias,
  columnaNombre: categorias.nombre,
  ordenarPor: [categorias.orden, categorias.nombre],
  filtroDeSelector: ne(categorias.estado, 'Desactivado'),
  aJson: (fila) => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    orden: fila.orden,
    nombre: fila.nombre,
    descripcion: fila.descripcion,
    avatar: fila.avatar,
    ...estadoJson(fila),
  }),
  mensajes: {
    noExiste: 'La categoría no existe.',
    vinculado: 'La categoría no se puede eliminar porque tiene productos vinculados.',
    eliminado: (fila) => `Categoría «${fila.nombre}» eliminada.`,
  },
});

/** The ids without repeats, in the order given, after checking each is a category of the company. */
async function categoriasExistentes(ctx: Ctx, ids: readonly string[] | undefined) {
  if (ids === undefined) {
    return undefined;
  }
  const unicas = [...new Set(ids)];
  if (unicas.length === 0) {
    return unicas;
  }
  const encontradas = await ctx.tx
    .select({ id: categorias.id })
    .from(categorias)
    .where(and(eq(categorias.tenantId, ctx.tenantId), inArray(categorias.id, unicas)));
  if (encontradas.length !== unicas.length) {
    throw new AppError('solicitud_invalida', 'Una de las categorías seleccionadas no existe.', {
      errores: [
        { campo: 'categoriasProductosSeccionada', mensaje: 'Una de las categorías seleccionadas no existe' },
      ],
    });
  }
  return unicas;
}

export function listarCategorias(ctx: Ctx, consulta: ConsultaDeLista) {
  return categoria.listar(ctx, consulta);
}

export function obtenerCategoria(ctx: Ctx, id: string) {
  return categoria.obtener(ctx, id);
}

export async function crearCategoria(ctx: Ctx, entrada: CrearCategoria) {
  const { identificadorUnico, ...campos } = entrada;
  const creado = await categoria.insertar(ctx, identificadorUnico, campos);
  return respuestaDeCreacion(categoria.aJson(creado.fila), creado);
}

export async function actualizarCategoria(ctx: Ctx, id: string, entrada: CambiarCategoria) {
  const { campos, estado } = separarEstado(id, entrada);
  return categoria.aJson(await categoria.actualizarFila(ctx, id, { ...campos, ...estado }));
}

/** DELETE: also takes the category out of the sections and production areas that group it. */
export async function eliminarCategoria(ctx: Ctx, id: string) {
  const { message } = await categoria.eliminar(ctx, id);
  for (const tabla of [secciones, areasDeProduccion]) {
    await ctx.tx
      .update(tabla)
      .set({
        categoriasProductosSeccionada: sql`array_remove(${tabla.categoriasProductosSeccionada}, ${id}::uuid)`,
      })
      .where(
        and(eq(tabla.tenantId, ctx.tenantId), sql`${id}::uuid = any(${tabla.categoriasProductosSeccionada})`),
      );
  }
  return { message };
}

/** POST /categorias-productos/lista-categorias: the categories with these ids, in the order asked. */
export async function listaCategorias(ctx: Ctx, ids: readonly string[]) {
  if (ids.length === 0) {
    return [];
  }
  const filas = await ctx.tx
    .select()
    .from(categorias)
    .where(and(eq(categorias.tenantId, ctx.tenantId), inArray(categorias.id, [...new Set(ids)])));
  const porId = new Map(filas.map((fila) => [fila.id, fila]));
  return [...new Set(ids)].flatMap((id) => {
    const fila = porId.get(id);
    return fila ? [categoria.aJson(fila)] : [];
  });
}

// ---------------------------------------------------------------- Sections (/secciones/)

const seccion = maestro({
  tabla: secciones,
  columnaNombre: secciones.nombre,
  ordenarPor: [secciones.orden, secciones.nombre],
  filtroDeSelector: ne(secciones.estado, 'Desactivado'),
  aJson: (fila) => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    orden: fila.orden,
    nombre: fila.nombre,
    descripcion: fila.descripcion,
    avatar: fila.avatar,
    categoriasProductosSeccionada: fila.categoriasProductosSeccionada,
    ...estadoJson(fila),
  }),
  mensajes: {
    noExiste: 'La sección no existe.',
    vinculado: 'La sección no se puede eliminar porque tiene documentos vinculados.',
    eliminado: (fila) => `Sección «${fila.nombre}» eliminada.`,
  },
});

export function listarSecciones(ctx: Ctx, consulta: ConsultaDeLista) {
  return seccion.listar(ctx, consulta);
}

export function obtenerSeccion(ctx: Ctx, id: string) {
  return seccion.obtener(ctx, id);
}

export async function crearSeccion(ctx: Ctx, entrada: CrearSeccion) {
  const { identificadorUnico, categoriasProductosSeccionada, ...campos } = entrada;
  const creado = await seccion.insertar(ctx, identificadorUnico, {
    ...campos,
    categoriasProductosSeccionada: await categoriasExistentes(ctx, categoriasProductosSeccionada),
  });
  return respuestaDeCreacion(seccion.aJson(creado.fila), creado);
}

export async function actualizarSeccion(ctx: Ctx, id: string, entrada: CambiarSeccion) {
  const { campos, estado } = separarEstado(id, entrada);
  const { categoriasProductosSeccionada, ...resto } = campos;
  return seccion.aJson(
    await seccion.actualizarFila(ctx, id, {
      ...resto,
      ...estado,
      categoriasProductosSeccionada: await categoriasExistentes(ctx, categoriasProductosSeccionada),
    }),
  );
}

export async function eliminarSeccion(ctx: Ctx, id: string) {
  return { message: (await seccion.eliminar(ctx, id)).message };
}

// ---------------------------------------------------------------- Production areas (/areas-de-produccion/)

const area = maestro({
  tabla: areasDeProduccion,
  columnaNombre: areasDeProduccion.nombre,
  aJson: (fila): AreaDeProduccion => ({
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    nombre: fila.nombre,
    descripcion: fila.descripcion,
    categoriasProductosSeccionada: fila.categoriasProductosSeccionada,
  }),
  mensajes: {
    noExiste: 'El área de producción no existe.',
    vinculado: 'El área de producción no se puede eliminar porque tiene pedidos vinculados.',
    eliminado: (fila) => `Área de producción «${fila.nombre}» eliminada.`,
  },
});

export function listarAreasDeProduccion(ctx: Ctx, consulta: ConsultaDeLista) {
  return area.listar(ctx, consulta);
}

export function obtenerAreaDeProduccion(ctx: Ctx, id: string) {
  return area.obtener(ctx, id);
}

export async function crearAreaDeProduccion(ctx: Ctx, entrada: CrearAreaDeProduccion) {
  const { identificadorUnico, categoriasProductosSeccionada, ...campos } = entrada;
  const creado = await area.insertar(ctx, identificadorUnico, {
    ...campos,
    categoriasProductosSeccionada: await categoriasExistentes(ctx, categoriasProductosSeccionada),
  });
  return respuestaDeCreacion(area.aJson(creado.fila), creado);
}

export async function actualizarAreaDeProduccion(ctx: Ctx, id: string, entrada: CambiarAreaDeProduccion) {
  const { _id, categoriasProductosSeccionada, ...campos } = entrada;
  exigirMismoId(id, _id);
  return area.aJson(
    await area.actualizarFila(ctx, id, {
      ...campos,
      categoriasProductosSeccionada: await categoriasExistentes(ctx, categoriasProductosSeccionada),
    }),
  );
}

export async function eliminarAreaDeProduccion(ctx: Ctx, id: string) {
  return { message: (await area.eliminar(ctx, id)).message };
}

// ---------------------------------------------------------------- Demo data

/** What a new shop needs on day one: main warehouse, categories, sections, a production area, a place. */
export async function sembrarInventarioDemo(ctx: Ctx): Promise<void> {
  await crearAlmacen(ctx, { identificadorUnico: 'demo-almacen-principal', nombre: 'Almacén Principal' });
  const ids: Record<string, string> = {};
  const nombres = ['Bebidas', 'Víveres', 'Lácteos', 'Limpieza', 'Cuidado personal', 'Picaderas'];
  for (const [orden, nombre] of nombres.entries()) {
    const creada = await crearCategoria(ctx, {
      identificadorUnico: `demo-categoria-${orden + 1}`,
      orden: orden + 1,
      nombre,
    });
    ids[nombre] = creada._id;
  }
  const seleccion = (...elegidas: string[]) => elegidas.map((nombre) => ids[nombre] ?? '');
  await crearSeccion(ctx, {
    identificadorUnico: 'demo-seccion-1',
    orden: 1,
    nombre: 'Colmado',
    descripcion: 'Comida, bebidas y picaderas',
    categoriasProductosSeccionada: seleccion('Bebidas', 'Víveres', 'Lácteos', 'Picaderas'),
  });
  await crearSeccion(ctx, {
    identificadorUnico: 'demo-seccion-2',
    orden: 2,
    nombre: 'Hogar',
    descripcion: 'Limpieza y cuidado personal',
    categoriasProductosSeccionada: seleccion('Limpieza', 'Cuidado personal'),
  });
  await crearAreaDeProduccion(ctx, {
    identificadorUnico: 'demo-area-1',
    nombre: 'Cocina',
    descripcion: 'Picaderas preparadas al momento',
    categoriasProductosSeccionada: seleccion('Picaderas'),
  });
  await crearLugarDeAsignacion(ctx, {
    identificadorUnico: 'demo-lugar-1',
    nombreDeAsignacion: 'Mostrador',
    descripcion: 'Pedidos para llevar',
    tipo: 'Mostrador',
  });
}
