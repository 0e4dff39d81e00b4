import { z } from 'zod';
import { DocumentoRechazado, IdentificadorUnico, ParamsId, SinParams } from './comun.ts';
import { LineaDeVentaEntrada } from './documentos.ts';
import { endpoint } from './endpoint.ts';
import { FiltroDePeriodo } from './exportar.ts';
import { Ubicacion } from './facturas.ts';
import { textoOpcional } from './maestros.ts';
import { Dinero, fecha, Texto } from './tipos.ts';

// Spec 001 §3 "Sales order (pedido)", §4, §5, §7 "Sales orders"; spec 000 §4 syncs them offline.

/** Spec 001 §9: sales orders list 14 per page. */
export const LIMITE_PEDIDOS = 14;

export const MENSAJE_PEDIDO_SIN_LINEAS = 'Agrega por lo menos un artículo!!';
export const MENSAJE_LINEA_DE_PEDIDO_BLOQUEADA = 'Este producto ya fue impreso o facturado en el pedido!!';
export const MENSAJE_LIMITE_DEL_LUGAR = 'Limite alcanzado en el lugar selecionado';
export const MENSAJE_MOTIVO_PEDIDO = 'Debes ingresar un motivo para anular el pedido';

/**
 * A line as the POS sends it: a sales-document line (spec 001 §3 "Sales order" lines); the server reads
 * the product again (name, taxes, price if none is sent).
 */
export const LineaPedidoEntrada = LineaDeVentaEntrada;
export type LineaPedidoEntrada = z.output<typeof LineaPedidoEntrada>;

export const PedidoEntrada = z
  .object({
    nombre: textoOpcional(300).default(''),
    alias: textoOpcional(200).default(''),
    idCliente: z.uuid({ error: 'El cliente no es válido' }).nullish(),
    idListaDePrecio: z.uuid({ error: 'La lista de precio no es válida' }).nullish(),
    idLugarDeAsignacion: z.uuid({ error: 'El lugar no es válido' }).nullish(),
    asignadoA: textoOpcional(200).default(''),
    almacenActual: z.uuid({ error: 'El almacén no es válido' }).nullish(),
    fechaEmision: Texto(40)
      .transform((valor) => valor.slice(0, 10))
      .pipe(fecha())
      .nullish(),
    hora: z
      .string()
      .regex(/^\d{2}:\d{2}(:\d{2})?$/, 'La hora debe tener el formato HH:mm')
      .nullish(),
    metodoDePago: Texto(30).default('Efectivo'),
    efectivoRecibido: Dinero('El efectivo recibido').default(0),
    location: Ubicacion.nullish(),
  })
  .loose();
export type PedidoEntrada = z.output<typeof PedidoEntrada>;

const Lineas = z
  .array(LineaPedidoEntrada, { error: MENSAJE_PEDIDO_SIN_LINEAS })
  .min(1, MENSAJE_PEDIDO_SIN_LINEAS)
  .max(300, 'Un pedido admite hasta 300 líneas');

// Spec 001 §7 "POST /pedido/ (array: order, lines, unique id)".
export const CrearPedido = z.tuple([PedidoEntrada, Lineas, IdentificadorUnico]);
export type CrearPedido = z.output<typeof CrearPedido>;

// "PATCH /pedido/{id} (order, lines to delete, lines)".
export const ActualizarPedido = z.tuple([PedidoEntrada, z.array(z.uuid()).max(300).default([]), Lineas]);
export type ActualizarPedido = z.output<typeof ActualizarPedido>;

export const LineaPedido = z.object({
  _id: z.string(),
  idPedido: z.string(),
  orden: z.number(),
  idProducto: z.string(),
  idCodigoDeBarra: z.string(),
  descripcion: z.string(),
  nota: z.string(),
  cantidad: z.number(),
  precio: z.string(),
  descuento: z.number(),
  descuentoParaSocios: z.number(),
  impuestos: z.array(z.object({ name: z.string(), tipoDeImpuesto: z.string(), tasa: z.number() }).loose()),
  paquete: z.boolean(),
  variantes: z.array(z.object({ valor: z.number() }).loose()),
  total: z.number(),
  estadoImpresion: z.number(),
  estadoFacturado: z.boolean(),
  estadoDeEntrega: z.string(),
});
export type LineaPedido = z.output<typeof LineaPedido>;

