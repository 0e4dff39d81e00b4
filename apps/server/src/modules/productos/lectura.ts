import type { Producto } from '@pos/contract';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { referenciasDeCuentas } from '../contabilidad/service.ts';
import { nombresDeAlmacenes } from '../inventario/service.ts';
import { productos, productosAlmacenes } from './tables.ts';

// Reading products: a row as the API shapes it (the fields every answer shares, the full product with its
// warehouses, price lists and accounts), and raw SQL rows mapped back to rows.

const columnasProducto = getTableColumns(productos);
export type FilaProducto = typeof productos.$inferSelect;

export const MENSAJE_NO_EXISTE = 'El producto no existe.';

function fecha(valor: Date | string): string {
  return valor instanceof Date ? valor.toISOString() : new Date(valor).toISOString();
}

export function aBase(fila: FilaProducto) {
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
export function textoDecimal(valor: string): string {
  return valor.includes('.') ? valor.replace(/\.?0+$/, '') : valor;
}

// ---------------------------------------------------------------- reading one product

export async function filaProducto(ctx: Ctx, id: string): Promise<FilaProducto> {
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

export async function aProducto(ctx: Ctx, fila: FilaProducto): Promise<Producto> {
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

// ---------------------------------------------------------------- raw rows

export const COLUMNAS_DE_LISTA = sql.raw(
  Object.values(columnasProducto)
    .map((columna) => `p.${columna.name}`)
    .join(', '),
);

// Raw rows use the column names; map them back to the drizzle field names once.
const CAMPO_DE_COLUMNA = new Map(
  Object.entries(columnasProducto).map(([campo, columna]) => [columna.name, campo]),
);

export function filaDesdeSql(fila: Record<string, unknown>): FilaProducto {
  const resultado: Record<string, unknown> = {};
  for (const [columna, valor] of Object.entries(fila)) {
    const campo = CAMPO_DE_COLUMNA.get(columna);
    if (campo) {
      resultado[campo] = valor;
    }
  }
  return resultado as FilaProducto;
}
