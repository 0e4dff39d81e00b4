import { randomUUID } from 'node:crypto';
import {
  type ActualizarAjuste,
  type Ajuste,
  type CrearAjuste,
  type EncabezadoAjuste,
  type FiltroAjustes,
  type FiltroReporteAjustes,
  type LineaAjuste,
  type LineaDeAjusteGuardada,
  MENSAJE_AJUSTE_NO_ACTUALIZADO,
  MENSAJE_AJUSTE_NO_ELIMINADO,
  MENSAJE_PRODUCTO_NO_INVENTARIABLE,
  MENSAJE_SIN_LINEAS,
  type ProductoACero,
  type ReporteAjustes,
} from '@pos/contract';
import { fusionarLineasDeAjuste } from '@pos/domain';
import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { exigirMismoId } from '../../db/maestros.ts';
import { insertarSinDuplicar } from '../../db/sinDuplicados.ts';
import { AppError, type CampoConError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { ahoraEnSantoDomingo, type Dias, diasDelFiltro } from '../../http/periodo.ts';
import { exigirAlmacen } from '../inventario/service.ts';
import { registrarMovimientos, revertirMovimientos } from '../productos/movimientos.service.ts';
import { disponibilidades, leerProductos } from './productos.ts';
import { ajustesDeInventario, lineasDeAjuste } from './tables.ts';

/** The ledger's document type of adjustments (contract of registrarMovimientos). */
export const TIPO_DOCUMENTO_AJUSTE = 'ajusteDeInventario';

type FilaAjuste = typeof ajustesDeInventario.$inferSelect;
type FilaLinea = typeof lineasDeAjuste.$inferSelect;
type NuevaLinea = Omit<typeof lineasDeAjuste.$inferInsert, 'tenantId' | 'idAjuste'>;
/** A line ready to write; only an entry with an explicit cost moves the average cost. */
type LineaPreparada = NuevaLinea & { costoExplicito: boolean };

const NO_EXISTE = 'El ajuste de inventario no existe.';

// ---------------------------------------------------------------- answers

type Resumen = { cantidadDeLineas: number; totalEntradas: number; totalSalidas: number };

function aAjuste(fila: FilaAjuste, resumen: Resumen): Ajuste {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    nombre: fila.nombre,
    fechaDeAjuste: fila.fechaDeAjuste,
    hora: fila.hora,
    nota: fila.nota,
    creadoPor: fila.creadoPor,
    idUsuarioCreador: fila.idUsuarioCreador,
    idAlmacen: fila.idAlmacen,
    text: fila.text,
    ...resumen,
    creadoEn: fila.creadoEn.toISOString(),
    actualizadoEn: fila.actualizadoEn.toISOString(),
  };
}

function aLinea(fila: FilaLinea): LineaDeAjusteGuardada {
  return {
    _id: fila.id,
    idAjuste: fila.idAjuste,
    idProducto: fila.idProducto,
    idProductoOriginal: fila.idProductoOriginal,
    idAlmacen: fila.idAlmacen,
    text: fila.text,
    nombre: fila.nombre,
    cantidad: Number(fila.cantidad),
    tipoDeAjuste: fila.tipoDeAjuste,
    costoUnitario: Number(fila.costoUnitario),
    disponibilidad: Number(fila.disponibilidad),
    idCodigoDeBarra: fila.idCodigoDeBarra,
    precio: Number(fila.precio),
    descripcion: fila.descripcion,
    variantes: fila.variantes,
    impuestos: fila.impuestos,
    descuento: Number(fila.descuento),
  };
}

// Entries and exits valued at quantity × unit cost, 2 decimals.
const resumenSql = sql<string>`json_build_object(
  'cantidadDeLineas', count(*),
  'totalEntradas', coalesce(round(sum(case when tipo_de_ajuste then cantidad * costo_unitario end), 2), 0),
  'totalSalidas', coalesce(round(sum(case when not tipo_de_ajuste then cantidad * costo_unitario end), 2), 0))`;

