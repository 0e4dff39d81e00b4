import { randomUUID } from 'node:crypto';
import {
  type ActualizarProducto,
  type AgregarProducto,
  type AgregarProductoCompras,
  type CamposDeProducto,
  type ConvertirLineas,
  type CrearProducto,
  type FiltroPorAlmacen,
  type FiltroTodosLosProductos,
  HORARIO_POR_DEFECTO,
  type LineaDeAlmacen,
  MENSAJE_ACCION_NO_PERMITIDA,
  MENSAJE_NO_DISPONIBLE_EN_ALMACEN,
  type PaginaDeProductos,
  type Producto,
  type ProductoEnLista,
  type ProductoGuardado,
  type ProductoOffline,
  type ProductoParaDocumento,
} from '@pos/contract';
import {
  avisoDeExistencia,
  type LecturaDeCodigo,
  type ListaDePrecio,
  leerCodigoDeBalanza,
  leerCodigoDeBarras,
  lineaDesdeProducto,
  normalizarBusqueda,
  normalizarTasa,
  notificacionExistencia,
  type ProductoParaLinea,
  precioSinImpuesto,
  redondear,
  validarAgregarProducto,
} from '@pos/domain';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { tieneVinculos } from '../../db/maestros.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, CtxConSesion } from '../../http/handle.ts';
import { obtenerListaDePrecio } from '../configuracion/service.ts';
import { cuentaDeDetalle, referenciasDeCuentas } from '../contabilidad/service.ts';
import { obtenerContacto } from '../contactos/service.ts';
import { obtenerConfiguracionGeneral } from '../empresas/service.ts';
import { nombresDeAlmacenes, obtenerAlmacenPrincipal } from '../inventario/service.ts';
import { fuenteDeBusqueda } from './busqueda.ts';
import {
  disponibilidadEn,
  type ExistenciaInicial,
  registrarExistenciaInicial,
  registrarMovimientos,
} from './movimientos.service.ts';
import {
  type ImpuestoDeProducto,
  productos,
  productosAlmacenes,
  productosListasDePrecio,
  type VarianteDeProducto,
} from './tables.ts';

const columnasProducto = getTableColumns(productos);
type FilaProducto = typeof productos.$inferSelect;

const MENSAJE_NO_EXISTE = 'El producto no existe.';
// Any constant: it names the lock that serialises numbering products within one company.
const CANDADO_NUMERO_PRODUCTO = 6001;

// ---------------------------------------------------------------- rows → JSON

function fecha(valor: Date | string): string {
  return valor instanceof Date ? valor.toISOString() : new Date(valor).toISOString();
}

function aBase(fila: FilaProducto) {
  return {
    _id: fila.id,
    identificadorUnico: fila.identificadorUnico,
    numeroProducto: Number(fila.numeroProducto),
    nombre: fila.nombre,
    categoria: fila.idCategoria,
    tipo: fila.tipo,
    unidadMedida: fila.unidadMedida,
    avatar: fila.avatar,
    idCodigoDeBarra: fila.idCodigoDeBarra,
    referencia: fila.referencia,
    descripcion: fila.descripcion,
    impuesto: fila.impuesto,
    impuestos: fila.impuestos,
    precioDeVenta: Number(fila.precioDeVenta),
    precioTotal: Number(fila.precioTotal),
    precioSinImpuesto: Number(fila.precioSinImpuesto),
    precioSinImpuestoSinRedondeo: textoDecimal(fila.precioSinImpuestoSinRedondeo),
    costo: Number(fila.costo),
    costoPromedio: Number(fila.costoPromedio),
    ultimoCosto: Number(fila.ultimoCosto),
    tasaBeneficios: Number(fila.tasaBeneficios),
    tasaComision: Number(fila.tasaComision),
    descuentoParaSocios: Number(fila.descuentoParaSocios),
    productoInventariable: fila.productoInventariable,
    ventaSinDisponibilidad: fila.ventaSinDisponibilidad,
    excluirDelCatalogo: fila.excluirDelCatalogo,
    favorito: fila.favorito,
    estado: fila.estado,
    autorizacion: fila.autorizacion,
    notaAnular: fila.notaAnular,
    bloqueoPorInventario: fila.bloqueoPorInventario,
    itemPersonalizado: fila.itemPersonalizado,
    paqueteIncluido: fila.paqueteIncluido,
    nombrePaquete: fila.nombrePaquete,
    cantidadPorPaquete: Number(fila.cantidadPorPaquete),
    precioPorPaquete: textoDecimal(fila.precioPorPaquete),
    precioPorPaqueteConImpuesto: Number(fila.precioPorPaqueteConImpuesto),
    costoPorPaquete: Number(fila.costoPorPaquete),
    modoPlan: fila.modoPlan,
    frecuencia: fila.frecuencia,
    vigencia: fila.vigencia,
    cantidadDeUsuarios: fila.cantidadDeUsuarios,
    reservable: fila.reservable,
    tipoDeReserva: fila.tipoDeReserva,
    duracionReserva: fila.duracionReserva,
    idUsuarioProveedor: fila.idUsuarioProveedor,
    horaDeInicioPorDefecto: fila.horaDeInicioPorDefecto,
    horaDeCierrePorDefecto: fila.horaDeCierrePorDefecto,
    variantes: fila.variantes,
    opcionesDeVariantes: fila.opcionesDeVariantes,
    creadoEn: fecha(fila.creadoEn),
    actualizadoEn: fecha(fila.actualizadoEn),
  };
}

/** A numeric column as decimal text without trailing zeros ("84.745762711865000" → "84.745762711865"). */
function textoDecimal(valor: string): string {
  return valor.includes('.') ? valor.replace(/\.?0+$/, '') : valor;
}

// ---------------------------------------------------------------- reading one product

async function filaProducto(ctx: Ctx, id: string): Promise<FilaProducto> {
  const [fila] = await ctx.tx
    .select(columnasProducto)
    .from(productos)
    .where(and(eq(productos.tenantId, ctx.tenantId), eq(productos.id, id)))
    .limit(1);
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_NO_EXISTE);
  }
  return fila;
}

