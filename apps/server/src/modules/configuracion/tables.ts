import type { CuentaContableVinculada } from '@pos/contract';
import {
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { columnasDeDesactivacion, columnasDeRegistro } from '../../db/columnas.ts';

// Migration 0002. Spec 002 §3: Tax, Price list, Withholding type, Terminal, Route, Plan.

const comunes = columnasDeRegistro();
const estado = columnasDeDesactivacion();

const cuenta = (nombre: string) => jsonb(nombre).$type<CuentaContableVinculada>();

export const impuestos = pgTable(
  'impuestos',
  {
    ...comunes,
    name: text('name').notNull(),
    tipoDeImpuesto: text('tipo_de_impuesto').notNull(),
    tasa: numeric('tasa', { precision: 9, scale: 6 }).notNull(),
    cuentaContableParaVenta: cuenta('cuenta_contable_para_venta'),
    cuentaContableParaCompras: cuenta('cuenta_contable_para_compras'),
    ...estado,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('impuestos_identificador_unico').on(t.tenantId, t.identificadorUnico),
  ],
);

export const listasDePrecio = pgTable(
  'listas_de_precio',
  {
    ...comunes,
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    activo: boolean('activo').notNull().default(true),
    tipo: boolean('tipo').notNull().default(false),
    porcentaje: numeric('porcentaje', { precision: 9, scale: 4 }).notNull().default('0'),
    diasDisponibles: smallint('dias_disponibles').array().notNull().default([]),
    vigencia: date('vigencia', { mode: 'string' }),
    esUnaOferta: boolean('es_una_oferta').notNull().default(false),
    predeterminado: boolean('predeterminado').notNull().default(false),
    ...estado,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('listas_de_precio_identificador_unico').on(t.tenantId, t.identificadorUnico),
  ],
);

export const tiposDeRetencion = pgTable(
  'tipos_de_retencion',
  {
    ...comunes,
    nombre: text('nombre').notNull(),
    porcentaje: numeric('porcentaje', { precision: 9, scale: 4 }).notNull(),
    tipo: text('tipo').notNull().default(''),
    tipoRetencion: text('tipo_retencion', { enum: ['isr', 'itbis'] }).notNull(),
    tipoRetencionIsr: text('tipo_retencion_isr').notNull().default(''),
    cuentaContableParaVenta: cuenta('cuenta_contable_para_venta'),
    cuentaContableParaCompras: cuenta('cuenta_contable_para_compras'),
    ...estado,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('tipos_de_retencion_identificador_unico').on(t.tenantId, t.identificadorUnico),
  ],
);

export const terminales = pgTable(
  'terminales',
  {
    ...comunes,
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    numeracionFacturas: uuid('numeracion_facturas'),
    numeracionDevoluciones: uuid('numeracion_devoluciones'),
    numeracionReciboDeCaja: uuid('numeracion_recibo_de_caja'),
    almacenPorDefecto: uuid('almacen_por_defecto'),
    usuariosViculados: uuid('usuarios_viculados').array().notNull().default([]), // sic
    cuentaDeTransferencias: cuenta('cuenta_de_transferencias'),
    cuentaDeTarjetaDeCredito: cuenta('cuenta_de_tarjeta_de_credito'),
    cuentaDeTarjetaDeDebitos: cuenta('cuenta_de_tarjeta_de_debitos'),
    bancoInicioDeTurno: cuenta('banco_inicio_de_turno'),
    bancoCierreDeTurno: cuenta('banco_cierre_de_turno'),
    predeterminado: boolean('predeterminado').notNull().default(false),
    cuentaPagoAnticiposClientes: cuenta('cuenta_pago_anticipos_clientes'),
    cajaDefectvoIdRef: text('caja_defectvo_id_ref'), // sic
    cuentaContableBanco: cuenta('cuenta_contable_banco'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('terminales_identificador_unico').on(t.tenantId, t.identificadorUnico),
  ],
);

export const rutas = pgTable(
  'rutas',
  {
    ...comunes,
    nombre: text('nombre').notNull(),
    direccion: text('direccion').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('rutas_identificador_unico').on(t.tenantId, t.identificadorUnico),
  ],
);

export const planes = pgTable(
  'planes',
  {
    ...comunes,
    descripcion: text('descripcion').notNull(),
    precio: numeric('precio', { precision: 14, scale: 2 }).notNull(),
    frecuencia: integer('frecuencia').notNull().default(30),
    vigencia: integer('vigencia').notNull().default(0),
    cantidadDeUsuarios: integer('cantidad_de_usuarios').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('planes_identificador_unico').on(t.tenantId, t.identificadorUnico),
  ],
);
