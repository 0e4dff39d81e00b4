import { MENSAJE_NO_DISPONIBLE_EN_ALMACEN } from '@pos/contract';
import {
  avisoDeExistencia,
  type ListaDePrecio,
  leerCodigoDeBarras,
  lineaDesdeProducto,
  type ProductoParaLinea,
  validarAgregarProducto,
} from '@pos/domain';
import type { AgregadoPos } from '../pos/borrador.ts';
import { type CatalogoLocal, existenciaEn } from './productosLocales.ts';

export type PedidoSinConexion = {
  /** What the scanner or the cashier typed: a barcode, a scale label, PQT#…, quantity-code, or an _id. */
  codigo: string;
  idAlmacen: string;
  agregarComoPaquete?: boolean;
  lista?: ListaDePrecio | undefined;
  socio: boolean;
  bloqueoPorNoExistenciaDelInventario: boolean;
  usoCodigoDeBalanza: boolean;
};

// Spec 000 §7 "Offline mode": the product is found in the local store by barcode and warehouse, with
// no server call, and priced by the same domain rules POST /registro-productos/agregarproducto applies
// (lineaDesdeProducto, validarAgregarProducto, the stock notice), so an offline line is the line the
// server would have answered. A server test compares both (productos/sinConexion.test.ts).
/** The add-product answer, built from the downloaded catalogue; throws the server's Spanish message. */
export function agregarSinConexion(catalogo: CatalogoLocal, pedido: PedidoSinConexion): AgregadoPos {
  const lectura = leerCodigoDeBarras(pedido.codigo, { usoCodigoDeBalanza: pedido.usoCodigoDeBalanza });
  const producto = catalogo.porCodigo(lectura.codigo, pedido.idAlmacen);
  if (!producto) {
    throw new Error(MENSAJE_NO_DISPONIBLE_EN_ALMACEN);
  }
  const { disponibilidad, notificacionExistencia: notificacion } = existenciaEn(producto, pedido.idAlmacen);
  const paquete = lectura.paquete || pedido.agregarComoPaquete === true;
  const cantidad = lectura.cantidad ?? 1;
  const paraLinea: ProductoParaLinea = {
    _id: producto._id,
    nombre: producto.nombre,
    idCodigoDeBarra: producto.idCodigoDeBarra,
    precioTotal: producto.precioTotal,
    precioSinImpuestoSinRedondeo: producto.precioSinImpuestoSinRedondeo,
    impuestos: producto.impuestos,
    listaDePrecioAsignada: producto.listaDePrecioAsignada,
    descuentoParaSocios: producto.descuentoParaSocios,
    itemPersonalizado: producto.itemPersonalizado,
    paqueteIncluido: producto.paqueteIncluido,
    cantidadPorPaquete: producto.cantidadPorPaquete,
    precioPorPaqueteConImpuesto: producto.precioPorPaqueteConImpuesto,
    ventaSinDisponibilidad: producto.ventaSinDisponibilidad,
    ...(notificacion === null ? {} : { notificacionExistencia: notificacion }),
    bloqueoPorInventario: producto.bloqueoPorInventario,
  };
  const validacion = validarAgregarProducto(paraLinea, {
    documento: 'venta',
    paquete,
    bloqueoPorNoExistenciaDelInventario: pedido.bloqueoPorNoExistenciaDelInventario,
  });
  if (!validacion.ok) {
    throw new Error(validacion.mensaje);
  }
  const linea = lineaDesdeProducto(paraLinea, {
    cantidad,
    paquete,
    itemPersonalizado: lectura.itemPersonalizado,
    ...(pedido.lista ? { lista: pedido.lista } : {}),
    socio: pedido.socio,
    variantes: [],
  });
  return {
    _id: producto._id,
    idCodigoDeBarra: producto.idCodigoDeBarra,
    paqueteIncluido: producto.paqueteIncluido,
    nombrePaquete: producto.nombrePaquete,
    cantidadPorPaquete: producto.cantidadPorPaquete,
    notificacionExistencia: notificacion,
    disponibilidad,
    cantidad,
    paquete,
    linea: {
      ...linea,
      impuestos: [...linea.impuestos],
      variantes: [...linea.variantes],
      listaDePrecioAsignada: [...linea.listaDePrecioAsignada],
    },
    aviso: avisoDeExistencia(notificacion ?? undefined) ?? null,
    opciones: { disminuirCantidad: false, noActualizarCantidad: false, noDuplicarProducto: false },
  };
}
