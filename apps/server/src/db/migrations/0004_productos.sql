-- Products, their warehouses and price-list prices, and the stock ledger (issue 6, part A).
-- Tenant tables: tenant_id first in every key (invariant 1); the migrator adds policies and grants.

CREATE TABLE productos (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  identificador_unico text NOT NULL,
  id_usuario_creador uuid,
  numero_producto bigint NOT NULL,
  nombre text NOT NULL,
  -- The name lower-cased without accents, and its trigrams: the accent-insensitive search of
  -- porAlmacen / todos uses a GIN index over the trigrams (built-in array_ops, so it works on PGlite,
  -- which has no unaccent and loads pg_trgm only on demand). Both are written by the service.
  nombre_busqueda text NOT NULL,
  trigramas text[] NOT NULL DEFAULT '{}',
  id_categoria uuid,
  tipo text NOT NULL DEFAULT 'producto',
  unidad_medida text NOT NULL DEFAULT '',
  avatar text,
  -- Spec 002 §5: a code of 2 or fewer characters is stored as '0'.
  id_codigo_de_barra text NOT NULL DEFAULT '0',
  referencia text NOT NULL DEFAULT '',
  descripcion text NOT NULL DEFAULT '',
  impuesto text NOT NULL DEFAULT '',
  impuestos jsonb NOT NULL DEFAULT '[]',
  precio_de_venta numeric(14, 2) NOT NULL DEFAULT 0 CHECK (precio_de_venta >= 0),
  precio_total numeric(14, 2) NOT NULL DEFAULT 0,
  precio_sin_impuesto numeric(14, 2) NOT NULL DEFAULT 0,
  -- Invariant 3: the base of a shelf price is not a 2-decimal amount (100 at 18% → 84.745762711865).
  precio_sin_impuesto_sin_redondeo numeric(26, 12) NOT NULL DEFAULT 0,
  costo numeric(14, 2) NOT NULL DEFAULT 0 CHECK (costo >= 0),
  -- Maintained by the stock ledger on inbound movements (12 decimals, like a unit price).
  costo_promedio numeric(26, 12) NOT NULL DEFAULT 0,
  ultimo_costo numeric(26, 12) NOT NULL DEFAULT 0,
  tasa_beneficios numeric(9, 4) NOT NULL DEFAULT 0,
  tasa_comision numeric(9, 4) NOT NULL DEFAULT 0,
  descuento_para_socios numeric(5, 2) NOT NULL DEFAULT 0 CHECK (descuento_para_socios BETWEEN 0 AND 100),
  producto_inventariable boolean NOT NULL DEFAULT true,
  venta_sin_disponibilidad boolean NOT NULL DEFAULT true,
  excluir_del_catalogo boolean NOT NULL DEFAULT false,
  favorito boolean NOT NULL DEFAULT false,
  estado text NOT NULL DEFAULT 'Activo' CHECK (estado IN ('Activo', 'Por-Anular', 'Anulado')),
  autorizacion text,
  nota_anular text NOT NULL DEFAULT '',
  bloqueo_por_inventario boolean NOT NULL DEFAULT false,
  item_personalizado boolean NOT NULL DEFAULT false,
  paquete_incluido boolean NOT NULL DEFAULT false,
  nombre_paquete text NOT NULL DEFAULT '',
  cantidad_por_paquete numeric(14, 4) NOT NULL DEFAULT 0 CHECK (cantidad_por_paquete >= 0),
  precio_por_paquete numeric(26, 12) NOT NULL DEFAULT 0,
  precio_por_paquete_con_impuesto numeric(14, 2) NOT NULL DEFAULT 0,
  costo_por_paquete numeric(14, 2) NOT NULL DEFAULT 0,
  modo_plan text NOT NULL DEFAULT '',
  frecuencia integer NOT NULL DEFAULT 30,
  vigencia text NOT NULL DEFAULT '',
  cantidad_de_usuarios integer NOT NULL DEFAULT 0,
  reservable boolean NOT NULL DEFAULT false,
  tipo_de_reserva text NOT NULL DEFAULT 'cita',
  duracion_reserva integer NOT NULL DEFAULT 15 CHECK (duracion_reserva > 0),
  id_usuario_proveedor uuid,
  hora_de_inicio_por_defecto text NOT NULL DEFAULT '08:00',
  hora_de_cierre_por_defecto text NOT NULL DEFAULT '17:00',
  horario_de_trabajo jsonb NOT NULL DEFAULT '[]',
  variantes jsonb NOT NULL DEFAULT '[]',
  opciones_de_variantes jsonb NOT NULL DEFAULT '[]',
  id_cuenta_ventas uuid,
  id_cuenta_inventario uuid,
  id_cuenta_costo_de_venta uuid,
  id_cuenta_ajustes_saldos_iniciales uuid,
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_categoria) REFERENCES categorias (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario_proveedor) REFERENCES usuarios (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_ventas) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_inventario) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_costo_de_venta) REFERENCES cuentas_contables (tenant_id, id),
  FOREIGN KEY (tenant_id, id_cuenta_ajustes_saldos_iniciales) REFERENCES cuentas_contables (tenant_id, id)
);
CREATE UNIQUE INDEX productos_identificador_unico ON productos (tenant_id, identificador_unico);
CREATE UNIQUE INDEX productos_numero ON productos (tenant_id, numero_producto);
-- Spec 002 §5: a code of 3+ characters belongs to one product that is not Anulado. agregarproducto
-- looks products up through this index (its queries repeat the predicate).
CREATE UNIQUE INDEX productos_codigo_de_barra ON productos (tenant_id, id_codigo_de_barra)
  WHERE estado <> 'Anulado' AND length(id_codigo_de_barra) >= 3;
