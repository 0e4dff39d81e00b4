import {
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { columnasDeRegistro } from '../../db/columnas.ts';

// Migration 0005. Spec 002 §3 "Inventory adjustment" and its lines.
export const ajustesDeInventario = pgTable(
  'ajustes_de_inventario',
  {
    ...columnasDeRegistro(),
    nombre: text('nombre').notNull(),
    fechaDeAjuste: date('fecha_de_ajuste', { mode: 'string' }).notNull(),
    hora: text('hora').notNull(),
    nota: text('nota').notNull().default(''),
    creadoPor: text('creado_por').notNull().default(''),
    idUsuarioCreador: uuid('id_usuario_creador'),
    idAlmacen: uuid('id_almacen').notNull(),
    text: text('text').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('ajustes_de_inventario_identificador_unico').on(t.tenantId, t.identificadorUnico),
  ],
);

export const lineasDeAjuste = pgTable(
  'lineas_de_ajuste',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idAjuste: uuid('id_ajuste').notNull(),
    orden: integer('orden').notNull().default(0),
    idProducto: uuid('id_producto').notNull(),
    idProductoOriginal: uuid('id_producto_original').notNull(),
    idAlmacen: uuid('id_almacen').notNull(),
    text: text('text').notNull().default(''),
    nombre: text('nombre').notNull(),
    cantidad: numeric('cantidad', { precision: 18, scale: 4 }).notNull(),
    tipoDeAjuste: boolean('tipo_de_ajuste').notNull().default(true),
    costoUnitario: numeric('costo_unitario', { precision: 26, scale: 12 }).notNull().default('0'),
    disponibilidad: numeric('disponibilidad', { precision: 18, scale: 4 }).notNull().default('0'),
    idCodigoDeBarra: text('id_codigo_de_barra').notNull().default(''),
    precio: numeric('precio', { precision: 14, scale: 2 }).notNull().default('0'),
    descripcion: text('descripcion').notNull().default(''),
    variantes: jsonb('variantes').$type<unknown[]>().notNull().default([]),
    impuestos: jsonb('impuestos').$type<unknown[]>().notNull().default([]),
    descuento: numeric('descuento', { precision: 9, scale: 4 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