async function resumenes(ctx: Ctx, ids: string[]): Promise<Map<string, Resumen>> {
  const mapa = new Map<string, Resumen>(
    ids.map((id) => [id, { cantidadDeLineas: 0, totalEntradas: 0, totalSalidas: 0 }]),
  );
  if (ids.length === 0) {
    return mapa;
  }
  const resultado = await filas<{ id_ajuste: string; resumen: Record<string, string | number> }>(
    ctx.tx,
    sql`select id_ajuste, ${resumenSql} as resumen from lineas_de_ajuste
        where tenant_id = ${ctx.tenantId} and id_ajuste in ${ids} group by id_ajuste`,
  );
  for (const { id_ajuste, resumen } of resultado) {
    mapa.set(id_ajuste, {
      cantidadDeLineas: Number(resumen.cantidadDeLineas),
      totalEntradas: Number(resumen.totalEntradas),
      totalSalidas: Number(resumen.totalSalidas),
    });
  }
  return mapa;
}

async function ajusteConLineas(ctx: Ctx, fila: FilaAjuste) {
  const lineas = await ctx.tx
    .select()
    .from(lineasDeAjuste)
    .where(and(eq(lineasDeAjuste.tenantId, ctx.tenantId), eq(lineasDeAjuste.idAjuste, fila.id)))
    .orderBy(asc(lineasDeAjuste.orden), asc(lineasDeAjuste.id));
  const resumen = (await resumenes(ctx, [fila.id])).get(fila.id) as Resumen;
  return { ajuste: aAjuste(fila, resumen), lineasDelAjuste: lineas.map(aLinea) };
}

async function buscarAjuste(ctx: Ctx, id: string): Promise<FilaAjuste | undefined> {
  const [fila] = await ctx.tx
    .select()
    .from(ajustesDeInventario)
    .where(and(eq(ajustesDeInventario.tenantId, ctx.tenantId), eq(ajustesDeInventario.id, id)))
    .limit(1);
  return fila;
}

// ---------------------------------------------------------------- lines and the ledger

function fallo(errores: CampoConError[]): AppError {
  const [primero] = errores;
  return new AppError('solicitud_invalida', primero?.mensaje ?? 'Datos inválidos en las líneas del ajuste.', {
    errores,
  });
}

/**
 * Validates and completes the lines of an adjustment for `idAlmacen`: same product and direction merged
 * (spec 002 §4), only existing, non-cancelled, inventoriable products; name, code and price from the
 * product; the availability before the adjustment; the unit cost of exits is the average cost.
 */
