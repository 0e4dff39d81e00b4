import { boolean, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { columnasDeRegistro } from '../../db/columnas.ts';

// Migration 0005. Spec 002 §3 "Barcode profile".
const medida = (nombre: string) => numeric(nombre, { precision: 6, scale: 2 }).notNull();

export const perfilesBarcode = pgTable(
  'perfiles_barcode',
  {
    ...columnasDeRegistro(),
    nombre: text('nombre').notNull(),
    format: text('format').$type<'auto' | 'EAN13' | 'CODE128'>().notNull().default('auto'),
    incluirDescripcionBarcode: boolean('incluir_descripcion_barcode').notNull().default(true),
    incluirNombreEmpresaBarcode: boolean('incluir_nombre_empresa_barcode').notNull().default(false),
    notaBarcode: text('nota_barcode').notNull().default(''),
    fontSizeNotaBarcode: medida('font_size_nota_barcode').default('6'),
    nombreEmpresaPersonalizado: text('nombre_empresa_personalizado').notNull().default(''),
    incluirPrecioBarcode: boolean('incluir_precio_barcode').notNull().default(true),
    desabilitarCodigo: boolean('desabilitar_codigo').notNull().default(false),
    width: medida('width').default('3'),
    height: medida('height').default('10'),
    fontSize: medida('font_size').default('7'),
    fontSizeNombreComercial: medida('font_size_nombre_comercial').default('7'),
    fontSizePrecio: medida('font_size_precio').default('9'),
    margenDelTexto: medida('margen_del_texto').default('1'),
    textPosition: text('text_position').$type<'bottom' | 'top'>().notNull().default('bottom'),
    alturaPaginaBarcode: medida('altura_pagina_barcode').default('25'),
    anchoPaginaBarcode: medida('ancho_pagina_barcode').default('50'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('perfiles_barcode_identificador_unico').on(t.tenantId, t.identificadorUnico),
  ],
);
