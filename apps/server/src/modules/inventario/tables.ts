import { integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { columnasDeDesactivacion, columnasDeRegistro } from '../../db/columnas.ts';

// Migration 0002. Spec 002 §3: Warehouse, Order-assignment place, Category, Section, Production area.

const comunes = columnasDeRegistro();
const estado = columnasDeDesactivacion();

export const almacenes = pgTable(
  'almacenes',
  {
    ...comunes,
    nombre: text('nombre').notNull(),
    numeroAlmacen: integer('numero_almacen').notNull(),
    ...estado,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('almacenes_identificador_unico').on(t.tenantId, t.identificadorUnico),
  ],
);

export const lugaresDeAsignacion = pgTable(
  'lugares_de_asignacion',
  {
    ...comunes,
    nombreDeAsignacion: text('nombre_de_asignacion').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    tipo: text('tipo').notNull().default(''),
    ...estado,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('lugares_de_asignacion_identificador_unico').on(t.tenantId, t.identificadorUnico),
  ],
);

export const categorias = pgTable(
  'categorias',
  {
    ...comunes,
    orden: integer('orden').notNull().default(0),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    avatar: text('avatar'),
    ...estado,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('categorias_identificador_unico').on(t.tenantId, t.identificadorUnico),
  ],
);

export const secciones = pgTable(
  'secciones',
  {
    ...comunes,
    orden: integer('orden').notNull().default(0),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    avatar: text('avatar'),
    categoriasProductosSeccionada: uuid('categorias_productos_seccionada').array().notNull().default([]),
    ...estado,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('secciones_identificador_unico').on(t.tenantId, t.identificadorUnico),
  ],
);

export const areasDeProduccion = pgTable(
  'areas_de_produccion',
  {
    ...comunes,
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    categoriasProductosSeccionada: uuid('categorias_productos_seccionada').array().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('areas_de_produccion_identificador_unico').on(t.tenantId, t.identificadorUnico),
  ],
);
