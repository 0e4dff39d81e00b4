import type { Adjunto, DocumentoExpediente, Evento, Tarea } from '@pos/contract';
import type { EstadoDeExpediente } from '@pos/domain';
import {
  bigint,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Spec 002 §3 "Case file (expediente)"; migration 0043.
export const expedientes = pgTable(
  'expedientes',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    idNumeracion: uuid('id_numeracion').notNull(),
    numeracionNombre: text('numeracion_nombre').notNull().default(''),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    comprobante: text('comprobante').notNull(),
    idCliente: uuid('id_cliente').notNull(),
    nombre: text('nombre').notNull(),
    numeroDeIdentificacion: text('numero_de_identificacion').notNull().default(''),
    correo: text('correo').notNull().default(''),
    telefono: text('telefono').notNull().default(''),
    movil: text('movil').notNull().default(''),
    direccion: text('direccion').notNull().default(''),
    nota: text('nota').notNull().default(''),
    fechaEmision: date('fecha_emision', { mode: 'string' }).notNull(),
    hora: text('hora').notNull(),
    vencimiento: date('vencimiento', { mode: 'string' }),
    estado: text('estado').$type<'Activo' | 'Por-Anular' | 'Anulado'>().notNull().default('Activo'),
    autorizacion: text('autorizacion').$type<'Pendiente' | 'Aprobada' | 'Rechazada'>(),
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

export const lineasExpediente = pgTable(
  'lineas_expediente',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idExpediente: uuid('id_expediente').notNull(),
    numero: integer('numero').notNull(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    contenido: text('contenido').notNull().default(''),
    estado: text('estado').$type<EstadoDeExpediente>().notNull().default('Pendiente'),
    tareas: jsonb('tareas').$type<Tarea[]>().notNull().default([]),
    documentos: jsonb('documentos').$type<DocumentoExpediente[]>().notNull().default([]),
    adjuntos: jsonb('adjuntos').$type<Adjunto[]>().notNull().default([]),
    eventos: jsonb('eventos').$type<Evento[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