async function prepararLineas(
  ctx: Ctx,
  idAlmacen: string,
  textoAlmacen: string,
  entrada: readonly LineaAjuste[],
): Promise<LineaPreparada[]> {
  if (entrada.length === 0) {
    throw new AppError('solicitud_invalida', MENSAJE_SIN_LINEAS, {
      errores: [{ campo: 'lineas', mensaje: MENSAJE_SIN_LINEAS }],
    });
  }
  const posiciones = new Map(entrada.map((linea, i) => [linea, i]));
  const lineas = fusionarLineasDeAjuste(entrada);
  const ids = lineas.map((l) => l.idProducto);
  const productos = await leerProductos(ctx, ids);
  const errores: CampoConError[] = [];
  for (const linea of lineas) {
    const campo = `lineas.${posiciones.get(linea) ?? lineas.indexOf(linea)}.idProducto`;
    const producto = productos.get(linea.idProducto);
    if (!producto || producto.estado === 'Anulado') {
      errores.push({ campo, mensaje: 'El producto de la línea no existe o está anulado' });
    } else if (!producto.productoInventariable) {
      errores.push({ campo, mensaje: `${MENSAJE_PRODUCTO_NO_INVENTARIABLE}: «${producto.nombre}» no lo es` });
    }
  }
  if (errores.length > 0) {
    throw fallo(errores);
  }
  const saldos = await disponibilidades(ctx, idAlmacen, ids);
  return lineas.map((linea, orden) => {
    const producto = productos.get(linea.idProducto) as NonNullable<ReturnType<typeof productos.get>>;
    const entradaDeStock = linea.tipoDeAjuste;
    const costo =
      entradaDeStock && linea.costoUnitario !== null && linea.costoUnitario !== undefined
        ? String(linea.costoUnitario)
        : producto.costoPromedio;
    return {
      ...(linea._id ? { id: linea._id } : {}),
      orden,
      idProducto: linea.idProducto,
      idProductoOriginal: linea.idProductoOriginal ?? linea.idProducto,
      idAlmacen,
      text: textoAlmacen,
      nombre: producto.nombre,
      cantidad: String(linea.cantidad),
      tipoDeAjuste: entradaDeStock,
      costoUnitario: costo,
      disponibilidad: String(saldos.get(linea.idProducto) ?? 0),
      idCodigoDeBarra: producto.idCodigoDeBarra,
      precio: String(linea.precio ?? producto.precioDeVenta),
      descripcion: linea.descripcion ?? '',
      variantes: linea.variantes,
      impuestos: linea.impuestos.length > 0 ? linea.impuestos : producto.impuestos,
      descuento: String(linea.descuento ?? 0),
      // Only an entry with an explicit cost moves the average cost (registrarMovimientos).
      costoExplicito: entradaDeStock && linea.costoUnitario !== null && linea.costoUnitario !== undefined,
    };
  });
}

/** Writes the lines and their stock movements (invariant 7: same transaction as the adjustment). */
async function escribirLineas(ctx: Ctx, ajuste: FilaAjuste, lineas: LineaPreparada[]): Promise<void> {
  const fecha = new Date();
  await ctx.tx.insert(lineasDeAjuste).values(
    lineas.map(({ costoExplicito: _c, ...linea }) => ({
      ...linea,
      tenantId: ctx.tenantId,
      idAjuste: ajuste.id,
    })),
  );
  await registrarMovimientos(
    ctx,
    lineas.map((linea) => ({
      idProducto: linea.idProducto,
      idAlmacen: linea.idAlmacen,
      cantidad: linea.tipoDeAjuste ? linea.cantidad : `-${linea.cantidad}`,
      costoUnitario: linea.costoExplicito ? linea.costoUnitario : undefined,
      tipoDocumento: TIPO_DOCUMENTO_AJUSTE,
      idDocumento: ajuste.id,
      fecha,
    })),
  );
}

function columnasDeEncabezado(encabezado: EncabezadoAjuste) {
  const ahora = ahoraEnSantoDomingo();
  return {
    nombre: encabezado.nombre,
    fechaDeAjuste: encabezado.fechaDeAjuste ?? ahora.fecha,
    hora: encabezado.hora ?? ahora.hora,
    nota: encabezado.nota,
    idAlmacen: encabezado.idAlmacen,
    text: encabezado.text,
  };
}

// ---------------------------------------------------------------- calls

