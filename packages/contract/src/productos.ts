import { z } from 'zod';
import { IdentificadorUnico, Mensaje, Paginacion, ParamsId, SinParams, Vacio } from './comun.ts';
import { CuentaContableRef } from './contabilidad.ts';
import { endpoint } from './endpoint.ts';
import { textoOpcional } from './maestros.ts';
import { Cantidad, CantidadOCero, Dinero, PrecioUnitario, Texto } from './tipos.ts';

// Spec 002 §3 "Product", §5, §7 "Products"; spec 000 §3 "Product as returned when adding a line", §7.

export const MENSAJE_NOMBRE_PRODUCTO = 'Debes poner el nombre del Producto';
/** Spec 000 §8: any add-product failure. */
export const MENSAJE_NO_DISPONIBLE_EN_ALMACEN = 'Producto no disponible en el almacén seleccionado.';
/** Spec 002 §8: a product linked to documents. */
export const MENSAJE_ACCION_NO_PERMITIDA =
  'Acción no permitida: el producto está vinculado a otros documentos. Primero desvincúlelo.';

export const ESTADOS_DE_PRODUCTO = ['Activo', 'Por-Anular', 'Anulado'] as const;
export const DIAS_DE_LA_SEMANA = [
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
  'Domingo',
] as const;

/** Spec 002 §9: products page 14. */
export const LIMITE_PRODUCTOS = 14;

/** Maximum lengths of a product's texts: the schema below and the form's fields read them here. */
export const LARGO_MAXIMO_PRODUCTO = {
  nombre: 300,
  unidadMedida: 50,
  idCodigoDeBarra: 100,
  referencia: 100,
  descripcion: 2000,
  nombrePaquete: 100,
  modoPlan: 50,
  vigencia: 50,
  nombreDeVariante: 100,
} as const;

const Tasa = z.number({ error: 'Debe ser un número' }).min(0).max(100_000);
const Hora = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'La hora debe tener el formato HH:MM');
const IdOpcional = z
  .union([z.literal(''), z.uuid({ error: 'El identificador no es válido' })])
  .nullable()
  .default(null)
  .transform((valor) => (valor === '' ? null : valor));
// Only the id of a chosen account is read; the rest of a sent reference is ignored.
const CuentaElegida = z
  .object({ idCuenta: z.uuid({ error: 'La cuenta elegida no es válida' }) })
  .nullable()
  .default(null);

/** A tax entry of a product (spec 002 §3): tasa as a fraction (0.18), name, tipoDeImpuesto. */
export const ImpuestoDeProducto = z.object({
  tasa: z.number({ error: 'La tasa del impuesto debe ser un número' }).min(0).max(2),
  name: Texto(100),
  tipoDeImpuesto: Texto(50),
});

export const Variante = z.object({
  _id: Texto(100).optional(),
  numeroDeVariante: z.number().int().min(0).max(100_000).optional(),
  name: textoOpcional(LARGO_MAXIMO_PRODUCTO.nombreDeVariante).default(''),
  valor: z.number({ error: 'El valor de la variante debe ser un número' }).min(-99_999_999).max(99_999_999),
});

export const DiaDeTrabajo = z.object({
  dia: z.enum(DIAS_DE_LA_SEMANA),
  horaDeInicio: Hora,
  horaDeCierre: Hora,
  estado: z.boolean(),
});

/** Spec 002 §3: Monday to Friday active, Saturday and Sunday inactive. */
export const HORARIO_POR_DEFECTO = DIAS_DE_LA_SEMANA.map((dia) => ({
  dia,
  horaDeInicio: '08:00',
  horaDeCierre: '17:00',
  estado: dia !== 'Sábado' && dia !== 'Domingo',
}));

export const PrecioEnLista = z.object({
  idLista: z.uuid({ error: 'La lista de precio no es válida' }),
  /** Kept as given (a list price may be computed from a margin: 150.555). */
  precio: PrecioUnitario('El precio de la lista'),
  precioPorDefecto: z.boolean().default(false),
  tasaBeneficios: Tasa.default(0),
});