async function aProducto(ctx: Ctx, fila: FilaProducto): Promise<Producto> {
  const almacenes = nombresDeAlmacenes;
  const asignaciones = await ctx.tx
    .select({
      idAlmacen: productosAlmacenes.idAlmacen,
      nombreAlmacen: almacenes.nombre,
      cantidadInicial: productosAlmacenes.cantidadInicial,
      cantidadMinima: productosAlmacenes.cantidadMinima,
      cantidadMaxima: productosAlmacenes.cantidadMaxima,
      disponibilidad: productosAlmacenes.disponibilidad,
    })
    .from(productosAlmacenes)
    .innerJoin(
      almacenes,
      and(
        eq(almacenes.tenantId, productosAlmacenes.tenantId),
        eq(almacenes.id, productosAlmacenes.idAlmacen),
      ),
    )
    .where(and(eq(productosAlmacenes.tenantId, ctx.tenantId), eq(productosAlmacenes.idProducto, fila.id)))
    .orderBy(asc(almacenes.numeroAlmacen));
  const listas = await filas<{
    id_lista: string;
    nombre: string;
    tipo: boolean;
    precio_por_defecto: boolean;
    dias_disponibles: number[];
    es_una_oferta: boolean;
    vigencia: string | null;
    porcentaje: string;
    tasa_beneficios: string;
    precio: string;
  }>(
    ctx.tx,
    sql`select pl.id_lista, l.nombre, l.tipo, pl.precio_por_defecto, l.dias_disponibles, l.es_una_oferta,
          l.vigencia::text as vigencia, l.porcentaje, pl.tasa_beneficios, pl.precio
        from productos_listas_de_precio pl
        join listas_de_precio l on l.tenant_id = pl.tenant_id and l.id = pl.id_lista
        where pl.tenant_id = ${ctx.tenantId} and pl.id_producto = ${fila.id} order by l.nombre`,
  );
  const cuentas = await referenciasDeCuentas(
    ctx,
    [
      fila.idCuentaVentas,
      fila.idCuentaInventario,
      fila.idCuentaCostoDeVenta,
      fila.idCuentaAjustesSaldosIniciales,
    ].filter((id): id is string => id !== null),
  );
  const cuenta = (id: string | null) => (id ? (cuentas.get(id) ?? null) : null);
  const autores = new Map(
    (
      await filas<{ id: string; username: string }>(
        ctx.tx,
        sql`select id, username from usuarios where tenant_id = ${ctx.tenantId}
            and id in (${fila.idUsuarioCreador ?? null}, ${fila.idUsuarioModificador ?? null})`,
      )
    ).map((u) => [u.id, u.username]),
  );
  const asignacionesJson = asignaciones.map((a) => ({
    idAlmacen: a.idAlmacen,
    nombreAlmacen: a.nombreAlmacen,
    cantidadInicial: Number(a.cantidadInicial),
    cantidadMinima: Number(a.cantidadMinima),
    cantidadMaxima: Number(a.cantidadMaxima),
    disponibilidad: Number(a.disponibilidad),
  }));
  return {
    ...aBase(fila),
    horarioDeTrabajo: fila.horarioDeTrabajo as Producto['horarioDeTrabajo'],
    cuentaContableVentas: cuenta(fila.idCuentaVentas),
    cuentaContableInventario: cuenta(fila.idCuentaInventario),
    cuentaContableCostoDeVenta: cuenta(fila.idCuentaCostoDeVenta),
    ajustesPorSaldosInicialesEnInventario: cuenta(fila.idCuentaAjustesSaldosIniciales),
    asignaciones: asignacionesJson,
    listaDePrecioAsignada: listas.map((l) => ({
      idLista: l.id_lista,
      nombre: l.nombre,
      tipo: l.tipo,
      precioPorDefecto: l.precio_por_defecto,
      diasDisponibles: l.dias_disponibles,
      esUnaOferta: l.es_una_oferta,
      vigencia: l.vigencia,
      porcentaje: Number(l.porcentaje),
      tasaBeneficios: Number(l.tasa_beneficios),
      precio: Number(l.precio),
    })),
    disponibilidad: asignacionesJson.reduce((suma, a) => suma + a.disponibilidad, 0),
    idUsuarioCreador: fila.idUsuarioCreador,
    creadoPor: autores.get(fila.idUsuarioCreador ?? '') ?? '',
    modificadoPor: autores.get(fila.idUsuarioModificador ?? fila.idUsuarioCreador ?? '') ?? '',
  };
}

/** GET /registro-productos/{id}. */
export async function obtenerProducto(ctx: Ctx, id: string): Promise<Producto> {
  return aProducto(ctx, await filaProducto(ctx, id));
}

// ---------------------------------------------------------------- create / update

type ValoresCalculados = Omit<
  typeof productos.$inferInsert,
  'tenantId' | 'id' | 'identificadorUnico' | 'numeroProducto'
>;

function impuestosNormalizados(impuestos: CamposDeProducto['impuestos']): ImpuestoDeProducto[] {
  // Spec 000 §5, 002 §9: rates 1.18 and 1.16 mean 0.18 and 0.16.
  return impuestos.map((impuesto) => ({ ...impuesto, tasa: normalizarTasa(impuesto.tasa) }));
}

function variantesConId(variantes: CamposDeProducto['variantes']): VarianteDeProducto[] {
  return variantes.map((variante, posicion) => ({
    _id: variante._id ?? randomUUID(),
    numeroDeVariante: variante.numeroDeVariante ?? posicion + 1,
    name: variante.name,
    valor: variante.valor,
  }));
}

/** Spec 002 §5: a code of 2 or fewer characters is stored as '0'. */
export function codigoGuardado(codigo: string): string {
  const limpio = codigo.trim();
  return limpio.length <= 2 ? '0' : limpio;
}