export const Pedido = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  numeroPedido: z.number(),
  nombre: z.string(),
  alias: z.string(),
  idCliente: z.string().nullable(),
  rnc: z.string(),
  correo: z.string(),
  direccion: z.string(),
  movil: z.string(),
  socio: z.boolean(),
  idListaDePrecio: z.string().nullable(),
  idLugarDeAsignacion: z.string().nullable(),
  asignadoA: z.string(),
  idAlmacen: z.string(),
  fechaEmision: z.string(),
  hora: z.string(),
  metodoDePago: z.string(),
  efectivoRecibido: z.number(),
  subtotal: z.number(),
  impuestos: z.number(),
  totalGral: z.number(),
  estado: z.enum(['Activo', 'Por-Anular', 'Anulado']),
  autorizacion: z.enum(['Pendiente', 'Aprobada', 'Rechazada']).nullable(),
  tipoDeAnulacion: z.string(),
  notaAnular: z.string(),
  notaAutorizacion: z.string(),
  estadoFacturado: z.boolean(),
  /** The invoice that billed it (facturas_vinculadas). */
  facturas_vinculadas: z.array(z.string()),
  idUsuario: z.string(),
  creadaPor: z.string(),
  creadoEn: z.string(),
});
export type Pedido = z.output<typeof Pedido>;

/** GET /pedido/{id}: "lineasDelPedido plus order". */
export const DetallePedido = z.object({ pedidoDb: Pedido, lineasDelPedido: z.array(LineaPedido) });
export type DetallePedido = z.output<typeof DetallePedido>;

export const PedidoCreado = DetallePedido.extend({ solicitudDuplicada: z.boolean() });

// "POST /pedido/todas {input, page, limit, estado Activo, estadoFacturado, idAsinacion, idUsuario,
// periodo} or buscarPorEstado" (idAsinacion sic: the place).
export const FiltroPedidos = FiltroDePeriodo.extend({
  input: Texto(200).default(''),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(200).default(LIMITE_PEDIDOS),
  estado: z.enum(['Activo', 'Por-Anular', 'Anulado']).nullish(),
  estadoFacturado: z.boolean().nullish(),
  idAsinacion: z.uuid().nullish(),
  idUsuario: z.uuid().nullish(),
  buscarPorEstado: z.boolean().default(false),
});
export type FiltroPedidos = z.output<typeof FiltroPedidos>;

export const ListaPedidos = z.object({ res: z.array(Pedido), totalRows: z.number().int() });

export const AnularPedido = z.object({
  estado: z.enum(['Activo', 'Por-Anular', 'Anulado']).optional(),
  autorizacion: z.enum(['Pendiente', 'Aprobada', 'Rechazada']).optional(),
  tipoDeAnulacion: Texto(100).default(''),
  notaAnular: textoOpcional(1000).default(''),
  notaAutorizacion: textoOpcional(1000).optional(),
});
export type AnularPedido = z.output<typeof AnularPedido>;

export const RespuestaAnulacionPedido = z.object({
  pedidoDb: Pedido,
  resultado: z.enum(['anulado', 'solicitado', 'aprobado', 'rechazado']),
});

// Spec 000 §7: "POST /pedido/sincronizar-pedidos-offline | pending orders | pedidosCreados". Each
// element is the /pedido/ body the POS would have sent.
export const SincronizarPedidos = z
  .array(z.unknown(), { error: 'Se esperaba la lista de pedidos pendientes' })
  .max(100, 'Se sincronizan como mucho 100 pedidos por lote');
export const PedidosSincronizados = z.object({
  pedidosCreados: z.array(Pedido),
  rechazados: z.array(DocumentoRechazado),
});

export const pedidosApi = {
  crear: endpoint({
    method: 'POST',
    path: '/pedido/',
    body: CrearPedido,
    params: SinParams,
    respuesta: PedidoCreado,
  }),
  todas: endpoint({
    method: 'POST',
    path: '/pedido/todas',
    efecto: 'lee',
    body: FiltroPedidos,
    params: SinParams,
    respuesta: ListaPedidos,
  }),
  uno: endpoint({
    method: 'GET',
    path: '/pedido/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: DetallePedido,
  }),
  actualizar: endpoint({
    method: 'PATCH',
    path: '/pedido/:id',
    body: ActualizarPedido,
    params: ParamsId,
    respuesta: DetallePedido,
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/pedido/anular/:id',
    body: AnularPedido,
    params: ParamsId,
    respuesta: RespuestaAnulacionPedido,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/pedido/:id',
    body: z.unknown(),
    params: ParamsId,
    respuesta: z.object({ pedidoDb: Pedido }),
  }),
  sincronizar: endpoint({
    method: 'POST',
    path: '/pedido/sincronizar-pedidos-offline',
    body: SincronizarPedidos,
    params: SinParams,
    respuesta: PedidosSincronizados,
  }),
};
