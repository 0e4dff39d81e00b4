import {
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Migration 0004. Spec 002 §3 "Product"; spec 000 §3 "Product as returned when adding a line".

export type ImpuestoDeProducto = { tasa: number; name: string; tipoDeImpuesto: string };
export type VarianteDeProducto = { _id: string; numeroDeVariante?: number; name: string; valor: number };
export type DiaDeTrabajo = { dia: string; horaDeInicio: string; horaDeCierre: string; estado: boolean };

export const productos = pgTable(
  'productos',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    idUsuarioCreador: uuid('id_usuario_creador'),
    idUsuarioModificador: uuid('id_usuario_modificador'),
    numeroProducto: bigint('numero_producto', { mode: 'number' }).notNull(),
    nombre: text('nombre').notNull(),
    nombreBusqueda: text('nombre_busqueda').notNull(),
    idCategoria: uuid('id_categoria'),
    tipo: text('tipo').notNull().default('producto'),
    unidadMedida: text('unidad_medida').notNull().default(''),
    avatar: text('avatar'),
    idCodigoDeBarra: text('id_codigo_de_barra').notNull().default('0'),
    referencia: text('referencia').notNull().default(''),
    descripcion: text('descripcion').notNull().default(''),
    impuesto: text('impuesto').notNull().default(''),
    impuestos: jsonb('impuestos').$type<ImpuestoDeProducto[]>().notNull().default([]),
    precioDeVenta: numeric('precio_de_venta', { precision: 14, scale: 2 }).notNull().default('0'),
    precioTotal: numeric('precio_total', { precision: 14, scale: 2 }).notNull().default('0'),
    precioSinImpuesto: numeric('precio_sin_impuesto', { precision: 14, scale: 2 }).notNull().default('0'),
    precioSinImpuestoSinRedondeo: numeric('precio_sin_impuesto_sin_redondeo', { precision: 26, scale: 12 })
      .notNull()
      .default('0'),
    costo: numeric('costo', { precision: 14, scale: 2 }).notNull().default('0'),
    costoPromedio: numeric('costo_promedio', { precision: 26, scale: 12 }).notNull().default('0'),
    ultimoCosto: numeric('ultimo_costo', { precision: 26, scale: 12 }).notNull().default('0'),
    tasaBeneficios: numeric('tasa_beneficios', { precision: 9, scale: 4 }).notNull().default('0'),
    tasaComision: numeric('tasa_comision', { precision: 9, scale: 4 }).notNull().default('0'),
    descuentoParaSocios: numeric('descuento_para_socios', { precision: 5, scale: 2 }).notNull().default('0'),
    productoInventariable: boolean('producto_inventariable').notNull().default(true),
    ventaSinDisponibilidad: boolean('venta_sin_disponibilidad').notNull().default(true),
    excluirDelCatalogo: boolean('excluir_del_catalogo').notNull().default(false),
    favorito: boolean('favorito').notNull().default(false),
    estado: text('estado').$type<'Activo' | 'Por-Anular' | 'Anulado'>().notNull().default('Activo'),
    autorizacion: text('autorizacion'),
    notaAnular: text('nota_anular').notNull().default(''),
    bloqueoPorInventario: boolean('bloqueo_por_inventario').notNull().default(false),
    itemPersonalizado: boolean('item_personalizado').notNull().default(false),
    paqueteIncluido: boolean('paquete_incluido').notNull().default(false),
    nombrePaquete: text('nombre_paquete').notNull().default(''),
    cantidadPorPaquete: numeric('cantidad_por_paquete', { precision: 14, scale: 4 }).notNull().default('0'),
    precioPorPaquete: numeric('precio_por_paquete', { precision: 26, scale: 12 }).notNull().default('0'),
    precioPorPaqueteConImpuesto: numeric('precio_por_paquete_con_impuesto', { precision: 14, scale: 2 })
      .notNull()
      .default('0'),
    costoPorPaquete: numeric('costo_por_paquete', { precision: 14, scale: 2 }).notNull().default('0'),
    modoPlan: text('modo_plan').notNull().default(''),
    frecuencia: integer('frecuencia').notNull().default(30),
    vigencia: text('vigencia').notNull().default(''),
    cantidadDeUsuarios: integer('cantidad_de_usuarios').notNull().default(0),
    reservable: boolean('reservable').notNull().default(false),
    tipoDeReserva: text('tipo_de_reserva').notNull().default('cita'),
    duracionReserva: integer('duracion_reserva').notNull().default(15),
    idUsuarioProveedor: uuid('id_usuario_proveedor'),
    horaDeInicioPorDefecto: text('hora_de_inicio_por_defecto').notNull().default('08:00'),
    horaDeCierrePorDefecto: text('hora_de_cierre_por_defecto').notNull().default('17:00'),
    horarioDeTrabajo: jsonb('horario_de_trabajo').$type<DiaDeTrabajo[]>().notNull().default([]),
    variantes: jsonb('variantes').$type<VarianteDeProducto[]>().notNull().default([]),
    opcionesDeVariantes: jsonb('opciones_de_variantes').$type<unknown[]>().notNull().default([]),
    idCuentaVentas: uuid('id_cuenta_ventas'),
    idCuentaInventario: uuid('id_cuenta_inventario'),
    idCuentaCostoDeVenta: uuid('id_cuenta_costo_de_venta'),
    idCuentaAjustesSaldosIniciales: uuid('id_cuenta_ajustes_saldos_iniciales'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const productosAlmacenes = pgTable(
  'productos_almacenes',
  {
    tenantId: integer('tenant_id').notNull(),
    idProducto: uuid('id_producto').notNull(),
    idAlmacen: uuid('id_almacen').notNull(),
    cantidadInicial: numeric('cantidad_inicial', { precision: 18, scale: 4 }).notNull().default('0'),
    cantidadMinima: numeric('cantidad_minima', { precision: 18, scale: 4 }).notNull().default('0'),
    cantidadMaxima: numeric('cantidad_maxima', { precision: 18, scale: 4 }).notNull().default('0'),
    disponibilidad: numeric('disponibilidad', { precision: 18, scale: 4 }).notNull().default('0'),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.idProducto, t.idAlmacen] })],
);

export const productosListasDePrecio = pgTable(
  'productos_listas_de_precio',
  {
    tenantId: integer('tenant_id').notNull(),
    idProducto: uuid('id_producto').notNull(),
    idLista: uuid('id_lista').notNull(),
    precio: numeric('precio', { precision: 14, scale: 2 }).notNull(),
    precioPorDefecto: boolean('precio_por_defecto').notNull().default(false),
    tasaBeneficios: numeric('tasa_beneficios', { precision: 9, scale: 4 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.idProducto, t.idLista] })],
);

export const movimientosDeInventario = pgTable(
  'movimientos_de_inventario',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idProducto: uuid('id_producto').notNull(),
    idAlmacen: uuid('id_almacen').notNull(),
    cantidad: numeric('cantidad', { precision: 18, scale: 4 }).notNull(),
    costoUnitario: numeric('costo_unitario', { precision: 26, scale: 12 }).notNull().default('0'),
    tipoDocumento: text('tipo_documento').notNull(),
    idDocumento: uuid('id_documento'),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    idUsuario: uuid('id_usuario'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