const CamposProducto = z.object({
  nombre: z
    .string({ error: MENSAJE_NOMBRE_PRODUCTO })
    .trim()
    .min(1, MENSAJE_NOMBRE_PRODUCTO)
    .max(
      LARGO_MAXIMO_PRODUCTO.nombre,
      `El nombre no puede tener más de ${LARGO_MAXIMO_PRODUCTO.nombre} caracteres`,
    ),
  categoria: IdOpcional,
  tipo: textoOpcional(50).default('producto'),
  unidadMedida: textoOpcional(LARGO_MAXIMO_PRODUCTO.unidadMedida).default(''),
  avatar: Texto(300).nullable().default(null),
  idCodigoDeBarra: textoOpcional(LARGO_MAXIMO_PRODUCTO.idCodigoDeBarra).default(''),
  referencia: textoOpcional(LARGO_MAXIMO_PRODUCTO.referencia).default(''),
  descripcion: textoOpcional(LARGO_MAXIMO_PRODUCTO.descripcion).default(''),
  impuesto: textoOpcional(100).default(''),
  impuestos: z.array(ImpuestoDeProducto).max(10).default([]),
  /** Price with tax (the shelf price). */
  precioDeVenta: Dinero('El precio de venta').default(0),
  /** A cost may carry more decimals than a price (a unit's share of a bulk purchase). */
  costo: PrecioUnitario('El costo').default(0),
  tasaBeneficios: Tasa.default(0),
  tasaComision: Tasa.default(0),
  descuentoParaSocios: z
    .number({ error: 'El descuento para socios debe ser un porcentaje de 0 a 100' })
    .min(0, 'El descuento para socios debe ser un porcentaje de 0 a 100')
    .max(100, 'El descuento para socios debe ser un porcentaje de 0 a 100')
    .default(0),
  productoInventariable: z.boolean().default(true),
  ventaSinDisponibilidad: z.boolean().default(true),
  excluirDelCatalogo: z.boolean().default(false),
  favorito: z.boolean().default(false),
  bloqueoPorInventario: z.boolean().default(false),
  itemPersonalizado: z.boolean().default(false),
  paqueteIncluido: z.boolean().default(false),
  nombrePaquete: textoOpcional(LARGO_MAXIMO_PRODUCTO.nombrePaquete).default(''),
  cantidadPorPaquete: CantidadOCero('La cantidad por paquete').default(0),
  precioPorPaqueteConImpuesto: Dinero('El precio por paquete').default(0),
  costoPorPaquete: PrecioUnitario('El costo por paquete').default(0),
  modoPlan: textoOpcional(LARGO_MAXIMO_PRODUCTO.modoPlan).default(''),
  frecuencia: z.number().int().min(1).max(3650).default(30),
  vigencia: textoOpcional(LARGO_MAXIMO_PRODUCTO.vigencia).default(''),
  cantidadDeUsuarios: z.number().int().min(0).max(100_000).default(0),
  reservable: z.boolean().default(false),
  tipoDeReserva: textoOpcional(50).default('cita'),
  duracionReserva: z.number().int().min(1, 'La duración debe ser de al menos 1 minuto').max(1440).default(15),
  idUsuarioProveedor: IdOpcional,
  horaDeInicioPorDefecto: Hora.default('08:00'),
  horaDeCierrePorDefecto: Hora.default('17:00'),
  horarioDeTrabajo: z.array(DiaDeTrabajo).max(7).default(HORARIO_POR_DEFECTO),
  variantes: z.array(Variante).max(200).default([]),
  opcionesDeVariantes: z.array(z.unknown()).max(200).default([]),
  listaDePrecioAsignada: z.array(PrecioEnLista).max(100).default([]),
  cuentaContableVentas: CuentaElegida,
  cuentaContableInventario: CuentaElegida,
  cuentaContableCostoDeVenta: CuentaElegida,
  ajustesPorSaldosInicialesEnInventario: CuentaElegida,
});

/** A warehouse line of the product form (spec 002 §3 asignaciones). */
export const LineaDeAlmacen = z.object({
  idAlmacen: z.uuid({ error: 'El almacén no es válido' }),
  cantidadInicial: CantidadOCero('La cantidad inicial').default(0),
  cantidadMinima: CantidadOCero('La cantidad mínima').default(0),
  cantidadMaxima: CantidadOCero('La cantidad máxima').default(0),
});
export type LineaDeAlmacen = z.infer<typeof LineaDeAlmacen>;

export const CamposDeProducto = CamposProducto;
export type CamposDeProducto = z.infer<typeof CamposProducto>;

/** POST /registro-productos/: [product, warehouse lines, identificadorUnico]. */
export const CrearProducto = z.tuple([CamposProducto, z.array(LineaDeAlmacen).max(200), IdentificadorUnico]);
export type CrearProducto = z.infer<typeof CrearProducto>;