-- The lists page 14 by name.
CREATE INDEX productos_nombre ON productos (tenant_id, nombre_busqueda);
CREATE INDEX productos_trigramas ON productos USING gin (trigramas);
CREATE INDEX productos_categoria ON productos (tenant_id, id_categoria);

-- Spec 002 §3 "asignaciones": the warehouses a product is offered in, with its limits. `disponibilidad`
-- is the running balance of the stock ledger for this product and warehouse, written only by
-- registrarMovimientos in the same transaction as the movements (invariant 7).
CREATE TABLE productos_almacenes (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id_producto uuid NOT NULL,
  id_almacen uuid NOT NULL,
  cantidad_inicial numeric(18, 4) NOT NULL DEFAULT 0,
  cantidad_minima numeric(18, 4) NOT NULL DEFAULT 0,
  cantidad_maxima numeric(18, 4) NOT NULL DEFAULT 0,
  disponibilidad numeric(18, 4) NOT NULL DEFAULT 0,
  actualizado_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id_producto, id_almacen),
  FOREIGN KEY (tenant_id, id_producto) REFERENCES productos (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_almacen) REFERENCES almacenes (tenant_id, id)
);
CREATE INDEX productos_almacenes_almacen ON productos_almacenes (tenant_id, id_almacen, id_producto);

-- Spec 002 §3 listaDePrecioAsignada: a product's own price on a price list. The list's name, tipo,
-- porcentaje, days and validity are read from listas_de_precio; the key protects a list in use.
CREATE TABLE productos_listas_de_precio (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id_producto uuid NOT NULL,
  id_lista uuid NOT NULL,
  precio numeric(14, 2) NOT NULL CHECK (precio >= 0),
  precio_por_defecto boolean NOT NULL DEFAULT false,
  tasa_beneficios numeric(9, 4) NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id_producto, id_lista),
  FOREIGN KEY (tenant_id, id_producto) REFERENCES productos (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_lista) REFERENCES listas_de_precio (tenant_id, id)
);
CREATE INDEX productos_listas_de_precio_lista ON productos_listas_de_precio (tenant_id, id_lista);

-- The stock ledger (invariant 7): one row per change of availability. Availability per product and
-- warehouse = sum(cantidad). A product's own movements go with it when it may be deleted (only
-- initial stock: the service refuses a delete when any other movement exists).
CREATE TABLE movimientos_de_inventario (
  tenant_id integer NOT NULL REFERENCES empresas (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  id_producto uuid NOT NULL,
  id_almacen uuid NOT NULL,
  cantidad numeric(18, 4) NOT NULL CHECK (cantidad <> 0),
  costo_unitario numeric(26, 12) NOT NULL DEFAULT 0 CHECK (costo_unitario >= 0),
  tipo_documento text NOT NULL,
  id_documento uuid,
  fecha timestamptz NOT NULL DEFAULT now(),
  id_usuario uuid,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id_producto) REFERENCES productos (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, id_almacen) REFERENCES almacenes (tenant_id, id),
  FOREIGN KEY (tenant_id, id_usuario) REFERENCES usuarios (tenant_id, id)
);
CREATE INDEX movimientos_de_inventario_producto ON movimientos_de_inventario (tenant_id, id_producto, id_almacen, fecha);
CREATE INDEX movimientos_de_inventario_documento ON movimientos_de_inventario (tenant_id, tipo_documento, id_documento);
CREATE INDEX movimientos_de_inventario_almacen ON movimientos_de_inventario (tenant_id, id_almacen);