/** POST /ajuste-inventario/: `[ajuste, lineas, identificadorUnico]`; a retry answers the first one. */
export async function crearAjuste(
  ctx: CtxConSesion,
  [encabezado, lineas, identificadorUnico]: CrearAjuste,
): Promise<{ _id: string; nombre: string; solicitudDuplicada: boolean }> {
  const [previo] = await ctx.tx
    .select()
    .from(ajustesDeInventario)
    .where(
      and(
        eq(ajustesDeInventario.tenantId, ctx.tenantId),
        eq(ajustesDeInventario.identificadorUnico, identificadorUnico),
      ),
    )
    .limit(1);
  if (previo) {
    return { _id: previo.id, nombre: previo.nombre, solicitudDuplicada: true };
  }
  await exigirAlmacen(ctx, encabezado.idAlmacen, 'idAlmacen');
  const preparadas = await prepararLineas(ctx, encabezado.idAlmacen, encabezado.text, lineas);
  const creado = await insertarSinDuplicar(ctx.tx, ajustesDeInventario, {
    tenantId: ctx.tenantId,
    identificadorUnico,
    ...columnasDeEncabezado(encabezado),
    creadoPor: ctx.usuario.username,
    idUsuarioCreador: ctx.usuario._id,
  });
  if (creado.solicitudDuplicada) {
    return { _id: creado.fila.id, nombre: creado.fila.nombre, solicitudDuplicada: true };
  }
  // New lines never reuse ids sent by the browser.
  await escribirLineas(
    ctx,
    creado.fila,
    preparadas.map(({ id: _id, ...linea }) => linea),
  );
  return { _id: creado.fila.id, nombre: creado.fila.nombre, solicitudDuplicada: false };
}

/**
 * PUT /ajuste-inventario/{id}: `[ajuste, lineas, lineasAEliminar]`. Lines with a saved `_id` replace it,
 * the others are added, the ids in `lineasAEliminar` go; saved lines not mentioned stay. A change of
 * warehouse clears every saved line (spec 002 §4): only the lines sent remain. The ledger: the
 * adjustment's movements are reversed and the final lines written again, in this transaction.
 */
export async function actualizarAjuste(
  ctx: CtxConSesion,
  id: string,
  [encabezado, lineas, lineasAEliminar]: ActualizarAjuste,
) {
  exigirMismoId(id, encabezado._id);
  const actual = await buscarAjuste(ctx, id);
  if (!actual) {
    throw new AppError('no_encontrado', MENSAJE_AJUSTE_NO_ACTUALIZADO);
  }
  await exigirAlmacen(ctx, encabezado.idAlmacen, 'idAlmacen');
  const guardadas = await ctx.tx
    .select()
    .from(lineasDeAjuste)
    .where(and(eq(lineasDeAjuste.tenantId, ctx.tenantId), eq(lineasDeAjuste.idAjuste, id)))
    .orderBy(asc(lineasDeAjuste.orden));
  const cambioDeAlmacen = encabezado.idAlmacen !== actual.idAlmacen;
  const idsGuardados = new Set(guardadas.map((l) => l.id));
  const enviadas = lineas.map((linea) =>
    cambioDeAlmacen || !linea._id || !idsGuardados.has(linea._id) ? { ...linea, _id: undefined } : linea,
  );
  const reenviadas = new Set(enviadas.map((l) => l._id).filter((x) => x !== undefined));
  const eliminar = new Set(lineasAEliminar);
  const conservadas: LineaAjuste[] = cambioDeAlmacen
    ? []
    : guardadas
        .filter((l) => !reenviadas.has(l.id) && !eliminar.has(l.id))
        .map((l) => ({
          _id: l.id,
          idProducto: l.idProducto,
          idProductoOriginal: l.idProductoOriginal,
          text: l.text,
          cantidad: Number(l.cantidad),
          tipoDeAjuste: l.tipoDeAjuste,
          costoUnitario: l.tipoDeAjuste ? Number(l.costoUnitario) : null,
          precio: Number(l.precio),
          descripcion: l.descripcion,
          variantes: l.variantes,
          impuestos: l.impuestos,
          descuento: Number(l.descuento),
        }));
  // The ledger first goes back to before this adjustment, so availabilities read are "before".
  await revertirMovimientos(ctx, { tipoDocumento: TIPO_DOCUMENTO_AJUSTE, idDocumento: id });
  const preparadas = await prepararLineas(ctx, encabezado.idAlmacen, encabezado.text, [
    ...conservadas,
    ...enviadas,
  ]);
  await ctx.tx
    .delete(lineasDeAjuste)
    .where(and(eq(lineasDeAjuste.tenantId, ctx.tenantId), eq(lineasDeAjuste.idAjuste, id)));
  const [fila] = await ctx.tx
    .update(ajustesDeInventario)
    .set({ ...columnasDeEncabezado(encabezado), actualizadoEn: new Date() })
    .where(and(eq(ajustesDeInventario.tenantId, ctx.tenantId), eq(ajustesDeInventario.id, id)))
    .returning();
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_AJUSTE_NO_ACTUALIZADO);
  }
  await escribirLineas(ctx, fila, preparadas);
  return ajusteConLineas(ctx, fila);
}

