-- Inventory adjustments and barcode profiles (issue 6, part B). Tenant tables: tenant_id first in
-- every key (invariant 1); the migrator adds policies and grants. The stock itself is the ledger of
-- 0004 (movimientos_de_inventario, tipo_documento 'ajuste', id_documento = the adjustment).

-- Spec 002 §3 "Inventory adjustment".
CREATE TABLE ajustes_de_inventario (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  nombre text NOT NULL,
  fecha_de_ajuste date NOT NULL,
  hora text NOT NULL,
  nota text NOT NULL DEFAULT '',
  creado_por text NOT NULL DEFAULT '',
  id_usuario_creador uuid,
  id_almacen uuid NOT NULL,
  text text NOT NULL DEFAULT '',
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_almacen) REFERENCES almacenes (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_creador) REFERENCES usuarios (tenant_id, id)
);
CREATE UNIQUE INDEX ajustes_de_inventario_identificador_unico ON ajustes_de_inventario (tenant_id, identificador_unico);
-- The list pages 14 by date, newest first.
CREATE INDEX ajustes_de_inventario_fecha ON ajustes_de_inventario (tenant_id, fecha_de_ajuste DESC, creado_en DESC);

-- Spec 002 §3 "Adjustment line". The product key has no cascade: a product with adjustments is
-- linked to documents and cannot be deleted (spec 002 §5), which the product module reads from the catalog.
CREATE TABLE lineas_de_ajuste (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_ajuste uuid NOT NULL,
  orden integer NOT NULL DEFAULT 0,
  id_producto uuid NOT NULL,
  id_producto_original uuid NOT NULL,
  id_almacen uuid NOT NULL,
  text text NOT NULL DEFAULT '',
  nombre text NOT NULL,
  cantidad numeric(18, 4) NOT NULL CHECK (cantidad > 0),
  -- true = entrada (adds stock), false = salida.
  tipo_de_ajuste boolean NOT NULL DEFAULT true,
  costo_unitario numeric(26, 12) NOT NULL DEFAULT 0 CHECK (costo_unitario >= 0),
  -- Availability of the product in the warehouse just before the adjustment was saved.
  disponibilidad numeric(18, 4) NOT NULL DEFAULT 0,
  id_codigo_de_barra text NOT NULL DEFAULT '',
  precio numeric(14, 2) NOT NULL DEFAULT 0,
  descripcion text NOT NULL DEFAULT '',
  variantes jsonb NOT NULL DEFAULT '[]',
  impuestos jsonb NOT NULL DEFAULT '[]',
  descuento numeric(9, 4) NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_ajuste) REFERENCES ajustes_de_inventario (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_producto) REFERENCES productos (tenant_id, id),
  FOREIGN KEY (tenant_id, id_almacen) REFERENCES almacenes (tenant_id, id)
);
CREATE INDEX lineas_de_ajuste_ajuste ON lineas_de_ajuste (tenant_id, id_ajuste, orden);
CREATE INDEX lineas_de_ajuste_producto ON lineas_de_ajuste (tenant_id, id_producto);

-- Spec 002 §3 "Barcode profile"; units in docs/api.md (label in mm, fonts in points).
CREATE TABLE perfiles_barcode (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  nombre text NOT NULL,
  format text NOT NULL DEFAULT 'auto' CHECK (format IN ('auto', 'EAN13', 'CODE128')),
  incluir_descripcion_barcode boolean NOT NULL DEFAULT true,
  incluir_nombre_empresa_barcode boolean NOT NULL DEFAULT false,
  nota_barcode text NOT NULL DEFAULT '',
  font_size_nota_barcode numeric(6, 2) NOT NULL DEFAULT 6,
  nombre_empresa_personalizado text NOT NULL DEFAULT '',
  incluir_precio_barcode boolean NOT NULL DEFAULT true,
  desabilitar_codigo boolean NOT NULL DEFAULT false,
  width numeric(6, 2) NOT NULL DEFAULT 3,
  height numeric(6, 2) NOT NULL DEFAULT 10,
  font_size numeric(6, 2) NOT NULL DEFAULT 7,
  font_size_nombre_comercial numeric(6, 2) NOT NULL DEFAULT 7,
  font_size_precio numeric(6, 2) NOT NULL DEFAULT 9,
  margen_del_texto numeric(6, 2) NOT NULL DEFAULT 1,
  text_position text NOT NULL DEFAULT 'bottom' CHECK (text_position IN ('bottom', 'top')),
  altura_pagina_barcode numeric(6, 2) NOT NULL DEFAULT 25,
  ancho_pagina_barcode numeric(6, 2) NOT NULL DEFAULT 50,
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX perfiles_barcode_identificador_unico ON perfiles_barcode (tenant_id, identificador_unico);
-- Spec 002 §5: the profile name is unique (case-insensitively, so «Góndola» and «góndola» clash).
CREATE UNIQUE INDEX perfiles_barcode_nombre ON perfiles_barcode (tenant_id, lower(nombre));