/** PUT /registro-productos/{id}: [product, assigned lines, lines to delete (warehouse ids or lines)]. */
export const ActualizarProducto = z.tuple([
  CamposProducto.extend({ _id: z.uuid().optional() }),
  z.array(LineaDeAlmacen).max(200),
  z
    .array(
      z.union([
        z.uuid({ error: 'El almacén a quitar no es válido' }),
        z.object({ idAlmacen: z.uuid({ error: 'El almacén a quitar no es válido' }) }),
      ]),
    )
    .max(200)
    .default([]),
]);
export type ActualizarProducto = z.infer<typeof ActualizarProducto>;

export const AsignacionDeAlmacen = z.object({
  idAlmacen: z.string(),
  nombreAlmacen: z.string(),
  cantidadInicial: z.number(),
  cantidadMinima: z.number(),
  cantidadMaxima: z.number(),
  disponibilidad: z.number(),
});

export const PrecioAsignadoDeLista = z.object({
  idLista: z.string(),
  nombre: z.string(),
  tipo: z.boolean(),
  precioPorDefecto: z.boolean(),
  diasDisponibles: z.array(z.number()),
  esUnaOferta: z.boolean(),
  vigencia: z.string().nullable(),
  porcentaje: z.number(),
  tasaBeneficios: z.number(),
  precio: z.number(),
});

const VarianteGuardada = z.object({
  _id: z.string(),
  numeroDeVariante: z.number().optional(),
  name: z.string(),
  valor: z.number(),
});

export const Producto = z.object({
  _id: z.string(),
  identificadorUnico: z.string(),
  numeroProducto: z.number(),
  nombre: z.string(),
  categoria: z.string().nullable(),
  tipo: z.string(),
  unidadMedida: z.string(),
  avatar: z.string().nullable(),
  idCodigoDeBarra: z.string(),
  referencia: z.string(),
  descripcion: z.string(),
  impuesto: z.string(),
  impuestos: z.array(ImpuestoDeProducto),
  precioDeVenta: z.number(),
  precioTotal: z.number(),
  precioSinImpuesto: z.number(),
  /** Exact decimal text (up to 12 decimals): the base of the shelf price (invariant 3). */
  precioSinImpuestoSinRedondeo: z.string(),
  costo: z.number(),
  costoPromedio: z.number(),
  ultimoCosto: z.number(),
  tasaBeneficios: z.number(),
  tasaComision: z.number(),
  descuentoParaSocios: z.number(),
  productoInventariable: z.boolean(),
  ventaSinDisponibilidad: z.boolean(),
  excluirDelCatalogo: z.boolean(),
  favorito: z.boolean(),
  estado: z.enum(ESTADOS_DE_PRODUCTO),
  autorizacion: z.string().nullable(),
  notaAnular: z.string(),
  bloqueoPorInventario: z.boolean(),
  itemPersonalizado: z.boolean(),
  paqueteIncluido: z.boolean(),
  nombrePaquete: z.string(),
  cantidadPorPaquete: z.number(),
  precioPorPaquete: z.string(),
  precioPorPaqueteConImpuesto: z.number(),
  costoPorPaquete: z.number(),
  modoPlan: z.string(),
  frecuencia: z.number(),
  vigencia: z.string(),
  cantidadDeUsuarios: z.number(),
  reservable: z.boolean(),
  tipoDeReserva: z.string(),
  duracionReserva: z.number(),
  idUsuarioProveedor: z.string().nullable(),
  horaDeInicioPorDefecto: z.string(),
  horaDeCierrePorDefecto: z.string(),
  horarioDeTrabajo: z.array(DiaDeTrabajo),
  variantes: z.array(VarianteGuardada),
  opcionesDeVariantes: z.array(z.unknown()),
  cuentaContableVentas: CuentaContableRef.nullable(),
  cuentaContableInventario: CuentaContableRef.nullable(),
  cuentaContableCostoDeVenta: CuentaContableRef.nullable(),
  ajustesPorSaldosInicialesEnInventario: CuentaContableRef.nullable(),
  asignaciones: z.array(AsignacionDeAlmacen),
  listaDePrecioAsignada: z.array(PrecioAsignadoDeLista),
  /** Sum over the warehouses (the ledger's balance). */
  disponibilidad: z.number(),
  creadoEn: z.string(),
  actualizadoEn: z.string(),
  /** Audit: who created it, and who changed it last (usernames; '' when unknown). */
  idUsuarioCreador: z.string().nullable(),
  creadoPor: z.string(),
  modificadoPor: z.string(),
});
export type Producto = z.infer<typeof Producto>;

