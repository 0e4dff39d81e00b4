import {
  bigint,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Autorizacion, EstadoDeDocumento } from '../../documentos/columnas.ts';

// Spec 001 §3 "Dispatch note"; migration 0019. No prices: per invoice line, the quantity handed over.
export const conducesDeDespacho = pgTable(
  'conduces_de_despacho',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    /** numeroConduceDespacho, from the company counter. */
    numero: bigint('numero', { mode: 'number' }).notNull(),
    idFactura: uuid('id_factura').notNull(),
    comprobanteFactura: text('comprobante_factura').notNull().default(''),
    nombreCliente: text('nombre_cliente').notNull().default(''),
    idChofer: uuid('id_chofer'),
    nombreChofer: text('nombre_chofer').notNull().default(''),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    nota: text('nota').notNull().default(''),
    estado: text('estado').$type<EstadoDeDocumento>().notNull().default('Activo'),
    autorizacion: text('autorizacion').$type<Autorizacion>(),
    tipoDeAnulacion: text('tipo_de_anulacion').notNull().default(''),
    notaAnular: text('nota_anular').notNull().default(''),
    notaAutorizacion: text('nota_autorizacion').notNull().default(''),
    idUsuarioCreador: uuid('id_usuario_creador').notNull(),
    creadaPor: text('creada_por').notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const lineasConduceDeDespacho = pgTable(
  'lineas_conduce_de_despacho',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idConduceDespacho: uuid('id_conduce_despacho').notNull(),
    orden: integer('orden').notNull(),
    idLineaFactura: uuid('id_linea_factura').notNull(),
    idProducto: uuid('id_producto').notNull(),
    descripcion: text('descripcion').notNull(),
    cantidadDespachada: numeric('cantidad_despachada', { precision: 18, scale: 4 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export type FilaConduceDespacho = typeof conducesDeDespacho.$inferSelect;
export type FilaLineaConduceDespacho = typeof lineasConduceDeDespacho.$inferSelect;
