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

// Spec 002 §3 "Accounting" journal entry header and lines; migration 0032.
export const entradasDeDiario = pgTable(
  'entradas_de_diario',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    idNumeracion: uuid('id_numeracion').notNull(),
    numeracionNombre: text('numeracion_nombre').notNull().default(''),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    comprobante: text('comprobante').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    descripcionGeneral: text('descripcion_general').notNull().default(''),
    idEntradaDeDiarioRef: uuid('id_entrada_de_diario_ref'),
    totalDebito: numeric('total_debito', { precision: 14, scale: 2 }).notNull(),
    totalCredito: numeric('total_credito', { precision: 14, scale: 2 }).notNull(),
    estado: text('estado').$type<'Activo' | 'Por-Anular' | 'Anulado'>().notNull().default('Activo'),
    autorizacion: text('autorizacion').$type<'Pendiente' | 'Aprobada' | 'Rechazada'>(),
    tipoDeAnulacion: text('tipo_de_anulacion').notNull().default(''),
    notaAnular: text('nota_anular').notNull().default(''),
    notaAutorizacion: text('nota_autorizacion').notNull().default(''),
    idUsuarioCreador: uuid('id_usuario_creador').notNull(),
    creadoPor: text('creado_por').notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const lineasEntradaDeDiario = pgTable(
  'lineas_entrada_de_diario',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idEntradaDeDiario: uuid('id_entrada_de_diario').notNull(),
    orden: integer('orden').notNull(),
    idCuenta: uuid('id_cuenta').notNull(),
    debito: numeric('debito', { precision: 14, scale: 2 }).notNull().default('0'),
    credito: numeric('credito', { precision: 14, scale: 2 }).notNull().default('0'),
    idCentroDeCosto: uuid('id_centro_de_costo'),
    idContacto: uuid('id_contacto'),
    nota: text('nota').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