export const ProductoGuardado = z.object({ producto: Producto, solicitudDuplicada: z.boolean() });
export type ProductoGuardado = z.infer<typeof ProductoGuardado>;

/** A row of the product lists: the product without its heavy parts, with the warehouse's stock. */
export const ProductoEnLista = Producto.omit({
  horarioDeTrabajo: true,
  cuentaContableVentas: true,
  cuentaContableInventario: true,
  cuentaContableCostoDeVenta: true,
  ajustesPorSaldosInicialesEnInventario: true,
  asignaciones: true,
  listaDePrecioAsignada: true,
  idUsuarioCreador: true,
  creadoPor: true,
  modificadoPor: true,
}).extend({
  nombreCategoria: z.string().nullable(),
  idAlmacen: z.string().nullable(),
  cantidadMinima: z.number(),
  notificacionExistencia: z.union([z.literal(0), z.literal(1)]).nullable(),
});
export type ProductoEnLista = z.infer<typeof ProductoEnLista>;

export const PaginaDeProductos = z.object({ res: z.array(ProductoEnLista), totalRows: z.number() });
export type PaginaDeProductos = z.infer<typeof PaginaDeProductos>;

const LimiteProductos = z.coerce
  .number()
  .int()
  .min(1)
  .max(500, 'No se pueden pedir más de 500 filas por página')
  .default(LIMITE_PRODUCTOS);
const IdFiltro = z
  .union([z.literal(''), z.uuid({ error: 'El identificador no es válido' })])
  .nullish()
  .transform((valor) => (valor ? valor : null));

/** POST /registro-productos/todos {input, page, limit, periodo}. */
// Lists leave out Anulado products unless that state is asked for (the audit and reactivation list).
const EstadoDeFiltro = z.union([z.literal(''), z.enum(ESTADOS_DE_PRODUCTO)]).default('');

export const FiltroTodosLosProductos = Paginacion.extend({
  limit: LimiteProductos,
  input: Texto(200).default(''),
  buscarPorEstado: EstadoDeFiltro,
  periodo: z.unknown().optional(),
});
export type FiltroTodosLosProductos = z.infer<typeof FiltroTodosLosProductos>;

/**
 * A bookable service as the public booking page shows it (never its cost or stock): the answer of
 * POST /registro-productos/servcios-reservables/, a public call (docs/reservaciones.md).
 */
export const ServicioReservable = z.object({
  _id: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  avatar: z.string().nullable(),
  precioDeVenta: z.number(),
  tipoDeReserva: z.string(),
  duracionReserva: z.number(),
  idUsuarioProveedor: z.string().nullable(),
  horaDeInicioPorDefecto: z.string(),
  horaDeCierrePorDefecto: z.string(),
  horarioDeTrabajo: z.array(DiaDeTrabajo),
});
export type ServicioReservable = z.infer<typeof ServicioReservable>;

export const PaginaDeServiciosReservables = z.object({
  res: z.array(ServicioReservable),
  totalRows: z.number(),
});
export type PaginaDeServiciosReservables = z.infer<typeof PaginaDeServiciosReservables>;

/** POST /registro-productos/porAlmacen/ and the other per-warehouse lists. */
export const FiltroPorAlmacen = Paginacion.extend({
  limit: LimiteProductos,
  idCategoria: IdFiltro,
  idAlmacen: IdFiltro,
  input: Texto(200).default(''),
  tipo: Texto(50).default(''),
  excluirDelCatalogo: z.boolean().default(false),
  buscarPorEstado: EstadoDeFiltro,
});
export type FiltroPorAlmacen = z.infer<typeof FiltroPorAlmacen>;

export const ParamsCodigo = z.object({ code: Texto(100).min(1, 'Falta el código') });
export const ConsultaCodigo = z.object({ idProducto: z.uuid().optional() });
export const CodigoOcupado = z.object({ activo: z.boolean(), nombre: z.string() });

