import { randomUUID } from 'node:crypto';
import { type CamposDeProducto, HORARIO_POR_DEFECTO, type LineaDeAlmacen } from '@pos/contract';
import { normalizarBusqueda, normalizarTasa, precioSinImpuesto, redondear } from '@pos/domain';
import { sql } from 'drizzle-orm';
import { filas } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx } from '../../http/handle.ts';
import { cuentaDeDetalle } from '../contabilidad/service.ts';
import { codigoGuardado } from './codigos.ts';
import type { ImpuestoDeProducto, productos, VarianteDeProducto } from './tables.ts';

// A product form's fields as they are stored: prices derived, rates normalised, variants with ids,
// accounts and references checked.

export type ValoresCalculados = Omit<
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

// Spec 002 §3, §5: prices rounded to 2 decimals; the prices before tax derived from the shelf price
// (with tax) by the domain, never re-computed here.
export function valoresDeProducto(entrada: CamposDeProducto): ValoresCalculados {
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

export async function exigirExisten(
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

export async function cuentasElegidas(ctx: Ctx, entrada: CamposDeProducto) {
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

export async function validarReferencias(ctx: Ctx, entrada: CamposDeProducto, lineas: LineaDeAlmacen[]) {
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

/** GET /general/objectid/1: a new id for a variant. */
export function nuevoIdDeVariante(): { objectId: string } {
  return { objectId: randomUUID() };
}