// Spec 002 §3, §5: prices rounded to 2 decimals; the prices before tax derived from the shelf price
// (with tax) by the domain, never re-computed here.
function valoresDeProducto(entrada: CamposDeProducto): ValoresCalculados {
  const impuestos = impuestosNormalizados(entrada.impuestos);
  const precioDeVenta = redondear(entrada.precioDeVenta);
  const sinRedondeo = precioSinImpuesto(precioDeVenta, impuestos);
  const precioPorPaqueteConImpuesto = redondear(entrada.precioPorPaqueteConImpuesto);
  const nombreBusqueda = normalizarBusqueda(entrada.nombre);
  return {
    nombre: entrada.nombre,
    nombreBusqueda,
    idCategoria: entrada.categoria,
    tipo: entrada.tipo,
    unidadMedida: entrada.unidadMedida,
    avatar: entrada.avatar,
    idCodigoDeBarra: codigoGuardado(entrada.idCodigoDeBarra),
    referencia: entrada.referencia,
    descripcion: entrada.descripcion,
    impuesto: entrada.impuesto,
    impuestos,
    precioDeVenta: String(precioDeVenta),
    precioSinImpuestoSinRedondeo: sinRedondeo,
    precioSinImpuesto: String(redondear(sinRedondeo)),
    precioTotal: String(redondear(sinRedondeo)),
    costo: String(redondear(entrada.costo)),
    tasaBeneficios: String(entrada.tasaBeneficios),
    tasaComision: String(entrada.tasaComision),
    descuentoParaSocios: String(entrada.descuentoParaSocios),
    productoInventariable: entrada.productoInventariable,
    ventaSinDisponibilidad: entrada.ventaSinDisponibilidad,
    excluirDelCatalogo: entrada.excluirDelCatalogo,
    favorito: entrada.favorito,
    bloqueoPorInventario: entrada.bloqueoPorInventario,
    itemPersonalizado: entrada.itemPersonalizado,
    paqueteIncluido: entrada.paqueteIncluido,
    nombrePaquete: entrada.nombrePaquete,
    cantidadPorPaquete: String(entrada.cantidadPorPaquete),
    precioPorPaqueteConImpuesto: String(precioPorPaqueteConImpuesto),
    precioPorPaquete: precioSinImpuesto(precioPorPaqueteConImpuesto, impuestos),
    costoPorPaquete: String(redondear(entrada.costoPorPaquete)),
    modoPlan: entrada.modoPlan,
    frecuencia: entrada.frecuencia,
    vigencia: entrada.vigencia,
    cantidadDeUsuarios: entrada.cantidadDeUsuarios,
    reservable: entrada.reservable,
    tipoDeReserva: entrada.tipoDeReserva,
    duracionReserva: entrada.duracionReserva,
    idUsuarioProveedor: entrada.idUsuarioProveedor,
    horaDeInicioPorDefecto: entrada.horaDeInicioPorDefecto,
    horaDeCierrePorDefecto: entrada.horaDeCierrePorDefecto,
    horarioDeTrabajo: entrada.horarioDeTrabajo.length > 0 ? entrada.horarioDeTrabajo : HORARIO_POR_DEFECTO,
    variantes: variantesConId(entrada.variantes),
    opcionesDeVariantes: entrada.opcionesDeVariantes,
  };
}

/** Spec 002 §5: a code of 3+ characters may not belong to another product that is not Anulado. */
async function exigirCodigoLibre(ctx: Ctx, codigo: string, idPropio: string | null): Promise<void> {
  const ocupado = await productoConCodigo(ctx, codigo, idPropio);
  if (ocupado) {
    throw codigoTomado(codigo, ocupado.nombre);
  }
}

function codigoTomado(codigo: string, nombre: string): AppError {
  return new AppError('conflicto', `El código de barra ${codigo} ya pertenece al artículo «${nombre}».`, {
    errores: [{ campo: 'idCodigoDeBarra', mensaje: `Ya lo usa «${nombre}»` }],
  });
}

/**
 * Spec 002 §5 for many new products at once: a code of 3+ characters may not repeat among them nor belong
 * to a product of the company that is not Anulado (the message names the holder).
 */
async function exigirCodigosLibres(ctx: Ctx, nuevos: { codigo: string; nombre: string }[]): Promise<void> {
  const duenos = new Map<string, string>();
  for (const { codigo, nombre } of nuevos) {
    if (codigo.length < 3) {
      continue;
    }
    const dueno = duenos.get(codigo);
    if (dueno !== undefined) {
      throw codigoTomado(codigo, dueno);
    }
    duenos.set(codigo, nombre);
  }
  const codigos = [...duenos.keys()];
  for (let i = 0; i < codigos.length; i += 5000) {
    const [tomado] = await filas<{ codigo: string; nombre: string }>(
      ctx.tx,
      sql`select id_codigo_de_barra as codigo, nombre from productos where tenant_id = ${ctx.tenantId}
          and estado <> 'Anulado' and length(id_codigo_de_barra) >= 3
          and id_codigo_de_barra in ${codigos.slice(i, i + 5000)} limit 1`,
    );
    if (tomado) {
      throw codigoTomado(tomado.codigo, tomado.nombre);
    }
  }
}

async function productoConCodigo(
  ctx: Ctx,
  codigo: string,
  idPropio: string | null,
): Promise<{ id: string; nombre: string } | undefined> {
  if (codigo.length < 3) {
    return undefined;
  }
  const excluir = idPropio ? sql`and id <> ${idPropio}` : sql``;
  const [fila] = await filas<{ id: string; nombre: string }>(
    ctx.tx,
    sql`select id, nombre from productos where tenant_id = ${ctx.tenantId} and id_codigo_de_barra = ${codigo}
        and estado <> 'Anulado' and length(id_codigo_de_barra) >= 3 ${excluir} limit 1`,
  );
  return fila;
}