/** PUT /registro-productos/anular/{id}: Anulado by default; autorizacion sent as Pendiente (spec 002 §4). */
export const AnularProducto = z
  .object({
    _id: z.uuid().optional(),
    estado: z.enum(ESTADOS_DE_PRODUCTO).default('Anulado'),
    autorizacion: Texto(50).nullable().optional(),
    notaAnular: textoOpcional(500).default(''),
  })
  .default({ estado: 'Anulado', notaAnular: '' });

// ---------------------------------------------------------------- adding to a document

const OpcionesDeAgregar = {
  idCodigoDeBarra: z
    .string({ error: 'Falta el código del producto' })
    .trim()
    .min(1, 'Falta el código del producto')
    .max(120),
  cantidad: Cantidad().optional(),
  descripcion: Texto(2000).optional(),
  /** A unit price before tax that replaces the computed one (price refresh, edited line). */
  precioModificado: PrecioUnitario('El precio modificado').optional(),
  agregarComoPaquete: z.boolean().default(false),
};

/** POST /registro-productos/agregarproducto (spec 000 §7), plus the price list and customer (§4). */
export const AgregarProducto = z.object({
  ...OpcionesDeAgregar,
  Almacen: z.uuid({ error: MENSAJE_NO_DISPONIBLE_EN_ALMACEN }),
  impuestos: z.array(ImpuestoDeProducto).max(10).optional(),
  bloqueoPorNoExistenciaDelInventario: z.boolean().default(false),
  disminuirCantidad: z.boolean().default(false),
  noActualizarCantidad: z.boolean().default(false),
  noDuplicarProducto: z.boolean().default(false),
  variantes: z.array(Variante).max(50).default([]),
  /** The document's price list (absent: the product's own price). */
  idListaDePrecio: z.uuid({ error: 'La lista de precio no es válida' }).nullish(),
  /** The document's customer: a partner (socio) gets the product's descuentoParaSocios. */
  idCliente: z.uuid({ error: 'El cliente no es válido' }).nullish(),
});
export type AgregarProducto = z.infer<typeof AgregarProducto>;

/** POST registro-productos/agregar-producto-compras (spec 000 §7). */
export const AgregarProductoCompras = z.object({
  ...OpcionesDeAgregar,
  Almacen: z.uuid().nullish(),
});
export type AgregarProductoCompras = z.infer<typeof AgregarProductoCompras>;

/** The line the domain builds for the product (lineaDesdeProducto), ready for the merge rules. */
export const LineaCalculadaDeProducto = z.object({
  idProducto: z.string(),
  idCodigoDeBarra: z.string().optional(),
  descripcion: z.string(),
  cantidad: z.number(),
  precio: z.string(),
  precioPredeterminado: z.string(),
  precioDeVenta: z.number(),
  descuento: z.number(),
  descuentoParaSocios: z.number(),
  impuestos: z.array(ImpuestoDeProducto),
  variantes: z.array(z.object({ valor: z.number() }).loose()),
  listaDePrecioAsignada: z.array(z.object({ idLista: z.string(), precio: z.number() })),
  paquete: z.boolean(),
  itemPersonalizado: z.boolean(),
  facturado: z.boolean(),
});

/** Spec 000 §3 "Product as returned when adding a line", with the stock and the ready line. */
export const ProductoParaDocumento = z.object({
  _id: z.string(),
  idProductoMaster: z.string(),
  nombre: z.string(),
  tipo: z.string(),
  categoria: z.string().nullable(),
  numeroProducto: z.number(),
  referencia: z.string(),
  idCodigoDeBarra: z.string(),
  costo: z.number(),
  costoPromedio: z.number(),
  precioTotal: z.number(),
  precioDeVenta: z.number(),
  precioSinImpuesto: z.number(),
  precioSinImpuestoSinRedondeo: z.string(),
  impuestos: z.array(ImpuestoDeProducto),
  impuesto: z.string(),
  listaDePrecioAsignada: z.array(z.object({ idLista: z.string(), precio: z.number() })),
  descuento: z.number(),
  descuentoParaSocios: z.number(),
  variantes: z.array(VarianteGuardada),
  opcionesDeVariantes: z.array(z.unknown()),
  productoInventariable: z.boolean(),
  itemPersonalizado: z.boolean(),
  ventaSinDisponibilidad: z.boolean(),
  notificacionExistencia: z.union([z.literal(0), z.literal(1)]).nullable(),
  bloqueoPorInventario: z.boolean(),
  paqueteIncluido: z.boolean(),
  nombrePaquete: z.string(),
  cantidadPorPaquete: z.number(),
  precioPorPaquete: z.string(),
  precioPorPaqueteConImpuesto: z.number(),
  costoPorPaquete: z.number(),
  idAlmacen: z.string().nullable(),
  tasaComision: z.number(),
  avatar: z.string().nullable(),
  cuentaContableVentas: z.string().nullable(),
  cuentaContableInventario: z.string().nullable(),
  cuentaContableCostoDeVenta: z.string().nullable(),
  modoPlan: z.string(),
  frecuencia: z.number(),
  vigencia: z.string(),
  cantidadDeUsuarios: z.number(),
  disponibilidad: z.number(),
  cantidadMinima: z.number(),
  /** What the code asked for: quantity, package mode, custom item (scale label). */
  cantidad: z.number(),
  paquete: z.boolean(),
  linea: LineaCalculadaDeProducto,
  /** The stock banner to show (spec 000 §8), when any. */
  aviso: z.object({ tipo: z.enum(['warning', 'danger']), mensaje: z.string() }).nullable(),
});
export type ProductoParaDocumento = z.infer<typeof ProductoParaDocumento>;