/** DELETE /ajuste-inventario/{id}: reverses its movements and removes it with its lines. */
export async function eliminarAjuste(ctx: CtxConSesion, id: string): Promise<{ message: string }> {
  const actual = await buscarAjuste(ctx, id);
  if (!actual) {
    throw new AppError('no_encontrado', `${MENSAJE_AJUSTE_NO_ELIMINADO} ${NO_EXISTE}`);
  }
  await revertirMovimientos(ctx, { tipoDocumento: TIPO_DOCUMENTO_AJUSTE, idDocumento: id });
  await ctx.tx
    .delete(ajustesDeInventario)
    .where(and(eq(ajustesDeInventario.tenantId, ctx.tenantId), eq(ajustesDeInventario.id, id)));
  return { message: `Ajuste de inventario «${actual.nombre}» eliminado.` };
}

/** POST /ajuste-inventario/un-inventario: `{ ajuste, lineasDelAjuste }`. */
export async function obtenerAjuste(ctx: Ctx, id: string) {
  const fila = await buscarAjuste(ctx, id);
  if (!fila) {
    throw new AppError('no_encontrado', NO_EXISTE);
  }
  return ajusteConLineas(ctx, fila);
}

function condicionesDeDias(dias: Dias): SQL[] {
  const condiciones: SQL[] = [];
  if (dias.desde) {
    condiciones.push(gte(ajustesDeInventario.fechaDeAjuste, dias.desde));
  }
  if (dias.hasta) {
    condiciones.push(lte(ajustesDeInventario.fechaDeAjuste, dias.hasta));
  }
  return condiciones;
}

function escaparLike(texto: string): string {
  return texto.replace(/[\\%_]/g, '\\$&');
}

/** POST /ajuste-inventario/todos: `{ res, totalRows }`, newest first, 14 per page (spec 002 §9). */
export async function listarAjustes(ctx: Ctx, filtro: FiltroAjustes) {
  const condiciones: Array<SQL | undefined> = [
    eq(ajustesDeInventario.tenantId, ctx.tenantId),
    ...condicionesDeDias(diasDelFiltro(filtro)),
  ];
  if (filtro.idAlmacen) {
    condiciones.push(eq(ajustesDeInventario.idAlmacen, filtro.idAlmacen));
  }
  if (filtro.input !== '') {
    const patron = `%${escaparLike(filtro.input)}%`;
    condiciones.push(
      or(
        ilike(ajustesDeInventario.nombre, patron),
        ilike(ajustesDeInventario.nota, patron),
        ilike(ajustesDeInventario.creadoPor, patron),
        ilike(ajustesDeInventario.text, patron),
      ),
    );
  }
  const donde = and(...condiciones);
  const [total] = await ctx.tx.select({ n: count() }).from(ajustesDeInventario).where(donde);
  const pagina = await ctx.tx
    .select()
    .from(ajustesDeInventario)
    .where(donde)
    .orderBy(
      desc(ajustesDeInventario.fechaDeAjuste),
      desc(ajustesDeInventario.creadoEn),
      asc(ajustesDeInventario.id),
    )
    .limit(filtro.limit)
    .offset((filtro.page - 1) * filtro.limit);
  const mapa = await resumenes(
    ctx,
    pagina.map((f) => f.id),
  );
  return { res: pagina.map((f) => aAjuste(f, mapa.get(f.id) as Resumen)), totalRows: total?.n ?? 0 };
}

