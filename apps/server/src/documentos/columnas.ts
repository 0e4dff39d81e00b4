import type { Impuesto } from '@pos/domain';
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// The columns every sales document of the kit has (spec 001 §1 "Shared behaviour", §3, §4): the
// header (numbering, the customer's snapshot, price list and warehouse, dates, totals, lifecycle,
// creator) and the lines (the product as priced, and the domain's amounts). A family's migration
// creates its two tables with exactly these columns (db/deriva.test.ts compares them).

const dinero = (nombre: string) => numeric(nombre, { precision: 14, scale: 2 }).notNull().default('0');

export type EstadoDeDocumento = 'Activo' | 'Por-Anular' | 'Anulado';
export type Autorizacion = 'Pendiente' | 'Aprobada' | 'Rechazada';

function columnasDeCabecera() {
  return {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    idNumeracion: uuid('id_numeracion'),
    numeracionNombre: text('numeracion_nombre').notNull().default(''),
    /** The sequence number (numeroCotizacion, numeroConduce, …: the family names it in its answer). */
    numero: bigint('numero', { mode: 'number' }).notNull(),
    comprobante: text('comprobante').notNull(),
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
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    hora: text('hora').notNull(),
    vencimiento: date('vencimiento', { mode: 'string' }),
    importe: dinero('importe'),
    descuento: dinero('descuento'),
    subtotal: dinero('subtotal'),
    impuestos: dinero('impuestos'),
    totalGral: dinero('total_gral'),
    notaPieDePagina: text('nota_pie_de_pagina').notNull().default(''),
    notaInformacionInterna: text('nota_informacion_interna').notNull().default(''),
    estado: text('estado').$type<EstadoDeDocumento>().notNull().default('Activo'),
    autorizacion: text('autorizacion').$type<Autorizacion>(),
    tipoDeAnulacion: text('tipo_de_anulacion').notNull().default(''),
    notaAnular: text('nota_anular').notNull().default(''),
    notaAutorizacion: text('nota_autorizacion').notNull().default(''),
    idUsuarioCreador: uuid('id_usuario_creador').notNull(),
    creadaPor: text('creada_por').notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  };
}

function columnasDeLinea() {
  return {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idDocumento: uuid('id_documento').notNull(),
    orden: integer('orden').notNull(),
    idProducto: uuid('id_producto').notNull(),
    idCodigoDeBarra: text('id_codigo_de_barra').notNull().default(''),
    descripcion: text('descripcion').notNull(),
    nota: text('nota').notNull().default(''),
    cantidad: numeric('cantidad', { precision: 18, scale: 4 }).notNull(),
    precio: numeric('precio', { precision: 26, scale: 12 }).notNull(),
    descuento: numeric('descuento', { precision: 9, scale: 6 }).notNull().default('0'),
    descuentoParaSocios: numeric('descuento_para_socios', { precision: 5, scale: 2 }).notNull().default('0'),
    impuestos: jsonb('impuestos').$type<Impuesto[]>().notNull().default([]),
    paquete: boolean('paquete').notNull().default(false),
    variantes: jsonb('variantes').$type<{ valor: number; _id?: string }[]>().notNull().default([]),
    importe: dinero('importe'),
    montoDescuento: dinero('monto_descuento'),
    subtotal: dinero('subtotal'),
    totalImpuestos: dinero('total_impuestos'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
  };
}

/**
 * The header and lines tables of one sales-document family (`cotizaciones` + `lineas_cotizacion`).
 * `extras` are the family's own header columns (a delivery note's kind, invoice and withdrawn total),
 * after the kit's; its migration creates them after the kit's columns too. `extrasDeLinea` are the
 * same for its lines (a credit note's line names the invoice line it returns).
 */
export function tablasDeVenta<
  E extends Record<string, PgColumnBuilderBase> = Record<never, never>,
  L extends Record<string, PgColumnBuilderBase> = Record<never, never>,
>(cabecera: string, lineas: string, extras?: E, extrasDeLinea?: L) {
  return {
    cabecera: pgTable(cabecera, { ...columnasDeCabecera(), ...(extras ?? ({} as E)) }, (t) => [
      primaryKey({ columns: [t.tenantId, t.id] }),
    ]),
    lineas: pgTable(lineas, { ...columnasDeLinea(), ...(extrasDeLinea ?? ({} as L)) }, (t) => [
      primaryKey({ columns: [t.tenantId, t.id] }),
    ]),
  };
}

/** The kit's view of a family's tables: its own columns (extras) are the family's to read and write. */
export type TablasDeVenta = ReturnType<typeof tablasDeVenta<Record<never, never>, Record<never, never>>>;
export type FilaCabecera = TablasDeVenta['cabecera']['$inferSelect'];
export type FilaLinea = TablasDeVenta['lineas']['$inferSelect'];
export type NuevaCabecera = TablasDeVenta['cabecera']['$inferInsert'];
export type NuevaLinea = TablasDeVenta['lineas']['$inferInsert'];