/** The agregarproducto answer: the product, and the merge flags to hand to the domain's agregarProducto. */
export const ProductoAgregado = ProductoParaDocumento.extend({
  opciones: z.object({
    disminuirCantidad: z.boolean(),
    noActualizarCantidad: z.boolean(),
    noDuplicarProducto: z.boolean(),
  }),
});

/** A quotation line sent to POST /registro-productos/convertir/ (its own fields are kept). */
export const LineaAConvertir = z
  .object({
    idProducto: z.uuid({ error: 'El producto de la línea no es válido' }),
    cantidad: Cantidad().default(1),
    paquete: z.boolean().default(false),
  })
  .loose();

export const ConvertirLineas = z.union([
  z.array(LineaAConvertir).max(500),
  z.object({ lineas: z.array(LineaAConvertir).max(500), Almacen: z.uuid().nullish() }),
]);
export type ConvertirLineas = z.infer<typeof ConvertirLineas>;

export const LineasConvertidas = z.object({
  nuevaLineaProducto: z.array(
    z
      .object({
        idProducto: z.string(),
        producto: ProductoParaDocumento.nullable(),
        disponible: z.boolean(),
      })
      .loose(),
  ),
});

/**
 * POST /registro-productos/todos-for-offline (spec 000 §7): what the POS needs of a product to
 * find, price and list it with no network, and nothing more. 100,000 of them must download and store
 * in seconds, so the costs, accounts, audit and plan fields of the full product stay on the server.
 */
export const ProductoOffline = z.object({
  _id: z.string(),
  nombre: z.string(),
  idCodigoDeBarra: z.string(),
  categoria: z.string().nullable(),
  nombreCategoria: z.string().nullable(),
  estado: z.string(),
  precioTotal: z.number(),
  precioSinImpuestoSinRedondeo: z.string(),
  precioDeVenta: z.number(),
  impuestos: z.array(ImpuestoDeProducto),
  descuentoParaSocios: z.number(),
  itemPersonalizado: z.boolean(),
  productoInventariable: z.boolean(),
  ventaSinDisponibilidad: z.boolean(),
  bloqueoPorInventario: z.boolean(),
  paqueteIncluido: z.boolean(),
  nombrePaquete: z.string(),
  cantidadPorPaquete: z.number(),
  precioPorPaqueteConImpuesto: z.number(),
  listaDePrecioAsignada: z.array(z.object({ idLista: z.string(), precio: z.number() })),
  asignaciones: z.array(
    z.object({ idAlmacen: z.string(), disponibilidad: z.number(), cantidadMinima: z.number() }),
  ),
});
export const ProductosOffline = z.object({ res: z.array(ProductoOffline) });
export type ProductoOffline = z.output<typeof ProductoOffline>;

export const AccionVentaSinDisponibilidad = z.object({
  accion: z.boolean({ error: 'La acción debe ser verdadero o falso' }),
});
export const AsignarAlmacenATodos = z
  .object({ idAlmacen: z.uuid({ error: 'El almacén no es válido' }).nullish() })
  .nullish();
export const ResultadoMasivo = z.object({ message: z.string(), modificados: z.number() });
export const ParamsObjectId = z.object({ n: z.literal('1', { error: 'Solo se genera un identificador' }) });

