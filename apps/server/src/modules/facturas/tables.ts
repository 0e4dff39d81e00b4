import type { DocumentoDeOrigen, MetodoSimple } from '@pos/contract';
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export type ImpuestoGuardado = { name?: string; tipoDeImpuesto?: string; tasa: number; total: number };
export type RetencionGuardada = {
  idRetencionSeleccionada: string;
  nombre: string;
  nombreDetallado: string;
  monto: number;
  porcentaje: number;
  tipoRetencion: string;
  idCuenta: string | null;
};
type Estado = 'Activo' | 'Por-Anular' | 'Anulado';
type Autorizacion = 'Pendiente' | 'Aprobada' | 'Rechazada';

const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 }).notNull().default('0');

// Spec 001 §3 "Invoice"; migration 0008.
export const facturas = pgTable(
  'facturas',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    idNumeracion: uuid('id_numeracion'),
    numeracionNombre: text('numeracion_nombre').notNull().default(''),
    numeroFactura: bigint('numero_factura', { mode: 'number' }),
    comprobante: text('comprobante'),
    tipoNcf: text('tipo_ncf'),
    vencimientoNcf: date('vencimiento_ncf', { mode: 'string' }),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    hora: text('hora').notNull(),
    vencimiento: timestamp('vencimiento', { withTimezone: true }).notNull(),
    plazoPagos: integer('plazo_pagos').notNull().default(0),
    idCliente: uuid('id_cliente'),
    nombre: text('nombre').notNull().default(''),
    nombreOpcional: text('nombre_opcional').notNull().default(''),
    rnc: text('rnc').notNull().default(''),
    tipoDeIdentificacion: text('tipo_de_identificacion').notNull().default(''),
    cedula: text('cedula').notNull().default(''),
    telefono: text('telefono').notNull().default(''),
    movil: text('movil').notNull().default(''),
    correo: text('correo').notNull().default(''),
    direccion: text('direccion').notNull().default(''),
    socio: boolean('socio').notNull().default(false),
    idListaDePrecio: uuid('id_lista_de_precio'),
    idAlmacen: uuid('id_almacen').notNull(),
    idTerminal: uuid('id_terminal'),
    idTurno: uuid('id_turno'),
    desdePos: boolean('desde_pos').notNull().default(false),
    metodoDePago: text('metodo_de_pago').notNull().default('Efectivo'),
    numeroDeAprobacionTarjeta: text('numero_de_aprobacion_tarjeta').notNull().default(''),
    importe: dinero('importe'),
    descuento: dinero('descuento'),
    subtotal: dinero('subtotal'),
    impuestos: dinero('impuestos'),
    itbis: dinero('itbis'),
    desgloseDeImpuestos: jsonb('desglose_de_impuestos')
      .$type<{ name: string; tipoDeImpuesto: string; total: number }[]>()
      .notNull()
      .default([]),
    total: dinero('total'),
    totalRetenciones: dinero('total_retenciones'),
    montoAPagar: dinero('monto_a_pagar'),
    efectivoRecibido: dinero('efectivo_recibido'),
    /** What was paid at the sale; what receipts apply later is in the receivables ledger (migration 0016). */
    cobrado: dinero('cobrado'),
    cambioDeDinero: dinero('cambio_de_dinero'),
    costoTotal: numeric('costo_total', { precision: 18, scale: 4 }).notNull().default('0'),
    retenciones: jsonb('retenciones').$type<RetencionGuardada[]>().notNull().default([]),
    notaPieDePagina: text('nota_pie_de_pagina').notNull().default(''),
    notaInformacionInterna: text('nota_informacion_interna').notNull().default(''),
    numeroBorradorPos: integer('numero_borrador_pos'),
    location: jsonb('location').$type<{ lat: number; lng: number } | null>(),
    /** The sales order this invoice bills (migration 0014). */
    idPedido: uuid('id_pedido'),
    /** The quotations and delivery notes it was made from (migration 0020), kept once cancelled. */
    documentosDeOrigen: jsonb('documentos_de_origen').$type<DocumentoDeOrigen[]>().notNull().default([]),
    /** Spec 001 §3 "Invoice": the cost centre its entry's lines carry (migration 0031). */
    idCentroDeCosto: uuid('id_centro_de_costo'),
    centroDeCosto: text('centro_de_costo').notNull().default(''),
    estado: text('estado').$type<Estado>().notNull().default('Activo'),
    autorizacion: text('autorizacion').$type<Autorizacion>(),
    activo: boolean('activo').notNull().default(true),
    notaAnular: text('nota_anular').notNull().default(''),
    tipoDeAnulacion: text('tipo_de_anulacion').notNull().default(''),
    notaAutorizacion: text('nota_autorizacion').notNull().default(''),
    creadaPor: text('creada_por').notNull().default(''),
    idUsuarioCreador: uuid('id_usuario_creador'),
    idUsuarioModificador: uuid('id_usuario_modificador'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

// Spec 001 §3 "Invoice line".
export const lineasFactura = pgTable(
  'lineas_factura',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idFactura: uuid('id_factura').notNull(),
    orden: integer('orden').notNull().default(0),
    idProducto: uuid('id_producto').notNull(),
    idCodigoDeBarra: text('id_codigo_de_barra').notNull().default(''),
    descripcion: text('descripcion').notNull(),
    nota: text('nota').notNull().default(''),
    cantidad: numeric('cantidad', { precision: 18, scale: 4 }).notNull(),
    unidades: numeric('unidades', { precision: 18, scale: 4 }).notNull(),
    precio: numeric('precio', { precision: 26, scale: 12 }).notNull(),
    precioDeVenta: dinero('precio_de_venta'),
    descuento: numeric('descuento', { precision: 9, scale: 6 }).notNull().default('0'),
    descuentoParaSocios: numeric('descuento_para_socios', { precision: 5, scale: 2 }).notNull().default('0'),
    impuestos: jsonb('impuestos').$type<ImpuestoGuardado[]>().notNull().default([]),
    importe: numeric('importe', { precision: 14, scale: 2 }).notNull(),
    montoDescuento: numeric('monto_descuento', { precision: 14, scale: 2 }).notNull(),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull(),
    totalImpuestos: numeric('total_impuestos', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    costoUnitario: numeric('costo_unitario', { precision: 26, scale: 12 }).notNull().default('0'),
    paquete: boolean('paquete').notNull().default(false),
    itemPersonalizado: boolean('item_personalizado').notNull().default(false),
    variantes: jsonb('variantes').$type<unknown[]>().notNull().default([]),
    /** The delivery-note line it bills (migration 0020): it moved no stock, the conduce did. */
    idLineaConduce: uuid('id_linea_conduce'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

// What was paid at the sale, one row per method; receipts apply through the receivables ledger
// (modules/cartera, migration 0016).
export const pagosFactura = pgTable(
  'pagos_factura',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idFactura: uuid('id_factura').notNull(),
    origen: text('origen').$type<'factura' | 'ingreso'>().notNull().default('factura'),
    metodo: text('metodo').$type<MetodoSimple>().notNull(),
    monto: numeric('monto', { precision: 14, scale: 2 }).notNull(),
    numeroDeAprobacion: text('numero_de_aprobacion').notNull().default(''),
    idCuenta: uuid('id_cuenta').notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
