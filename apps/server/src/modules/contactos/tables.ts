import type { TipoDeContacto } from '@pos/contract';
import {
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

// Spec 002 §3 "Contact (client or supplier)".
export const contactos = pgTable(
  'contactos',
  {
    tenantId: integer('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identificadorUnico: text('identificador_unico').notNull(),
    idUsuarioCreador: uuid('id_usuario_creador'),
    nombre: text('nombre').notNull(),
    apellidos: text('apellidos').notNull().default(''),
    avatar: text('avatar'),
    tipoDeIdentificacion: text('tipo_de_identificacion')
      .$type<'' | 'RNC' | 'Cédula' | 'Pasaporte'>()
      .notNull()
      .default(''),
    rnc: text('rnc').notNull().default(''),
    ncfPredeterminado: text('ncf_predeterminado').notNull().default(''),
    tipoDeContacto: text('tipo_de_contacto').$type<TipoDeContacto>().notNull().default('cliente'),
    idListaDePrecio: uuid('id_lista_de_precio'),
    idRuta: uuid('id_ruta'),
    limiteCredito: numeric('limite_credito', { precision: 14, scale: 2 }).notNull().default('0'),
    diasDeCredito: integer('dias_de_credito').notNull().default(0),
    socio: boolean('socio').notNull().default(false),
    descuentoParaSocios: numeric('descuento_para_socios', { precision: 5, scale: 2 }).notNull().default('0'),
    revendedor: boolean('revendedor').notNull().default(false),
    funcionEnLaEmpresa: text('funcion_en_la_empresa').notNull().default(''),
    direccion: text('direccion').notNull().default(''),
    location: jsonb('location').$type<{ lat: number; lng: number } | null>(),
    telefono: text('telefono').notNull().default(''),
    movil: text('movil').notNull().default(''),
    correo: text('correo').notNull().default(''),
    nota: text('nota').notNull().default(''),
    estado: text('estado').$type<'Activo' | 'Por-Anular' | 'Anulado'>().notNull().default('Activo'),
    autorizacion: text('autorizacion').$type<'Pendiente' | 'Aprobada' | 'Rechazada'>(),
    activo: boolean('activo').notNull().default(true),
    notaAnular: text('nota_anular').notNull().default(''),
    notaAutorizacion: text('nota_autorizacion').notNull().default(''),
    idCuentaPorCobrar: uuid('id_cuenta_por_cobrar'),
    idCuentaPorPagar: uuid('id_cuenta_por_pagar'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