export const productos = {
  crear: endpoint({
    method: 'POST',
    path: '/registro-productos/',
    body: CrearProducto,
    params: SinParams,
    respuesta: ProductoGuardado,
  }),
  actualizar: endpoint({
    method: 'PUT',
    path: '/registro-productos/:id',
    body: ActualizarProducto,
    params: ParamsId,
    respuesta: ProductoGuardado,
  }),
  obtener: endpoint({
    method: 'GET',
    path: '/registro-productos/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: Producto,
  }),
  codigoOcupado: endpoint({
    method: 'GET',
    path: '/registro-productos/barra/:code',
    body: Vacio,
    params: ParamsCodigo,
    query: ConsultaCodigo,
    respuesta: CodigoOcupado,
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: '/registro-productos/:id',
    body: Vacio,
    params: ParamsId,
    respuesta: Mensaje,
  }),
  anular: endpoint({
    method: 'PUT',
    path: '/registro-productos/anular/:id',
    body: AnularProducto,
    params: ParamsId,
    respuesta: Producto,
  }),
  todos: endpoint({
    method: 'POST',
    path: '/registro-productos/todos',
    efecto: 'lee',
    body: FiltroTodosLosProductos,
    params: SinParams,
    respuesta: PaginaDeProductos,
  }),
  porAlmacen: endpoint({
    method: 'POST',
    path: '/registro-productos/porAlmacen/',
    efecto: 'lee',
    body: FiltroPorAlmacen,
    params: SinParams,
    respuesta: PaginaDeProductos,
  }),
  favoritosPorAlmacen: endpoint({
    method: 'POST',
    path: '/registro-productos/favoritos-por-almacen/',
    efecto: 'lee',
    body: FiltroPorAlmacen,
    params: SinParams,
    respuesta: PaginaDeProductos,
  }),
  ofertas: endpoint({
    method: 'POST',
    path: '/registro-productos/ofertas/',
    efecto: 'lee',
    body: FiltroPorAlmacen,
    params: SinParams,
    respuesta: PaginaDeProductos,
  }),
  serviciosReservables: endpoint({
    method: 'POST',
    path: '/registro-productos/servcios-reservables/', // sic
    efecto: 'lee',
    body: FiltroPorAlmacen,
    params: SinParams,
    respuesta: PaginaDeServiciosReservables,
  }),
  todosParaOffline: endpoint({
    method: 'POST',
    path: '/registro-productos/todos-for-offline',
    efecto: 'lee',
    body: Vacio,
    params: SinParams,
    respuesta: ProductosOffline,
  }),
  agregarProducto: endpoint({
    method: 'POST',
    path: '/registro-productos/agregarproducto',
    efecto: 'lee',
    body: AgregarProducto,
    params: SinParams,
    respuesta: ProductoAgregado,
  }),
  agregarProductoCompras: endpoint({
    method: 'POST',
    path: '/registro-productos/agregar-producto-compras',
    efecto: 'lee',
    body: AgregarProductoCompras,
    params: SinParams,
    respuesta: ProductoParaDocumento,
  }),
  convertir: endpoint({
    method: 'POST',
    path: '/registro-productos/convertir/',
    efecto: 'lee',
    body: ConvertirLineas,
    params: SinParams,
    respuesta: LineasConvertidas,
  }),
  actualizarVentaSinDisponibilidad: endpoint({
    method: 'POST',
    path: '/registro-productos/update-venta-sin-disponibilidad',
    body: AccionVentaSinDisponibilidad,
    params: SinParams,
    respuesta: ResultadoMasivo,
  }),
  asignarAlmacenATodos: endpoint({
    method: 'POST',
    path: '/registro-productos/asignar-almacen-a-todos-los-productos/',
    body: AsignarAlmacenATodos,
    params: SinParams,
    respuesta: ResultadoMasivo,
  }),
  corregirPrecioSinImpuesto: endpoint({
    method: 'GET',
    path: '/registro-productos/fix-precio-sin-impuesto',
    // The spec's GET rewrites every product's price: read mode must refuse it like any write.
    efecto: 'escribe',
    body: Vacio,
    params: SinParams,
    respuesta: ResultadoMasivo,
  }),
  nuevoIdDeVariante: endpoint({
    method: 'GET',
    path: '/general/objectid/:n',
    body: Vacio,
    params: ParamsObjectId,
    respuesta: z.object({ objectId: z.string() }),
  }),
};
