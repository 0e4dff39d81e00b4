import type { ProductoParaDocumento } from '@pos/contract';
import {
  avisoDeExistencia,
  type LecturaDeCodigo,
  type ListaDePrecio,
  leerCodigoDeBalanza,
  leerCodigoDeBarras,
  lineaDesdeProducto,
  normalizarTasa,
  notificacionExistencia,
  type ProductoParaLinea,
  validarAgregarProducto,
} from '@pos/domain';
import { sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { obtenerConfiguracionGeneral } from '../empresas/service.ts';
import { aBase, COLUMNAS_DE_LISTA, filaDesdeSql } from './lectura.ts';
import type { ImpuestoDeProducto } from './tables.ts';

// A product as a document line: found by code or id with its stock in the warehouse and its list prices,
// priced by the domain for a sale or a purchase, and checked against the rules of adding it.

export type FilaParaDocumento = Record<string, unknown> & {
  asignado: boolean;
  disponibilidad: string | null;
  cantidad_minima: string | null;
  id_almacen: string | null;
  listas: { idLista: string; precio: number }[];
};

// One round trip: the product by code (the partial unique index), its stock in the warehouse and its
// list prices. A product chosen from a list has no code of its own ('0'): its _id is accepted too.
export async function buscarParaDocumento(
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

export async function buscarPorCodigo(ctx: Ctx, codigo: string, idAlmacen: string | null) {
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

export function aProductoParaDocumento(fila: FilaParaDocumento, pedido: Pedido): ProductoParaDocumento {
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

// The domain reads the code (a product _id as is, scale labels, `PQT#`, `quantity-code`).
export async function leerCodigo(ctx: Ctx, entrada: string): Promise<LecturaDeCodigo> {
  const texto = entrada.trim();
  return leerCodigoDeBarras(texto, { usoCodigoDeBalanza: await usoCodigoDeBalanza(ctx, texto) });
}

export function rechazarSiNoProcede(
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