async function exigirExisten(
  ctx: Ctx,
  tabla: 'almacenes' | 'categorias' | 'listas_de_precio',
  ids: string[],
  mensaje: string,
) {
  const unicos = [...new Set(ids)];
  if (unicos.length === 0) {
    return;
  }
  const [fila] = await filas<{ n: number }>(
    ctx.tx,
    sql`select count(*)::int as n from ${sql.identifier(tabla)} where tenant_id = ${ctx.tenantId} and id in ${unicos}`,
  );
  if ((fila?.n ?? 0) !== unicos.length) {
    throw new AppError('solicitud_invalida', mensaje);
  }
}

async function cuentasElegidas(ctx: Ctx, entrada: CamposDeProducto) {
  const una = async (elegida: { idCuenta: string } | null, para: string) =>
    elegida ? (await cuentaDeDetalle(ctx, elegida.idCuenta, para)).idCuenta : null;
  return {
    idCuentaVentas: await una(entrada.cuentaContableVentas, 'ventas'),
    idCuentaInventario: await una(entrada.cuentaContableInventario, 'inventario'),
    idCuentaCostoDeVenta: await una(entrada.cuentaContableCostoDeVenta, 'costo de venta'),
    idCuentaAjustesSaldosIniciales: await una(
      entrada.ajustesPorSaldosInicialesEnInventario,
      'ajustes por saldos iniciales',
    ),
  };
}