/**
 * POST /ajuste-inventario/producto-a-cero: brings each product's availability in the warehouse to 0
 * with one adjustment (an exit of what is there, or an entry of what is missing). Products already at
 * zero need nothing; when all are, no adjustment is written.
 */
export async function productoACero(ctx: CtxConSesion, entrada: ProductoACero) {
  const { ajuste } = entrada;
  const identificadorUnico = ajuste.identificadorUnico ?? randomUUID();
  const [previo] = await ctx.tx
    .select()
    .from(ajustesDeInventario)
    .where(
      and(
        eq(ajustesDeInventario.tenantId, ctx.tenantId),
        eq(ajustesDeInventario.identificadorUnico, identificadorUnico),
      ),
    )
    .limit(1);
  if (previo) {
    const guardado = await ajusteConLineas(ctx, previo);
    return {
      ajuste: guardado.ajuste,
      lineas: guardado.lineasDelAjuste.map((l) => ({
        idProducto: l.idProducto,
        nombre: l.nombre,
        disponibilidadAnterior: l.disponibilidad,
        disponibilidad: 0,
      })),
      solicitudDuplicada: true,
    };
  }
  await exigirAlmacen(ctx, ajuste.idAlmacen, 'ajuste.idAlmacen');
  const ids = [...new Set(entrada.lineas.map((l) => l.idProducto))].sort();
  // Lock the products (as the ledger does, in id order) so the availability read is the one zeroed.
  await ctx.tx.execute(
    sql`select id from productos where tenant_id = ${ctx.tenantId} and id in ${ids} order by id for no key update`,
  );
  const saldos = await disponibilidades(ctx, ajuste.idAlmacen, ids);
  const lineas: LineaAjuste[] = [];
  for (const idProducto of ids) {
    const saldo = saldos.get(idProducto) ?? 0;
    if (saldo !== 0) {
      lineas.push({
        idProducto,
        cantidad: Math.abs(saldo),
        tipoDeAjuste: saldo < 0,
        text: ajuste.text ?? '',
        variantes: [],
        impuestos: [],
      });
    }
  }
  const productos = await leerProductos(ctx, ids);
  const resultado = ids.map((idProducto) => ({
    idProducto,
    nombre: productos.get(idProducto)?.nombre ?? '',
    disponibilidadAnterior: saldos.get(idProducto) ?? 0,
    disponibilidad: 0,
  }));
  if (lineas.length === 0) {
    // Still validate: a product of another company or not inventoriable is an error, not "at zero".
    await prepararLineas(
      ctx,
      ajuste.idAlmacen,
      '',
      ids.map((idProducto) => ({
        idProducto,
        cantidad: 1,
        tipoDeAjuste: true,
        text: '',
        variantes: [],
        impuestos: [],
      })),
    );
    return { ajuste: null, lineas: resultado, solicitudDuplicada: false };
  }
  const creado = await crearAjuste(ctx, [
    {
      nombre: ajuste.nombre?.trim() || 'Producto a cero',
      nota: ajuste.nota ?? '',
      idAlmacen: ajuste.idAlmacen,
      text: ajuste.text ?? '',
    },
    lineas,
    identificadorUnico,
  ]);
  const guardado = await obtenerAjuste(ctx, creado._id);
  return { ajuste: guardado.ajuste, lineas: resultado, solicitudDuplicada: creado.solicitudDuplicada };
}

// ---------------------------------------------------------------- report

type FilaReporte = ReporteAjustes['lineas'][number];

