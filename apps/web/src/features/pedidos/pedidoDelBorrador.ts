import type { ActualizarPedido, CrearPedido, DetallePedido, LineasConvertidas } from '@pos/contract';
import type { z } from 'zod';
import type { BaseLocal, DocumentoPendiente } from '../offline/baseLocal.ts';
import { guardarPendiente } from '../offline/cola.ts';
import type { ContactoPendiente } from '../offline/facturaSinConexion.ts';
import { type Borrador, borradorNuevo, type LineaPos, lineaDesdeAgregado } from '../pos/borrador.ts';

// Spec 001 §3 "Sales order", §4 (order mode editar / facturar): a POS draft kept as a sales
// order, an order opened again in a POS tab, and an order saved offline to sync later.

export const AVISO_PEDIDO_SIN_CONEXION = 'Pedido creado sin conexión';

type Cabecera = z.input<typeof CrearPedido>[0];
type LineaDePedido = z.input<typeof CrearPedido>[1][number];

function cabeceraDe(borrador: Borrador, idAlmacen: string | null): Cabecera {
  return {
    nombre: borrador.cliente?.nombre ?? '',
    alias: borrador.nombre.trim(),
    // A contact created offline is named by its identificadorUnico (the server finds it by that once
    // synced) or travels inside the order (guardarPedidoSinConexion).
    idCliente: borrador.cliente?._id ?? null,
    idListaDePrecio: borrador.idListaDePrecio,
    almacenActual: idAlmacen,
  };
}

function lineaDe(linea: LineaPos): LineaDePedido {
  return {
    ...(linea.idLineaPedido ? { _id: linea.idLineaPedido } : {}),
    idProducto: linea.idProducto,
    idCodigoDeBarra: linea.idCodigoDeBarra,
    descripcion: linea.descripcion,
    nota: linea.nota,
    cantidad: linea.cantidad,
    precio: Number(linea.precio),
    descuento: linea.descuento,
    paquete: linea.paquete,
    variantes: linea.variantes,
  };
}

/** POST /pedido/ for a draft: [order, lines, identificadorUnico] (the draft's, so a retry creates one). */
export function cuerpoDePedido(borrador: Borrador, idAlmacen: string | null): z.input<typeof CrearPedido> {
  return [cabeceraDe(borrador, idAlmacen), borrador.lineas.map(lineaDe), borrador.identificadorUnico];
}

/** PATCH /pedido/{id} for a draft opened from an order: the lines it no longer has are deleted. */
export function cuerpoDeEdicion(
  borrador: Borrador,
  idAlmacen: string | null,
): z.input<typeof ActualizarPedido> {
  const presentes = new Set(borrador.lineas.flatMap((l) => (l.idLineaPedido ? [l.idLineaPedido] : [])));
  const eliminar = (borrador.pedido?.lineas ?? []).filter((id) => !presentes.has(id));
  return [cabeceraDe(borrador, idAlmacen), eliminar, borrador.lineas.map(lineaDe)];
}

/**
 * Keeps an order made offline in pedidosPendientes, to be sent first on the next sync. A customer
 * created offline and not synced yet travels inside it (`contactoPendiente`), as with invoices: the
 * server creates it first and links the order to it.
 */
export function guardarPedidoSinConexion(
  base: BaseLocal,
  borrador: Borrador,
  idAlmacen: string | null,
  contactoPendiente: ContactoPendiente | null,
  ahora = new Date(),
): Promise<DocumentoPendiente> {
  const [cabecera, ...resto] = cuerpoDePedido(borrador, idAlmacen);
  const conContacto = contactoPendiente ? { ...cabecera, idCliente: null, contactoPendiente } : cabecera;
  return guardarPendiente(base, 'pedidos', borrador.identificadorUnico, [conContacto, ...resto], ahora);
}

const OPCIONES = { disminuirCantidad: false, noActualizarCantidad: false, noDuplicarProducto: false };

/**
 * A POS draft from an order and its products as POST /registro-productos/convertir/ answers them (each
 * line priced again for today): the order's quantities, discounts and notes, each line tied to its
 * order line. Lines whose product no longer exists are left out and named in `faltan`.
 */
export function borradorDesdePedido(
  detalle: DetallePedido,
  convertidas: z.output<typeof LineasConvertidas>,
  numero: number,
  identificadorUnico: string,
): { borrador: Borrador; faltan: string[] } {
  const { pedidoDb, lineasDelPedido } = detalle;
  const faltan: string[] = [];
  const lineas: LineaPos[] = [];
  lineasDelPedido.forEach((linea, indice) => {
    const producto = convertidas.nuevaLineaProducto[indice]?.producto;
    if (!producto) {
      faltan.push(linea.descripcion);
      return;
    }
    lineas.push({
      ...lineaDesdeAgregado({ ...producto, opciones: OPCIONES }, linea._id),
      cantidad: linea.cantidad,
      descuento: linea.descuento,
      nota: linea.nota,
      descripcion: linea.descripcion,
      idLineaPedido: linea._id,
    });
  });
  const borrador: Borrador = {
    ...borradorNuevo(numero, identificadorUnico),
    nombre: pedidoDb.alias || `Pedido ${pedidoDb.numeroPedido}`,
    lineas,
    cliente: pedidoDb.idCliente
      ? {
          _id: pedidoDb.idCliente,
          nombre: pedidoDb.nombre,
          rnc: pedidoDb.rnc,
          socio: pedidoDb.socio,
          idListaDePrecio: pedidoDb.idListaDePrecio,
          limiteCredito: 0,
        }
      : null,
    idListaDePrecio: pedidoDb.idListaDePrecio,
    pedido: { id: pedidoDb._id, numero: pedidoDb.numeroPedido, lineas: lineasDelPedido.map((l) => l._id) },
  };
  return { borrador, faltan };
}