async function validarReferencias(ctx: Ctx, entrada: CamposDeProducto, lineas: LineaDeAlmacen[]) {
  if (entrada.categoria) {
    await exigirExisten(ctx, 'categorias', [entrada.categoria], 'La categoría elegida no existe.');
  }
  await exigirExisten(
    ctx,
    'almacenes',
    lineas.map((l) => l.idAlmacen),
    'Un almacén de las líneas no existe.',
  );
  await exigirExisten(
    ctx,
    'listas_de_precio',
    entrada.listaDePrecioAsignada.map((l) => l.idLista),
    'Una lista de precio asignada no existe.',
  );
}

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
  producto: { id: string; productoInventariable: boolean; costo: string },
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
  await registrarMovimientos(
    ctx,
    lineas
      .filter((l) => l.cantidadInicial > 0)
      .map((l) => ({
        idProducto: producto.id,
        idAlmacen: l.idAlmacen,
        cantidad: l.cantidadInicial,
        costoUnitario: producto.costo,
        tipoDocumento: 'inventarioInicial',
        idDocumento: producto.id,
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
  const creados = new Map<string, { id: string; inventariable: boolean; costo: string }>();
  for (let i = 0; i < filasNuevas.length; i += PRODUCTOS_POR_INSERCION) {
    const insertados = await ctx.tx
      .insert(productos)
      .values(filasNuevas.slice(i, i + PRODUCTOS_POR_INSERCION))
      .returning({
        id: productos.id,
        identificadorUnico: productos.identificadorUnico,
        inventariable: productos.productoInventariable,
        costo: productos.costo,
      });
    for (const fila of insertados) {
      creados.set(fila.identificadorUnico, fila);
    }
  }

  const asignaciones: (typeof productosAlmacenes.$inferInsert)[] = [];
  const precios: (typeof productosListasDePrecio.$inferInsert)[] = [];
  const existencias: ExistenciaInicial[] = [];
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

/** GET /registro-productos/barra/{code}: whether an active product holds the code, and which. */
export async function codigoOcupado(
  ctx: Ctx,
  codigo: string,
  idProducto?: string,
): Promise<{ activo: boolean; nombre: string }> {
  const ocupado = await productoConCodigo(ctx, codigo.trim(), idProducto ?? null);
  return ocupado ? { activo: true, nombre: ocupado.nombre } : { activo: false, nombre: '' };
}

/** DELETE /registro-productos/{id}: only without links to documents (spec 002 §5, §8). */
export async function eliminarProducto(ctx: Ctx, id: string): Promise<{ message: string }> {
  const fila = await filaProducto(ctx, id);
  // Links: any table whose key blocks the delete (document lines of later issues), and any ledger
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

// ---------------------------------------------------------------- lists

type FiltroDeLista = {
  input: string;
  buscarPorEstado?: string;
  page: number;
  limit: number;
  idAlmacen?: string | null;
  idCategoria?: string | null;
  tipo?: string;
  excluirDelCatalogo?: boolean;
  extra?: SQL;
};

const COLUMNAS_DE_LISTA = sql.raw(
  Object.values(columnasProducto)
    .map((columna) => `p.${columna.name}`)
    .join(', '),
);

type FilaDeLista = Record<string, unknown> & {
  nombre_categoria: string | null;
  id_almacen: string | null;
  disponibilidad: string;
  cantidad_minima: string;
};

// Raw rows use the column names; map them back to the drizzle field names once.
const CAMPO_DE_COLUMNA = new Map(
  Object.entries(columnasProducto).map(([campo, columna]) => [columna.name, campo]),
);

function filaDesdeSql(fila: Record<string, unknown>): FilaProducto {
  const resultado: Record<string, unknown> = {};
  for (const [columna, valor] of Object.entries(fila)) {
    const campo = CAMPO_DE_COLUMNA.get(columna);
    if (campo) {
      resultado[campo] = valor;
    }
  }
  return resultado as FilaProducto;
}

function aProductoEnLista(fila: FilaDeLista): ProductoEnLista {
  const producto = filaDesdeSql(fila);
  const disponibilidad = Number(fila.disponibilidad);
  const cantidadMinima = Number(fila.cantidad_minima);
  return {
    ...aBase(producto),
    nombreCategoria: fila.nombre_categoria,
    idAlmacen: fila.id_almacen,
    disponibilidad,
    cantidadMinima,
    notificacionExistencia: notificacionExistencia(
      producto.productoInventariable,
      disponibilidad,
      cantidadMinima,
    ),
  };
}

// The lists filter, count and sort the narrow productos_busqueda rows (migration 0007; `p` is such a
// row in the conditions, `extra` included) and read only the page's products in full.
async function listarProductos(ctx: Ctx, filtro: FiltroDeLista): Promise<PaginaDeProductos> {
  const condiciones: SQL[] = [
    sql`p.tenant_id = ${ctx.tenantId}`,
    filtro.buscarPorEstado ? sql`p.estado = ${filtro.buscarPorEstado}` : sql`p.estado <> 'Anulado'`,
  ];
  if (filtro.idAlmacen) {
    condiciones.push(sql`${filtro.idAlmacen}::uuid = any(p.almacenes)`);
  }
  if (filtro.idCategoria) {
    condiciones.push(sql`p.id_categoria = ${filtro.idCategoria}`);
  }
  if (filtro.tipo) {
    condiciones.push(sql`p.tipo = ${filtro.tipo}`);
  }
  if (filtro.excluirDelCatalogo) {
    condiciones.push(sql`not p.excluir_del_catalogo`);
  }
  if (filtro.extra) {
    condiciones.push(filtro.extra);
  }
  const donde = sql.join(condiciones, sql` and `);
  const fuente = fuenteDeBusqueda(filtro.input);
  const almacen = filtro.idAlmacen
    ? sql`left join productos_almacenes pa on pa.tenant_id = p.tenant_id and pa.id_producto = p.id and pa.id_almacen = ${filtro.idAlmacen}`
    : sql`left join lateral (select null::uuid as id_almacen, coalesce(sum(disponibilidad), 0) as disponibilidad,
            coalesce(sum(cantidad_minima), 0) as cantidad_minima from productos_almacenes
            where tenant_id = p.tenant_id and id_producto = p.id) pa on true`;
  // The page and the total in one query; a page past the end has no row to carry the total.
  const res = await filas<FilaDeLista & { total_de_filas: number }>(
    ctx.tx,
    sql`with pagina as (
          select p.id, p.nombre_busqueda, count(*) over ()::int as total_de_filas from ${fuente} p
          where ${donde} order by p.nombre_busqueda, p.id
          limit ${filtro.limit} offset ${(filtro.page - 1) * filtro.limit})
        select ${COLUMNAS_DE_LISTA}, c.nombre as nombre_categoria, pa.id_almacen, pa.disponibilidad, pa.cantidad_minima,
          g.total_de_filas
        from pagina g join productos p on p.tenant_id = ${ctx.tenantId} and p.id = g.id ${almacen}
        left join categorias c on c.tenant_id = p.tenant_id and c.id = p.id_categoria
        order by g.nombre_busqueda, g.id`,
  );
  const totalRows =
    res[0]?.total_de_filas ??
    (filtro.page > 1
      ? ((
          await filas<{ n: number }>(ctx.tx, sql`select count(*)::int as n from ${fuente} p where ${donde}`)
        )[0]?.n ?? 0)
      : 0);
  return { res: res.map(aProductoEnLista), totalRows };
}

/** POST /registro-productos/todos. */
export function listarTodosLosProductos(ctx: Ctx, filtro: FiltroTodosLosProductos) {
  return listarProductos(ctx, filtro);
}

/** POST /registro-productos/porAlmacen/. */
export function listarProductosPorAlmacen(ctx: Ctx, filtro: FiltroPorAlmacen) {
  return listarProductos(ctx, filtro);
}

/** POST /registro-productos/favoritos-por-almacen/: favorito and not Anulado (spec 002 §4). */
export function listarFavoritosPorAlmacen(ctx: Ctx, filtro: FiltroPorAlmacen) {
  return listarProductos(ctx, { ...filtro, extra: sql`p.favorito` });
}

/** POST /registro-productos/ofertas/: products priced on an active offer list still in force. */
export function listarOfertas(ctx: Ctx, filtro: FiltroPorAlmacen) {
  return listarProductos(ctx, {
    ...filtro,
    extra: sql`exists (select 1 from productos_listas_de_precio pl
      join listas_de_precio l on l.tenant_id = pl.tenant_id and l.id = pl.id_lista
      where pl.tenant_id = p.tenant_id and pl.id_producto = p.id and l.es_una_oferta and l.activo
        and l.estado <> 'Desactivado' and (l.vigencia is null or l.vigencia >= current_date))`,
  });
}

/** POST /registro-productos/servcios-reservables/ (sic). */
export function listarServiciosReservables(ctx: Ctx, filtro: FiltroPorAlmacen) {
  return listarProductos(ctx, { ...filtro, extra: sql`p.reservable` });
}

/** POST /registro-productos/todos-for-offline: what the POS sells with offline (ProductoOffline), per product not cancelled. */
export async function productosParaOffline(ctx: Ctx): Promise<{ res: ProductoOffline[] }> {
  // Numbers come as float8 and the lists as JSON already shaped: 100,000 rows map with no per-field work.
  const res = await filas<Omit<ProductoOffline, '_id'> & { id: string }>(
    ctx.tx,
    // Lists and warehouses grouped once and hash-joined: a subquery per product costs 200,000 runs.
    // Unsorted: the POS orders its catalogue itself (productosLocales.ts).
    sql`with listas as (
          select id_producto, json_agg(json_build_object('idLista', id_lista, 'precio', precio::float8)) as listas
          from productos_listas_de_precio where tenant_id = ${ctx.tenantId} group by id_producto),
        asignadas as (
          select id_producto, json_agg(json_build_object('idAlmacen', id_almacen,
                   'disponibilidad', disponibilidad::float8, 'cantidadMinima', cantidad_minima::float8)) as asignaciones
          from productos_almacenes where tenant_id = ${ctx.tenantId} group by id_producto)
        select p.id, p.nombre, p.id_codigo_de_barra as "idCodigoDeBarra", p.id_categoria as categoria,
          c.nombre as "nombreCategoria", p.estado, p.precio_total::float8 as "precioTotal",
          p.precio_sin_impuesto_sin_redondeo::text as "precioSinImpuestoSinRedondeo",
          p.precio_de_venta::float8 as "precioDeVenta", p.impuestos,
          p.descuento_para_socios::float8 as "descuentoParaSocios", p.item_personalizado as "itemPersonalizado",
          p.producto_inventariable as "productoInventariable",
          p.venta_sin_disponibilidad as "ventaSinDisponibilidad", p.bloqueo_por_inventario as "bloqueoPorInventario",
          p.paquete_incluido as "paqueteIncluido", p.nombre_paquete as "nombrePaquete",
          p.cantidad_por_paquete::float8 as "cantidadPorPaquete",
          p.precio_por_paquete_con_impuesto::float8 as "precioPorPaqueteConImpuesto",
          coalesce(l.listas, '[]') as "listaDePrecioAsignada", coalesce(a.asignaciones, '[]') as asignaciones
        from productos p left join categorias c on c.tenant_id = p.tenant_id and c.id = p.id_categoria
          left join listas l on l.id_producto = p.id
          left join asignadas a on a.id_producto = p.id
        where p.tenant_id = ${ctx.tenantId} and p.estado <> 'Anulado'`,
  );
  return {
    res: res.map(({ id, precioSinImpuestoSinRedondeo, ...resto }) => ({
      _id: id,
      ...resto,
      precioSinImpuestoSinRedondeo: textoDecimal(precioSinImpuestoSinRedondeo),
    })),
  };
}

// ---------------------------------------------------------------- bulk actions

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

// ---------------------------------------------------------------- adding to a document

type FilaParaDocumento = Record<string, unknown> & {
  asignado: boolean;
  disponibilidad: string | null;
  cantidad_minima: string | null;
  id_almacen: string | null;
  listas: { idLista: string; precio: number }[];
};

// One round trip: the product by code (the partial unique index), its stock in the warehouse and its
// list prices. A product chosen from a list has no code of its own ('0'): its _id is accepted too.
async function buscarParaDocumento(
  ctx: Ctx,
  criterio: { codigo: string } | { ids: string[] },
  idAlmacen: string | null,
): Promise<FilaParaDocumento[]> {
  const almacen = idAlmacen
    ? sql`left join productos_almacenes pa on pa.tenant_id = p.tenant_id and pa.id_producto = p.id and pa.id_almacen = ${idAlmacen}`
    : sql`left join lateral (select null::uuid as id_almacen, sum(disponibilidad) as disponibilidad,
            sum(cantidad_minima) as cantidad_minima, count(*) > 0 as asignado from productos_almacenes
            where tenant_id = p.tenant_id and id_producto = p.id) pa on true`;
  const asignado = idAlmacen ? sql`pa.id_almacen is not null` : sql`coalesce(pa.asignado, false)`;
  const donde =
    'codigo' in criterio
      ? sql`p.id_codigo_de_barra = ${criterio.codigo} and p.estado <> 'Anulado' and length(p.id_codigo_de_barra) >= 3`
      : sql`p.id in ${criterio.ids} and p.estado <> 'Anulado'`;
  return filas<FilaParaDocumento>(
    ctx.tx,
    sql`select ${COLUMNAS_DE_LISTA}, ${asignado} as asignado, pa.id_almacen, pa.disponibilidad, pa.cantidad_minima,
          coalesce((select json_agg(json_build_object('idLista', id_lista, 'precio', precio::float8))
                    from productos_listas_de_precio where tenant_id = p.tenant_id and id_producto = p.id), '[]') as listas
        from productos p ${almacen}
        where p.tenant_id = ${ctx.tenantId} and ${donde}`,
  );
}

const ES_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function buscarPorCodigo(ctx: Ctx, codigo: string, idAlmacen: string | null) {
  const [fila] = await buscarParaDocumento(ctx, { codigo }, idAlmacen);
  if (fila || !ES_UUID.test(codigo)) {
    return fila;
  }
  const [porId] = await buscarParaDocumento(ctx, { ids: [codigo] }, idAlmacen);
  return porId;
}

type Pedido = {
  cantidad: number;
  paquete: boolean;
  itemPersonalizado: boolean;
  descripcion?: string | undefined;
  precioModificado?: number | undefined;
  impuestos?: ImpuestoDeProducto[] | undefined;
  variantes: { _id?: string | undefined; valor: number; name?: string | undefined }[];
  lista?: ListaDePrecio | undefined;
  socio: boolean;
  documento: 'venta' | 'compra';
};

function aProductoParaDocumento(fila: FilaParaDocumento, pedido: Pedido): ProductoParaDocumento {
  const producto = filaDesdeSql(fila);
  const base = aBase(producto);
  const disponibilidad = Number(fila.disponibilidad ?? 0);
  const cantidadMinima = Number(fila.cantidad_minima ?? 0);
  const notificacion = notificacionExistencia(producto.productoInventariable, disponibilidad, cantidadMinima);
  const impuestos = pedido.impuestos
    ? pedido.impuestos.map((i) => ({ ...i, tasa: normalizarTasa(i.tasa) }))
    : producto.impuestos;
  // A purchase line is priced at cost (per unit or per package); a sale at the shelf price.
  const paraLinea: ProductoParaLinea =
    pedido.documento === 'compra'
      ? {
          _id: base._id,
          nombre: base.nombre,
          idCodigoDeBarra: base.idCodigoDeBarra,
          precioTotal: pedido.precioModificado ?? base.costo,
          impuestos,
          paqueteIncluido: base.paqueteIncluido,
          cantidadPorPaquete: base.cantidadPorPaquete,
          precioPorPaquete: base.costoPorPaquete,
          itemPersonalizado: base.itemPersonalizado,
        }
      : {
          _id: base._id,
          nombre: base.nombre,
          idCodigoDeBarra: base.idCodigoDeBarra,
          precioTotal: pedido.precioModificado ?? base.precioTotal,
          ...(pedido.precioModificado === undefined && pedido.impuestos === undefined
            ? { precioSinImpuestoSinRedondeo: base.precioSinImpuestoSinRedondeo }
            : {}),
          impuestos,
          listaDePrecioAsignada: pedido.precioModificado === undefined ? fila.listas : [],
          descuentoParaSocios: base.descuentoParaSocios,
          itemPersonalizado: base.itemPersonalizado,
          paqueteIncluido: base.paqueteIncluido,
          cantidadPorPaquete: base.cantidadPorPaquete,
          ...(pedido.precioModificado === undefined
            ? { precioPorPaqueteConImpuesto: base.precioPorPaqueteConImpuesto }
            : { precioPorPaquete: pedido.precioModificado }),
          ventaSinDisponibilidad: base.ventaSinDisponibilidad,
          ...(notificacion === null ? {} : { notificacionExistencia: notificacion }),
          bloqueoPorInventario: base.bloqueoPorInventario,
        };
  // A chosen variant is priced from the product's own list when it names one of them.
  const variantes = pedido.variantes.map((elegida) => {
    const propia = base.variantes.find((v) => v._id === elegida._id);
    return propia ?? elegida;
  });
  const linea = lineaDesdeProducto(paraLinea, {
    cantidad: pedido.cantidad,
    paquete: pedido.paquete,
    itemPersonalizado: pedido.itemPersonalizado,
    ...(pedido.lista && pedido.precioModificado === undefined ? { lista: pedido.lista } : {}),
    socio: pedido.socio,
    variantes,
  });
  return {
    ...base,
    idProductoMaster: base._id,
    impuestos,
    listaDePrecioAsignada: fila.listas,
    descuento: linea.descuento,
    variantes: base.variantes,
    notificacionExistencia: notificacion,
    idAlmacen: fila.id_almacen,
    cuentaContableVentas: producto.idCuentaVentas,
    cuentaContableInventario: producto.idCuentaInventario,
    cuentaContableCostoDeVenta: producto.idCuentaCostoDeVenta,
    disponibilidad,
    cantidadMinima,
    cantidad: pedido.cantidad,
    paquete: pedido.paquete,
    linea: {
      ...linea,
      descripcion: pedido.descripcion ?? linea.descripcion,
      impuestos: [...linea.impuestos],
      variantes: [...linea.variantes],
      listaDePrecioAsignada: [...linea.listaDePrecioAsignada],
    },
    aviso: avisoDeExistencia(notificacion ?? undefined) ?? null,
  };
}

async function usoCodigoDeBalanza(ctx: Ctx, codigo: string): Promise<boolean> {
  // The setting is read only when the code could be a scale label at all.
  if (leerCodigoDeBalanza(codigo.trim()) === undefined) {
    return false;
  }
  return (await obtenerConfiguracionGeneral(ctx)).usoCodigoDeBalanza;
}

// A product _id (chosen from a list) is taken as is: its dashes are not a `quantity-code`.
async function leerCodigo(ctx: Ctx, entrada: string): Promise<LecturaDeCodigo> {
  const texto = entrada.trim();
  if (ES_UUID.test(texto)) {
    return { codigo: texto, paquete: false, itemPersonalizado: false };
  }
  return leerCodigoDeBarras(texto, { usoCodigoDeBalanza: await usoCodigoDeBalanza(ctx, texto) });
}

async function listaYSocio(
  ctx: Ctx,
  entrada: { idListaDePrecio?: string | null | undefined; idCliente?: string | null | undefined },
): Promise<{ lista?: ListaDePrecio; socio: boolean }> {
  let idLista = entrada.idListaDePrecio ?? null;
  let socio = false;
  if (entrada.idCliente) {
    const cliente = await obtenerContacto(ctx, entrada.idCliente);
    socio = cliente.socio;
    idLista ??= cliente.idListaDePrecio;
  }
  if (!idLista) {
    return { socio };
  }
  const lista = await obtenerListaDePrecio(ctx, idLista);
  return {
    lista: {
      _id: lista._id,
      predeterminado: lista.predeterminado,
      tipo: lista.tipo,
      porcentaje: Number(lista.porcentaje),
    },
    socio,
  };
}

function rechazarSiNoProcede(
  producto: ProductoParaDocumento,
  documento: 'venta' | 'compra',
  bloqueo: boolean,
) {
  const resultado = validarAgregarProducto(
    {
      _id: producto._id,
      nombre: producto.nombre,
      precioTotal: producto.precioTotal,
      paqueteIncluido: producto.paqueteIncluido,
      ventaSinDisponibilidad: producto.ventaSinDisponibilidad,
      bloqueoPorInventario: producto.bloqueoPorInventario,
      ...(producto.notificacionExistencia === null
        ? {}
        : { notificacionExistencia: producto.notificacionExistencia }),
    },
    { documento, paquete: producto.paquete, bloqueoPorNoExistenciaDelInventario: bloqueo },
  );
  if (!resultado.ok) {
    throw new AppError('conflicto', resultado.mensaje);
  }
}

/** POST /registro-productos/agregarproducto: the product for a sales line, with every rule of spec 000 §4-§5. */
export async function agregarProductoAVenta(
  ctx: Ctx,
  entrada: AgregarProducto,
): Promise<
  ProductoParaDocumento & {
    opciones: { disminuirCantidad: boolean; noActualizarCantidad: boolean; noDuplicarProducto: boolean };
  }
> {
  const lectura = await leerCodigo(ctx, entrada.idCodigoDeBarra);
  const fila = await buscarPorCodigo(ctx, lectura.codigo, entrada.Almacen);
  // Spec 000 §8: a product not found, or inventoriable and not offered in the warehouse.
  if (!fila || (fila.producto_inventariable === true && !fila.asignado)) {
    throw new AppError('no_encontrado', MENSAJE_NO_DISPONIBLE_EN_ALMACEN);
  }
  const { lista, socio } = await listaYSocio(ctx, entrada);
  const producto = aProductoParaDocumento(fila, {
    cantidad: lectura.cantidad ?? entrada.cantidad ?? 1,
    paquete: lectura.paquete || entrada.agregarComoPaquete,
    itemPersonalizado: lectura.itemPersonalizado,
    descripcion: entrada.descripcion,
    precioModificado: entrada.precioModificado,
    impuestos: entrada.impuestos,
    variantes: entrada.variantes,
    lista,
    socio,
    documento: 'venta',
  });
  // Taking a unit off a line, or keeping its quantity, never needs stock.
  const bloqueo =
    entrada.bloqueoPorNoExistenciaDelInventario &&
    !entrada.disminuirCantidad &&
    !entrada.noActualizarCantidad;
  rechazarSiNoProcede(producto, 'venta', bloqueo);
  return {
    ...producto,
    opciones: {
      disminuirCantidad: entrada.disminuirCantidad,
      noActualizarCantidad: entrada.noActualizarCantidad,
      noDuplicarProducto: entrada.noDuplicarProducto,
    },
  };
}

/** What a sales document asks of each of its lines' products. */
export type PedidoDeVenta = {
  idProducto: string;
  cantidad: number;
  paquete: boolean;
  itemPersonalizado: boolean;
  variantes: { _id?: string | undefined; valor: number; name?: string | undefined }[];
};

/**
 * The products of a sales document's lines, priced as agregarproducto would price them (list, partner,
 * package, variants), with stock in the warehouse, in one round trip. Invoices recompute their lines from
 * these instead of trusting the client (issue 7). Unknown or cancelled products are absent from the map.
 */
export async function productosParaVenta(
  ctx: Ctx,
  pedidos: readonly PedidoDeVenta[],
  idAlmacen: string,
  contexto: { lista?: ListaDePrecio | undefined; socio: boolean },
  lote?: ProductosDelLote,
): Promise<(ProductoParaDocumento | undefined)[]> {
  const ids = [...new Set(pedidos.map((pedido) => pedido.idProducto))];
  const porId = lote
    ? await filasDelLote(ctx, lote, idAlmacen, ids)
    : new Map(
        (ids.length === 0 ? [] : await buscarParaDocumento(ctx, { ids }, idAlmacen)).map((fila) => [
          String(fila.id),
          fila,
        ]),
      );
  return pedidos.map((pedido) => {
    const fila = porId.get(pedido.idProducto);
    return fila ? aProductoParaDocumento(fila, { ...pedido, ...contexto, documento: 'venta' }) : undefined;
  });
}

/**
 * The product rows of a batch of sales (offline sync, spec 000 §4), read once per warehouse for every
 * product the batch names instead of once per sale. What the batch's own earlier sales took is the
 * caller's to subtract; with stock blocking on, the batch has locked these balances first
 * (`bloquearExistencias`), so no other document changes them meanwhile.
 */
export type ProductosDelLote = {
  ids: readonly string[];
  porAlmacen: Map<string, Map<string, FilaParaDocumento>>;
};

export function productosDelLote(ids: Iterable<string>): ProductosDelLote {
  return { ids: [...new Set(ids)], porAlmacen: new Map() };
}

async function filasDelLote(
  ctx: Ctx,
  lote: ProductosDelLote,
  idAlmacen: string,
  ids: readonly string[],
): Promise<Map<string, FilaParaDocumento>> {
  let leidas = lote.porAlmacen.get(idAlmacen);
  if (!leidas) {
    leidas = new Map();
    lote.porAlmacen.set(idAlmacen, leidas);
  }
  const faltan =
    leidas.size === 0 ? [...new Set([...lote.ids, ...ids])] : ids.filter((id) => !leidas.has(id));
  if (faltan.length > 0) {
    for (const fila of await buscarParaDocumento(ctx, { ids: faltan }, idAlmacen)) {
      leidas.set(String(fila.id), fila);
    }
  }
  return leidas;
}

/** POST registro-productos/agregar-producto-compras: a purchase line at cost; blocked products refused. */
export async function agregarProductoACompra(
  ctx: Ctx,
  entrada: AgregarProductoCompras,
): Promise<ProductoParaDocumento> {
  const lectura = await leerCodigo(ctx, entrada.idCodigoDeBarra);
  const fila = await buscarPorCodigo(ctx, lectura.codigo, entrada.Almacen ?? null);
  if (!fila) {
    throw new AppError('no_encontrado', MENSAJE_NO_DISPONIBLE_EN_ALMACEN);
  }
  const producto = aProductoParaDocumento(fila, {
    cantidad: lectura.cantidad ?? entrada.cantidad ?? 1,
    paquete: lectura.paquete || entrada.agregarComoPaquete,
    itemPersonalizado: lectura.itemPersonalizado,
    descripcion: entrada.descripcion,
    precioModificado: entrada.precioModificado,
    variantes: [],
    socio: false,
    documento: 'compra',
  });
  rechazarSiNoProcede(producto, 'compra', false);
  return producto;
}

/**
 * POST /registro-productos/convertir/: the lines of a quotation refreshed for an invoice. The quoted
 * fields (price, discount, quantity) are kept; each line gets the product's current data and stock.
 */
export async function convertirLineas(ctx: Ctx, entrada: ConvertirLineas) {
  const lineas = Array.isArray(entrada) ? entrada : entrada.lineas;
  const idAlmacen = Array.isArray(entrada) ? null : (entrada.Almacen ?? null);
  const ids = [...new Set(lineas.map((l) => l.idProducto))];
  const encontrados = ids.length > 0 ? await buscarParaDocumento(ctx, { ids }, idAlmacen) : [];
  const porId = new Map(encontrados.map((fila) => [String(fila.id), fila]));
  return {
    nuevaLineaProducto: lineas.map((linea) => {
      const fila = porId.get(linea.idProducto);
      const disponible = fila !== undefined && (fila.producto_inventariable !== true || fila.asignado);
      return {
        ...linea,
        producto: fila
          ? aProductoParaDocumento(fila, {
              cantidad: linea.cantidad,
              paquete: linea.paquete,
              itemPersonalizado: false,
              variantes: [],
              socio: false,
              documento: 'venta',
            })
          : null,
        disponible,
      };
    }),
  };
}

/** GET /general/objectid/1: a new id for a variant. */
export function nuevoIdDeVariante(): { objectId: string } {
  return { objectId: randomUUID() };
}