/** POST /ajuste-inventario/reporte-ajustes-de-inventario: adjustment lines in the period, with totals. */
export async function reporteAjustes(ctx: Ctx, filtro: FiltroReporteAjustes): Promise<ReporteAjustes> {
  const dias = diasDelFiltro(filtro);
  const condiciones: SQL[] = [sql`a.tenant_id = ${ctx.tenantId}`];
  if (dias.desde) {
    condiciones.push(sql`a.fecha_de_ajuste >= ${dias.desde}`);
  }
  if (dias.hasta) {
    condiciones.push(sql`a.fecha_de_ajuste <= ${dias.hasta}`);
  }
  if (filtro.idAjuste) {
    condiciones.push(sql`a.id = ${filtro.idAjuste}`);
  }
  if (filtro.idAlmacen) {
    condiciones.push(sql`a.id_almacen = ${filtro.idAlmacen}`);
  }
  if (filtro.idProducto) {
    condiciones.push(sql`l.id_producto = ${filtro.idProducto}`);
  }
  if (filtro.tipoDeAjuste !== null && filtro.tipoDeAjuste !== undefined) {
    condiciones.push(sql`l.tipo_de_ajuste = ${filtro.tipoDeAjuste}`);
  }
  if (filtro.input !== '') {
    const patron = `%${escaparLike(filtro.input)}%`;
    condiciones.push(
      sql`(l.nombre ilike ${patron} or a.nombre ilike ${patron} or l.id_codigo_de_barra ilike ${patron})`,
    );
  }
  const resultado = await filas<Record<keyof FilaReporte, string | number | boolean>>(
    ctx.tx,
    sql`select a.id as "idAjuste", a.nombre as "nombreAjuste", a.fecha_de_ajuste::text as "fechaDeAjuste", a.hora,
          a.creado_por as "creadoPor", a.id_almacen as "idAlmacen", coalesce(al.nombre, a.text) as almacen,
          l.id_producto as "idProducto", l.nombre, l.id_codigo_de_barra as "idCodigoDeBarra",
          l.tipo_de_ajuste as "tipoDeAjuste", l.cantidad::text as cantidad,
          round(l.costo_unitario, 2)::text as "costoUnitario", round(l.cantidad * l.costo_unitario, 2)::text as "costoTotal"
        from lineas_de_ajuste l
        join ajustes_de_inventario a on a.tenant_id = l.tenant_id and a.id = l.id_ajuste
        left join almacenes al on al.tenant_id = a.tenant_id and al.id = a.id_almacen
        where ${and(...condiciones)}
        order by a.fecha_de_ajuste desc, a.creado_en desc, l.orden
        limit 20000`,
  );
  const lineas: FilaReporte[] = resultado.map((f) => ({
    idAjuste: String(f.idAjuste),
    nombreAjuste: String(f.nombreAjuste),
    fechaDeAjuste: String(f.fechaDeAjuste),
    hora: String(f.hora),
    creadoPor: String(f.creadoPor),
    idAlmacen: String(f.idAlmacen),
    almacen: String(f.almacen),
    idProducto: String(f.idProducto),
    nombre: String(f.nombre),
    idCodigoDeBarra: String(f.idCodigoDeBarra),
    tipoDeAjuste: Boolean(f.tipoDeAjuste),
    cantidad: Number(f.cantidad),
    costoUnitario: Number(f.costoUnitario),
    costoTotal: Number(f.costoTotal),
  }));
  // Sums in cents and ten-thousandths, so the totals are exact.
  const suma = (de: FilaReporte[], campo: 'cantidad' | 'costoTotal', escala: number) =>
    de.reduce((s, f) => s + Math.round(f[campo] * escala), 0) / escala;
  const entradas = lineas.filter((l) => l.tipoDeAjuste);
  const salidas = lineas.filter((l) => !l.tipoDeAjuste);
  return {
    lineas,
    cantidadDeRegistros: lineas.length,
    cantidadEntradas: suma(entradas, 'cantidad', 10_000),
    cantidadSalidas: suma(salidas, 'cantidad', 10_000),
    totalEntradas: suma(entradas, 'costoTotal', 100),
    totalSalidas: suma(salidas, 'costoTotal', 100),
  };
}
